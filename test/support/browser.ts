/**
 * Checks a page in a real browser (Debian's Chromium driven by playwright-core):
 * axe-core accessibility violations, horizontal overflow per viewport, requests to
 * other origins, console errors, uncaught exceptions and dialogs.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { expect } from 'vitest';

export const chromiumPath: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export const browserAvailable: boolean = isExecutableFile(chromiumPath);

export const browserSkipReason: string = browserAvailable ? '' : `Skipping the browser tests: Chromium is not installed at ${chromiumPath} (apt-get install chromium).`;

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'];

/** Launching costs a few hundred ms: open one browser per test file and close it in afterAll. */
export async function openBrowser(): Promise<Browser> {
  if (!browserAvailable) throw new Error(browserSkipReason);
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs });
}

export interface Viewport {
  width: number;
  height: number;
}

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical' | null;

export interface Violation {
  id: string;
  impact: Impact;
  help: string;
  /** One entry per failing element: its selector, then its HTML. */
  nodes: string[];
}

export interface Overflow {
  /** window.innerWidth at this viewport. */
  width: number;
  scrollWidth: number;
  /** Up to 5 elements sticking out to the right, as tag#id.class; empty when nothing overflows. */
  offenders: string[];
}

export interface PageReport {
  violations: Violation[];
  /** One per viewport, in the order asked for. */
  overflow: Overflow[];
  /** Requests to origins that are not allowed (they are blocked, so the check stays offline). */
  externalRequests: string[];
  consoleErrors: string[];
  dialogs: string[];
  pageErrors: string[];
}

