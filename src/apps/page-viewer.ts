import { viewUris } from '../kernel/views.js';
import { appMimeType, appsProtocolVersion, type UiResourceContents, type UiResourceListing, type UiResourceMeta } from './protocol.js';

/**
 * The MCP App that shows a generated page inside the conversation. The view is static: it does
 * the Apps handshake over postMessage, waits for the tool result and shows the page it carries in
 * `structuredContent.html` (a site's: `structuredContent.site.html`), or the result's text when there is none (an error, a job handle).
 *
 * The page goes into a nested `<iframe sandbox="allow-scripts allow-forms" srcdoc>`:
 * - srcdoc fetches nothing, so it needs no `frameDomains`: frame-src (`'none'` when none are
 *   declared) governs what a frame loads from a URL, and Chromium loads srcdoc under it. Nor does
 *   it depend on a host honouring frameDomains, which Claude does not (anthropics/claude-ai-mcp#40).
 * - A srcdoc document inherits the view's policy, which the host built from our `_meta.ui.csp`,
 *   so the host's own rules hold for the page too.
 * - Without allow-same-origin the page's origin is opaque: its scripts cannot reach the view or
 *   speak the protocol as the view. (Writing the page over the view with document.write would
 *   have handed them the host bridge and erased the view's listeners.)
 * - allow-forms keeps the form working where the host's sandbox allows forms: the page's script
 *   posts it in the background to this service, the origin in connectDomains. No popups, no top
 *   navigation.
 * The view cannot measure an opaque page, so a small script appended to it posts its height up
 * (and hands over clicks on links); the view reports its own size with `ui/notifications/size-changed`.
 * Nothing from the result is parsed as HTML in the view or evaluated: text goes through
 * textContent, the page only into srcdoc.
 */

export const pageViewerUri = viewUris.page;

/**
 * Appended to the page. It posts the document's height to the view whenever it changes. It
 * keeps in-page links in the page: a srcdoc document resolves `#id` against the view's URL, so
 * the browser would leave the page for the view's address. And it hands a click on a link that
 * leaves the page to the view, which asks the host to open it (`ui/open-link`), since the host's
 * frame-src blocks the frame from going there.
 */
const pageHelper = `(function () {
  var last = -1;
  function report() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) { last = height; parent.postMessage({ type: 'ao-page-height', height: height }, '*'); }
  }
  new ResizeObserver(report).observe(document.documentElement);
  report();
  document.addEventListener('click', function (event) {
    var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
    if (!link || event.defaultPrevented) return;
    var href = link.getAttribute('href').trim();
    if (href.charAt(0) === '#') {
      event.preventDefault();
      var target = null;
      try { target = document.getElementById(decodeURIComponent(href.slice(1))); } catch (_) {}
      if (target) { target.scrollIntoView(); if (target.tabIndex < 0) target.setAttribute('tabindex', '-1'); target.focus({ preventScroll: true }); }
    } else if (/^(https?|mailto):/i.test(href)) {
      event.preventDefault();
      parent.postMessage({ type: 'ao-open-link', url: link.href }, '*');
    }
  });
})();`;

