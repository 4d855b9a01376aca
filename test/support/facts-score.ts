/**
 * Scores an extracted fact sheet against a labelled one, field by field (issue 14): facts are compared by
 * their normalised value, not by their span, so that "Mugs" at another occurrence still counts. A kind, place,
 * audience or claim counts only as the labelled words at the labelled span (case and spacing aside): "Manchester" is
 * not "in Manchester", and "4.9★ on Google from 300+ reviews" is not the two claims it is labelled as.
 */
import { measuredFields, reportedFields, type FactSheet, type ScoredField, type Span, type Stated } from '../../src/compose/facts.js';

/** Every field scored: the measured ones (with goals) first, then the reported ones. */
export const scoredFields: readonly ScoredField[] = [...measuredFields, ...reportedFields];

export interface FieldCount {
  truePositives: number;
  /** How many the extractor returned. */
  predicted: number;
  /** How many the labels hold. */
  expected: number;
}

export interface FieldScore extends FieldCount {
  precision: number;
  recall: number;
}

/** One wrong or missed fact, for reading the errors. */
export interface FieldError {
  id: string;
  field: ScoredField;
  kind: 'extra' | 'missed';
  value: string;
}

const name = (text: string): string => text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();

function contactKeys(sheet: FactSheet): string[] {
  const url = (text: string): string =>
    name(text)
      .replace(/^https?:\/\//u, '')
      .replace(/^www\./u, '')
      .replace(/\/$/u, '');
  return [
    ...sheet.contacts.emails.map((e) => `email:${name(e.text).replace(/^mailto:/u, '')}`),
    ...sheet.contacts.phones.map((p) => `phone:${p.text.replace(/\D/gu, '')}`),
    ...sheet.contacts.urls.map((u) => `url:${url(u.text)}`),
  ];
}

/** The comparable values of one field of a sheet (a set: a fact said twice counts once). */
export function fieldValues(sheet: FactSheet, field: Exclude<ScoredField, 'address'>): Set<string> {
  // A kind, place, audience or claim is keyed by its words and where they start: the labelled words at the labelled span.
  const at = (fact: Stated): string => `${name(fact.text)} @${fact.span[0]}`;
  const one = (fact: Stated | undefined): Set<string> => new Set(fact ? [name(fact.text)] : []);
  switch (field) {
    case 'business.name':
      return one(sheet.business.name);
    case 'business.kind':
      return new Set(sheet.business.kind ? [at(sheet.business.kind)] : []);
    case 'place':
      return new Set(sheet.place ? [at(sheet.place)] : []);
    case 'audience':
      return new Set(sheet.audience ? [at(sheet.audience)] : []);
    case 'claims':
      return new Set(sheet.claims.map(at));
    case 'claims.number':
      return new Set(sheet.claims.flatMap((c) => (c.number !== undefined ? [`${at(c)} = ${c.number}`] : [])));
    case 'languages':
      return new Set(sheet.languages);
    case 'offerings.name':
      return new Set(sheet.offerings.map((o) => name(o.name)));
    case 'offerings.price':
      return new Set(sheet.offerings.flatMap((o) => (o.price ? [`${name(o.name)} = ${Number(o.price.amount)} ${o.price.currency ?? '?'}`] : [])));
    case 'dates':
      return new Set(sheet.dates.map((d) => d.iso.slice(0, 10)));
    case 'hours':
      return new Set(sheet.hours.map((h) => `${h.days.join(',')} ${h.opens ?? ''}-${h.closes ?? ''}${h.closed ? ' closed' : ''}`));
    case 'contacts':
      return new Set(contactKeys(sheet));
  }
}

const length = ([start, end]: Span): number => end - start;

/** An address matches when the two share at least 80% of the longer one's characters. */
function addressMatches(expected: FactSheet['address'], found: FactSheet['address']): boolean {
  if (!expected || !found) return false;
  const shared = Math.min(expected.span[1], found.span[1]) - Math.max(expected.span[0], found.span[0]);
  return shared >= 0.8 * Math.max(length(expected.span), length(found.span));
}

/** Counts for one prompt and one field, and the facts that were extra or missed. */
export function scoreField(id: string, field: ScoredField, expected: FactSheet, found: FactSheet): { count: FieldCount; errors: FieldError[] } {
  if (field === 'address') {
    const hit = addressMatches(expected.address, found.address);
    const errors: FieldError[] = [];
    if (found.address && !hit) errors.push({ id, field, kind: 'extra', value: found.address.text });
    if (expected.address && !hit) errors.push({ id, field, kind: 'missed', value: expected.address.text });
    return { count: { truePositives: hit ? 1 : 0, predicted: found.address ? 1 : 0, expected: expected.address ? 1 : 0 }, errors };
  }
  const want = fieldValues(expected, field);
  const got = fieldValues(found, field);
  const errors: FieldError[] = [];
  let truePositives = 0;
  for (const value of got) {
    if (want.has(value)) truePositives += 1;
    else errors.push({ id, field, kind: 'extra', value });
  }
  for (const value of want) if (!got.has(value)) errors.push({ id, field, kind: 'missed', value });
  return { count: { truePositives, predicted: got.size, expected: want.size }, errors };
}

/** Precision and recall per scored field over a labelled set. An empty denominator scores 1. */
export function scoreSheets(pairs: ReadonlyArray<{ id: string; expected: FactSheet; found: FactSheet }>): { scores: Record<ScoredField, FieldScore>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const scores = {} as Record<ScoredField, FieldScore>;
  for (const field of scoredFields) {
    const total: FieldCount = { truePositives: 0, predicted: 0, expected: 0 };
    for (const { id, expected, found } of pairs) {
      const scored = scoreField(id, field, expected, found);
      total.truePositives += scored.count.truePositives;
      total.predicted += scored.count.predicted;
      total.expected += scored.count.expected;
      errors.push(...scored.errors);
    }
    scores[field] = {
      ...total,
      precision: total.predicted === 0 ? 1 : total.truePositives / total.predicted,
      recall: total.expected === 0 ? 1 : total.truePositives / total.expected,
    };
  }
  return { scores, errors };
}
