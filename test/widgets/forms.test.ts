import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parse as parseCsv } from 'csv-parse/sync';
import { startApp, json } from '../helpers.js';
import { browserAvailable, browserSkipReason, openBrowser } from '../support/browser.js';

type Started = Awaited<ReturnType<typeof startApp>>;

const post = (app: Started, path: string, body: unknown) => app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function generate(app: Started, body: Record<string, unknown>) {
  const response = await post(app, '/api/agents/widgets/generate', body);
  expect(response.status).toBe(200);
  return json(response);
}

/** Posts like a visitor: no key, form-encoded, from another address each time unless `from` is given. */
let address = 0;
function submit(action: string, fields: Record<string, string>, options: { json?: boolean; from?: string } = {}) {
  return fetch(action, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: options.json ? 'application/json' : 'text/html',
      // The app trusts X-Forwarded-For only with TRUST_PROXY; tests set it so that each visitor has an address.
      'x-forwarded-for': options.from ?? `10.0.${Math.floor(++address / 250)}.${address % 250}`,
    },
    body: new URLSearchParams(fields),
  });
}

describe('widget forms', () => {
  let app: Started;
  let waitlist: any;
  let action: string;
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: 'true' });
    waitlist = await generate(app, { prompt: 'a waitlist widget for our app launch', brand: { name: 'Orbit' } });
    action = waitlist.html.match(/action="([^"]+)"/)[1].replaceAll('&amp;', '&');
  });
  afterAll(() => app.close());

  it('stores a valid post and answers JSON for scripts and a themed page for plain forms', async () => {
    const scripted = await submit(action, { email: 'ada@example.com', name: 'Ada' }, { json: true });
    expect(scripted.status).toBe(200);
    expect(scripted.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json(scripted)).toEqual({ ok: true, message: 'Thank you! You are on the waitlist.' });
    const plain = await submit(action, { email: 'grace@example.com' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^text\/html/);
    expect(plain.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await plain.text()).toContain('You are on the waitlist.');
    const listed = await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`));
    expect(listed.total).toBe(2);
    expect(listed.submissions.map((s: any) => s.fields)).toEqual([{ email: 'ada@example.com', name: 'Ada' }, { email: 'grace@example.com' }]);
    expect(listed.submissions[0]).toMatchObject({ version: 1, form: 'waitlist' });
  });

  it('refuses bad posts naming each field, and stores nothing', async () => {
    const before = (await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total;
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ name: 'No email' }, /email: Email address is required/],
      [{ email: 'not-an-email' }, /email: Email address must be an email address/],
      [{ email: 'a@example.com', phone: '123' }, /phone: is not a field of this form \(its fields are email, name\)/],
      [{ email: 'a@example.com', name: 'x'.repeat(501) }, /name: must be at most 500 characters/],
    ];
    for (const [fields, message] of cases) {
      const response = await submit(action, fields, { json: true });
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.message).toMatch(message);
    }
    // A person without JavaScript gets the same reasons on a page, with a way back.
    const page = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://orbit.example/launch' }, body: 'email=nope' });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('Email address must be an email address');
    expect(html).toContain('href="https://orbit.example/launch"');
    expect((await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total).toBe(before);
  });

  it('answers a filled honeypot like a person, and stores nothing', async () => {
    const before = (await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total;
    const response = await submit(action, { email: 'bot@example.com', _hp: 'http://spam.example' }, { json: true });
    expect(response.status).toBe(200);
    expect((await json(response)).ok).toBe(true);
    expect((await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total).toBe(before);
  });

  it('rate-limits one address per form (10 in 10 minutes) with Retry-After, not other addresses', async () => {
    const contact = await generate(app, { prompt: 'a contact form', kind: 'contact', brand: { name: 'Limits Inc' } });
    const to = contact.meta.form.action + '?v=1&s=contact';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await submit(to, { name: 'N', email: `n${i}@example.com`, message: 'hi' }, { json: true, from: '192.0.2.7' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await submit(to, { name: 'N', email: 'late@example.com', message: 'hi' }, { json: true, from: '192.0.2.7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(refused)).error.code).toBe('rate_limited');
    expect((await submit(to, { name: 'M', email: 'm@example.com', message: 'hi' }, { json: true, from: '192.0.2.8' })).status).toBe(200);
  });

  it("keeps accepting an older version's form after a revision changed the fields", async () => {
    const revised = await post(app, '/api/agents/widgets/revise', {
      widget_id: waitlist.widget_id,
      operations: [
        {
          op: 'set_props',
          section_id: 'waitlist',
          props: {
            fields: [
              { name: 'email', label: 'Email', type: 'email', required: true },
              { name: 'company', label: 'Company', type: 'text', required: true },
            ],
          },
        },
      ],
    });
    expect(revised.status).toBe(200);
    const v2 = await json(revised);
    const v2action = v2.html.match(/action="([^"]+)"/)[1].replaceAll('&amp;', '&');
    expect((await submit(action, { email: 'old@example.com', name: 'Old form' }, { json: true })).status).toBe(200);
    expect((await submit(v2action, { email: 'new@example.com' }, { json: true })).status).toBe(400);
    expect((await submit(v2action, { email: 'new@example.com', company: 'ACME' }, { json: true })).status).toBe(200);
  });

  it('exports CSV with a column per field, formulas escaped, and pages with a cursor', async () => {
    const widget = await generate(app, { prompt: 'newsletter signup', kind: 'newsletter', brand: { name: 'Letters' } });
    const to = `${widget.meta.form.action}?v=1&s=subscribe`;
    for (const [email, name] of <Array<[string, string]>>[
      ['a@example.com', '=HYPERLINK("http://evil.example","x")'],
      ['b@example.com', 'Bea, "B"'],
      ['c@example.com', ''],
    ]) {
      expect((await submit(to, { email, first_name: name }, { json: true })).status).toBe(200);
    }
    const first = await json(await app.api(`/api/agents/widgets/${widget.widget_id}/submissions?format=csv&limit=2`));
    expect(first.total).toBe(3);
    expect(first.submissions).toHaveLength(2);
    const rows = parseCsv<Record<string, string>>(first.csv, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(['submission_id', 'created_at', 'version', 'form', 'email', 'first_name']);
    expect(rows[0]!.first_name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[1]!.first_name).toBe('Bea, "B"');
    expect(first.next_cursor).toBe(first.submissions[1].id);
    const second = await json(await app.api(`/api/agents/widgets/${widget.widget_id}/submissions?cursor=${first.next_cursor}`));
    expect(second.submissions.map((s: any) => s.fields.email)).toEqual(['c@example.com']);
    expect(second.next_cursor).toBeNull();
    expect(second.csv).toBeNull();
  });

  it('shares one rate limit across spellings of the same form address', async () => {
    const contact = await generate(app, { prompt: 'a contact form', kind: 'contact', brand: { name: 'Spellings Ltd' } });
    const id = contact.widget_id as string;
    const spellings = [`/f/${id}`, `/F/${id}`, `/f/${id}/`, `/f/%77${id.slice(1)}`, `/f/${id.slice(0, 4)}%${id.charCodeAt(4).toString(16)}${id.slice(5)}`];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const path = spellings[i % spellings.length] as string;
      statuses.push((await submit(`${app.url}${path}?v=1&s=contact`, { name: 'N', email: `s${i}@example.com`, message: 'hi' }, { json: true, from: '198.51.100.9' })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('refuses an unreadable version or address with 400, and counts a honeypot sent as a list as filled', async () => {
    const badVersion = await submit(action.replace('v=1', 'v=abc'), { email: 'v@example.com' }, { json: true });
    expect(badVersion.status).toBe(400);
    expect((await json(badVersion)).error.message).toMatch(/version "abc", which is not a version number/);
    for (const path of [`/f/%E0%A4%A`, `/p/%E0%A4%A`, `/api/agents/widgets/%E0%A4%A`]) {
      const response = await fetch(`${app.url}${path}`, { method: path.startsWith('/f/') ? 'POST' : 'GET', headers: { accept: 'application/json', authorization: `Bearer ${app.key}` } });
      expect(response.status, path).toBe(400);
    }
    const before = (await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total;
    const bot = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email: 'bot@example.com', _hp: ['x'] }) });
    expect(bot.status).toBe(200);
    expect((await json(await app.api(`/api/agents/widgets/${waitlist.widget_id}/submissions`))).total).toBe(before);
  });

  it('gives fields named like the heading or the honeypot ids of their own, and exports a field named "constructor"', async () => {
    const widget = await generate(app, {
      prompt: 'a contact form',
      kind: 'contact',
      brand: { name: 'Ids Inc' },
      content: {
        form_fields: [
          { name: 'title', label: 'Title', type: 'text', required: false },
          { name: 'hp', label: 'Horsepower', type: 'number', required: false },
          { name: 'constructor', label: 'Builder', type: 'text', required: false },
          { name: 'email', label: 'Email', type: 'email', required: true },
        ],
      },
    });
    const ids = [...(widget.html as string).matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(widget.html).toContain('<label for="contact-field-title">Title</label>');
    const to = `${widget.meta.form.action}?v=1&s=contact`;
    expect((await submit(to, { email: 'c@example.com' }, { json: true })).status).toBe(200);
    expect((await submit(to, { email: 'd@example.com', constructor: 'Bob' }, { json: true })).status).toBe(200);
    const exported = await app.api(`/api/agents/widgets/${widget.widget_id}/submissions?format=csv`);
    expect(exported.status).toBe(200);
    const rows = parseCsv<Record<string, string>>((await json(exported)).csv, { columns: true });
    expect(rows.map((row) => row.constructor ?? row['constructor'])).toEqual(['', 'Bob']);
  });

  it('keeps submissions to their account, and unknown forms are 404', async () => {
    const other = await app.access.accounts.create({ name: 'Other', plan: 'starter' });
    const key = (await app.access.keys.create({ accountId: other.id, scopes: ['*'] })).secret;
    const foreign = await fetch(`${app.url}/api/agents/widgets/${waitlist.widget_id}/submissions`, { headers: { authorization: `Bearer ${key}` } });
    expect(foreign.status).toBe(404);
    const missing = await submit(`${app.url}/f/wgt_00000000000000000000000000`, { email: 'x@example.com' }, { json: true });
    expect(missing.status).toBe(404);
    const badPreview = await fetch(`${waitlist.preview_url.slice(0, -3)}AAA`);
    expect(badPreview.status).toBe(404);
  });

  describe.skipIf(!browserAvailable)('end to end in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser();
    });
    afterAll(() => browser?.close());

    it('submits from the preview with JavaScript (inline status) and without it (thank-you page)', async () => {
      // The booking form offers the services the prompt names.
      const widget = await generate(app, { prompt: 'a booking form for my dog grooming business: full groom $60, nail trim $15', kind: 'booking', brand: { name: 'Groom Room' } });
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(widget.preview_url);
        await page.getByLabel('Your name').fill(javaScriptEnabled ? 'Scripted Visitor' : 'Plain Visitor');
        await page.getByLabel('Email address').fill('visitor@example.com');
        await page.getByLabel('Service').selectOption('Nail trim');
        await page.getByLabel('Preferred date').fill('2027-01-15');
        await page.getByRole('button', { name: 'Request a booking' }).click();
        const thanks = 'Thank you! Your booking request has been sent.';
        if (javaScriptEnabled) await expect.poll(() => page.locator('.form-status').textContent()).toBe(thanks);
        else {
          await page.waitForURL(/\/f\/wgt_/);
          expect(await page.locator('h1').textContent()).toBe('Thank you');
          expect(await page.locator('.lead').textContent()).toBe(thanks);
        }
        await context.close();
      }
      const listed = await json(await app.api(`/api/agents/widgets/${widget.widget_id}/submissions`));
      expect(listed.submissions.map((s: any) => s.fields.name)).toEqual(['Scripted Visitor', 'Plain Visitor']);
      expect(listed.submissions[0].fields).toEqual({ name: 'Scripted Visitor', email: 'visitor@example.com', service: 'Nail trim', date: '2027-01-15' });
    });
  });
  if (!browserAvailable) console.warn(browserSkipReason);
});
