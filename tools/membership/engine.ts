import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { judgeRevision } from '../../src/kernel/revision.js';
import type { GeneratorName } from '../../src/kernel/generation.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { themeOf, type Brand } from '../../src/render/brand.js';
import { resolveTheme } from '../../src/render/theme.js';
import { requirePayments, runOperations, type StripeOperation, type StripeOperationDone } from '../../src/payments/operations.js';
import { dripIssues, lessonRefs, type Course, type Drip, type Tier } from './course.js';
import { unlockSchedule, validateSchedule } from './drip.js';
import { onboardingEmails, validateOnboarding } from './onboarding.js';
import { membershipIds } from './ids.js';
import { priceTiers, stripePlan } from './plan.js';
import { outlineFromPrompt } from './prompt-outline.js';
import type { SiteSpec } from './site.js';
import { membershipSiteTask, type SitePages } from './tasks.js';
import { applyChanges } from './changes.js';
import { siteLanguage } from './words.js';
import { membershipDb } from './tables.js';
import type { BuildInput, MembershipOutput, ReviseInput } from './schema.js';

/** One stored version: everything the pages, the plan and the emails are made from. */
export interface MembershipDocument {
  course: Course;
  tiers: Tier[];
  currency: string | null;
  drip: Drip;
  brand: Brand;
  lang: string;
  /** The version that last changed what the Stripe plan is made of: its idempotency keys carry it. */
  plan_version: number;
  meta: { generator: GeneratorName; facts: Array<{ fact: string; placed_in: string }>; missing: string[]; warnings: string[]; created_at: string; applied: string[]; unapplied: string[] };
}

/** The Stripe events the module handles (stripe-events.ts). */
export const handledEvents = ['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.payment_failed'];

export const siteUrlOf = (baseUrl: string, membershipId: string) => `${baseUrl}/m/${membershipId}`;

const noMembership = (id: string) => new OutcomeError('not_found', `No membership ${id} exists for this account.`, { hint: 'Create one with membership_build.' });

/** Who signs the pages and emails: the brand, else the course. */
const brandNameOf = (document: MembershipDocument) => document.brand.name ?? document.course.title.slice(0, 80);

/** A version's unlock schedule and onboarding emails, their links into the hosted site. */
export function onboardingOf(baseUrl: string, membershipId: string, document: MembershipDocument) {
  const schedule = unlockSchedule(document.course, document.drip);
  return { schedule, ...onboardingEmails(document.course, schedule, { brandName: brandNameOf(document), lang: document.lang, siteUrl: siteUrlOf(baseUrl, membershipId) }) };
}
export type Onboarding = ReturnType<typeof onboardingOf>;

/**
 * Checked before a version is stored: its unlock schedule and onboarding emails obey their rules (no lesson before
 * its prerequisite, no email naming a lesson not yet open), and `execute` has Stripe and a paid tier to create, so
 * that a refused call leaves nothing behind.
 */
function checkVersion(ctx: ToolContext, membershipId: string, document: MembershipDocument, execute: boolean | undefined): Onboarding {
  const onboarding = onboardingOf(ctx.baseUrl, membershipId, document);
  const { schedule, emails } = onboarding;
  const violations = [
    ...validateSchedule(schedule).map((violation) => ({ where: `schedule.${violation.lesson_id}`, rule: violation.rule, message: violation.message })),
    ...validateOnboarding(emails, schedule, document.course).map((violation) => ({ where: `onboarding.${violation.email_id}`, rule: violation.rule, message: violation.message })),
  ];
  if (violations.length)
    throw new OutcomeError(
      'unprocessable',
      `This course's drip breaks its rules: ${violations.map((violation) => `${violation.where}: ${violation.message}`).join('; ')}. Change the drip or the lessons' order.`,
      {
        details: { violations },
      },
    );
  if (!execute) return onboarding;
  requirePayments(ctx.payments);
  if (!priceTiers(document.tiers, document.currency ?? undefined).some((tier) => tier.amount > 0)) throw noPaidTier();
  return onboarding;
}

const noPaidTier = () => new OutcomeError('invalid_input', 'execute: this membership has no paid tier, so there is nothing to create in Stripe; add tiers with a price (and currency).');

