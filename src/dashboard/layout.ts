import { createHash } from 'node:crypto';
import { esc } from '../render/html.js';
import { stylesheet } from '../render/styles.js';
import { resolveTheme } from '../render/theme.js';
import type { RenderedPage } from '../render/page.js';

/**
 * The dashboard's page frame, on the generated pages' renderer: their stylesheet and neutral
 * theme plus a few rules for tables and forms, one tiny script (the copy button), a strict
 * Content-Security-Policy by hash, nothing fetched from anywhere.
 */

let neutral: ReturnType<typeof resolveTheme>['theme'] | undefined;
/** The generated pages' default theme: the dashboard's frame and its one-message pages. */
export const dashboardTheme = () => (neutral ??= resolveTheme({}).theme);

const dashboardCss = [
  '.dash-nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem}.dash-nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}',
  '.dash-main{padding:2rem 0 4rem}.dash-main h2{margin-top:2.5rem;font-size:1.4rem}',
  '.table-wrap{overflow-x:auto;margin:1rem 0}table{border-collapse:collapse;width:100%;font-size:.95rem}',
  'th,td{text-align:left;padding:.5rem .6rem;border-bottom:1px solid var(--muted);vertical-align:top}th{font-weight:600}',
  'code,.secret{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}',
  'fieldset{border:1px solid var(--muted);border-radius:var(--box);padding:1rem;margin:0 0 1rem}legend{font-weight:600;padding:0 .25rem}',
  '.check{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}.check input{width:auto}.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,12rem),1fr));gap:0 1rem}',
  '.error{color:#b00020;font-weight:600}.field-error input,.field-error textarea{border:2px solid #b00020}',
  '.notice{margin:1rem 0}.inline-form{display:inline}.link-button{background:none;border:0;padding:0;font:inherit;color:var(--link);text-decoration:underline;cursor:pointer}',
  '.chart{max-width:100%;height:auto}.meter{width:100%;max-width:24rem}',
].join('\n');

/** The copy button: shown only with JavaScript (without it the secret is still there to select). */
const copyScript = `document.querySelectorAll('[data-copy]').forEach(function (button) {
  var target = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById(button.getAttribute('aria-describedby'));
  button.hidden = false;
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(target.value).then(function () { status.textContent = 'Copied to the clipboard.'; }, function () { target.select(); status.textContent = 'Press Ctrl+C (⌘C) to copy the selected key.'; });
  });
});`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const css = () => `${stylesheet(dashboardTheme(), 'body')}\n${dashboardCss}`;

/** The dashboard's sections, in the navigation's order. */
export const dashboardSections = [
  ['', 'Overview'],
  ['/keys', 'Keys'],
  ['/plan', 'Plan'],
  ['/usage', 'Usage'],
  ['/outcomes', 'Outcomes'],
] as const;

export interface FramePage {
  title: string;
  /** The path under /dashboard of the section this page belongs to ('' for the overview), for aria-current. */
  section?: string;
  /** Extra navigation entries (the modules' settings pages). */
  settings?: ReadonlyArray<{ id: string; title: string }>;
  /** The signed-in session's CSRF token: the frame then shows the navigation and a sign-out button. */
  csrf?: string;
  /** HTML of the page's content, below its h1 (already escaped). */
  body: string;
  /** Whether the page has a copy button (the script is included only then). */
  copy?: boolean;
  /** Origins a form post may be redirected to besides this service (Stripe Checkout). */
  formRedirects?: readonly string[];
}

/** A whole page; `dashboardUrl` is the absolute `/dashboard` of this service (its origin is where forms post). */
export function dashboardPage(dashboardUrl: string, page: FramePage): RenderedPage {
  const style = css();
  const script = page.copy ? `<script>${copyScript}</script>` : '';
  const navigation = page.csrf
    ? `<nav class="dash-nav" aria-label="Dashboard"><ul>${[
        ...dashboardSections.map(([path, label]) => ({ path, label })),
        ...(page.settings ?? []).map((s) => ({ path: `/settings/${s.id}`, label: s.title })),
      ]
        .map(({ path, label }) => `<li><a href="${esc(`${dashboardUrl}${path}`)}"${path === page.section ? ' aria-current="page"' : ''}>${esc(label)}</a></li>`)
        .join('')}</ul></nav>` +
      `<form class="inline-form" method="post" action="${esc(`${dashboardUrl}/logout`)}">${csrfField(page.csrf)}<button class="btn btn-secondary" type="submit">Sign out</button></form>`
    : '';
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(page.title)} · Agent Outcomes dashboard</title><meta name="robots" content="noindex"><style>${style}</style></head>` +
    `<body><a class="skip" href="#main">Skip to content</a><header class="site-header"><div class="wrap bar"><a class="brand" href="${esc(dashboardUrl)}">Agent Outcomes</a>${navigation}</div></header>` +
    `<main id="main" class="dash-main"><div class="wrap"><h1>${esc(page.title)}</h1>${page.body}</div></main>${script}</body></html>`;
  const origin = new URL(dashboardUrl).origin;
  const csp = [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    `script-src ${script ? sha256(copyScript) : "'none'"}`,
    'img-src data:',
    `form-action ${[origin, ...(page.formRedirects ?? [])].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}

/** The hidden field every dashboard form carries. */
export const csrfField = (token: string) => `<input type="hidden" name="csrf" value="${esc(token)}">`;
