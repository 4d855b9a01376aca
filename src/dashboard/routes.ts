import { parse as parseCookie } from 'cookie';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Access } from '../access/access.js';
import { newSignInSecret, sessionCookie, signInSecretPattern } from '../access/sign-in.js';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { idPattern, platformIds } from '../kernel/ids.js';
import { parseScopes, type Scope } from '../kernel/scopes.js';
import type { Mailer, PaymentGateway, StoreHandle } from '../kernel/context.js';
import type { DashboardRecent, DashboardSettings } from '../kernel/dashboard.js';
import type { Files } from '../files/files.js';
import type { Store } from '../store/store.js';
import { renderNotice, type RenderedPage } from '../render/page.js';
import { fromHttpError } from '../transports/http.js';
import { csrfMatches, csrfTokenOf, dashboardSessionTtlMs, type DashboardSessions } from './sessions.js';
import { dashboardPage, dashboardTheme, type FramePage } from './layout.js';
import { keysBody, outcomesBody, overviewBody, planBody, revokeBody, settingsBody, signInBody, usageBody, type FieldErrors } from './pages.js';

/**
 * `/dashboard`: the account holder's pages (keys, plan, usage, settings, recent outcomes), served
 * by the same app. A session is bound to one account and sees only its rows; every POST carries
 * the session's CSRF token (403 without it); pages are rendered on the server with no framework.
 */

export const dashboardPath = '/dashboard';
const cookieName = 'ao_dashboard';
/**
 * The sign-in forms (email, confirm) come before any session: their token is bound to this cookie
 * instead, so that another site cannot post them and sign a visitor in to its own account (login CSRF).
 */
const formCookieName = 'ao_dashboard_form';
const formCookieTtlMs = 60 * 60_000;
/** Form posts are a few fields; the settings form may carry a logo (≤ 200 kB as base64). */
const formLimit = '64kb';
const uploadLimit = '400kb';
/** Emailed sign-in links per address and quarter hour: enough for a typo, too few to spam an inbox. */
const emailLinksPerWindow = 5;
const emailWindowMs = 15 * 60_000;
/** Where Stripe Checkout pages live: the plan page's form may be redirected there. */
const stripeCheckoutOrigin = 'https://checkout.stripe.com';

export interface DashboardDeps {
  access: Access;
  sessions: DashboardSessions;
  store: Store;
  files: Files;
  /** Every scope a key may hold (the catalogue's): the key form's checkboxes. */
  scopes: readonly Scope[];
  recent: readonly DashboardRecent[];
  settings: readonly DashboardSettings[];
  mail: Mailer | null;
  payments: PaymentGateway | null;
  /** The starter plan's Stripe price (STRIPE_STARTER_PRICE): with payments, the plan page sells it through Checkout. */
  starterPrice: string | undefined;
  baseUrl: () => string;
  now: () => Date;
}

type Signed = { accountId: string; csrf: string; session: string };
type Handler = (req: Request, res: Response, signed: Signed) => Promise<void>;

const cookiesOf = (req: Request) => parseCookie(req.get('cookie') ?? '');
const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
/** A form field that may repeat (checkboxes): always a list of strings. */
const fieldList = (body: unknown, name: string): string[] => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
};
const keyId = idPattern(platformIds.key);

