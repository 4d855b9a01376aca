/**
 * The directory's pages: the index (search form, filters, results, the submission form) and one
 * page per listing, hosted at /d/:id or written for the downloadable copy. They are built from the
 * platform's theme stylesheet and sections (header, form, footer) with the directory's own markup
 * around them; every piece of text is escaped and every link checked. The index carries the
 * search script inline (under its CSP hash); without JavaScript its form is a GET that the server
 * answers from the same index.
 */
import { createHash } from 'node:crypto';
import { zipFiles, type ZipEntries } from '../../src/files/zip.js';
import { esc, safeHref } from '../../src/render/html.js';
import { pageCsp } from '../../src/render/page.js';
import { chromeOf, renderSection, type FormField, type Section } from '../../src/render/sections.js';
import { stylesheet } from '../../src/render/styles.js';
import type { Theme } from '../../src/render/theme.js';
import { stripeHostedOrigins } from '../../src/payments/operations.js';
import type { Field } from './fields.js';
import type { Listing } from './listings.js';
import type { MonetizationPlan } from './plan.js';
import { placementRank, type IndexOptions, type StoredListing } from './search.js';
import { searchScript } from './script.js';

export const resultsPerPage = 30;
const lang = 'en';

/** What every page of one version renders from. */
export interface SiteSpec {
  directoryId: string;
  title: string;
  description: string;
  theme: Theme;
  fields: Field[];
  /** `${baseUrl}/d/${directoryId}`. */
  siteUrl: string;
  plan: MonetizationPlan;
  /** Listing id → its paid placement now. */
  placements: Readonly<Record<string, string>>;
  /** Listings claimed by their owners (hosted pages; none when not given). */
  claimed?: ReadonlySet<string>;
  /** The version the pages show: the hosted index loads this version's search index, never a cached other one. */
  version?: number;
  total: number;
}

/** Hosted pages link to this service; the downloaded copy to its own files. */
export type Mode = 'hosted' | 'offline';

export const words = {
  search: 'Search',
  search_label: 'Search listings',
  all: 'All',
  featured: 'Featured',
  premium: 'Premium',
  results: 'Listings',
  all_count: '{n} listings.',
  matching: '{n} listings match.',
  none: 'No listing matches. Try fewer words or another filter.',
  showing: 'Showing the first {shown}.',
  more: 'Show more',
  empty: 'No listings yet. Be the first: submit yours below.',
  submit_heading: 'Submit your listing',
  submit_text: 'Listings are reviewed by the directory owner before they appear.',
  submit_button: 'Submit listing',
  submitted: 'Thank you! Your listing was received and will appear once it is approved.',
  submit_link: 'Submit yours',
  back: 'All listings',
  previous: 'Previous page',
  next: 'Next page',
  place_heading: 'Feature this listing',
  place_button: 'Pay and feature',
  placement_label: 'Placement',
  days: (days: number) => `${days} days`,
  claimed: 'Claimed',
  claim_heading: 'Claim this listing',
  claim_text: (fee: string) => `Is this your business? Claim this listing for a one-time fee of ${fee}. You pay on Stripe; the directory owner then sees your email address to take your changes.`,
  claim_email: 'Your email',
  claim_button: 'Pay and claim',
  footer: 'Listings are reviewed before they appear.',
} as const;

const extraCss = [
  '.listings{list-style:none;padding:0;margin:1rem 0;display:grid;gap:1rem}',
  '.listing h2,.listing h3{margin:0 0 .25rem;font-size:1.15rem;overflow-wrap:anywhere}',
  '.listing p{overflow-wrap:anywhere}',
  '.placed{border:2px solid var(--accent)}',
  '.dir-form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}',
  '.dir-form .field{flex:1 1 12rem;margin:0}',
  '.dir-form .field input,.dir-form .field select{width:100%}',
  '.listing-fields{display:grid;grid-template-columns:minmax(7rem,auto) 1fr;gap:.5rem 1rem}',
  '.listing-fields dt{font-weight:600}',
  '.listing-fields dd{margin:0;overflow-wrap:anywhere}',
  '.pages{display:flex;gap:1rem;flex-wrap:wrap}',
].join('');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface RenderedPage {
  /** `index` or the listing's id. */
  page: string;
  html: string;
  csp: string;
}

