/**
 * What a version is made of, composed from what the caller gave: fields, categories and checked
 * listings (CSV or JSON read row by row), the title, the plan's gaps. Pure and CPU-bound (a CSV of
 * 2,000 listings is checked here), so it runs on a compute thread (tasks.ts).
 */
import type { RevisionReport } from '../../src/kernel/revision.js';
import { judgeRevision } from '../../src/kernel/revision.js';
import type { Brand } from '../../src/render/brand.js';
import { distinct, settleFields, withCategories, type Field } from './fields.js';
import { checkListings, keyOf, readRows, type Listing, type RawListings, type Rejected } from './listings.js';
import { monetizationPlan, type Monetization } from './plan.js';
import type { BuildInput, ReviseInput } from './schema.js';

export interface DirectoryDocument {
  prompt: string;
  title: string;
  description: string | null;
  categories: string[];
  fields: Field[];
  listings: Listing[];
  brand: Brand;
  monetization: Monetization | null;
  /**
   * The version whose Stripe operations sell this one's tiers: the last that changed the title or monetization
   * (a new listing or brand makes a version, not new products and prices). Absent in versions stored before it: their own.
   */
  plan_version?: number;
  meta: {
    generator: 'caller' | 'template';
    listings_format: 'json' | 'csv' | 'none';
    fields_inferred: boolean;
    renamed_columns: string[];
    rejected: Rejected[];
    missing: string[];
    warnings: string[];
    applied: string[];
    unapplied: string[];
    created_at: string;
  };
}

/** The version a row's Stripe operations, and the steps they made, are filed under. */
export const planVersionOf = (row: { version: number; document: DirectoryDocument }): number => row.document.plan_version ?? row.version;

export interface VersionRow {
  id: string;
  accountId: string;
  version: number;
  document: DirectoryDocument;
  searchIndex: string;
  zipFileId: string;
}

/** The title: the caller's, else the brand's name, else the prompt's first line in the caller's own words. */
function titleOf(input: { title?: string | undefined; prompt: string; brand?: Brand | undefined }): { title: string; generator: 'caller' | 'template' } {
  if (input.title) return { title: input.title, generator: 'caller' };
  if (input.brand?.name) return { title: input.brand.name, generator: 'caller' };
  const line = (input.prompt.split(/\r?\n|(?<=[.!?])\s/)[0] ?? input.prompt).trim().replace(/[.!?]+$/, '');
  const title = line.length > 70 ? `${line.slice(0, 69).trimEnd()}…` : line;
  return { title: title.charAt(0).toUpperCase() + title.slice(1), generator: 'template' };
}

interface Settled {
  fields: Field[];
  categories: string[];
  listings: Listing[];
  rejected: Rejected[];
  format: 'json' | 'csv' | 'none';
  renamed: string[];
  inferred: boolean;
}

const byRow = (rejected: Rejected[]) => rejected.sort((a, b) => a.row - b.row);

/** Fields, categories and checked listings from what was given; the previous version's listings keep their ids. */
function settle(raw: RawListings | undefined, givenFields: BuildInput['fields'], givenCategories: string[] | undefined, previous: readonly Listing[], keepFields?: Field[]): Settled {
  const { rows, numbers, unreadable, renamed, format } = readRows(raw);
  const rowCategories = rows
    .map((row) => row.category)
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim());
  const explicit = givenCategories ?? [];
  let settled: { fields: Field[]; inferred: boolean };
  if (keepFields && !givenFields) {
    // New categories given alone become the options of the kept category field.
    settled = { fields: withCategories(keepFields, givenCategories ?? []), inferred: false };
  } else settled = settleFields(givenFields, rows, explicit);
  const checked = checkListings(rows, settled.fields, previous, numbers);
  const { listings } = checked;
  const rejected = byRow([...unreadable, ...checked.rejected]);
  const category = settled.fields.find((field) => field.name === 'category');
  const categories = explicit.length ? distinct(explicit) : (category?.options ?? distinct(rowCategories));
  return { fields: settled.fields, categories, listings, rejected, format, renamed, inferred: settled.inferred };
}

function missingOf(settled: Settled, plan: ReturnType<typeof monetizationPlan>): string[] {
  const missing: string[] = [];
  if (!settled.listings.length)
    missing.push(
      'listings: none given (or none passed), so the directory is empty and says so, with its "Submit yours" form; no business was made up. Add listings with directory_revise, or approve submissions.',
    );
  if (settled.rejected.length) missing.push(`${settled.rejected.length} listings were rejected; meta.rejected says why, row by row.`);
  return [...missing, ...plan.missing];
}

/** A filter offers at most this many values: a field with more is searched by its text instead (meta.warnings says so). */
export const maxFilterValues = 40;

/** Each filterable field's values among the listings, for its filter; fields with too many values are left out. */
export function filterValuesOf(document: Pick<DirectoryDocument, 'fields' | 'listings'>): Record<string, string[]> {
  const entries = document.fields
    .filter((field) => field.filterable)
    .map(
      (field) =>
        [
          field.name,
          distinct(
            document.listings
              .map((listing) => listing.values[field.name])
              .filter((value): value is string | number => value !== undefined)
              .map(String),
          ),
        ] as const,
    );
  return Object.fromEntries(entries.filter(([, values]) => values.length <= maxFilterValues));
}

export function filterWarnings(document: Pick<DirectoryDocument, 'fields' | 'listings'>): string[] {
  const offered = filterValuesOf(document);
  return document.fields
    .filter((field) => field.filterable && !offered[field.name])
    .map((field) => `${field.name}: more than ${maxFilterValues} different values, so it is not offered as a filter; it is still searched as text.`);
}