export function dashboardRouter(deps: DashboardDeps): Router {
  const router = express.Router();
  const url = () => `${deps.baseUrl()}${dashboardPath}`;
  const settingsNav = deps.settings.map(({ id, title }) => ({ id, title }));

  const send = (res: Response, status: number, page: RenderedPage) => {
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': page.csp, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    res.status(status).send(page.html);
  };
  const frame = (res: Response, status: number, page: FramePage) => send(res, status, dashboardPage(url(), { settings: settingsNav, ...page }));
  const redirect = (res: Response, path: string, cookies: string[] = []) => {
    res.set('Cache-Control', 'no-store');
    if (cookies.length) res.append('Set-Cookie', cookies);
    res.redirect(303, `${url()}${path}`);
  };
  /** A page that says one thing (an expired session, a refused token), in the dashboard's frame. */
  const notice = (res: Response, status: number, title: string, message: string) => send(res, status, renderNotice({ title, message, lang: 'en', theme: dashboardTheme(), back: url() }));
  const setSession = (req: Request, value: string, maxAgeMs: number) => sessionCookie(cookieName, value, { path: dashboardPath, secure: req.secure, maxAgeMs });

  /** The sign-in forms' token: from the browser's form cookie, set here when it has none. */
  const signInFormToken = (req: Request, res: Response): string => {
    let secret = cookiesOf(req)[formCookieName];
    if (!secret || !signInSecretPattern.test(secret)) {
      secret = newSignInSecret();
      res.append('Set-Cookie', sessionCookie(formCookieName, secret, { path: dashboardPath, secure: req.secure, maxAgeMs: formCookieTtlMs }));
    }
    return csrfTokenOf(secret);
  };
  const signInFormSent = (req: Request) => {
    const secret = cookiesOf(req)[formCookieName];
    return secret !== undefined && signInSecretPattern.test(secret) && csrfMatches(secret, field(req.body, 'csrf'));
  };
  const formExpired = (req: Request, res: Response) => {
    req.log.warn({ path: req.path }, 'refused a dashboard form without its CSRF token');
    notice(res, 403, 'This form has expired', 'The form was sent without this browser’s security token (it may be from an old tab or another site). Reload the page and send it again.');
  };

  /** Runs a handler; an expected refusal is a page with its status, anything else a 500 page with the request id (logged, never shown). */
  const guarded =
    (run: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res) => {
      try {
        await run(req, res);
      } catch (thrown) {
        const error = asOutcomeError(thrown, req.id);
        if (error.code === 'internal') req.log.error({ err: thrown, path: req.path }, 'dashboard request failed unexpectedly');
        notice(res, error.status, error.status === 404 ? 'Not found' : error.status === 429 ? 'Please wait' : 'Something is not right', error.message);
      }
    };

  /** Pages of a signed-in account: a GET without a session goes to sign-in, a POST without one (or without its CSRF token) is refused. */
  const signedIn = (run: Handler): RequestHandler =>
    guarded(async (req, res) => {
      const session = cookiesOf(req)[cookieName];
      const accountId = await deps.sessions.accountOf(session);
      if (!accountId || !session) {
        if (req.method === 'GET') return redirect(res, '');
        return notice(res, 401, 'Please sign in again', 'Your dashboard session has ended (it expired, or you signed out). Sign in again, then repeat what you were doing.');
      }
      if (req.method === 'POST' && !csrfMatches(session, field(req.body, 'csrf'))) return formExpired(req, res);
      await run(req, res, { accountId, session, csrf: csrfTokenOf(session) });
    });

  const form = express.urlencoded({ extended: false, limit: formLimit, parameterLimit: 200 });

  // ——— sign-in and sign-out ———

  router.get(
    '/',
    guarded(async (req, res) => {
      const session = cookiesOf(req)[cookieName];
      const accountId = await deps.sessions.accountOf(session);
      if (!accountId || !session) return frame(res, 200, { title: 'Sign in', body: signInBody(url(), Boolean(deps.mail), signInFormToken(req, res)) });
      await overview(res, { accountId, session, csrf: csrfTokenOf(session) });
    }),
  );

  const overview = async (res: Response, signed: Signed, errors: FieldErrors = {}, saved = false) => {
    const account = await deps.access.accounts.require(signed.accountId);
    const [report, keys] = await Promise.all([deps.access.meter.report(account.id), deps.access.keys.list(account.id)]);
    frame(res, Object.keys(errors).length ? 400 : 200, { title: 'Overview', section: '', csrf: signed.csrf, body: overviewBody(url(), signed.csrf, account, report, keys, errors, saved) });
  };

  // The same answer whether or not an account has the address, so the form does not tell who has an account.
  router.post(
    '/login',
    form,
    guarded(async (req, res) => {
      if (!signInFormSent(req)) return formExpired(req, res);
      const email = field(req.body, 'email').trim().toLowerCase();
      if (!deps.mail)
        return notice(res, 503, 'Email sign-in is not set up', 'This server sends no email (no SMTP_URL). Ask for a link from the command line: agent-outcomes dashboard link --account ID.');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        return frame(res, 400, { title: 'Sign in', body: signInBody(url(), true, signInFormToken(req, res), { email: 'Enter the email address set for your account, such as name@example.com.' }) });
      }
      const { hits } = await deps.access.counters.hit(`dashboard-email:${email}`, emailWindowMs);
      const account = hits <= emailLinksPerWindow ? await deps.access.accounts.byEmail(email) : undefined;
      // Made and sent after the page answers, so that how long it takes does not tell who has an account either.
      if (account?.email) void emailSignInLink(req, deps.mail, { id: account.id, name: account.name, email: account.email });
      notice(res, 200, 'Check your inbox', 'If this address belongs to an account, a sign-in link is on its way. It works once, for 15 minutes.');
    }),
  );

  /** A one-time link by email; a failure is logged for the operator (never the link), as the visitor's page has gone. */
  const emailSignInLink = async (req: Request, mail: Mailer, account: { id: string; name: string; email: string }) => {
    try {
      const link = await deps.sessions.link(account.id, url());
      await mail.send({
        to: [account.email],
        subject: 'Your Agent Outcomes dashboard sign-in link',
        text: `Open this link to sign in to the dashboard of ${account.name}. It works once, until ${link.expires_at}.\n\n${link.url}\n\nIf you did not ask for it, ignore this email.`,
        idempotencyKey: `dashboard-signin-${account.id}-${link.expires_at}`,
      });
    } catch (error) {
      req.log.warn({ account_id: account.id, err: error }, 'could not email a dashboard sign-in link');
    }
  };

  // Opening the link spends nothing: a mail scanner or link preview that fetches it first leaves it working.
  router.get(
    '/login',
    guarded(async (req, res) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (!(await deps.sessions.linkUsable(token))) return notice(res, 400, 'This link does not work', 'Sign-in links work once, for 15 minutes. Ask for a new one.');
      send(
        res,
        200,
        renderNotice({
          title: 'Sign in to the dashboard',
          message: 'Press the button to sign in on this device.',
          lang: 'en',
          theme: dashboardTheme(),
          action: { url: `${url()}/login/confirm`, label: 'Sign in', fields: { token, csrf: signInFormToken(req, res) } },
          // Not sandboxed: an opaque origin would make the button's post cross-site, without the form cookie.
          ownSession: true,
        }),
      );
    }),
  );

  router.post(
    '/login/confirm',
    form,
    guarded(async (req, res) => {
      // Checked before the link is spent: a forged post leaves the link working for its owner.
      if (!signInFormSent(req)) return formExpired(req, res);
      const redeemed = await deps.sessions.redeem(field(req.body, 'token'));
      if (!redeemed) return notice(res, 400, 'This link does not work', 'Sign-in links work once, for 15 minutes. Ask for a new one.');
      req.log.info({ account_id: redeemed.accountId }, 'dashboard sign-in');
      redirect(res, '', [setSession(req, redeemed.session, dashboardSessionTtlMs)]);
    }),
  );

  router.post(
    '/logout',
    form,
    signedIn(async (req, res, signed) => {
      await deps.sessions.end(signed.session);
      redirect(res, '', [setSession(req, '', 0)]);
    }),
  );

  router.post(
    '/account/email',
    form,
    signedIn(async (req, res, signed) => {
      const email = field(req.body, 'email').trim();
      try {
        await deps.access.accounts.setEmail(signed.accountId, email === '' ? null : email);
      } catch (error) {
        if (!(error instanceof OutcomeError) || (error.code !== 'invalid_input' && error.code !== 'conflict')) throw error;
        return overview(res, signed, { email: error.message.replace(/^email: /, '') });
      }
      await overview(res, signed, {}, true);
    }),
  );

  // ——— keys ———

  const keysPage = async (res: Response, signed: Signed, status: number, state: Parameters<typeof keysBody>[4] = {}) => {
    const keys = await deps.access.keys.list(signed.accountId);
    frame(res, status, { title: 'Agent keys', section: '/keys', csrf: signed.csrf, copy: Boolean(state.created), body: keysBody(url(), signed.csrf, keys, deps.scopes, state) });
  };

  router.get(
    '/keys',
    signedIn(async (req, res, signed) => {
      const revoked = typeof req.query.revoked === 'string' && keyId.test(req.query.revoked) ? req.query.revoked : undefined;
      await keysPage(res, signed, 200, { revoked });
    }),
  );

  router.post(
    '/keys',
    form,
    signedIn(async (req, res, signed) => {
      const name = field(req.body, 'name').trim();
      const chosen = fieldList(req.body, 'scopes');
      const errors: Record<string, string> = {};
      if (!name || name.length > 100) errors.name = 'Give the key a name of 1 to 100 characters, such as “billing agent”.';
      let scopes: Scope[] = [];
      if (chosen.length === 0) errors.scopes = 'Tick at least one scope: the key can call only the tools its scopes allow.';
      else {
        try {
          scopes = parseScopes(chosen.join(','), deps.scopes);
        } catch (error) {
          if (!(error instanceof OutcomeError)) throw error;
          errors.scopes = `${error.message} Tick only the boxes shown.`;
        }
      }
      if (Object.keys(errors).length) return keysPage(res, signed, 400, { errors, values: { name, scopes: chosen } });
      const key = await deps.access.keys.create({ accountId: signed.accountId, scopes, name });
      req.log.info({ account_id: signed.accountId, key_id: key.key_id }, 'agent key created in the dashboard');
      // Shown in this response only (no-store): a reload does not bring it back.
      await keysPage(res, signed, 201, { created: { key_id: key.key_id, secret: key.secret, name } });
    }),
  );

  /** A key of the signed-in account; another account's is not found, as if it did not exist. */
  const ownKey = async (signed: Signed, id: string) => {
    const key = keyId.test(id) ? (await deps.access.keys.list(signed.accountId)).find((candidate) => candidate.key_id === id) : undefined;
    if (!key) throw new OutcomeError('not_found', 'This account has no such key.');
    return key;
  };

  router.get(
    '/keys/:keyId/revoke',
    signedIn(async (req, res, signed) => {
      const key = await ownKey(signed, String(req.params.keyId));
      if (key.revoked_at) return redirect(res, `/keys?revoked=${key.key_id}`);
      frame(res, 200, { title: 'Revoke a key', section: '/keys', csrf: signed.csrf, body: revokeBody(url(), signed.csrf, key) });
    }),
  );

  router.post(
    '/keys/:keyId/revoke',
    form,
    signedIn(async (req, res, signed) => {
      const key = await ownKey(signed, String(req.params.keyId));
      await deps.access.keys.revoke(key.key_id);
      req.log.info({ account_id: signed.accountId, key_id: key.key_id }, 'agent key revoked in the dashboard');
      redirect(res, `/keys?revoked=${key.key_id}`);
    }),
  );

  // ——— plan and usage ———

  const checkoutAvailable = () => Boolean(deps.payments && deps.starterPrice);

  router.get(
    '/plan',
    signedIn(async (req, res, signed) => {
      const account = await deps.access.accounts.require(signed.accountId);
      const report = await deps.access.meter.report(account.id);
      const message = req.query.checkout === 'done' ? 'Thank you. The plan is active as soon as Stripe confirms the payment; reload this page in a moment.' : undefined;
      frame(res, 200, { title: 'Plan', section: '/plan', csrf: signed.csrf, formRedirects: [stripeCheckoutOrigin], body: planBody(url(), signed.csrf, account, report, checkoutAvailable(), message) });
    }),
  );

  router.post(
    '/plan/checkout',
    form,
    signedIn(async (_req, res, signed) => {
      if (!deps.payments || !deps.starterPrice) {
        return notice(
          res,
          503,
          'Checkout is not available',
          `This server sells no plan through Stripe (STRIPE_SECRET_KEY and STRIPE_STARTER_PRICE). Activate it with: agent-outcomes plan activate --account ${signed.accountId} --plan starter`,
        );
      }
      const metadata = { agents_plan: 'starter', account_id: signed.accountId };
      const session = await deps.payments.runOperation(
        'checkout.sessions.create',
        {
          mode: 'subscription',
          line_items: [{ price: deps.starterPrice, quantity: 1 }],
          client_reference_id: signed.accountId,
          metadata,
          subscription_data: { metadata },
          success_url: `${url()}/plan?checkout=done`,
          cancel_url: `${url()}/plan`,
        },
        // One session per click: coming back later gets a fresh checkout, not an expired one.
        `dashboard-plan-${signed.accountId}-${crypto.randomUUID()}`,
      );
      if (!session.url) throw new OutcomeError('upstream_error', 'Stripe made a checkout without a page to send you to; please try again.');
      res.set('Cache-Control', 'no-store');
      res.redirect(303, session.url);
    }),
  );

  router.get(
    '/usage',
    signedIn(async (_req, res, signed) => {
      const report = await deps.access.meter.report(signed.accountId);
      const daily = report.active ? await deps.access.meter.daily(signed.accountId, report.cycle.start) : [];
      frame(res, 200, { title: 'Usage', section: '/usage', csrf: signed.csrf, body: usageBody(report, daily, deps.now().toISOString().slice(0, 10)) });
    }),
  );

  // ——— outcomes and their files ———

  router.get(
    '/outcomes',
    signedIn(async (_req, res, signed) => {
      const context = { store: deps.store as StoreHandle, files: deps.files, baseUrl: deps.baseUrl(), accountId: signed.accountId, limit: 10 };
      const lists = await Promise.all(deps.recent.map(async (recent) => ({ title: recent.title, items: await recent.list(context) })));
      const jobs = await deps.store.db.selectFrom('jobs').select(['id', 'tool', 'status', 'created_at']).where('account_id', '=', signed.accountId).orderBy('id', 'desc').limit(10).execute();
      frame(res, 200, { title: 'Outcomes at a glance', section: '/outcomes', csrf: signed.csrf, body: outcomesBody(url(), lists, jobs) });
    }),
  );

  router.get(
    '/files/:fileId',
    signedIn(async (req, res, signed) => {
      // The holder of the account may read all of its files: the session stands for every scope.
      const file = await deps.files.forCaller(String(req.params.fileId), { accountId: signed.accountId, keyId: null, scopes: ['*'] });
      res.set({
        'Content-Type': file.content_type,
        'Content-Disposition': `inline; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      res.status(200).end(Buffer.from(file.bytes));
    }),
  );

  // ——— the modules' settings (the invoices' seller profile) ———

  const settingsOf = (id: string) => {
    const found = deps.settings.find((settings) => settings.id === id);
    if (!found) throw new OutcomeError('not_found', 'There is no such settings page.');
    return found;
  };

  router.get(
    '/settings/:id',
    signedIn(async (req, res, signed) => {
      const settings = settingsOf(String(req.params.id));
      const values = await settings.read(deps.store, signed.accountId);
      frame(res, 200, { title: settings.title, section: `/settings/${settings.id}`, csrf: signed.csrf, body: settingsBody(url(), signed.csrf, settings, values, {}, req.query.saved === '1') });
    }),
  );

  router.post(
    '/settings/:id',
    form,
    express.raw({ type: 'multipart/form-data', limit: uploadLimit }),
    multipartFields,
    signedIn(async (req, res, signed) => {
      const settings = settingsOf(String(req.params.id));
      // Browsers send a textarea's line breaks as CRLF; the profile stores plain newlines, as the tools do.
      const submitted = Object.fromEntries(
        settings.fields.map((candidate) => [candidate.name, candidate.type === 'file' ? field(req.body, candidate.name) : field(req.body, candidate.name).replace(/\r\n?/g, '\n')]),
      );
      try {
        await settings.save(deps.store, signed.accountId, submitted, deps.now());
      } catch (error) {
        if (!(error instanceof OutcomeError) || error.code !== 'invalid_input') throw error;
        // The form comes back with what was typed (files are not sent back: the stored one is named instead).
        const current = await settings.read(deps.store, signed.accountId);
        const shown = Object.fromEntries(settings.fields.map((candidate) => [candidate.name, candidate.type === 'file' ? (current[candidate.name] ?? '') : (submitted[candidate.name] ?? '')]));
        return frame(res, 400, { title: settings.title, section: `/settings/${settings.id}`, csrf: signed.csrf, body: settingsBody(url(), signed.csrf, settings, shown, fieldErrorsOf(error)) });
      }
      redirect(res, `/settings/${settings.id}?saved=1`);
    }),
  );

  router.use(
    guarded(async (req) => {
      throw new OutcomeError('not_found', `The dashboard has no page ${req.method} ${dashboardPath}${req.path}.`);
    }),
  );

  // A body that is too large or malformed: a page, as for every other refusal here.
  router.use(((err: unknown, req, res, next) => {
    const error = err instanceof OutcomeError ? err : fromHttpError(err, req.is('multipart/form-data') ? uploadLimit : formLimit);
    if (!error) return next(err);
    notice(res, error.status, 'Something is not right', error.message);
  }) as express.ErrorRequestHandler);
  return router;
}

/** A multipart form (a file upload) as fields: a file becomes its bytes in base64, an empty file input an empty string. */
const multipartFields: RequestHandler = async (req, _res, next) => {
  if (!Buffer.isBuffer(req.body)) return next();
  try {
    // The platform's own parser (undici's FormData): no extra dependency for one form.
    const data = await new Response(req.body, { headers: { 'content-type': req.get('content-type') ?? '' } }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of data) fields[name] = typeof value === 'string' ? value : Buffer.from(await value.arrayBuffer()).toString('base64');
    req.body = fields;
    next();
  } catch {
    next(new OutcomeError('invalid_input', 'The form could not be read; reload the page and send it again.'));
  }
};

/** A settings refusal's messages by field (`details.fields`), else the message for the form as a whole. */
function fieldErrorsOf(error: OutcomeError): FieldErrors {
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
  return fields && Object.keys(fields).length ? fields : { form: error.message };
}
