/**
 * The directory's search: one MiniSearch index per version, built here from its listings and
 * serialised with toJSON. The hosted page's no-JS path (`GET /d/:id?q=…`) loads that JSON with
 * loadJSON, and the browser gets the same JSON and the same options, so both answer alike:
 * paid placements first (premium, then featured), then by relevance, or by name with no query.
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { Field } from './fields.js';
import type { Listing } from './listings.js';

/** What a result shows (stored in the index, so the browser needs nothing else). */
export interface StoredListing {
  id: string;
  name: string;
  summary: string;
  [filter: string]: string;
}

export interface IndexOptions {
  fields: string[];
  storeFields: string[];
  searchOptions: { prefix: boolean; fuzzy: number; combineWith: 'AND'; boost: Record<string, number> };
}

/** Words are searched, not addresses: a link's "https", "www" and "com" would match every listing (and "co" all of them by prefix). */
const unsearched = new Set<Field['type']>(['number', 'email', 'tel', 'url']);

/** Fields searched: every field of words; stored: what a result card and the filters read. */
export function indexOptions(fields: readonly Field[]): IndexOptions {
  const searched = fields.filter((field) => !unsearched.has(field.type)).map((field) => field.name);
  const filters = fields.filter((field) => field.filterable).map((field) => field.name);
  return {
    fields: searched,
    storeFields: ['name', 'summary', ...filters.filter((name) => name !== 'name')],
    searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND', boost: { name: 3, category: 1.5 } },
  };
}

/** A result's one line: the description's start, else its category and place. */
const summaryOf = (listing: Listing) => {
  const description = typeof listing.values.description === 'string' ? listing.values.description : '';
  const text =
    description ||
    ['category', 'location', 'city']
      .map((name) => listing.values[name])
      .filter((value) => value !== undefined)
      .join(' · ');
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
};

const documentOf = (listing: Listing, fields: readonly Field[]) => {
  const document: Record<string, string> = { id: listing.listing_id, summary: summaryOf(listing) };
  for (const field of fields) {
    const value = listing.values[field.name];
    if (value !== undefined) document[field.name] = String(value);
  }
  return document;
};

const minisearchOptions = (options: IndexOptions): Options<Record<string, string>> => ({ fields: options.fields, storeFields: options.storeFields, searchOptions: options.searchOptions });

/** Loaded indexes, by directory and version: an index never changes once built, so a few are kept. */
const loaded = new Map<string, MiniSearch<Record<string, string>>>();
const keep = 16;

function remember(key: string, index: MiniSearch<Record<string, string>>) {
  loaded.set(key, index);
  if (loaded.size > keep) loaded.delete(loaded.keys().next().value as string);
}

/** The index of a version's listings. */
export function createIndex(listings: readonly Listing[], fields: readonly Field[]): MiniSearch<Record<string, string>> {
  const index = new MiniSearch<Record<string, string>>(minisearchOptions(indexOptions(fields)));
  index.addAll(listings.map((listing) => documentOf(listing, fields)));
  return index;
}

/** The index of a version's listings, as JSON text; with a `key`, the built index is kept for that version's first searches. */
export function buildIndex(listings: readonly Listing[], fields: readonly Field[], key?: string): string {
  const index = createIndex(listings, fields);
  if (key) remember(key, index);
  return JSON.stringify(index);
}

export function loadIndex(key: string, json: string, options: IndexOptions): MiniSearch<Record<string, string>> {
  const found = loaded.get(key);
  if (found) return found;
  const index = MiniSearch.loadJSON<Record<string, string>>(json, minisearchOptions(options));
  remember(key, index);
  return index;
}

export interface Query {
  q: string;
  /** Field name → the exact value a result must have. */
  filters: Record<string, string>;
}

/** Ranks of paid placements: premium before featured before the rest. */
export const placementRank: Record<string, number> = { premium: 2, featured: 1 };

/** Every listing that matches, placements first: the same order the browser script gives. */
export function searchIndex(index: MiniSearch<Record<string, string>>, options: IndexOptions, query: Query, placements: Readonly<Record<string, string>>): StoredListing[] {
  const filters = Object.entries(query.filters).filter(([, value]) => value !== '');
  const filter = (result: Record<string, unknown>) => filters.every(([name, value]) => result[name] === value);
  const q = query.q.trim();
  const found = index.search(q ? q : MiniSearch.wildcard, { ...(options.searchOptions as SearchOptions), filter });
  const rank = (id: unknown) => placementRank[placements[String(id)] ?? ''] ?? 0;
  const ordered = found
    .map((result, position) => ({ result, position }))
    .sort((a, b) => rank(b.result.id) - rank(a.result.id) || (q ? a.position - b.position : String(a.result.name).localeCompare(String(b.result.name), 'en')));
  return ordered.map(({ result }) => {
    const stored: StoredListing = { id: String(result.id), name: String(result.name ?? ''), summary: String(result.summary ?? '') };
    for (const name of options.storeFields) if (typeof result[name] === 'string') stored[name] = result[name];
    return stored;
  });
}
