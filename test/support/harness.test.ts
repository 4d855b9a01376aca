/** The page-checking helpers must be able to fail, or the tests built on them prove nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeMessages, errorsOf, validateHtml, vnuAvailable, vnuSkipReason } from './vnu.js';
import { browserAvailable, browserSkipReason, describeViolations, inspectHtml, openBrowser, overflowsOf, seriousOf } from './browser.js';

if (!vnuAvailable) console.warn(vnuSkipReason);
if (!browserAvailable) console.warn(browserSkipReason);

/** A small valid, accessible page around `body`. */
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body><main><h1>Test</h1>${body}</main></body></html>`;

describe.skipIf(!vnuAvailable)('validateHtml (vnu)', () => {
  it('passes a valid document and flags invalid ones, in one run', async () => {
    const results = await validateHtml({
      valid: page('<p>Fine.</p>'),
      'unclosed span': page('<div><span>unclosed</div>'),
      'duplicate id': page('<p id="a">one</p><p id="a">two</p>'),
    });
    expect(errorsOf(results.valid!), describeMessages(results.valid!)).toEqual([]);
    expect(describeMessages(errorsOf(results['unclosed span']!))).toMatch(/End tag “div” seen, but there were open elements/);
    expect(describeMessages(errorsOf(results['duplicate id']!))).toMatch(/1:\d+ error: Duplicate ID “a”/);
  });
});

describe.skipIf(!browserAvailable)('inspectHtml (Chromium + axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports nothing on a clean page', async () => {
    const report = await inspectHtml(browser, page('<p>Fine.</p>'));
    expect(report).toMatchObject({ externalRequests: [], consoleErrors: [], dialogs: [], pageErrors: [] });
    expect(seriousOf(report.violations), describeViolations(report.violations)).toEqual([]);
    expect(report.overflow.map((o) => o.width)).toEqual([375, 1280]);
    expect(overflowsOf(report.overflow)).toEqual([]);
  });

  it('finds serious accessibility violations', async () => {
    const report = await inspectHtml(browser, page('<img src="data:,"><input>'));
    const ids = seriousOf(report.violations).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'label']));
    expect(describeViolations(report.violations)).toMatch(/image-alt \(critical\).*\n {4}img: <img/);
  });

  it('finds horizontal overflow and names the element', async () => {
    const report = await inspectHtml(browser, page('<div id="wide" class="x y" style="width: 2000px">wide</div>'), {
      viewports: [{ width: 375, height: 812 }],
      axe: false,
    });
    expect(overflowsOf(report.overflow)).toEqual([{ width: 375, scrollWidth: expect.any(Number), offenders: ['div#wide.x.y'] }]);
    expect(report.violations).toEqual([]);
  });

  it('records and blocks requests to other origins', async () => {
    const report = await inspectHtml(browser, page('<img alt="" src="http://example.invalid/x.png">'), { axe: false });
    expect(report.externalRequests).toEqual(['http://example.invalid/x.png']);
  });

  it('records dialogs, uncaught exceptions and console errors', async () => {
    const script = '<script>alert(1); console.error("logged"); throw new Error("thrown")</script>';
    const report = await inspectHtml(browser, page(script), { axe: false });
    expect(report).toMatchObject({ dialogs: ['1'], consoleErrors: ['logged'], pageErrors: ['thrown'] });
  });

  it('runs axe on a page whose Content-Security-Policy forbids every script', async () => {
    const headers = { 'content-security-policy': "default-src 'none'; script-src 'none'" };
    const report = await inspectHtml(browser, page('<img src="data:,">'), { headers, viewports: [] });
    expect(report.violations.map((v) => v.id)).toContain('image-alt');
    // The policy was in force: it blocked the image.
    expect(report.consoleErrors.join('\n')).toMatch(/violates the following Content Security Policy/);
  });
});
