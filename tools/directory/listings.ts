/**
 * Listings as the caller gives them (JSON text, CSV text, or an array of objects) read into rows,
 * each checked against the directory's fields: a row that fails is reported with its reasons
 * (meta.rejected), never dropped silently, and never "repaired" into something the caller did not say.
 */
import { delimiterName, readCsv } from '../../src/files/csv.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { fieldNameOf, listingSchema, prepareValues, problemsOf, type Field, type ListingValues } from './fields.js';
import { directoryIds } from './ids.js';

export const maxListings = 2000;
export const maxColumns = 30;
/** Listings given as text: at most this many characters and lines (a CSV's cells may hold line breaks, a few per listing). */
export const maxListingsText = 1_000_000;
export const maxListingsLines = 20_000;

export interface Listing {
  listing_id: string;
  values: ListingValues;
}

export interface Rejected {
  /** 1-based: the item of a JSON array, or the data line of a CSV (the header is line 0). */
  row: number;
  name: string | null;
  reasons: string[];
}

export type RawListings = string | ReadonlyArray<Record<string, unknown>>;

/** Rows read from what was given: those that could be read, and those that could not, each with why. */
export interface ReadListings {
  rows: Array<Record<string, unknown>>;
  /** The 1-based row number (as `Rejected.row` counts) of each of `rows` in what was given. */
  numbers: number[];
  /** Rows that could not be read as a listing at all (a CSV line with more values than the header has columns, a JSON item that is not an object). */
  unreadable: Rejected[];
  renamed: string[];
  format: 'json' | 'csv' | 'none';
}

/** A CSV's rows as objects keyed by its header; a row with more (non-blank) values than the header has columns is unreadable: its values cannot be told apart. */
function csvRows(text: string): { items: Array<[number, unknown]>; unreadable: Rejected[] } {
  const {
    header,
    rows: body,
    delimiter,
    lineOf,
  } = readCsv(text, {
    field: 'listings',
    maxLines: maxListingsLines,
    maxFields: 200,
    maxRecordChars: 20_000,
    maxRecords: maxListings + 2,
    tooLong: `send at most ${maxListings.toLocaleString('en-US')} listings`,
  });
  const items: Array<[number, unknown]> = [];
  const unreadable: Rejected[] = [];
  const nameColumn = header.findIndex((column) => fieldNameOf(column)?.name === 'name');
  for (const [index, cells] of body.entries()) {
    if (cells.slice(header.length).some((cell) => cell !== '')) {
      const name = nameColumn >= 0 && cells[nameColumn] ? cells[nameColumn].slice(0, 200) : null;
      unreadable.push({
        row: index + 1,
        name,
        reasons: [`line ${lineOf(index)}: ${cells.length} values where the header has ${header.length} columns; put double quotes around a value that holds ${delimiterName(delimiter)}`],
      });
      continue;
    }
    const item: Record<string, string> = {};
    // A repeated column name: the first column of that name counts, as with JSON keys renamed alike.
    for (const [i, column] of header.entries()) if (!Object.hasOwn(item, column)) item[column] = cells[i] ?? '';
    items.push([index + 1, item]);
  }
  return { items, unreadable };
}

function jsonItems(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new OutcomeError('invalid_input', `listings: looks like JSON but does not parse (${(error as Error).message}); send a JSON array of objects, or CSV with a header line.`);
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { listings?: unknown }).listings)
      ? (parsed as { listings: unknown[] }).listings
      : null;
  if (!list) throw new OutcomeError('invalid_input', 'listings: JSON must be an array of objects (or an object with a "listings" array).');
  return list;
}