/** What a version's pages and plan need, with the plan's results so far. */
export async function siteOf(store: StoreHandle, baseUrl: string, membershipId: string, document: MembershipDocument) {
  const siteUrl = siteUrlOf(baseUrl, membershipId);
  const tiers = priceTiers(document.tiers, document.currency ?? undefined);
  const plan = stripePlan(membershipId, document.plan_version, document.course.title, document.currency, tiers, siteUrl);
  const done = await doneSteps(store, membershipId, plan);
  const paymentLinks = new Map<string, string>();
  for (const result of done) {
    const n = /^link_(\d+)$/.exec(result.ref)?.[1];
    if (n && result.url) paymentLinks.set(`tier-${n}`, result.url);
  }
  const spec: SiteSpec = {
    membershipId,
    course: document.course,
    schedule: unlockSchedule(document.course, document.drip),
    tiers,
    currency: document.currency,
    brandName: brandNameOf(document),
    lang: document.lang,
    theme: resolveTheme(themeOf(document.brand)).theme,
    siteUrl,
    paymentLinks,
  };
  return { spec, plan, done };
}

async function doneSteps(store: StoreHandle, membershipId: string, plan: readonly StripeOperation[]): Promise<StripeOperationDone[]> {
  if (!plan.length) return [];
  const rows = await membershipDb(store)
    .selectFrom('membership_operations')
    .select(['idempotency_key', 'ref', 'op', 'stripe_id', 'url'])
    .where('membership_id', '=', membershipId)
    .where(
      'idempotency_key',
      'in',
      plan.map((step) => step.idempotency_key),
    )
    .execute();
  return rows.map((row) => ({ ref: row.ref, op: row.op as StripeOperation['op'], id: row.stripe_id, url: row.url }));
}

/** Runs the plan through Stripe, recording each step as it is made: a failed run resumes after its last step. */
async function execute(ctx: ToolContext, membershipId: string, document: MembershipDocument): Promise<number> {
  const { plan, done } = await siteOf(ctx.store, ctx.baseUrl, membershipId, document);
  if (!plan.length) throw noPaidTier();
  const keys = new Map(plan.map((step) => [step.ref, step.idempotency_key]));
  let made = 0;
  try {
    await runOperations(ctx.payments, plan, done, async (result) => {
      made += 1;
      await membershipDb(ctx.store)
        .insertInto('membership_operations')
        .values({
          membership_id: membershipId,
          account_id: ctx.caller.accountId,
          idempotency_key: keys.get(result.ref) as string,
          ref: result.ref,
          op: result.op,
          stripe_id: result.id,
          url: result.url,
          created_at: ctx.now().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['membership_id', 'idempotency_key']).doNothing())
        .execute();
    });
  } catch (error) {
    if (!(error instanceof OutcomeError) || error.code === 'payment_processor_not_configured') throw error;
    throw new OutcomeError(
      error.code,
      `Membership ${membershipId} is saved, but running its Stripe plan stopped after ${done.length + made} of ${plan.length} steps: ${error.message} Call membership_revise with {"membership_id": "${membershipId}", "execute": true} to resume; steps already made are not repeated.`,
      { details: { membership_id: membershipId, steps_done: done.length + made, steps: plan.length }, hint: error.hint },
    );
  }
  return made;
}

