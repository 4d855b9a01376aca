/**
 * A version's pages from its document and index: the spec every page renders from, a query's
 * results, the index page as the tools return it, and the static site (index built, pages
 * rendered, zipped). Pure: the costly ones run on a compute thread (tasks.ts).
 */
import type MiniSearch from 'minisearch';
import { themeOf } from '../../src/render/brand.js';
import { checkPageSize } from '../../src/render/page.js';
import { resolveTheme } from '../../src/render/theme.js';
import { filterValuesOf, planVersionOf, type DirectoryDocument, type VersionRow } from './draft.js';
import { monetizationPlan } from './plan.js';
import { createIndex, indexOptions, loadIndex, searchIndex, type Query, type StoredListing } from './search.js';
import { indexPage, listingPage, searchPayloadJson, siteZip, type IndexView, type SiteSpec } from './site.js';

type Placements = Readonly<Record<string, string>>;

export function siteUrlOf(baseUrl: string, directoryId: string) {
  return `${baseUrl}/d/${directoryId}`;
}

/** What every page of a version renders from, with its placements as they are now. */
export function specOf(row: Pick<VersionRow, 'id' | 'version' | 'document'>, baseUrl: string, placements: Placements): SiteSpec {
  const { document } = row;
  const count = document.listings.length;
  return {
    directoryId: row.id,
    title: document.title,
    description: document.description ?? (count ? `${count} ${count === 1 ? 'listing' : 'listings'}. Search by name, category or place.` : ''),
    theme: resolveTheme(themeOf(document.brand)).theme,
    fields: document.fields,
    siteUrl: siteUrlOf(baseUrl, row.id),
    plan: monetizationPlan(row.id, planVersionOf(row), document.title, document.monetization ?? undefined),
    placements,
    total: count,
    version: row.version,
  };
}

/** A query as a page asks it: the text and the filterable fields' chosen values, nothing else. */
export function queryOf(document: DirectoryDocument, params: Record<string, string | undefined>): Query {
  const filters: Record<string, string> = {};
  for (const field of document.fields) {
    const value = params[field.name];
    if (field.filterable && typeof value === 'string' && value) filters[field.name] = value.slice(0, 200);
  }
  return { q: (params.q ?? '').slice(0, 200), filters };
}

type Indexed = Pick<VersionRow, 'id' | 'version' | 'document' | 'searchIndex'>;
const storedIndex = (row: Indexed) => loadIndex(`${row.id}@${row.version}`, row.searchIndex, indexOptions(row.document.fields));

/** Every listing matching a query on a version, placements first; `index` when it was just built (and is not stored yet). */
export function searchVersion(row: Indexed, query: Query, placements: Placements, index: MiniSearch<Record<string, string>> = storedIndex(row)) {
  return searchIndex(index, indexOptions(row.document.fields), query, placements);
}

export function indexView(row: Indexed, query: Query, placements: Placements, page = 1, index?: MiniSearch<Record<string, string>>): IndexView {
  const results = searchVersion(row, query, placements, index);
  const pages = Math.max(1, Math.ceil(results.length / 30));
  return { query, results, page: Math.min(Math.max(1, page), pages), filterValues: filterValuesOf(row.document) };
}

const browse: Query = { q: '', filters: {} };

/** A version's index page as the tools return it: its HTML, its size, and its first results. */
export interface PresentedPage {
  html: string;
  bytes: number;
  results: StoredListing[];
}

/** How many results the tools list. */
const listed = 100;

/**
 * A new version's index and its hosted index page as the tools return it. That page is checked first: a
 * page past the budget is refused, naming what makes it big, before anything is stored. The zipped site is
 * made when first downloaded (siteZipOf).
 */
export function buildSite(row: Pick<VersionRow, 'id' | 'version' | 'document'>, baseUrl: string, placements: Placements): { searchIndex: string; page: PresentedPage } {
  // Not kept in this thread's cache: the version is not stored yet, and another change may take its number.
  const index = createIndex(row.document.listings, row.document.fields);
  const indexed = { ...row, searchIndex: JSON.stringify(index) };
  const view = indexView(indexed, browse, placements, 1, index);
  const hosted = indexPage(specOf(row, baseUrl, placements), 'hosted', view);
  const bytes = checkPageSize(hosted.html, 'The directory page', 'Shorten long names or descriptions, mark fewer fields filterable, or use fewer fields.');
  return { searchIndex: indexed.searchIndex, page: { html: hosted.html, bytes, results: view.results.slice(0, listed) } };
}

/** A stored version's static site, zipped: every page as it was with `placements` (those at its build), and its index. */
export function siteZipOf(row: Indexed, baseUrl: string, placements: Placements): Uint8Array {
  const spec = specOf(row, baseUrl, placements);
  const offline = indexPage(spec, 'offline', indexView(row, browse, placements));
  const pages = row.document.listings.map((listing) => listingPage(spec, 'offline', listing));
  return siteZip(spec, offline, pages, searchPayloadJson(row.searchIndex, indexOptions(row.document.fields), placements, 'l/{id}.html'));
}

/** A stored version's index page as served now, and its first results (what the tools list). */
export function presentPage(row: Indexed, baseUrl: string, placements: Placements, first = listed): PresentedPage {
  const view = indexView(row, browse, placements);
  const page = indexPage(specOf(row, baseUrl, placements), 'hosted', view);
  const bytes = checkPageSize(page.html, 'The directory page', 'Shorten the description or the field labels.');
  return { html: page.html, bytes, results: view.results.slice(0, first) };
}