/** Rows of the text or array given, with their columns named as fields; which columns were renamed is reported, and rows that cannot be read are refused one by one. */
export function readRows(listings: RawListings | undefined): ReadListings {
  if (listings === undefined) return { rows: [], numbers: [], unreadable: [], renamed: [], format: 'none' };
  /** Each item with its 1-based row number. */
  let items: Array<[number, unknown]>;
  let unreadable: Rejected[] = [];
  let format: 'json' | 'csv' = 'json';
  const numbered = (list: readonly unknown[]) => list.map((item, index): [number, unknown] => [index + 1, item]);
  if (typeof listings !== 'string') items = numbered(listings);
  else if (/^\uFEFF?\s*[[{]/.test(listings)) items = numbered(jsonItems(listings.replace(/^\uFEFF/, '')));
  else {
    format = 'csv';
    ({ items, unreadable } = csvRows(listings));
  }
  const count = items.length + unreadable.length;
  if (count > maxListings) throw new OutcomeError('invalid_input', `listings: ${count} rows; at most ${maxListings} per directory.`);
  const renamed = new Set<string>();
  // Column names repeat on every row: each is read once.
  const names = new Map<string, ReturnType<typeof fieldNameOf>>();
  const rows: Array<Record<string, unknown>> = [];
  const numbers: number[] = [];
  for (const [number, item] of items) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      unreadable.push({ row: number, name: null, reasons: [`not an object of field values (got ${Array.isArray(item) ? 'an array' : item === null ? 'null' : typeof item})`] });
      continue;
    }
    const row: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(item)) {
      let named = names.get(column);
      if (named === undefined) {
        named = fieldNameOf(column);
        names.set(column, named);
      }
      if (!named) continue;
      if (named.renamed) renamed.add(`"${column}" → ${named.name}`);
      if (!Object.hasOwn(row, named.name)) row[named.name] = value;
    }
    rows.push(row);
    numbers.push(number);
  }
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  if (columns.size > maxColumns) throw new OutcomeError('invalid_input', `listings: ${columns.size} columns; at most ${maxColumns}.`);
  return { rows, numbers, unreadable, renamed: [...renamed].slice(0, 50), format };
}

/** What makes two listings the same: their name and place, ignoring case. */
export const keyOf = (values: ListingValues) => `${String(values.name ?? '').toLowerCase()}\u0000${String(values.location ?? values.city ?? values.address ?? '').toLowerCase()}`;

/**
 * Each row checked against the fields: accepted listings (their ids kept from `previous` when the
 * same name and place were listed before, so that paid placements follow them) and rejects with reasons.
 */
export function checkListings(
  rows: ReadonlyArray<Record<string, unknown>>,
  fields: readonly Field[],
  previous: readonly Listing[] = [],
  /** Each row's number in what was given (readRows' `numbers`); by default its place in `rows`. */
  numbers?: readonly number[],
): { listings: Listing[]; rejected: Rejected[] } {
  const schema = listingSchema(fields);
  const idsBefore = new Map(previous.map((listing) => [keyOf(listing.values), listing.listing_id]));
  const knownIds = new Set(previous.map((listing) => listing.listing_id));
  const seen = new Map<string, number>();
  const listings: Listing[] = [];
  const rejected: Rejected[] = [];
  for (const [index, row] of rows.entries()) {
    const number = numbers?.[index] ?? index + 1;
    const { listing_id: givenId, ...rest } = row;
    const name = typeof rest.name === 'string' && rest.name.trim() ? rest.name.trim().slice(0, 200) : null;
    const checked = schema.safeParse(prepareValues(fields, rest, { matchOptions: true }));
    if (!checked.success) {
      rejected.push({ row: number, name, reasons: problemsOf(checked.error, fields) });
      continue;
    }
    const values = checked.data as ListingValues;
    const key = keyOf(values);
    const twin = seen.get(key);
    if (twin !== undefined) {
      rejected.push({ row: number, name, reasons: [`duplicate of row ${twin}: the same name and place`] });
      continue;
    }
    seen.set(key, number);
    const listingId = typeof givenId === 'string' && knownIds.has(givenId) ? givenId : (idsBefore.get(key) ?? newId(directoryIds.listing));
    listings.push({ listing_id: listingId, values });
  }
  return { listings, rejected };
}
