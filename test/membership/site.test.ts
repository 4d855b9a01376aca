import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { browserAvailable, browserSkipReason, expectCleanPage, inspectPage, openBrowser } from '../support/browser.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';
import { potteryCourse, potteryTiers } from './fixtures.js';

const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'><svg onload=alert(3)>';

describe('the membership site', () => {
  let app: StartedApp;
  let built: any;
  let hostile: any;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const pageOf = async (membershipId: string, page: string) => {
    const response = await app.api('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: `agent-outcomes://memberships/${membershipId}/versions/1/pages/${page}.html` } }),
    });
    return response;
  };

  beforeAll(async () => {
    app = await startPlannedApp();
    built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR', drip: { mode: 'every_n_days', days: 7 }, brand: { name: 'Clay & Co' } }));
    hostile = await json(
      await post('/membership/build', {
        course: {
          title: xss,
          modules: [{ title: xss, lessons: [{ title: xss, summary: xss, body: `# ${xss}\n\n${xss}\n\n## Key points\n- ${xss}`, preview: true }, { title: 'javascript:alert(1)' }] }],
        },
        tiers: [{ name: xss, interval: 'month', price: 5 }],
        currency: 'USD',
        brand: { name: xss },
      }),
    );
  });
  afterAll(() => app.close());

  it('shows hostile text as text on every page, offline and hosted', async () => {
    const hosted = await Promise.all([hostile.site.preview_url, `${hostile.site.preview_url}/lessons/m1-l1`].map(async (url: string) => (await fetch(url)).text()));
    for (const html of hosted) {
      expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload|href="javascript:/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('answers membership_get over MCP with the same result as REST', async () => {
    const response = await app.api('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'membership_get', arguments: { membership_id: built.membership_id } } }),
    });
    const text = await response.text();
    const message = JSON.parse(text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}'));
    expect(message.result.isError).not.toBe(true);
    expect(message.result.structuredContent).toMatchObject({ membership_id: built.membership_id, version: 1, course: { title: 'Pottery basics' } });
    expect(message.result.content.some((item: { type: string; uri?: string }) => item.type === 'resource_link' && item.uri?.endsWith('/pages/index.html'))).toBe(true);
  });

  it('serves each page as an MCP resource too', async () => {
    const response = await pageOf(built.membership_id, 'm1-l2');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Wedge before you throw');
  });

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('has zero errors on every hosted page, hostile input included', async () => {
      const documents: Record<string, string> = {};
      for (const page of built.site.pages) documents[`hosted-${page.page}`] = await (await fetch(page.url)).text();
      for (const page of hostile.site.pages) documents[`hostile-${page.page}`] = await (await fetch(page.url)).text();
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

    it('passes axe, fits 375 and 1280 px and fetches nothing else, on every page', async () => {
      for (const page of [...built.site.pages, ...hostile.site.pages]) {
        const report = await inspectPage(browser, page.url);
        expectCleanPage(report, page.url, { consoleErrors: false });
      }
    }, 60_000);

    it('signs a member in end to end: link, cookie, unlocked lessons, progress, sign out', async () => {
      const granted = await json(await post('/membership/members', { membership_id: built.membership_id, action: 'grant', email: 'ana@example.com' }));
      const context = await browser.newContext();
      const tab = await context.newPage();
      // A visitor sees previews only and the sign-in form.
      await tab.goto(built.site.preview_url);
      expect(await tab.locator('.mark-members_only').count()).toBe(3);
      await tab.fill('input[name=email]', 'ana@example.com');
      await tab.click('text=Email me a sign-in link');
      expect(await tab.textContent('h1')).toBe('Check your inbox');
      // The owner's link (no SMTP here) opens a page whose button signs her in.
      await tab.goto(granted.sign_in_link.url);
      expect(await tab.textContent('h1')).toBe('Sign in');
      expect(await context.cookies()).toEqual([]);
      await tab.click('button:has-text("Sign in")');
      expect(tab.url()).toBe(built.site.preview_url);
      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({ name: 'ao_member', httpOnly: true, sameSite: 'Lax', path: `/m/${built.membership_id}` });
      // What a member sees passes the same bar as what a visitor sees: the index with her marks, an open lesson.
      for (const url of [built.site.preview_url, `${built.site.preview_url}/lessons/m1-l2`]) {
        const report = await inspectPage(browser, url, { cookies: [cookie!] });
        expectCleanPage(report, url, { consoleErrors: false });
      }
      expect(await tab.textContent('.account p')).toBe('Signed in as ana@example.com.');
      expect(await tab.locator('.mark-locked').count()).toBe(2);
      expect(await tab.textContent('.lesson-item:has-text("Centering the wheel") .small')).toMatch(/^Opens on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
      await tab.click('text=Wedging clay');
      expect(await tab.textContent('.exercises')).toContain('Wedge 1 kg of clay');
      await tab.click('text=Mark as done');
      expect(await tab.textContent('.mark-done')).toBe('Done');
      await tab.click('text=All lessons');
      expect(await tab.textContent('.progress-line')).toContain('1 of 4 lessons done');
      await tab.click('text=Sign out');
      expect(await tab.locator('input[name=email]').count()).toBe(1);
      await context.close();
    }, 60_000);
  });
  if (!browserAvailable) console.warn(browserSkipReason);
});