export interface InspectOptions {
  /** Default: a phone (375×812) and a laptop (1280×800). */
  viewports?: Viewport[];
  /** Origins whose requests are not external. Default: the page's own origin. */
  allowedOrigins?: string[];
  /** Run axe-core. Default true. */
  axe?: boolean;
  /** Cookies the page is opened with (a signed-in member's session). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
}

const defaultViewports: Viewport[] = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** Scroll width may exceed the viewport by subpixel rounding; one pixel is not a layout bug. */
const overflowTolerance = 1;

export const overflowsOf = (overflow: Overflow[]): Overflow[] => overflow.filter((o) => o.scrollWidth > o.width + overflowTolerance);

export const seriousOf = (violations: Violation[]): Violation[] => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Each violation with its failing elements, for assertion messages. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.id} (${v.impact ?? 'no impact'}): ${v.help}${v.nodes.map((n) => `\n    ${n}`).join('')}`).join('\n');
}

/** Also for assertion messages: the viewports that overflow and what sticks out. */
export function describeOverflow(overflow: Overflow[]): string {
  return overflowsOf(overflow)
    .map((o) => `at ${o.width}px the page is ${o.scrollWidth}px wide: ${o.offenders.join(', ')}`)
    .join('\n');
}

const requireHere = createRequire(import.meta.url);
let axeSource: string | undefined;
const readAxeSource = () => (axeSource ??= fs.readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8'));

/** The little of the DOM the in-page functions use (tsconfig has no DOM lib). */
interface PageGlobals {
  innerWidth: number;
  document: {
    documentElement: { scrollWidth: number };
    querySelectorAll(selector: string): Iterable<PageElement>;
  };
  axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
}
interface PageElement {
  localName: string;
  id: string;
  classList: Iterable<string>;
  getBoundingClientRect(): { right: number };
}

/**
 * Runs in the page (serialised by Playwright, so self-contained: no helpers, no imports).
 * Lists the offenders only when the page overflows; clipped children of an
 * overflow:auto container stick out too but are not a problem.
 */
function measureOverflow(tolerance: number): Overflow {
  const { document, innerWidth } = globalThis as unknown as PageGlobals;
  const scrollWidth = document.documentElement.scrollWidth;
  const offenders: string[] = [];
  if (scrollWidth > innerWidth + tolerance) {
    for (const el of document.querySelectorAll('body, body *')) {
      if (offenders.length === 5) break;
      if (el.getBoundingClientRect().right <= innerWidth + tolerance) continue;
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      offenders.push(`${el.localName}${el.id ? `#${el.id}` : ''}${classes}`);
    }
  }
  return { width: innerWidth, scrollWidth, offenders };
}

async function measureViewports(page: Page, viewports: Viewport[]): Promise<Overflow[]> {
  const overflow: Overflow[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    overflow.push(await page.evaluate(measureOverflow, overflowTolerance));
  }
  return overflow;
}

const shortHtml = (html: string) => (html.length > 200 ? `${html.slice(0, 200)}…` : html);

async function runAxe(page: Page): Promise<Violation[]> {
  // page.evaluate goes through CDP, which a strict Content-Security-Policy does not block (addScriptTag would be).
  await page.evaluate(`${readAxeSource()}\n;undefined`);
  const results = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).axe.run((globalThis as unknown as PageGlobals).document, {
      resultTypes: ['violations'],
    }),
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    // A target is a selector, or a chain of them when the element is inside a frame or shadow root.
    nodes: v.nodes.map((n) => `${n.target.map((t) => [t].flat().join(' >>> ')).join(', ')}: ${shortHtml(n.html)}`),
  }));
}

/** data: and about: URLs never leave the page; everything else is judged by its origin. */
function isExternal(url: URL, allowedOrigins: string[]): boolean {
  if (url.protocol === 'data:' || url.protocol === 'about:') return false;
  return !allowedOrigins.includes(url.origin);
}

/** Loads the page in a fresh context and reports on it; external requests are recorded and blocked. */
export async function inspectPage(browser: Browser, url: string, options: InspectOptions = {}): Promise<PageReport> {
  const viewports = options.viewports ?? defaultViewports;
  const allowedOrigins = options.allowedOrigins ?? [new URL(url).origin];
  const report: PageReport = {
    violations: [],
    overflow: [],
    externalRequests: [],
    consoleErrors: [],
    dialogs: [],
    pageErrors: [],
  };
  const context = await browser.newContext({ viewport: viewports[0] ?? null });
  if (options.cookies?.length) await context.addCookies(options.cookies);
  try {
    // Fail well inside the test timeout, with Playwright's message rather than vitest's.
    context.setDefaultTimeout(15_000);
    await context.route(
      (requestUrl) => isExternal(requestUrl, allowedOrigins),
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    page.on('request', (request) => {
      const requestUrl = request.url();
      if (isExternal(new URL(requestUrl), allowedOrigins) && !report.externalRequests.includes(requestUrl)) {
        report.externalRequests.push(requestUrl);
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') report.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => report.pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      report.dialogs.push(dialog.message());
      // A dialog left open blocks the page; it may already be gone when the page navigates away.
      dialog.dismiss().catch(() => {});
    });
    await page.goto(url, { waitUntil: 'load' });
    report.overflow = await measureViewports(page, viewports);
    if (options.axe ?? true) report.violations = await runAxe(page);
    return report;
  } finally {
    await context.close();
  }
}

/** Serves the document at / (anything else is 404) on a free loopback port while `use` runs. */
async function withServedHtml<T>(html: string, headers: Record<string, string>, use: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await use(`http://127.0.0.1:${port}/`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** inspectPage for a document held in memory, served with optional extra response headers (e.g. a CSP). */
export async function inspectHtml(browser: Browser, html: string, options: InspectOptions & { headers?: Record<string, string> } = {}): Promise<PageReport> {
  const { headers = {}, ...inspectOptions } = options;
  return withServedHtml(html, headers, (url) => inspectPage(browser, url, inspectOptions));
}

/**
 * The generated pages' bar, for one inspected page: no serious or critical axe violation, no
 * overflow at any viewport, no request to another origin, no uncaught error or dialog, and
 * (unless `consoleErrors: false`) nothing logged as an error. `label` names the page in failures.
 */
export function expectCleanPage(report: PageReport, label: string, options: { consoleErrors?: boolean } = {}): void {
  expect(seriousOf(report.violations), `${label}: ${describeViolations(seriousOf(report.violations))}`).toEqual([]);
  expect(overflowsOf(report.overflow), `${label}: ${describeOverflow(report.overflow)}`).toEqual([]);
  expect(report.externalRequests, label).toEqual([]);
  expect([...(options.consoleErrors === false ? [] : report.consoleErrors), ...report.pageErrors, ...report.dialogs], label).toEqual([]);
}
