import { createHash } from 'node:crypto';
import { OutcomeError } from '../kernel/errors.js';
import { cspOrigin, esc, safeHref } from './html.js';
import { chromeOf, renderSection, type Section } from './sections.js';
import { commerceImageUrls, commerceSectionTypes, renderCommerceSection, type CommerceSection } from './commerce.js';
import { courseSectionTypes, renderCourseSection, type CourseSection } from './lesson.js';
import { stylesheet } from './styles.js';
import type { Theme } from './theme.js';

/**
 * Whole pages from sections: a self-contained HTML document (one inline stylesheet, one small
 * script, nothing fetched), an embed snippet isolated in a declarative shadow root, and the
 * strict Content-Security-Policy this service serves them with.
 */

/** A section of any page: the widgets' kinds and the commerce ones (products, policies). */
export type PageSection = Section | CommerceSection | CourseSection;
const isCommerce = (section: PageSection): section is CommerceSection => (commerceSectionTypes as readonly string[]).includes(section.type);
const isCourse = (section: PageSection): section is CourseSection => (courseSectionTypes as readonly string[]).includes(section.type);

export interface PageSpec {
  title: string;
  description: string;
  /** BCP 47 language tag of the copy. */
  lang: string;
  theme: Theme;
  sections: readonly PageSection[];
  /** schema.org JSON-LD (a Product, an ItemList…): written as a data block, never run. */
  structuredData?: Record<string, unknown>;
  /**
   * Origins a form may end up at besides this service: browsers apply `form-action` to the
   * redirects after a post too, so a buy form this service sends on to a checkout needs them.
   */
  formRedirects?: readonly string[];
  /**
   * This service's own signed-in page (a member's lessons): served without `sandbox`, whose opaque
   * origin would make the page's own forms cross-site, so that its SameSite session cookie goes with them.
   */
  ownSession?: boolean;
  /** Where a form section posts (absolute URLs of one origin). */
  formAction: (sectionId: string) => string;
}

/**
 * Progressive enhancement, the same text for every page (so one CSP hash): forms are real
 * forms that work without it; with it they post in the background and say so inline, and
 * countdowns tick. In an embed it finds its shadow root through the element before it.
 */
const enhancement = `(function (root) {
  root.querySelectorAll('form.ao-form').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var status = form.querySelector('.form-status');
      var button = form.querySelector('button[type=submit]');
      button.disabled = true;
      status.textContent = form.getAttribute('data-sending');
      fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { Accept: 'application/json' } })
        .then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (data) {
            if (response.ok) { form.reset(); status.textContent = data.message || form.getAttribute('data-sent'); }
            else status.textContent = (data.error && data.error.message) || form.getAttribute('data-failed');
          });
        })
        .catch(function () { status.textContent = form.getAttribute('data-offline'); })
        .then(function () { button.disabled = false; });
    });
  });
  root.querySelectorAll('[data-deadline]').forEach(function (element) {
    var end = Date.parse(element.getAttribute('data-deadline'));
    var out = element.querySelector('.remaining');
    (function tick() {
      var seconds = Math.max(0, Math.floor((end - Date.now()) / 1000));
      if (!seconds) { out.textContent = element.getAttribute('data-ended'); return; }
      var days = Math.floor(seconds / 86400), hours = Math.floor((seconds % 86400) / 3600), minutes = Math.floor((seconds % 3600) / 60);
      out.textContent = element.getAttribute('data-left').replace('{d}', days).replace('{h}', hours).replace('{m}', minutes);
      setTimeout(tick, 60000 - (Date.now() % 60000));
    })();
  });
})((document.currentScript.previousElementSibling || {}).shadowRoot || document);`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const enhancementHash = sha256(enhancement);

const needsScript = (sections: readonly PageSection[]) => sections.some((section) => section.type === 'form' || section.type === 'countdown');

function body(spec: PageSpec): { header: string; main: string; footer: string } {
  let headingLevel: 1 | 2 = 1;
  const parts = { header: [] as string[], main: [] as string[], footer: [] as string[] };
  for (const section of spec.sections) {
    const context = { formAction: spec.formAction, headingLevel, locale: spec.lang };
    const html = isCommerce(section) ? renderCommerceSection(section, context) : isCourse(section) ? renderCourseSection(section, context) : renderSection(section, context);
    if (section.type === 'header') parts.header.push(html);
    else if (section.type === 'footer') parts.footer.push(html);
    else {
      parts.main.push(html);
      headingLevel = 2;
    }
  }
  return { header: parts.header.join(''), main: parts.main.join(''), footer: parts.footer.join('') };
}

export interface RenderedPage {
  html: string;
  /** The preview's Content-Security-Policy (hashes of exactly this page's style and script). */
  csp: string;
}