/** `drip` and `rendered`: the version's onboarding and pages when the caller has just made them (each is made once per call). */
async function present(
  ctx: ToolContext,
  membershipId: string,
  version: number,
  document: MembershipDocument,
  zipFileId: string,
  drip: Onboarding = onboardingOf(ctx.baseUrl, membershipId, document),
  rendered?: SitePages,
): Promise<Omit<MembershipOutput, 'next_actions'>> {
  const { spec, plan, done } = await siteOf(ctx.store, ctx.baseUrl, membershipId, document);
  const pages = rendered ?? (await ctx.compute(membershipSiteTask, { spec, zip: false })).pages;
  const executed = plan.length > 0 && done.length === plan.length;
  return {
    membership_id: membershipId,
    version,
    course: {
      title: document.course.title,
      modules: document.course.modules.map((module, m) => ({
        module_id: `m${m + 1}`,
        title: module.title,
        lessons: lessonRefs(document.course)
          .filter((ref) => ref.moduleIndex === m)
          .map((ref) => ({
            lesson_id: ref.lesson_id,
            title: ref.lesson.title,
            has_text: ref.lesson.body !== undefined,
            preview: ref.lesson.preview,
          })),
      })),
    },
    site: {
      pages: pages.map((page) => ({
        page: page.page,
        title: page.title,
        url: page.page === 'index' ? spec.siteUrl : `${spec.siteUrl}/lessons/${page.page}`,
        bytes: page.bytes,
      })),
      zip_url: ctx.files.url(zipFileId),
      preview_url: spec.siteUrl,
    },
    subscriptions: {
      currency: document.currency,
      tiers: spec.tiers.map((tier) => ({
        tier_id: tier.tier_id,
        name: tier.name,
        interval: tier.interval,
        price: tier.price_text,
        amount: tier.amount,
        trial_days: tier.trial_days ?? null,
        checkout_url: tier.amount === 0 ? null : (spec.paymentLinks.get(tier.tier_id) ?? `${spec.siteUrl}/join?tier=${tier.tier_id}`),
      })),
      operations: plan as unknown as Array<{ op: string; ref: string; params: Record<string, unknown>; idempotency_key: string }>,
      executed,
      results: done.map((result) => ({ ref: result.ref, id: result.id, url: result.url })),
      portal: {
        op: 'billing_portal.sessions.create' as const,
        params: { customer: '$member:stripe_customer_id', return_url: spec.siteUrl },
        runs: `Per member, on POST ${spec.siteUrl}/billing ("Manage billing", shown to a signed-in member who paid through Stripe), with that member's Stripe customer.`,
      },
    },
    onboarding: {
      emails: drip.emails,
      schedule: spec.schedule,
      delivery: ctx.mail
        ? 'SMTP is configured: each member is sent these emails by scheduled jobs — the welcome on joining, lessons on the morning (09:00 UTC) they open for them, the others when their event happens — once each.'
        : 'No SMTP server is configured: the emails are returned as data for you to send, and sign-in links come from membership_members.',
    },
    webhooks: { endpoint: `${ctx.baseUrl}/webhooks/stripe`, events: handledEvents },
    meta: {
      title: document.course.title,
      lang: document.lang,
      generator: document.meta.generator,
      facts: document.meta.facts,
      missing: document.meta.missing,
      warnings: [...document.meta.warnings, ...drip.warnings, ...siteLanguage(document.lang).warnings],
      created_at: document.meta.created_at,
    },
  };
}

/** Renders the version's static site (refused past the size budget) and keeps its zip as a file of the account. */
async function saveZip(ctx: ToolContext, membershipId: string, version: number, document: MembershipDocument): Promise<{ zipFileId: string; pages: SitePages }> {
  const { spec } = await siteOf(ctx.store, ctx.baseUrl, membershipId, document);
  const site = await ctx.compute(membershipSiteTask, { spec, zip: true });
  const bytes = site.zip as Uint8Array;
  const zipFileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: `${membershipId}-v${version}-site.zip`, contentType: 'application/zip', scope: 'membership:read', bytes });
  return { zipFileId, pages: site.pages };
}