interface Shell {
  title: string;
  description: string;
  main: string;
  /** The data file the downloaded index reads its search index from, then the search script; hosted pages fetch the index. */
  scripts: 'none' | 'search-hosted' | 'search-offline';
  /** Stripe's checkout: where the placement form ends up. */
  checkout: boolean;
  depth: 0 | 1;
}

function header(spec: SiteSpec, mode: Mode, depth: 0 | 1): string {
  const index = mode === 'hosted' ? spec.siteUrl : depth ? '../index.html' : 'index.html';
  // Built here, not by the header section: the downloaded copy links relatively, which section links do not allow.
  return `<header id="top" class="site-header"><div class="wrap bar"><a class="brand" href="${esc(index)}"><span>${esc(spec.title)}</span></a><nav aria-label="Directory"><ul><li><a href="${esc(`${index}#submit`)}">${esc(words.submit_link)}</a></li></ul></nav></div></header>`;
}

const stylesheets = new WeakMap<Theme, { css: string; hash: string }>();

/** The theme's stylesheet and the directory's few rules, with its CSP hash: the same for every page of a version, so made once. */
function styleOf(theme: Theme): { css: string; hash: string } {
  let style = stylesheets.get(theme);
  if (style === undefined) {
    const css = stylesheet(theme, 'body') + extraCss;
    style = { css, hash: sha256(css) };
    stylesheets.set(theme, style);
  }
  return style;
}

export const cssOf = (theme: Theme): string => styleOf(theme).css;

