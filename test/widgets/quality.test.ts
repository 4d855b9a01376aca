import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { wcagContrast } from 'culori';
import { startApp, json } from '../helpers.js';
import { widgetKinds } from '../../tools/widgets/schema.js';
import { browserAvailable, browserSkipReason, expectCleanPage, inspectHtml, inspectPage, openBrowser } from '../support/browser.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

type Started = Awaited<ReturnType<typeof startApp>>;

/** One widget of every kind, with a brand whose colours fail contrast (so adjustment is exercised everywhere). */
async function generateAll(app: Started) {
  const widgets: Record<string, any> = {};
  for (const kind of widgetKinds) {
    const response = await app.api('/api/agents/widgets/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'A page for Paws & Co, a dog grooming business in Austin: Basic $29, Deluxe $59, Spa day $89',
        kind,
        brand: { name: 'Paws & Co', colors: { primary: '#ffd54f', accent: '#fff59d' }, tone: 'friendly' },
        content: { contact_email: 'hello@paws.example', deadline: '2027-03-01T09:00:00Z' },
      }),
    });
    expect(response.status, kind).toBe(200);
    widgets[kind] = await json(response);
  }
  return widgets;
}

describe('every widget kind', () => {
  let app: Started;
  let widgets: Record<string, any>;
  beforeAll(async () => {
    app = await startApp();
    widgets = await generateAll(app);
  });
  afterAll(() => app.close());

  it('is small, self-contained and reports the contrast adjustments it made', () => {
    for (const [kind, widget] of Object.entries(widgets)) {
      expect(widget.meta.bytes.html, kind).toBeLessThanOrEqual(60 * 1024);
      expect(Buffer.byteLength(widget.html), kind).toBe(widget.meta.bytes.html);
      // Nothing is fetched: no external stylesheet, script, font or image (no logo was given).
      expect(widget.html, kind).not.toMatch(/<link\b|<script\b[^>]*\bsrc=|@import|url\(|<img\b|<iframe\b/i);
      // Yellow (#ffd54f) cannot carry white text: dark text is chosen instead, and every pair passes.
      for (const check of widget.theme.contrast) expect(check.ratio, `${kind} ${check.pair}`).toBeGreaterThanOrEqual(check.required);
      const { colors } = widget.theme;
      expect(wcagContrast(colors.on_primary, colors.primary)).toBeGreaterThanOrEqual(4.5);
      expect(wcagContrast(colors.link, colors.background)).toBeGreaterThanOrEqual(4.5);
      expect(widget.meta.adjustments.join(' '), kind).toMatch(/Links and focus rings use #[0-9a-f]{6}/);
      expect(widget.meta.adjustments.join(' '), kind).toMatch(/accent colour #fff59d became #[0-9a-f]{6} to reach 3:1/);
    }
  });

  it('gives forms to the kinds that collect something, posting to this service', () => {
    for (const kind of ['landing', 'waitlist', 'newsletter', 'contact', 'booking', 'lead_capture']) {
      const widget = widgets[kind];
      expect(widget.meta.form, kind).not.toBeNull();
      expect(widget.html).toContain(`action="${app.url}/f/${widget.widget_id}?v=1&amp;s=`);
      expect(widget.html).toMatch(/<input id="[a-z-]+-trap" name="_hp" type="text" tabindex="-1" autocomplete="off">/);
    }
    expect(widgets.waitlist.meta.form.fields).toContain('email');
    expect(widgets.booking.meta.form.fields).toEqual(['name', 'email', 'phone', 'service', 'date', 'time', 'notes']);
    for (const kind of ['pricing', 'faq', 'testimonials', 'countdown', 'hero']) expect(widgets[kind].meta.form, kind).toBeNull();
    // FAQ answers need no script: <details>.
    expect(widgets.faq.html).toMatch(/<details( open)?><summary>/);
    expect(widgets.faq.html).not.toContain('<script');
  });

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('has zero errors in every page and every embed', async () => {
      const documents: Record<string, string> = {};
      for (const [kind, widget] of Object.entries(widgets)) {
        documents[kind] = widget.html;
        documents[`${kind}-embed`] = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main><h1>Host page</h1>${widget.embed}</main></body></html>`;
      }
      await expectValidHtml(documents);
    });
  });
  if (!vnuAvailable) console.warn(vnuSkipReason);

  describe.skipIf(!browserAvailable)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser();
    });
    afterAll(() => browser?.close());

    it('previews every kind under its CSP with no serious axe violation, no overflow at 375 and 1280 px, no external request, no error', async () => {
      for (const [kind, widget] of Object.entries(widgets)) {
        const report = await inspectPage(browser, widget.preview_url);
        expectCleanPage(report, kind);
      }
    }, 60_000);

    it('isolates the embed from the host page styles both ways', async () => {
      const widget = widgets.waitlist;
      const host = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title><style>*{color:#ff0000 !important;font-family:serif !important} h1{font-size:90px} .btn{background:#00ff00}</style></head><body><main><h1 id="host-title">Host</h1>${widget.embed}<p class="btn" id="host-btn">host</p></main></body></html>`;
      const report = await inspectHtml(browser, host);
      expect([...report.consoleErrors, ...report.pageErrors]).toEqual([]);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent(host);
      const styles = await page.evaluate(`(() => {
        const root = document.querySelector('.ao-embed').shadowRoot;
        const heading = root.querySelector('h1, h2');
        const button = root.querySelector('.btn');
        return {
          hasShadow: !!root,
          headingColor: getComputedStyle(heading).color,
          headingFont: getComputedStyle(heading).fontFamily,
          buttonBackground: getComputedStyle(button).backgroundColor,
          hostButtonBackground: getComputedStyle(document.getElementById('host-btn')).backgroundColor,
          hostTitleSize: getComputedStyle(document.getElementById('host-title')).fontSize,
        };
      })()`);
      await context.close();
      const s = styles as Record<string, string | boolean>;
      expect(s.hasShadow).toBe(true);
      expect(s.headingColor).not.toBe('rgb(255, 0, 0)');
      expect(s.headingFont).not.toBe('serif');
      expect(s.buttonBackground).not.toBe('rgb(0, 255, 0)');
      // The widget's .btn rule does not leak out to the host's element of the same class.
      expect(s.hostButtonBackground).toBe('rgb(0, 255, 0)');
      expect(s.hostTitleSize).toBe('90px');
    });
  });
  if (!browserAvailable) console.warn(browserSkipReason);
});