/** Stores a version and its zip; the pages rendered for the zip are returned for the answer (until Stripe links change them). */
async function save(ctx: ToolContext, membershipId: string, version: number, document: MembershipDocument): Promise<{ zipFileId: string; pages: SitePages }> {
  const { zipFileId, pages } = await saveZip(ctx, membershipId, version, document);
  try {
    await membershipDb(ctx.store)
      .insertInto('memberships')
      .values({ id: membershipId, account_id: ctx.caller.accountId, version, document: JSON.stringify(document), zip_file_id: zipFileId, created_at: document.meta.created_at })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Membership ${membershipId} got version ${version} from another revision meanwhile; read it with membership_get and revise again.`);
  }
  return { zipFileId, pages };
}

export async function buildMembership(ctx: ToolContext, input: BuildInput): Promise<Omit<MembershipOutput, 'next_actions'>> {
  const outline = input.course ? null : outlineFromPrompt(input.prompt as string);
  const course = input.course ?? (outline as NonNullable<typeof outline>).course;
  const issues = dripIssues(course, input.drip);
  if (issues.length) throw new OutcomeError('invalid_input', `Invalid input for membership_build. ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}.`);
  const tiers = input.tiers ?? [];
  priceTiers(tiers, input.currency);
  const warnings: string[] = [];
  if (input.generator === 'llm') warnings.push('membership_build writes no copy with a model: every lesson, title and summary is yours, and nothing was generated.');
  const missing = [...(outline?.missing ?? [])];
  if (!tiers.length) missing.push('tiers: none given, so nobody can join by paying; grant members with membership_members, or add tiers with membership_revise (set_tiers).');
  const document: MembershipDocument = {
    course,
    tiers,
    currency: input.currency ?? null,
    drip: input.drip,
    // The prompt's "by Atelier Lina" signs the site when the caller sends no brand name.
    brand: { ...(outline?.brandName ? { name: outline.brandName } : {}), ...input.brand },
    lang: input.lang,
    plan_version: 1,
    meta: { generator: 'caller', facts: outline?.facts ?? [], missing, warnings, created_at: ctx.now().toISOString(), applied: [], unapplied: [] },
  };
  const membershipId = newId(membershipIds.membership);
  const onboarding = checkVersion(ctx, membershipId, document, input.execute);
  const saved = await save(ctx, membershipId, 1, document);
  if (input.execute) await execute(ctx, membershipId, document);
  // Executed, the pages carry the new payment links: rendered again.
  return present(ctx, membershipId, 1, document, saved.zipFileId, onboarding, input.execute ? undefined : saved.pages);
}

async function load(store: StoreHandle, accountId: string | null, membershipId: string) {
  let query = membershipDb(store).selectFrom('memberships').select(['version', 'document', 'zip_file_id', 'account_id']).where('id', '=', membershipId);
  if (accountId) query = query.where('account_id', '=', accountId);
  const row = await query.orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? { version: row.version, document: JSON.parse(row.document) as MembershipDocument, zipFileId: row.zip_file_id, accountId: row.account_id } : undefined;
}

/** The latest version for the public routes and webhooks (any account), or undefined. */
export const latestMembership = (store: StoreHandle, membershipId: string) => load(store, null, membershipId);

export async function requireMembership(store: StoreHandle, accountId: string, membershipId: string) {
  const found = await load(store, accountId, membershipId);
  if (!found) throw noMembership(membershipId);
  return found;
}

const planInputs = (document: MembershipDocument) => ({ tiers: document.tiers, currency: document.currency, title: document.course.title });

export async function reviseMembership(ctx: ToolContext, input: ReviseInput) {
  const current = await requireMembership(ctx.store, ctx.caller.accountId, input.membership_id);
  const result = input.changes ? applyChanges(current.document, input.changes) : { document: current.document, applied: [], unapplied: [] };
  const core = (document: MembershipDocument) => ({ course: document.course, tiers: document.tiers, currency: document.currency, drip: document.drip, brand: document.brand });
  const report = judgeRevision(core(current.document), core(result.document), { applied: result.applied, unapplied: result.unapplied });
  let version = current.version;
  let document = current.document;
  let zipFileId = current.zipFileId;
  let onboarding: Onboarding | undefined;
  let pages: SitePages | undefined;
  if (report.changed) {
    version = current.version + 1;
    const planChanged = JSON.stringify(planInputs(current.document)) !== JSON.stringify(planInputs(result.document));
    document = {
      ...result.document,
      plan_version: planChanged ? version : current.document.plan_version,
      meta: { ...current.document.meta, created_at: ctx.now().toISOString(), applied: report.applied, unapplied: report.unapplied, warnings: [] },
    };
    onboarding = checkVersion(ctx, input.membership_id, document, input.execute);
    ({ zipFileId, pages } = await save(ctx, input.membership_id, version, document));
  } else if (input.execute) onboarding = checkVersion(ctx, input.membership_id, document, true);
  const applied = [...report.applied];
  const unapplied = [...report.unapplied];
  if (input.execute) {
    const made = await execute(ctx, input.membership_id, document);
    if (made) applied.push(`ran the Stripe plan: ${made} step(s) made`);
    else unapplied.push('execute: every step of the Stripe plan was already made (nothing was sent again)');
  }
  const changed = report.changed || applied.length > report.applied.length;
  // Nothing stored and nothing sent: not charged.
  if (!changed) ctx.markReplay();
  return { ...(await present(ctx, input.membership_id, version, document, zipFileId, onboarding, input.execute ? undefined : pages)), changed, applied, unapplied };
}

export async function readMembership(ctx: ToolContext, membershipId: string, version?: number) {
  const rows = await membershipDb(ctx.store)
    .selectFrom('memberships')
    .select(['version', 'document', 'zip_file_id', 'created_at'])
    .where('id', '=', membershipId)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version', 'asc')
    .execute();
  const latest = rows.at(-1);
  if (!latest) throw noMembership(membershipId);
  const row = version === undefined ? latest : rows.find((candidate) => candidate.version === version);
  if (!row) throw new OutcomeError('not_found', `Membership ${membershipId} has no version ${version}; its versions are 1 to ${latest.version}.`);
  const versions = rows.map((entry) => {
    const { applied, unapplied } = (JSON.parse(entry.document) as MembershipDocument).meta;
    return { version: entry.version, created_at: entry.created_at, applied, unapplied };
  });
  return { ...(await present(ctx, membershipId, row.version, JSON.parse(row.document) as MembershipDocument, row.zip_file_id)), versions };
}