const viewerScript = `(function () {
  'use strict';
  var host = window.parent;
  var main = document.getElementById('main');
  var statusLine = document.getElementById('status');
  var pageFrame = null;
  var fixedHeight = false;
  var openLinks = false;
  var nextId = 1;
  var pending = Object.create(null);
  var maxPageHeight = 20000;
  var helper = '<script>' + ${JSON.stringify(pageHelper)} + '</' + 'script>';

  function send(message) {
    message.jsonrpc = '2.0';
    // The host's origin is not known inside its sandbox; nothing sent here is secret.
    host.postMessage(message, '*');
  }
  function request(method, params, then) {
    var id = nextId++;
    pending[id] = then;
    send({ id: id, method: method, params: params });
  }
  function notify(method, params) {
    send({ method: method, params: params });
  }

  function showText(text) {
    if (pageFrame) {
      pageFrame.remove();
      pageFrame = null;
    }
    statusLine.textContent = text;
    statusLine.hidden = false;
  }

  // An error's text is the API's JSON envelope: its message reads better than the JSON.
  function readable(text) {
    try {
      var parsed = JSON.parse(text);
      if (parsed && parsed.error && typeof parsed.error.message === 'string') return parsed.error.message;
    } catch (_) {}
    return text.length > 2000 ? text.slice(0, 2000) + '\\u2026' : text;
  }

  function textOf(result) {
    var items = Array.isArray(result.content) ? result.content : [];
    for (var i = 0; i < items.length; i++) {
      if (items[i] && items[i].type === 'text' && typeof items[i].text === 'string') return readable(items[i].text);
    }
    return result.isError ? 'The call failed.' : 'This result has no page to show.';
  }

  function withHelper(html) {
    var end = html.toLowerCase().lastIndexOf('</body>');
    return end < 0 ? html + helper : html.slice(0, end) + helper + html.slice(end);
  }

  function showPage(html, title) {
    var frame = document.createElement('iframe');
    frame.className = 'page';
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.setAttribute('title', title ? 'Generated page: ' + title : 'Generated page');
    frame.srcdoc = withHelper(html);
    if (pageFrame) pageFrame.replaceWith(frame);
    else main.appendChild(frame);
    pageFrame = frame;
    statusLine.hidden = true;
  }

  function showResult(result) {
    if (!result || typeof result !== 'object') return showText('This result has no page to show.');
    var content = result.structuredContent;
    // A page tool's page is its html; a site's (a directory) is its site.html.
    var html = content && (typeof content.html === 'string' ? content.html : content.site && typeof content.site.html === 'string' ? content.site.html : null);
    if (!result.isError && typeof html === 'string') {
      var title = content.meta && typeof content.meta.title === 'string' ? content.meta.title : '';
      return showPage(html, title);
    }
    showText(textOf(result));
  }

  function applyContext(context) {
    if (!context || typeof context !== 'object') return;
    var root = document.documentElement;
    if (context.theme === 'light' || context.theme === 'dark') root.style.colorScheme = context.theme;
    var variables = context.styles && context.styles.variables;
    if (variables && typeof variables === 'object') {
      Object.keys(variables).forEach(function (name) {
        if (/^--[a-z0-9-]+$/.test(name) && typeof variables[name] === 'string') root.style.setProperty(name, variables[name]);
      });
    }
    var dimensions = context.containerDimensions;
    if (dimensions && typeof dimensions === 'object') {
      // A fixed height is the host's: the page fills it and scrolls inside.
      fixedHeight = typeof dimensions.height === 'number';
      root.classList.toggle('fixed', fixedHeight);
      if (fixedHeight && pageFrame) pageFrame.style.height = '';
    }
  }

  // All the view takes from the page, whoever wrote its scripts: a height (capped) and a link to open (the host decides).
  function onPageMessage(data) {
    if (!data || typeof data !== 'object') return;
    if (data.type === 'ao-page-height' && !fixedHeight && typeof data.height === 'number' && isFinite(data.height)) {
      pageFrame.style.height = Math.min(Math.max(Math.ceil(data.height), 0), maxPageHeight) + 'px';
    } else if (data.type === 'ao-open-link' && openLinks && typeof data.url === 'string' && /^(https?|mailto):/i.test(data.url)) {
      request('ui/open-link', { url: data.url }, function () {});
    }
  }

  function reportSize() {
    var last = '';
    function report() {
      var width = Math.ceil(window.innerWidth);
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (width + 'x' + height === last) return;
      last = width + 'x' + height;
      notify('ui/notifications/size-changed', { width: width, height: height });
    }
    new ResizeObserver(report).observe(document.documentElement);
    report();
  }

  window.addEventListener('message', function (event) {
    if (pageFrame && event.source === pageFrame.contentWindow) return onPageMessage(event.data);
    // Only the host (or its sandbox proxy) speaks the protocol: not the page, not another frame.
    if (event.source !== host) return;
    var message = event.data;
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      var then = pending[message.id];
      if (!then) return;
      delete pending[message.id];
      return then(message.result, message.error);
    }
    switch (message.method) {
      case 'ui/notifications/tool-result':
        return showResult(message.params);
      case 'ui/notifications/tool-cancelled':
        if (!pageFrame) showText('The call was cancelled.');
        return;
      case 'ui/notifications/host-context-changed':
        return applyContext(message.params);
      case 'ui/resource-teardown':
      case 'ping':
        if (message.id !== undefined) send({ id: message.id, result: {} });
        return;
      default:
        if (message.id !== undefined) send({ id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
  });

  request(
    'ui/initialize',
    { appInfo: { name: 'agent-outcomes-page-viewer', version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline'] }, protocolVersion: ${JSON.stringify(appsProtocolVersion)} },
    function (result, error) {
      if (error || !result) return showText('This host did not start the page viewer.');
      openLinks = Boolean(result.hostCapabilities && result.hostCapabilities.openLinks);
      applyContext(result.hostContext);
      notify('ui/notifications/initialized', {});
      reportSize();
    },
  );
})();`;

const viewerStyle =
  'html,body{margin:0}' +
  'body{font:14px/1.5 var(--font-sans,system-ui,sans-serif);color:var(--color-text-primary,CanvasText)}' +
  '.status{margin:0;padding:12px 16px;white-space:pre-wrap;overflow-wrap:anywhere}' +
  '.page{display:block;width:100%;height:600px;border:0}' +
  'html.fixed,html.fixed body,html.fixed main,html.fixed .page{height:100%}';

/** The view: one static document, its style and script inline, nothing fetched. */
export const pageViewerHtml =
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Page viewer</title><style>${viewerStyle}</style></head>` +
  `<body><main id="main"><p id="status" class="status" role="status">Waiting for the page…</p></main><script>${viewerScript}</script></body></html>`;

/**
 * The view's `_meta.ui`: the only origin it needs is this service's, for the page's form posts
 * (`${baseUrl}/f/…`, a background fetch). Pages are self-contained, so no resourceDomains: a
 * logo hosted elsewhere stays blocked inside the viewer (its alt text shows). No frameDomains
 * (srcdoc), no baseUriDomains (no <base>), no permissions.
 */
export function pageViewerMeta(baseUrl: string): { ui: UiResourceMeta } {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The page viewer needs an http(s) base URL, not ${baseUrl}`);
  return { ui: { csp: { connectDomains: [url.origin] }, prefersBorder: true } };
}

const name = 'page_viewer';
const title = 'Page viewer';
const description = "Shows the page a tool generated (its result's structuredContent.html, or a site's structuredContent.site.html) inside the conversation.";

/** The `resources/list` entry (hosts may also find the view only through the tools' `_meta`). */
export function pageViewerResource(baseUrl: string): UiResourceListing {
  return { uri: pageViewerUri, name, title, description, mimeType: appMimeType, _meta: pageViewerMeta(baseUrl) };
}

/** The one item of the `resources/read` result's `contents` for pageViewerUri. */
export function pageViewerContents(baseUrl: string): UiResourceContents {
  return { uri: pageViewerUri, mimeType: appMimeType, text: pageViewerHtml, _meta: pageViewerMeta(baseUrl) };
}
