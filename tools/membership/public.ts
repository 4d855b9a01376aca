import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import type { PublicContext } from '../../src/kernel/context.js';
import type { PublicRequest, PublicResponse, PublicRoute } from '../../src/kernel/public-route.js';
import { renderNotice } from '../../src/render/page.js';
import { sessionCookie as signInCookie } from '../../src/access/sign-in.js';
import { membershipIds } from './ids.js';
import { completedLessons, endSession, findMember, hasAccess, markCompleted, redeemSignInLink, sessionMember, signInLinkUsable, sessionTtlMs, signInLink, type Member } from './access.js';
import { latestMembership, siteOf } from './engine.js';
import { unlockedFor } from './drip.js';
import { indexPage, lessonPage, type RenderedSitePage, type Viewer } from './site.js';
import { checkoutParams } from './plan.js';
import { mailSignInLink } from './members.js';
import { noteActivity, onLessonCompleted } from './delivery.js';
import { siteLanguage, siteWords, type SiteWords } from './words.js';

const cookieName = 'ao_member';
const membershipId = idPattern(membershipIds.membership);
const lessonIdPattern = /^m\d{1,3}-l\d{1,3}$/;

/** The membership a public request names, with its site; not_found for anything else. */
async function siteFor(request: PublicRequest, context: PublicContext) {
  const id = request.params.membershipId ?? '';
  const found = membershipId.test(id) ? await latestMembership(context.store, id) : undefined;
  if (!found) throw new OutcomeError('not_found', 'This course site does not exist (any more).');
  const { spec } = await siteOf(context.store, context.baseUrl, id, found.document);
  return { id, found, spec };
}

const page = (rendered: RenderedSitePage, status = 200): PublicResponse => ({ status, type: 'html', body: rendered.html, csp: rendered.csp });

/** A page that says one thing, in the site's words: `which` names it in SiteWords.notices. */
function notice(spec: { lang: string; theme: Parameters<typeof renderNotice>[0]['theme']; siteUrl: string }, which: Exclude<keyof SiteWords['notices'], 'past_due'>, status: number): PublicResponse {
  const { title, message } = siteWords(spec.lang).notices[which];
  const rendered = renderNotice({ title, message, lang: siteLanguage(spec.lang).lang, theme: spec.theme, back: spec.siteUrl });
  return { status, type: 'html', body: rendered.html, csp: rendered.csp };
}

const recipient = (site: Site, member: Member) => ({ membershipId: site.id, accountId: site.found.accountId, member });

/** The session cookie: HttpOnly, SameSite=Lax, Secure over https, for this membership's paths only. */
const sessionCookie = (id: string, value: string, secure: boolean, maxAgeMs: number) => signInCookie(cookieName, value, { path: `/m/${id}`, secure, maxAgeMs });

type Site = Awaited<ReturnType<typeof siteFor>>;

async function viewerOf(request: PublicRequest, context: PublicContext, site: Site): Promise<{ viewer: Viewer; member: Member | null }> {
  const now = context.now();
  const { id, spec, found } = site;
  const schedule = spec.schedule;
  const member = await sessionMember(context.store, id, request.cookies[cookieName], now);
  if (!member) return { viewer: { kind: 'visitor' }, member: null };
  await noteActivity(context.store, context.mail ? context.jobs : null, recipient(site, member), found.document, context.baseUrl, now);
  const completed = await completedLessons(context.store, member.id);
  const access = unlockedFor(schedule, { startDate: member.start_date, today: now.toISOString().slice(0, 10), completed });
  const notices = member.status === 'past_due' && member.grace_until ? [siteWords(spec.lang).notices.past_due(member.grace_until)] : [];
  return { viewer: { kind: 'member', email: member.email, access, completed, notices, billing: Boolean(member.stripe_customer_id && context.payments) }, member };
}

const siteIndex: PublicRoute = {
  method: 'GET',
  path: '/m/:membershipId',
  async handle(request, context) {
    const site = await siteFor(request, context);
    const { viewer } = await viewerOf(request, context, site);
    return page(indexPage(site.spec, viewer));
  },
};

const siteLesson: PublicRoute = {
  method: 'GET',
  path: '/m/:membershipId/lessons/:lessonId',
  async handle(request, context) {
    const site = await siteFor(request, context);
    const { spec } = site;
    const lessonId = request.params.lessonId ?? '';
    const { viewer } = await viewerOf(request, context, site);
    const rendered = lessonIdPattern.test(lessonId) ? lessonPage(spec, viewer, lessonId) : null;
    if (!rendered) throw new OutcomeError('not_found', 'This course has no such lesson.');
    return page(rendered);
  },
};

/** `POST /m/:id/login` with an email: the same answer whether or not it is a member's, so membership does not leak. */
const requestLink: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/login',
  rateLimit: { max: 5, windowMs: 15 * 60_000 },
  async handle(request, context) {
    const { id, spec, found } = await siteFor(request, context);
    const email = typeof request.body.email === 'string' ? request.body.email.trim().slice(0, 254) : '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return notice(spec, 'check_email', 400);
    const member = await findMember(context.store, id, email);
    const mail = context.mail;
    if (member && hasAccess(member, context.now()) && mail) {
      // Made and sent after the page answers, so that how long it takes does not tell who is a member either.
      void (async () => {
        const link = await signInLink(context.store, member, spec.siteUrl, context.now());
        await mailSignInLink(mail, member.email, found.document.course, found.document.lang, link, `signin-${member.id}-${link.expires_at}`);
      })().catch((error: unknown) => {
        // The visitor has had the same page either way; the operator sees why no email went out (never the link).
        context.log.warn({ membership_id: id, member_id: member.id, err: error }, 'could not email a sign-in link');
      });
    }
    return notice(spec, 'check_inbox', 200);
  },
};