function documentOf(
  now: string,
  input: { prompt: string; title?: string | undefined; description?: string | undefined; brand?: Brand | undefined; monetization?: Monetization | undefined },
  settled: Settled,
  id: string,
  version: number,
): DirectoryDocument {
  const { title, generator } = titleOf(input);
  const plan = monetizationPlan(id, version, title, input.monetization);
  return {
    prompt: input.prompt,
    title,
    description: input.description ?? null,
    categories: settled.categories,
    fields: settled.fields,
    listings: settled.listings,
    brand: input.brand ?? {},
    monetization: input.monetization ?? null,
    meta: {
      generator,
      listings_format: settled.format,
      fields_inferred: settled.inferred,
      renamed_columns: settled.renamed,
      rejected: settled.rejected,
      missing: missingOf(settled, plan),
      warnings: filterWarnings(settled),
      applied: [],
      unapplied: [],
      created_at: now,
    },
  };
}

/** The first version of a directory. */
export function buildDocument(input: BuildInput, id: string, now: string): DirectoryDocument {
  return documentOf(now, input, settle(input.listings, input.fields, input.categories, []), id, 1);
}

/** The next version of `latest` with `changes`, or none (document null) when they change nothing. */
export function reviseDocument(latest: Pick<VersionRow, 'id' | 'version' | 'document'>, changes: ReviseInput['changes'], now: string): { document: DirectoryDocument | null; report: RevisionReport } {
  const before = latest.document;
  const applied: string[] = [];
  const unapplied: string[] = [];
  let listings = before.listings;
  let rejected: Rejected[] = [];
  let fields = before.fields;
  let categories = before.categories;
  let format = before.meta.listings_format;
  let renamed: string[] = [];
  let inferred = before.meta.fields_inferred;
  // Fields or categories change what every listing must be: the listings are checked again against them.
  if (changes.fields || changes.categories || changes.listings !== undefined) {
    const raw = changes.listings ?? before.listings.map((listing) => ({ listing_id: listing.listing_id, ...listing.values }));
    const settled = settle(raw, changes.fields, changes.categories ?? (changes.fields ? undefined : before.categories), before.listings, changes.fields ? undefined : before.fields);
    ({ fields, categories, listings, rejected, renamed } = settled);
    if (changes.listings !== undefined) ({ format, inferred } = settled);
    if (changes.fields) applied.push('fields replaced');
    if (changes.categories) applied.push('categories replaced');
    if (changes.listings !== undefined) applied.push(`listings replaced (${listings.length} accepted, ${rejected.length} rejected)`);
    else if (rejected.length) unapplied.push(`${rejected.length} listings no longer fit the fields and were left out; meta.rejected says why.`);
  }
  if (changes.add_listings !== undefined) {
    const { rows, numbers, unreadable, renamed: more } = readRows(changes.add_listings);
    const checked = checkListings(rows, fields, [], numbers);
    checked.rejected = byRow([...unreadable, ...checked.rejected]);
    const taken = new Set(listings.map((listing) => keyOf(listing.values)));
    const added = checked.listings.filter((listing) => {
      if (!taken.has(keyOf(listing.values))) return true;
      unapplied.push(`"${String(listing.values.name)}" is listed already: not added twice.`);
      return false;
    });
    listings = [...listings, ...added];
    rejected = [...rejected, ...checked.rejected];
    renamed = [...renamed, ...more];
    if (added.length) applied.push(`${added.length} listings added`);
    if (checked.rejected.length) unapplied.push(`${checked.rejected.length} listings to add were rejected; meta.rejected says why.`);
  }
  if (changes.remove_listings?.length) {
    const remove = new Set(changes.remove_listings);
    const kept = listings.filter((listing) => !remove.has(listing.listing_id));
    const unknown = changes.remove_listings.filter((id) => !listings.some((listing) => listing.listing_id === id));
    if (kept.length < listings.length) applied.push(`${listings.length - kept.length} listings removed`);
    if (unknown.length) unapplied.push(`not listed, so not removed: ${unknown.join(', ')}`);
    listings = kept;
  }
  const title = changes.title ?? before.title;
  const description = changes.description ?? before.description;
  const brand = changes.brand ?? before.brand;
  const monetization = changes.monetization ?? before.monetization;
  if (changes.title) applied.push('title replaced');
  if (changes.description) applied.push('description replaced');
  if (changes.brand) applied.push('brand replaced');
  if (changes.monetization) applied.push('monetization replaced');
  const plan = monetizationPlan(latest.id, latest.version + 1, title, monetization ?? undefined);
  const after = { title, description, categories, fields, listings, brand, monetization };
  const report = judgeRevision(
    { title: before.title, description: before.description, categories: before.categories, fields: before.fields, listings: before.listings, brand: before.brand, monetization: before.monetization },
    after,
    { applied, unapplied },
  );
  if (!report.changed) return { document: null, report };
  const settledLike: Settled = { fields, categories, listings, rejected, format, renamed, inferred };
  const document: DirectoryDocument = {
    ...before,
    ...after,
    meta: {
      ...before.meta,
      listings_format: format,
      fields_inferred: inferred,
      renamed_columns: renamed,
      rejected,
      missing: missingOf(settledLike, plan),
      warnings: filterWarnings(settledLike),
      applied: report.applied,
      unapplied: report.unapplied,
      generator: changes.title ? 'caller' : before.meta.generator,
      created_at: now,
    },
  };
  return { document, report };
}
