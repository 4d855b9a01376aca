import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { json, startPlannedApp, tempDir, type StartedApp } from '../helpers.js';
import { browserAvailable, browserSkipReason, expectCleanPage, inspectPage, openBrowser } from '../support/browser.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';
import { cafesCsv, manyListings } from './fixtures.js';

const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'><svg onload=alert(3)>';

describe('the directory site', () => {
  let app: StartedApp;
  let built: any;
  let hostile: any;
  let big: any;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const listingUrl = (directory: any, index = 0) => directory.listings.items[index].url as string;

  beforeAll(async () => {
    app = await startPlannedApp();
    built = await json(await post('/directory/build', { prompt: 'Vegan places in Lisbon', listings: cafesCsv, monetization: { currency: 'EUR', featured_price: 29 } }));
    hostile = await json(
      await post('/directory/build', {
        prompt: xss,
        description: xss,
        listings: [
          { name: xss, category: xss, location: xss, description: `${xss}\n\n${xss}`, website: 'javascript:alert(1)' },
          { name: `${xss} two`, category: 'Cafe', location: 'x', description: xss, website: 'https://ok.example/?q="><script>alert(4)</script>' },
        ],
        brand: { name: xss },
      }),
    );
    big = await json(await post('/directory/build', { prompt: 'Vegan places in Lisbon, all of them', listings: manyListings(1000) }));
  }, 60_000);
  afterAll(() => app.close());

  it('shows hostile text as text on every page, and links only http(s)', async () => {
    expect(hostile.meta.rejected).toEqual([{ row: 1, name: xss.slice(0, 200), reasons: ['website: must be an http(s) URL'] }]);
    const pages = await Promise.all([hostile.site.preview_url, `${hostile.site.preview_url}?q=${encodeURIComponent(xss)}`, listingUrl(hostile)].map(async (url: string) => (await fetch(url)).text()));
    for (const html of pages) {
      expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload|href="javascript:/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('keeps a 1,000-listing directory within the page budget, paged without JavaScript', async () => {
    expect(big.listings.total).toBe(1000);
    expect(big.meta.bytes).toBeLessThanOrEqual(60 * 1024);
    const second = await (await fetch(`${big.site.preview_url}?category=Bakery&page=2`)).text();
    expect(second).toContain('125 listings match. Showing the first 30.');
    expect(second).toContain('Previous page');
    expect([...second.matchAll(/class="card listing/g)]).toHaveLength(30);
  });

  it('zips a static site that searches from file:// with nothing fetched from elsewhere', async () => {
    // Made on the first download, not at build: most versions are never downloaded.
    const fileId = new URL(built.site.zip_url).pathname.split('/').pop() ?? '';
    const stored = () => app.store.db.selectFrom('files').select(['maker', 'bytes']).where('id', '=', fileId).executeTakeFirstOrThrow();
    const before = await stored();
    expect([before.maker, before.bytes.length]).toEqual(['directory.site_zip', 0]);
    const zip = await app.api(new URL(built.site.zip_url).pathname);
    expect(zip.status).toBe(200);
    expect((await stored()).maker).toBeNull();
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'assets/index-data.js',
      'assets/index.json',
      'assets/style.css',
      'index.html',
      ...built.listings.items.map((item: any) => `l/${item.listing_id}.html`).sort(),
    ]);
    const index = strFromU8(files['index.html'] as Uint8Array);
    expect(index).toContain('<script src="assets/index-data.js"></script>');
    expect(index).toContain('href="l/');
    expect(JSON.parse(strFromU8(files['assets/index.json'] as Uint8Array)).index.documentCount).toBe(4);
    const dir = tempDir('ao-directory-zip-');
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), bytes);
    }
    if (!browserAvailable) return;
    const browser = await openBrowser();
    try {
      const tab = await browser.newPage();
      const external: string[] = [];
      tab.on('request', (request) => {
        if (!request.url().startsWith('file:')) external.push(request.url());
      });
      await tab.goto(pathToFileURL(path.join(dir, 'index.html')).href);
      await tab.waitForSelector('#dir-search[data-ready="true"]');
      await tab.fill('#q', 'tofu');
      await tab.waitForFunction(() => (globalThis as any).document.querySelectorAll('#results li').length === 1);
      await tab.click('#results li a');
      expect(await tab.textContent('h1')).toBe('Tofu House');
      expect(external).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('has zero errors on every page, hostile input, empty and big directories included', async () => {
      const empty = await json(await post('/directory/build', { prompt: 'Dog groomers in Porto' }));
      const documents: Record<string, string> = {};
      const urls = {
        index: built.site.preview_url,
        search: `${built.site.preview_url}?q=tofu&category=Restaurant`,
        none: `${built.site.preview_url}?q=zzzz`,
        listing: listingUrl(built),
        hostile: hostile.site.preview_url,
        'hostile-listing': listingUrl(hostile),
        empty: empty.site.preview_url,
        big: `${big.site.preview_url}?page=2`,
      };
      for (const [name, url] of Object.entries(urls)) documents[name] = await (await fetch(url)).text();
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
      for (const url of [built.site.preview_url, listingUrl(built), hostile.site.preview_url, listingUrl(hostile), big.site.preview_url]) {
        const report = await inspectPage(browser, url);
        expectCleanPage(report, url, { consoleErrors: false });
      }
    }, 60_000);

    it('searches as you type and filters in the browser, with the server’s results', async () => {
      const tab = await browser.newPage();
      try {
        await tab.goto(big.site.preview_url);
        await tab.waitForSelector('#dir-search[data-ready="true"]');
        expect(await tab.textContent('#results-status')).toBe('1000 listings. Showing the first 30.');
        // Browsing without a query reaches past the first 30, and still reads as the whole list.
        await tab.getByRole('button', { name: 'Show more' }).click();
        expect(await tab.locator('#results li').count()).toBe(60);
        expect(await tab.textContent('#results-status')).toBe('1000 listings. Showing the first 60.');
        await tab.fill('#q', 'falafel');
        await tab.waitForFunction(() => (globalThis as any).document.getElementById('results-status')?.textContent?.startsWith('200 listings match'));
        await tab.selectOption('#filter-category', 'Bakery');
        await tab.waitForFunction(() => (globalThis as any).document.getElementById('results-status')?.textContent === '25 listings match.');
        // All 25 are shown: no "Show more" (the hidden attribute wins over the button's own display).
        expect(await tab.getByRole('button', { name: 'Show more' }).isVisible()).toBe(false);
        const shown = await tab.locator('#results li h3').allTextContents();
        const server = await (await fetch(`${big.site.preview_url}?q=falafel&category=Bakery`)).text();
        const serverNames = [...server.matchAll(/<h3><a href="[^"]*">([^<]*)<\/a><\/h3>/g)].map((match) => match[1]);
        expect(shown).toEqual(serverNames);
        expect(shown.every((name) => name.endsWith('Bakery'))).toBe(true);
        // Typo-tolerant (one letter wrong in seven): the same index, the same options. The status reads as before, so wait for the list to be
        // drawn anew (a marked item gone) before clicking, or the click may land on an item as it is replaced.
        await tab
          .locator('#results li')
          .first()
          .evaluate((item) => item.setAttribute('data-stale', ''));
        await tab.fill('#q', 'falefel');
        await tab.waitForFunction(() => !(globalThis as any).document.querySelector('#results li[data-stale]'));
        expect(await tab.textContent('#results-status')).toBe('25 listings match.');
        await tab.locator('#results li a').first().click();
        await tab.waitForSelector('#listing-title');
        expect(await tab.textContent('#listing-title')).toMatch(/Bakery$/);
      } finally {
        await tab.close();
      }
    }, 60_000);

    it('submits a listing through the form without JavaScript help', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const tab = await context.newPage();
      try {
        await tab.goto(`${built.site.preview_url}?q=tofu`);
        expect(await tab.locator('#results li').count()).toBe(1);
        await tab.fill('#submit-field-name', 'Kale Club');
        await tab.selectOption('#submit-field-category', 'Cafe');
        await tab.click('text=Submit listing');
        expect(await tab.textContent('h1')).toBe('Thank you!');
      } finally {
        await context.close();
      }
      const pending = await json(await post('/directory/submissions', { directory_id: built.directory_id }));
      expect(pending.submissions.map((entry: any) => entry.listing.name)).toEqual(['Kale Club']);
    }, 60_000);
  });
  if (!browserAvailable) console.warn(browserSkipReason);
});