function page(spec: SiteSpec, mode: Mode, name: string, shell: Shell): RenderedPage {
  const { css, hash: cssHash } = styleOf(spec.theme);
  // The downloaded copy shares one stylesheet file; hosted pages carry theirs inline, under the CSP's hash.
  const style = mode === 'offline' ? `<link rel="stylesheet" href="${shell.depth ? '../' : ''}assets/style.css">` : `<style>${css}</style>`;
  const context = { formAction: () => `${spec.siteUrl}/submit`, headingLevel: 2 as const, locale: lang };
  const footer = renderSection({ id: 'footer', type: 'footer', props: { text: `${spec.title} · ${words.footer}`.slice(0, 300), links: [] } }, context);
  const script = searchScript();
  const scripts = shell.scripts === 'none' ? '' : `${shell.scripts === 'search-offline' ? '<script src="assets/index-data.js"></script>' : ''}<script>${script.text}</script>`;
  const html =
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(shell.title)}</title><meta name="description" content="${esc(shell.description)}"><meta name="color-scheme" content="${spec.theme.mode}">${style}</head>` +
    `<body><a class="skip" href="#main">${esc(chromeOf(lang).skip)}</a>${header(spec, mode, shell.depth)}<main id="main">${shell.main}</main>${footer}${scripts}</body></html>`;
  const origin = new URL(spec.siteUrl).origin;
  // The index fetches its search index from this service: it is served without `sandbox`, whose opaque origin would make that fetch cross-site.
  const csp = pageCsp(cssHash, shell.scripts === 'none' ? null : script.hash, origin, [], {
    formRedirects: shell.checkout ? [stripeHostedOrigins.checkout] : [],
    ownSession: shell.scripts !== 'none',
  });
  return { page: name, html, csp };
}

const listingHref = (spec: SiteSpec, mode: Mode, id: string, depth: 0 | 1) => (mode === 'hosted' ? `${spec.siteUrl}/l/${id}` : `${depth ? '' : 'l/'}${id}.html`);

/** The listing's marks: its placement, then "Claimed". */
function badges(spec: SiteSpec, id: string): string {
  const tier = spec.placements[id];
  const placed = tier ? `<p class="badge">${esc(tier === 'premium' ? words.premium : words.featured)}</p>` : '';
  return placed + (spec.claimed?.has(id) ? `<p class="badge claimed">${esc(words.claimed)}</p>` : '');
}

function card(spec: SiteSpec, mode: Mode, result: StoredListing, level: 2 | 3): string {
  const tier = spec.placements[result.id];
  const badge = badges(spec, result.id);
  const summary = result.summary ? `<p class="small">${esc(result.summary)}</p>` : '';
  return `<li class="card listing${tier ? ' placed' : ''}"><h${level}><a href="${esc(listingHref(spec, mode, result.id, 0))}">${esc(result.name)}</a></h${level}>${badge}${summary}</li>`;
}

export interface IndexView {
  query: { q: string; filters: Record<string, string> };
  /** Every match, in order. */
  results: StoredListing[];
  page: number;
  /** Field name → its values among the listings (the filter's options). */
  filterValues: Record<string, string[]>;
}

function statusText(view: IndexView, total: number, shown: number): string {
  if (!total) return words.empty;
  const count = view.results.length;
  if (!count) return words.none;
  const filtered = view.query.q.trim() !== '' || Object.values(view.query.filters).some(Boolean);
  const text = (filtered ? words.matching : words.all_count).replace('{n}', String(count));
  return count > shown ? `${text} ${words.showing.replace('{shown}', String(shown))}` : text;
}

function searchSection(spec: SiteSpec, mode: Mode, view: IndexView): string {
  const filters = spec.fields
    .filter((field) => field.filterable && (view.filterValues[field.name]?.length ?? 0) > 0)
    .map((field) => {
      const chosen = view.query.filters[field.name] ?? '';
      const options = (view.filterValues[field.name] ?? []).map((value) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(value)}</option>`).join('');
      return `<div class="field"><label for="filter-${field.name}">${esc(field.label)}</label><select id="filter-${field.name}" name="${field.name}" data-filter="true"><option value="">${esc(words.all)}</option>${options}</select></div>`;
    })
    .join('');
  const start = (view.page - 1) * resultsPerPage;
  const shown = view.results.slice(start, start + resultsPerPage);
  const pageLink = (n: number) => {
    const params = new URLSearchParams({ ...(view.query.q ? { q: view.query.q } : {}), ...Object.fromEntries(Object.entries(view.query.filters).filter(([, value]) => value)), page: String(n) });
    return `${spec.siteUrl}?${params.toString()}`;
  };
  const hasNext = start + resultsPerPage < view.results.length;
  const nav =
    mode === 'hosted' && (view.page > 1 || hasNext)
      ? `<nav id="results-pages" class="pages" aria-label="Result pages">${view.page > 1 ? `<a href="${esc(pageLink(view.page - 1))}">${esc(words.previous)}</a>` : ''}${hasNext ? `<a href="${esc(pageLink(view.page + 1))}">${esc(words.next)}</a>` : ''}</nav>`
      : '';
  const data = mode === 'hosted' ? `${spec.siteUrl}/index.json${spec.version ? `?v=${spec.version}` : ''}` : 'assets/index.json';
  const said = JSON.stringify({
    featured: words.featured,
    premium: words.premium,
    claimed: words.claimed,
    all: words.all_count,
    matching: words.matching,
    none: words.none,
    showing: words.showing,
    more: words.more,
  });
  const form =
    `<form class="dir-form" role="search" method="get" action="${esc(spec.siteUrl)}"><div class="field"><label for="q">${esc(words.search_label)}</label>` +
    `<input id="q" name="q" type="search" maxlength="200" value="${esc(view.query.q)}"></div>${filters}<button class="btn" type="submit">${esc(words.search)}</button></form>`;
  const status = `<p id="results-status" role="status" aria-live="polite">${esc(statusText(view, spec.total, Math.min(view.results.length - start, resultsPerPage)))}</p>`;
  const list = `<ol id="results" class="listings">${shown.map((result) => card(spec, mode, result, 3)).join('')}</ol>`;
  return (
    `<section id="search" class="sec" aria-labelledby="search-title"><div class="wrap" id="dir-search" data-index="${esc(data)}" data-href="${esc(listingHref(spec, mode, '{id}', 0))}" data-limit="${resultsPerPage}" data-words="${esc(said)}">` +
    `<h2 id="search-title">${esc(words.results)}</h2>${form}${status}${list}${nav}</div></section>`
  );
}