/**
 * `GET /m/:id/login?token=…`, the emailed link: a page whose button signs in. Opening the link spends nothing, so a
 * mail scanner or a link preview that fetches it first leaves the link working for the member.
 */
const openLink: PublicRoute = {
  method: 'GET',
  path: '/m/:membershipId/login',
  async handle(request, context) {
    const { id, spec } = await siteFor(request, context);
    const token = request.query.token ?? '';
    if (!(await signInLinkUsable(context.store, id, token, context.now()))) return notice(spec, 'link_invalid', 400);
    const { title, message, button } = siteWords(spec.lang).notices.confirm_sign_in;
    const rendered = renderNotice({ title, message, lang: siteLanguage(spec.lang).lang, theme: spec.theme, action: { url: `${spec.siteUrl}/login/confirm`, label: button, fields: { token } } });
    return { status: 200, type: 'html', body: rendered.html, csp: rendered.csp };
  },
};

/** `POST /m/:id/login/confirm` with the link's token: spends it, sets the session cookie and goes to the course. */
const redeemLink: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/login/confirm',
  async handle(request, context) {
    const site = await siteFor(request, context);
    const { id, spec } = site;
    const redeemed = await redeemSignInLink(context.store, id, typeof request.body.token === 'string' ? request.body.token : '', context.now());
    if (!redeemed) return notice(spec, 'link_invalid', 400);
    context.log.info({ membership_id: id, member_id: redeemed.member.id }, 'member signed in');
    await noteActivity(context.store, context.mail ? context.jobs : null, recipient(site, redeemed.member), site.found.document, context.baseUrl, context.now());
    return { status: 303, type: 'redirect', location: spec.siteUrl, setCookies: [sessionCookie(id, redeemed.session, request.secure, sessionTtlMs)] };
  },
};

const signOut: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/logout',
  async handle(request, context) {
    const { id, spec } = await siteFor(request, context);
    await endSession(context.store, request.cookies[cookieName]);
    return { status: 303, type: 'redirect', location: spec.siteUrl, setCookies: [sessionCookie(id, '', request.secure, 0)] };
  },
};

const complete: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/lessons/:lessonId/complete',
  async handle(request, context) {
    const site = await siteFor(request, context);
    const { spec } = site;
    const lessonId = request.params.lessonId ?? '';
    const { viewer, member } = await viewerOf(request, context, site);
    if (!member || viewer.kind !== 'member') return notice(spec, 'sign_in_to_track', 401);
    if (!viewer.access.open.includes(lessonId)) throw new OutcomeError('not_found', 'This lesson is not open for you yet.');
    const newlyCompleted = await markCompleted(context.store, member.id, lessonId, context.now());
    if (newlyCompleted && context.mail) {
      const completed = await completedLessons(context.store, member.id);
      await onLessonCompleted(context.jobs, context.baseUrl, recipient(site, member), site.found.document, lessonId, completed, context.now());
    }
    return { status: 303, type: 'redirect', location: `${spec.siteUrl}/lessons/${lessonId}` };
  },
};

/** `POST /m/:id/join?tier=tier-1`: a Checkout Session for that tier, made on demand. */
const join: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/join',
  rateLimit: { max: 20, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const { id, spec, found } = await siteFor(request, context);
    const tier = spec.tiers.find((candidate) => candidate.tier_id === request.query.tier && candidate.amount > 0);
    if (!tier) throw new OutcomeError('not_found', 'This course has no such tier to join.');
    if (!context.payments || !spec.currency) return notice(spec, 'checkout_unavailable', 503);
    const email = typeof request.body.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(request.body.email) ? request.body.email : undefined;
    const params = checkoutParams(id, tier, spec.currency, found.document.course.title, spec.siteUrl, email);
    // One session per click: a visitor who comes back gets a fresh checkout, not an expired one.
    const session = await context.payments.runOperation('checkout.sessions.create', params, `${id}-join-${tier.tier_id}-${crypto.randomUUID()}`);
    if (!session.url) throw new OutcomeError('upstream_error', 'Stripe made a checkout without a page to send you to; please try again.');
    return { status: 303, type: 'redirect', location: session.url };
  },
};

/** `POST /m/:id/billing`: the signed-in member's Stripe customer portal. */
const billing: PublicRoute = {
  method: 'POST',
  path: '/m/:membershipId/billing',
  async handle(request, context) {
    const { id, spec } = await siteFor(request, context);
    const member = await sessionMember(context.store, id, request.cookies[cookieName], context.now());
    if (!member?.stripe_customer_id) return notice(spec, 'sign_in_for_billing', 401);
    if (!context.payments) return notice(spec, 'billing_unavailable', 503);
    const portal = await context.payments.runOperation(
      'billing_portal.sessions.create',
      { customer: member.stripe_customer_id, return_url: spec.siteUrl },
      `${id}-portal-${member.id}-${crypto.randomUUID()}`,
    );
    if (!portal.url) throw new OutcomeError('upstream_error', 'Stripe made a billing session without a page to send you to; please try again.');
    return { status: 303, type: 'redirect', location: portal.url };
  },
};

export const membershipRoutes: PublicRoute[] = [siteIndex, siteLesson, requestLink, openLink, redeemLink, signOut, complete, join, billing];
