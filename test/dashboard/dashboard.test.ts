import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import type { Browser } from 'playwright-core';
import { json, startApp, tempDir, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { startSmtpServer } from '../fixtures/smtp.js';
import { sendStripeEvent, signedEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { browserAvailable, browserSkipReason, expectCleanPage, inspectPage, openBrowser } from '../support/browser.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';
import { runCli } from '../../src/cli/run.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { csrfTokenOf } from '../../src/dashboard/sessions.js';
import { planGraceMs } from '../../src/access/plans.js';

let stripe: FakeStripe;
let app: StartedApp;
let starterPrice: string;
/** The app's clock: tests move it to expire links, sessions and grace periods. */
let clock = Date.now();
const dashboard = () => `${app.url}/dashboard`;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const sdk = new Stripe('sk_test_fake123', { host: '127.0.0.1', port: new URL(stripe.apiBase).port, protocol: 'http', maxNetworkRetries: 0 });
  const price = await sdk.prices.create({ currency: 'usd', unit_amount: 1900, recurring: { interval: 'month' }, product_data: { name: 'Agents Starter' } });
  starterPrice = price.id;
  app = await startApp({ ...stripeEnv(stripe), STRIPE_STARTER_PRICE: starterPrice, AUTH_MAX_FAILURES: '100000' }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

/** A one-time link for an account, made the way the CLI makes it. */
const linkFor = async (accountId: string) => (await app.dashboardSessions.link(accountId, dashboard())).url;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** What a browser holds after opening a sign-in page: its form cookie, and the token the page's forms carry. */
async function signInForm(page: string, headers: Record<string, string> = {}): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(page, { headers });
  const cookie = /^ao_dashboard_form=([A-Za-z0-9_-]{43}); Max-Age=3600; Path=\/dashboard; HttpOnly;/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(await response.text())?.[1];
  expect(cookie, 'the form cookie').toBeDefined();
  expect(csrf, "the form's token").toBeDefined();
  return { cookie: `ao_dashboard_form=${cookie}`, csrf: csrf! };
}

/** Presses "Sign in" on a link's page (opened as `form`), as a browser does. */
const confirmLink = (link: string, form: { cookie: string; csrf: string }, headers: Record<string, string> = {}) =>
  fetch(`${new URL(link).origin}/dashboard/login/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ token: tokenOf(link), csrf: form.csrf }),
    headers: { cookie: form.cookie, ...headers },
    redirect: 'manual',
  });

/** Signs in through a link and returns the session cookie's value. */
async function signIn(accountId = app.accountId): Promise<string> {
  const link = await linkFor(accountId);
  const response = await confirmLink(link, await signInForm(link));
  expect(response.status).toBe(303);
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^ao_dashboard=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/dashboard; HttpOnly; SameSite=Lax$/);
  return /^ao_dashboard=([^;]+)/.exec(cookie)![1]!;
}

const withSession = (session: string, init: RequestInit = {}) => ({
  ...init,
  redirect: 'manual' as const,
  headers: { cookie: `ao_dashboard=${session}`, ...(init.headers as Record<string, string>) },
});
const postForm = (session: string, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return fetch(`${dashboard()}${path}`, withSession(session, { method: 'POST', body }));
};
const usage = async (key = app.key) => json(await fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${key}` } }));
const echo = (key: string) => fetch(`${app.url}/api/agents/test/echo`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{"message":"hi"}' });

describe('sign-in', () => {
  it('works once per link, within 15 minutes, and sign-out ends the session on the server', async () => {
    const link = await linkFor(app.accountId);
    // Opening the link spends nothing (a mail scanner may fetch it first).
    for (let i = 0; i < 2; i += 1) expect((await fetch(link)).status).toBe(200);
    const form = await signInForm(link);
    const confirm = () => confirmLink(link, form);
    expect((await confirm()).status).toBe(303);
    expect((await confirm()).status).toBe(400);
    expect((await fetch(link)).status).toBe(400);

    const late = await linkFor(app.accountId);
    clock += 15 * 60_000 + 1000;
    expect((await confirmLink(late, form)).status).toBe(400);

    const session = await signIn();
    expect((await fetch(`${dashboard()}/keys`, withSession(session))).status).toBe(200);
    expect((await postForm(session, '/logout', { csrf: csrfTokenOf(session) })).status).toBe(303);
    // The same cookie, replayed after sign-out, opens nothing.
    const after = await fetch(`${dashboard()}/keys`, withSession(session));
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe(dashboard());
    expect((await postForm(session, '/keys', { csrf: csrfTokenOf(session), name: 'x', scopes: 'usage:read' })).status).toBe(401);
  });

  it('emails a link to the account’s sign-in address, and answers the same for an unknown one', async () => {
    const smtp = await startSmtpServer();
    const mailing = await startApp({ SMTP_URL: smtp.url(), SMTP_FROM: 'dashboard@service.example', DATA_DIR: tempDir() });
    try {
      await mailing.access.accounts.setEmail(mailing.accountId, 'Owner@Example.com');
      const form = await signInForm(`${mailing.url}/dashboard`);
      const ask = (email: string) => fetch(`${mailing.url}/dashboard/login`, { method: 'POST', body: new URLSearchParams({ email, csrf: form.csrf }), headers: { cookie: form.cookie } });
      const known = await ask('owner@example.com');
      const unknown = await ask('nobody@example.com');
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(await known.text()).toBe(await unknown.text());
      // The link is sent after the page answers (so that its timing tells nothing either).
      await expect.poll(() => smtp.messages.length).toBe(1);
      expect(smtp.messages[0]!.envelope.to).toEqual(['owner@example.com']);
      const link = /(http:\/\/\S+\/dashboard\/login\?token=[A-Za-z0-9_-]{43})/.exec(smtp.messages[0]!.text ?? '')?.[1];
      expect(link).toBeDefined();
      expect((await fetch(link!)).status).toBe(200);
      const malformed = await ask('not an address');
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain('Enter the email address set for your account');
      // At most five links per address and quarter hour.
      for (let i = 0; i < 6; i += 1) await ask('owner@example.com');
      await expect.poll(() => smtp.messages.length).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages).toHaveLength(5);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('stores only hashes of links and sessions', async () => {
    const link = await linkFor(app.accountId);
    const rows = await app.store.db.selectFrom('dashboard_secrets').select('hash').execute();
    expect(rows.map((row) => row.hash)).not.toContain(tokenOf(link));
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });

  it('refuses sign-in forms posted without this browser’s token (login CSRF), leaving the link working', async () => {
    const link = await linkFor(app.accountId);
    const form = await signInForm(link);
    const other = await signInForm(link);
    const forged = [
      fetch(`${dashboard()}/login/confirm`, { method: 'POST', body: new URLSearchParams({ token: tokenOf(link) }), redirect: 'manual' }),
      confirmLink(link, { cookie: form.cookie, csrf: other.csrf }),
      confirmLink(link, { cookie: '', csrf: form.csrf }),
      fetch(`${dashboard()}/login`, { method: 'POST', body: new URLSearchParams({ email: 'owner@example.com' }) }),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain('This form has expired');
    }
    expect((await confirmLink(link, form)).status).toBe(303);
  });

  it('ends sessions after their lifetime', async () => {
    const session = await signIn();
    clock += 13 * 60 * 60_000;
    expect((await fetch(`${dashboard()}/keys`, withSession(session))).status).toBe(303);
  });

  it('marks the cookie Secure behind https (X-Forwarded-Proto from a trusted proxy)', async () => {
    const proxied = await startApp({ TRUST_PROXY: 'loopback', DATA_DIR: tempDir() });
    try {
      const link = (await proxied.dashboardSessions.link(proxied.accountId, `${proxied.url}/dashboard`)).url;
      const page = await fetch(link, { headers: { 'x-forwarded-proto': 'https' } });
      expect(page.headers.get('set-cookie')).toMatch(/^ao_dashboard_form=[^;]+; Max-Age=3600; Path=\/dashboard; HttpOnly; Secure; SameSite=Lax$/);
      const response = await confirmLink(link, await signInForm(link), { 'x-forwarded-proto': 'https' });
      expect(response.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await proxied.close();
    }
  });

  it('prints a one-time link with `agent-outcomes dashboard link --account ID`', async () => {
    const dataDir = tempDir();
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      expect(await runCli(['accounts', 'create', '--name', 'Cli Co', '--email', 'Owner@Cli.example', '--json', '--data-dir', dataDir], { env: { PORT: '8787', LOG_LEVEL: 'silent' } })).toBe(0);
      const { account_id, email } = JSON.parse(printed.join('')) as { account_id: string; email: string };
      expect(email).toBe('owner@cli.example');
      printed.length = 0;
      expect(await runCli(['dashboard', 'link', '--account', account_id, '--json', '--data-dir', dataDir], { env: { PORT: '8787', LOG_LEVEL: 'silent' } })).toBe(0);
      const link = JSON.parse(printed.join('')) as { url: string; expires_at: string };
      expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/dashboard\/login\?token=[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
      printed.length = 0;
      expect(await runCli(['--help'], { env: {} })).toBe(0);
      expect(printed.join('')).toContain('dashboard link --account ID');
    } finally {
      write.mockRestore();
    }
  });
});

describe('forms', () => {
  it('refuses every POST without the session’s CSRF token (403), and changes nothing', async () => {
    const session = await signIn();
    const before = (await app.access.keys.list(app.accountId)).length;
    for (const csrf of [undefined, 'wrong', csrfTokenOf('another-session-secret-aaaaaaaaaaaaaaaaaaaaaaa')]) {
      const response = await postForm(session, '/keys', { ...(csrf ? { csrf } : {}), name: 'sneaky', scopes: '*' });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('This form has expired');
    }
    expect((await postForm(session, '/logout', {})).status).toBe(403);
    expect((await app.access.keys.list(app.accountId)).length).toBe(before);
  });

  it('explains what is wrong with a key form, field by field, never a 500', async () => {
    const session = await signIn();
    const csrf = csrfTokenOf(session);
    const missing = await postForm(session, '/keys', { csrf, name: '' });
    expect(missing.status).toBe(400);
    const page = await missing.text();
    expect(page).toContain('Give the key a name of 1 to 100 characters');
    expect(page).toContain('Tick at least one scope');
    const unknown = await postForm(session, '/keys', { csrf, name: 'ok', scopes: ['usage:read', 'nope:write'] });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown scope &quot;nope:write&quot;');
    const long = await postForm(session, '/keys', { csrf, name: 'x'.repeat(101), scopes: 'usage:read' });
    expect(long.status).toBe(400);
    const huge = await postForm(session, '/keys', { csrf, name: 'x'.repeat(100_000), scopes: 'usage:read' });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('shows this cycle’s units per tool and per day', async () => {
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
    expect((await echo(app.key)).status).toBe(200);
    const session = await signIn();
    const page = await (await fetch(`${dashboard()}/usage`, withSession(session))).text();
    expect(page).toMatch(/<td><code>test_echo<\/code><\/td><td>\d+<\/td>/);
    const today = new Date(clock).toISOString().slice(0, 10);
    expect(page).toMatch(new RegExp(`<svg class="chart"[^>]*role="img"[\\s\\S]*<title>${today}: [1-9]\\d* units</title>`));
  });

  it('offers one checkbox per scope the catalogue knows', async () => {
    const session = await signIn();
    const page = await (await fetch(`${dashboard()}/keys`, withSession(session))).text();
    const boxes = [...page.matchAll(/name="scopes" value="([^"]+)"/g)].map((match) => match[1]);
    expect(boxes).toEqual([...app.outcomes.scopes]);
  });

  it('keeps a session to its own account: another account’s key is not found', async () => {
    const other = await app.access.accounts.create({ name: 'Other' });
    const theirs = await app.access.keys.create({ accountId: other.id, scopes: ['*'], name: 'theirs' });
    const session = await signIn();
    const csrf = csrfTokenOf(session);
    expect((await fetch(`${dashboard()}/keys/${theirs.key_id}/revoke`, withSession(session))).status).toBe(404);
    expect((await postForm(session, `/keys/${theirs.key_id}/revoke`, { csrf })).status).toBe(404);
    expect(await (await fetch(`${dashboard()}/keys`, withSession(session))).text()).not.toContain(theirs.key_id);
    expect((await app.access.keys.list(other.id))[0]!.revoked_at).toBeNull();
  });

  it('edits the seller profile with the same checks as seller_profile_update', async () => {
    const session = await signIn();
    const csrf = csrfTokenOf(session);
    const bad = await postForm(session, '/settings/seller', { csrf, name: 'Acme Ltd', address: '1 Road\nTown', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter an email address such as billing@example.com');
    // A logo upload goes as multipart, as the browser sends it.
    const form = new FormData();
    form.set('csrf', csrf);
    form.set('name', 'Acme Ltd');
    form.set('address', '1 Road\nTown');
    form.set('tax_id', '');
    form.set('vat_id', 'DE123456789');
    form.set('email', 'billing@acme.example');
    form.set('logo', new Blob([Buffer.from('not an image')], { type: 'image/png' }), 'logo.png');
    const badLogo = await fetch(`${dashboard()}/settings/seller`, withSession(session, { method: 'POST', body: form }));
    expect(badLogo.status).toBe(400);
    expect(await badLogo.text()).toContain('neither a PNG nor a JPEG');
    form.set('logo', new Blob([]), '');
    const saved = await fetch(`${dashboard()}/settings/seller`, withSession(session, { method: 'POST', body: form }));
    expect(saved.status).toBe(303);
    const profile = await json(await app.api('/api/agents/seller-profile'));
    expect(profile).toMatchObject({ name: 'Acme Ltd', address: '1 Road\nTown', vat_id: 'DE123456789', email: 'billing@acme.example', tax_id: null });
  });
});

describe('outcomes at a glance', () => {
  it('lists recent invoices and pages with their files and previews, for the signed-in account only', async () => {
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
    const post = (path: string, body: unknown) => app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/agents/seller-profile', { name: 'Glance Ltd', address: '2 Road\nTown' })).status).toBe(200);
    const invoice = await json(await post('/api/agents/invoice/create', { customer: { name: 'Northwind Traders' }, currency: 'EUR', line_items: [{ description: 'Consulting', unit_price: '120' }] }));
    expect(invoice.number).toMatch(/^INV-/);
    const widget = await json(await post('/api/agents/widgets/generate', { prompt: 'a waitlist widget for our app launch', brand: { name: 'Orbit' } }));
    const session = await signIn();
    const page = await (await fetch(`${dashboard()}/outcomes`, withSession(session))).text();
    expect(page).toContain(`${invoice.number} · Northwind Traders`);
    const pdfLink = new RegExp(`href="(${dashboard()}/files/file_[^"]+)">PDF`).exec(page)?.[1];
    expect(pdfLink).toBeDefined();
    const pdf = await fetch(pdfLink!, withSession(session));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(page).toContain(widget.preview_url.replaceAll('&', '&amp;'));
    expect((await fetch(widget.preview_url)).status).toBe(200);
    // Another account's session sees none of it, and its file link is not found.
    const stranger = await signIn((await app.access.accounts.create({ name: 'Stranger' })).id);
    expect(await (await fetch(`${dashboard()}/outcomes`, withSession(stranger))).text()).not.toContain(invoice.number);
    expect((await fetch(pdfLink!, withSession(stranger))).status).toBe(404);
  });
});

describe('plan through Stripe', () => {
  let account: string;
  let key: string;
  beforeAll(async () => {
    account = (await app.access.accounts.create({ name: 'Planless' })).id;
    key = (await app.access.keys.create({ accountId: account, scopes: ['*'] })).secret;
  });

  it('points a 402 at the dashboard', async () => {
    const refused = await echo(key);
    expect(refused.status).toBe(402);
    expect((await json(refused)).activation).toMatchObject({ url: `${app.url}/dashboard/plan`, how: `agent-outcomes plan activate --account ${account} --plan starter` });
  });

  it('names no dashboard page where none is served (stdio alone), unless PUBLIC_BASE_URL says where', async () => {
    for (const [env, url] of [
      [{}, undefined],
      [{ PUBLIC_BASE_URL: 'https://agents.example.com' }, 'https://agents.example.com/dashboard/plan'],
    ] as const) {
      const alone = await createApp({ config: loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', ...env }) });
      try {
        const planless = await alone.access.accounts.create({ name: 'Stdio user' });
        const report = await alone.access.meter.report(planless.id);
        expect(report.active).toBe(false);
        expect(report.activation?.url).toBe(url);
      } finally {
        await alone.close();
      }
    }
  });

  it('opens a subscription Checkout for the starter price', async () => {
    const session = await signIn(account);
    const response = await postForm(session, '/plan/checkout', { csrf: csrfTokenOf(session) });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const made = stripe.sessions.at(-1)!;
    expect(made).toMatchObject({ mode: 'subscription', client_reference_id: account, metadata: { agents_plan: 'starter', account_id: account } });
  });

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_x',
      metadata: { agents_plan: 'starter', account_id: account },
      payment_status: 'paid',
      subscription: 'sub_1',
      customer: 'cus_1',
    });
    const forged = signedEvent(event, 'whsec_notthesecret000');
    expect((await sendStripeEvent(app.url, event, forged.header)).status).toBe(400);
    expect((await usage(key)).active).toBe(false);
  });

  it('activates the plan on a signed checkout.session.completed, once, visible at once', async () => {
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_ok',
      metadata: { agents_plan: 'starter', account_id: account },
      payment_status: 'paid',
      subscription: 'sub_plan_1',
      customer: 'cus_plan_1',
    });
    expect((await sendStripeEvent(app.url, event)).status).toBe(200);
    const active = await usage(key);
    expect(active).toMatchObject({ active: true, plan: 'starter', limit: 1000, billing: { status: 'paid' } });
    expect((await echo(key)).status).toBe(200);
    const again = await json(await sendStripeEvent(app.url, event));
    expect(again).toMatchObject({ handled: false, reason: 'already handled' });
    expect((await usage(key)).cycle).toEqual(active.cycle);
  });

  it('makes it past due with a grace period, then 402 after it; a deleted subscription ends it', async () => {
    const failed = stripeEvent('invoice.payment_failed', { id: 'in_1', parent: { subscription_details: { subscription: 'sub_plan_1' } } });
    expect((await sendStripeEvent(app.url, failed)).status).toBe(200);
    const pastDue = await usage(key);
    expect(pastDue.billing.status).toBe('past_due');
    const graceUntil = pastDue.billing.grace_until as string;
    expect(Date.parse(graceUntil) - failed.created * 1000).toBe(planGraceMs);
    // A retry's failure does not extend the grace period.
    await sendStripeEvent(app.url, stripeEvent('invoice.payment_failed', { id: 'in_1', subscription: 'sub_plan_1' }, { created: failed.created + 86_400 }));
    expect((await usage(key)).billing.grace_until).toBe(graceUntil);
    expect((await echo(key)).status).toBe(200);
    const saved = clock;
    clock = Date.parse(graceUntil) + 1000;
    const lapsed = await echo(key);
    expect(lapsed.status).toBe(402);
    expect((await json(lapsed)).error.message).toContain('grace period ended');
    clock = saved;
    await sendStripeEvent(app.url, stripeEvent('invoice.paid', { id: 'in_1', subscription: 'sub_plan_1' }));
    expect((await usage(key)).billing.status).toBe('paid');
    await sendStripeEvent(app.url, stripeEvent('customer.subscription.deleted', { id: 'sub_plan_1', status: 'canceled' }));
    expect((await usage(key)).active).toBe(false);
    expect((await echo(key)).status).toBe(402);
  });
});

describe('pages', () => {
  const pagePaths = ['', '/keys', '/plan', '/usage', '/outcomes', '/settings/seller'];

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('has zero errors on every page', async () => {
      const session = await signIn();
      const documents: Record<string, string> = { 'sign-in': await (await fetch(dashboard())).text() };
      for (const path of pagePaths) documents[`page${path.replaceAll('/', '-')}`] = await (await fetch(`${dashboard()}${path}`, withSession(session))).text();
      documents['new-key'] = await (await postForm(session, '/keys', { csrf: csrfTokenOf(session), name: 'html check', scopes: 'usage:read' })).text();
      await expectValidHtml(documents);
    }, 60_000);
  });
  if (!vnuAvailable) console.warn(vnuSkipReason);

  describe.skipIf(!browserAvailable)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser();
    });
    afterAll(() => browser?.close());

    it('signs in, creates a key that works, revokes it, and the API answers 401', async () => {
      await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(await linkFor(app.accountId));
      // The link's page sets only the sign-in form's cookie; the session starts with the button.
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['ao_dashboard_form']);
      await tab.click('button:has-text("Sign in")');
      expect(tab.url()).toBe(dashboard());
      const cookie = (await context.cookies()).find((each) => each.name === 'ao_dashboard');
      expect(cookie).toMatchObject({ name: 'ao_dashboard', httpOnly: true, sameSite: 'Lax', path: '/dashboard', secure: false });
      await tab.click('nav >> text=Keys');
      await tab.fill('#key-name', 'browser agent');
      await tab.check('input[name=scopes][value="jobs:read"]');
      await tab.check('input[name=scopes][value="usage:read"]');
      await tab.click('button:has-text("Create key")');
      const secret = await tab.inputValue('#new-secret');
      expect(secret).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
      expect(await tab.isVisible('button:has-text("Copy key")')).toBe(true);
      // Shown once: the list and a reload show the prefix only.
      await tab.goto(`${dashboard()}/keys`);
      expect(await tab.content()).not.toContain(secret);

      expect((await echo(secret)).status).toBe(200);
      expect((await usage(secret)).used).toBeGreaterThan(0);

      await tab.click('tr:has-text("browser agent") >> text=Revoke');
      expect(await tab.textContent('h1')).toBe('Revoke a key');
      await tab.click('button:has-text("Revoke the key")');
      expect(await tab.textContent('.notice')).toContain('is revoked');
      expect((await echo(secret)).status).toBe(401);

      await tab.click('button:has-text("Sign out")');
      expect(await tab.textContent('h1')).toBe('Sign in');
      await context.close();
    }, 60_000);

    it('passes axe, fits 375 and 1280 px and fetches nothing else, on every page', async () => {
      const session = await signIn();
      const cookies = [{ name: 'ao_dashboard', value: session, url: dashboard() }];
      expectCleanPage(await inspectPage(browser, dashboard()), 'sign-in');
      for (const path of pagePaths) expectCleanPage(await inspectPage(browser, `${dashboard()}${path}`, { cookies }), path || 'overview');
      const key = (await app.access.keys.list(app.accountId)).find((candidate) => !candidate.revoked_at)!;
      expectCleanPage(await inspectPage(browser, `${dashboard()}/keys/${key.key_id}/revoke`, { cookies }), 'revoke');
      expectCleanPage(await inspectPage(browser, await linkFor(app.accountId)), 'confirm sign-in');
    }, 90_000);

    it('shows the new secret with a copy button that passes axe', async () => {
      const context = await browser.newContext();
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      const tab = await context.newPage();
      await tab.goto(await linkFor(app.accountId));
      await tab.click('button:has-text("Sign in")');
      await tab.goto(`${dashboard()}/keys`);
      await tab.fill('#key-name', 'copied');
      await tab.check('input[name=scopes][value="usage:read"]');
      await tab.click('button:has-text("Create key")');
      await tab.click('button:has-text("Copy key")');
      expect(await tab.textContent('#copy-status')).toBe('Copied to the clipboard.');
      expect(await tab.evaluate('navigator.clipboard.readText()')).toBe(await tab.inputValue('#new-secret'));
      await context.close();
    }, 60_000);
  });
  if (!browserAvailable) console.warn(browserSkipReason);
});