/** The submission form: the platform's form section, its fields the directory's (posted to /d/:id/submit). */
function submitSection(spec: SiteSpec): string {
  const fields: FormField[] = spec.fields.slice(0, 30).map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    ...(field.type === 'select' ? { options: field.options ?? [] } : {}),
  }));
  const section = {
    id: 'submit',
    type: 'form',
    props: { heading: words.submit_heading, text: words.submit_text, fields, button_text: words.submit_button, success_message: words.submitted },
  } as Section;
  return renderSection(section, { formAction: () => `${spec.siteUrl}/submit`, headingLevel: 2, locale: lang });
}

export function indexPage(spec: SiteSpec, mode: Mode, view: IndexView): RenderedPage {
  const intro = spec.description ? `<p class="lead">${esc(spec.description)}</p>` : '';
  const hero = `<section id="intro" class="sec hero" aria-labelledby="intro-title"><div class="wrap"><h1 id="intro-title">${esc(spec.title)}</h1>${intro}</div></section>`;
  return page(spec, mode, 'index', {
    title: spec.title.slice(0, 70),
    description: (spec.description || spec.title).slice(0, 160),
    main: hero + searchSection(spec, mode, view) + submitSection(spec),
    scripts: mode === 'hosted' ? 'search-hosted' : 'search-offline',
    checkout: false,
    depth: 0,
  });
}

function valueHtml(field: Field, value: string | number): string {
  const text = String(value);
  const link = field.type === 'url' ? safeHref(text) : field.type === 'email' ? safeHref(`mailto:${text}`) : null;
  if (link) return `<a href="${esc(link)}">${esc(text)}</a>`;
  if (field.type === 'tel') {
    const digits = text.replace(/[^0-9+]/g, '');
    if (/^\+?[0-9]{3,20}$/.test(digits)) return `<a href="tel:${esc(digits)}">${esc(text)}</a>`;
  }
  if (field.type === 'textarea')
    return text
      .split(/\n{2,}/)
      .map((part) => esc(part))
      .join('<br><br>');
  return esc(text);
}

/** Placement forms: one per priced tier that can be bought (hosted pages only; the checkout starts on this service). */
function placeSection(spec: SiteSpec, listing: Listing): string {
  const tiers = spec.plan.tiers.filter((tier) => (tier.tier === 'featured' || tier.tier === 'premium') && tier.amount !== null && tier.formatted);
  if (!tiers.length) return '';
  const options = tiers
    .map((tier) => `<option value="${tier.tier}">${esc(`${tier.tier === 'premium' ? words.premium : words.featured}: ${tier.formatted ?? ''} / ${words.days(spec.plan.period_days)}`)}</option>`)
    .join('');
  return (
    `<section id="place" class="sec" aria-labelledby="place-title"><div class="wrap narrow"><h2 id="place-title">${esc(words.place_heading)}</h2>` +
    `<ul class="text-list">${tiers.map((tier) => `<li>${esc(tier.placement)}</li>`).join('')}</ul>` +
    `<form method="post" action="${esc(`${spec.siteUrl}/listings/${listing.listing_id}/feature`)}"><div class="field"><label for="tier">${esc(words.placement_label)}</label><select id="tier" name="tier">${options}</select></div>` +
    `<button class="btn" type="submit">${esc(words.place_button)}</button></form></div></section>`
  );
}