/** Origins a page loads from: its logo and its products' images, if it has them. */
function imageOrigins(sections: readonly PageSection[]): string[] {
  const origins = new Set<string>();
  const urls = sections.flatMap((section) =>
    isCommerce(section) ? commerceImageUrls(section) : isCourse(section) ? [] : section.type === 'header' && section.props.logo_url ? [section.props.logo_url] : [],
  );
  for (const url of urls) {
    const origin = cspOrigin(url);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** JSON-LD as a data block: `<` escaped so that no string in it can close the script element. */
const jsonLd = (data: Record<string, unknown> | undefined) => (data ? `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>` : '');

/**
 * A policy that lets the page do only what it was built to do: its own style and script (by
 * hash), images inline or from its logo's origin, forms to this service. `sandbox` gives it
 * an opaque origin, so even a script that slipped through could not act as this service.
 */
export function pageCsp(
  styleHash: string,
  scriptHash: string | null,
  formOrigin: string | null,
  sections: readonly PageSection[],
  { formRedirects = [], ownSession = false }: Pick<PageSpec, 'formRedirects' | 'ownSession'> = {},
): string {
  return [
    "default-src 'none'",
    `style-src ${styleHash}`,
    `script-src ${scriptHash ?? "'none'"}`,
    `img-src data: ${imageOrigins(sections).join(' ')}`.trim(),
    `form-action ${formOrigin ? [formOrigin, ...formRedirects].join(' ') : "'none'"}`,
    `connect-src ${formOrigin ?? "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(ownSession ? [] : ['sandbox allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox']),
  ].join('; ');
}

export function renderDocument(spec: PageSpec): RenderedPage {
  const css = stylesheet(spec.theme, 'body');
  const { header, main, footer } = body(spec);
  const script = needsScript(spec.sections) ? `<script>${enhancement}</script>` : '';
  const html =
    `<!DOCTYPE html><html lang="${esc(spec.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(spec.title)}</title><meta name="description" content="${esc(spec.description)}">` +
    `<meta name="color-scheme" content="${spec.theme.mode}"><style>${css}</style>${jsonLd(spec.structuredData)}</head>` +
    `<body><a class="skip" href="#main">${esc(chromeOf(spec.lang).skip)}</a>${header}<main id="main">${main}</main>${footer}${script}</body></html>`;
  return { html, csp: pageCsp(sha256(css), script ? enhancementHash : null, new URL(spec.formAction('form')).origin, spec.sections, spec) };
}

/**
 * A snippet to paste into an existing page: a declarative shadow root keeps the page's CSS out
 * and the widget's in (`all: initial` and a themed wrapper stop inherited fonts and colours too). It renders
 * without JavaScript; the trailing script adds the background form posts and the countdown.
 */
export function renderEmbed(spec: PageSpec, hostId: string): string {
  const css = stylesheet(spec.theme, '.ao-root');
  const { header, main, footer } = body(spec);
  const script = needsScript(spec.sections) ? `<script>${enhancement}</script>` : '';
  return `<div id="${esc(hostId)}" class="ao-embed" lang="${esc(spec.lang)}"><template shadowrootmode="open"><style>${css}</style><div class="ao-root">${header}<div class="main">${main}</div>${footer}</div></template></div>${script}`;
}

/** A one-message page in the same theme (a form's thank-you or error page), with a way back. */
/** A button on a notice that posts `fields` to `url` (a step a person confirms, such as spending a one-time link). */
export interface NoticeAction {
  url: string;
  label: string;
  fields: Record<string, string>;
}

/** `ownSession`: a page of this service whose action needs its own SameSite cookies (see PageSpec), so it is not sandboxed. */
export function renderNotice(notice: { title: string; message: string; lang: string; theme: Theme; back?: string | null; action?: NoticeAction; ownSession?: boolean }): RenderedPage {
  const css = stylesheet(notice.theme, 'body');
  const back = notice.back ? safeHref(notice.back) : null;
  const action = notice.action;
  const form = action
    ? `<form method="post" action="${esc(action.url)}">${Object.entries(action.fields)
        .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
        .join('')}<button class="btn" type="submit">${esc(action.label)}</button></form>`
    : '';
  const html =
    `<!DOCTYPE html><html lang="${esc(notice.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(notice.title)}</title><style>${css}</style></head><body><main id="main"><section class="sec hero center" aria-labelledby="notice-title"><div class="wrap">` +
    `<h1 id="notice-title">${esc(notice.title)}</h1><p class="lead">${esc(notice.message)}</p>${form}${back && !action ? `<p class="actions"><a class="btn" href="${esc(back)}">Go back</a></p>` : ''}` +
    `</div></section></main></body></html>`;
  return { html, csp: pageCsp(sha256(css), null, action ? new URL(action.url).origin : null, [], { ownSession: notice.ownSession ?? false }) };
}

/** Every generated page must load fast on a phone: none is larger than this. */
export const maxPageBytes = 60 * 1024;

/** The page's size in bytes; past the budget, a 422 that names the page (`what`) and says how to make it smaller (`remedy`). */
export function checkPageSize(html: string, what: string, remedy: string): number {
  const bytes = Buffer.byteLength(html);
  if (bytes > maxPageBytes) throw new OutcomeError('unprocessable', `${what} would be ${Math.ceil(bytes / 1024)} KB; pages are limited to ${maxPageBytes / 1024} KB. ${remedy}`);
  return bytes;
}