/** The claim form (hosted pages of a directory with a claim fee, for a listing not claimed yet): posted to /d/:id/l/:listingId/claim, which starts the checkout. */
function claimSection(spec: SiteSpec, listing: Listing): string {
  const fee = spec.plan.tiers.find((tier) => tier.tier === 'claim');
  if (!fee || fee.amount === null || !fee.formatted || spec.claimed?.has(listing.listing_id)) return '';
  const section = {
    id: 'claim',
    type: 'form',
    props: {
      heading: words.claim_heading,
      text: words.claim_text(fee.formatted),
      fields: [{ name: 'email', label: words.claim_email, type: 'email', required: true }],
      button_text: words.claim_button,
      success_message: words.claim_heading,
    },
  } as Section;
  return renderSection(section, { formAction: () => `${spec.siteUrl}/l/${listing.listing_id}/claim`, headingLevel: 2, locale: lang });
}

export function listingPage(spec: SiteSpec, mode: Mode, listing: Listing): RenderedPage {
  const name = String(listing.values.name ?? '');
  const tier = spec.placements[listing.listing_id];
  const badge = badges(spec, listing.listing_id);
  const rows = spec.fields
    .filter((field) => field.name !== 'name' && listing.values[field.name] !== undefined)
    .map((field) => `<dt>${esc(field.label)}</dt><dd>${valueHtml(field, listing.values[field.name] as string | number)}</dd>`)
    .join('');
  const back = mode === 'hosted' ? spec.siteUrl : '../index.html';
  const main =
    `<section id="listing" class="sec" aria-labelledby="listing-title"><div class="wrap"><article class="card listing${tier ? ' placed' : ''}"><h1 id="listing-title">${esc(name)}</h1>${badge}` +
    `${rows ? `<dl class="listing-fields">${rows}</dl>` : ''}</article><p><a href="${esc(back)}">${esc(words.back)}</a></p></div></section>` +
    (mode === 'hosted' ? placeSection(spec, listing) + claimSection(spec, listing) : '');
  return page(spec, mode, listing.listing_id, {
    title: `${name} · ${spec.title}`.slice(0, 70),
    description: (typeof listing.values.description === 'string' ? listing.values.description : `${name} in ${spec.title}`).slice(0, 160),
    main,
    scripts: 'none',
    checkout: mode === 'hosted',
    depth: mode === 'offline' ? 1 : 0,
  });
}

/** What the browser script reads: the index as MiniSearch's JSON, its options, placements, claimed listings and where listings live. */
export function searchPayload(indexJson: string, options: IndexOptions, placements: Readonly<Record<string, string>>, href: string, claimed: Iterable<string> = []) {
  return { options, index: JSON.parse(indexJson) as Record<string, unknown>, placements: { ...placements }, claimed: [...claimed], href };
}

/** The same payload as JSON text with the stored index spliced in as it is: a 1,000-listing index is not parsed and written again. */
export function searchPayloadJson(indexJson: string, options: IndexOptions, placements: Readonly<Record<string, string>>, href: string): string {
  const { index: _index, ...rest } = searchPayload('{}', options, placements, href);
  return `${JSON.stringify(rest).slice(0, -1)},"index":${indexJson}}`;
}

/** The downloadable site: index.html, one page per listing, the index (JSON, and as a data script file:// pages can read), and nothing fetched from elsewhere. */
export function siteZip(spec: SiteSpec, index: RenderedPage, listings: readonly RenderedPage[], payloadJson: string): Uint8Array {
  const json = payloadJson;
  const files: ZipEntries = {
    'index.html': index.html,
    'assets/style.css': cssOf(spec.theme),
    'assets/index.json': json,
    // A classic script: pages opened from file:// may not fetch, but may load a script beside them.
    'assets/index-data.js': `window.AO_DIRECTORY_DATA = ${json.replace(/</g, '\\u003c')};\n`,
  };
  for (const listing of listings) files[`l/${listing.page}.html`] = listing.html;
  return zipFiles(files, { level: 1 });
}

export { placementRank };
