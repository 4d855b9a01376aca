/**
 * Checks the labelled prompt set itself (the gold standard of issue 14), not the extractor: every fact is the
 * prompt's own words at its span, values have the shapes src/compose/facts.ts promises, and the set is large and
 * varied enough for per-field precision and recall to mean something.
 */
import cc from 'currency-codes';
import { describe, expect, it } from 'vitest';
import type { FactSheet, Stated } from '../../src/compose/facts.js';
import { heldoutPrompts } from '../fixtures/facts/heldout.js';
import { labelledPrompts, referenceDate, type LabelledPrompt } from '../fixtures/facts/labelled.js';

/** Every Stated in a fact sheet, wherever it sits, with the path that leads to it. */
function statedIn(value: unknown, path = 'facts'): Array<{ path: string; stated: Stated }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => statedIn(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const found: Array<{ path: string; stated: Stated }> = [];
  if ('text' in value && 'span' in value) found.push({ path, stated: value as Stated });
  for (const [key, child] of Object.entries(value)) if (key !== 'span') found.push(...statedIn(child, `${path}.${key}`));
  return found;
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Why a span's edges are wrong, or null: a span must not cut a word ("mug" in "mugs") or a number ("$6" in "$6.50"). */
function edgeProblem(prompt: string, [start, end]: readonly [number, number]): string | null {
  if (isWordChar(prompt[start - 1]) && isWordChar(prompt[start])) return 'starts inside a word';
  if (isWordChar(prompt[end - 1]) && isWordChar(prompt[end])) return 'ends inside a word';
  if (/\d/u.test(prompt[end - 1] ?? '') && /^[.,]\d/u.test(prompt.slice(end, end + 2))) return 'ends inside a number';
  return null;
}

function isCalendarDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d))?$/u.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/u;
/** "24:00" closes a day that is open until midnight ("24/7"). */
const CLOSING_TIME = /^(?:([01]\d|2[0-3]):[0-5]\d|24:00)$/u;
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/u;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/u;

const hasPrice = (facts: FactSheet): boolean => facts.offerings.some((offering) => offering.price !== undefined);
const hasContact = ({ contacts }: FactSheet): boolean => contacts.emails.length + contacts.phones.length + contacts.urls.length > 0;

/** The problems in one labelled prompt, as readable lines (empty when it is sound). */
function problemsIn({ id, prompt, facts }: LabelledPrompt): string[] {
  const problems: string[] = [];
  const report = (message: string): void => void problems.push(`${id}: ${message}`);

  for (const { path, stated } of statedIn(facts)) {
    const [start, end] = stated.span;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > prompt.length || start >= end) report(`${path} has span [${start}, ${end}]`);
    else if (prompt.slice(start, end) !== stated.text) report(`${path}.text ${JSON.stringify(stated.text)} is not its span's ${JSON.stringify(prompt.slice(start, end))}`);
    else if (stated.text.trim() !== stated.text) report(`${path}.text ${JSON.stringify(stated.text)} has spaces at an end`);
    const edge = edgeProblem(prompt, stated.span);
    if (edge) report(`${path} ${JSON.stringify(stated.text)} ${edge}`);
  }

  facts.offerings.forEach((offering, i) => {
    if (!prompt.includes(offering.name)) report(`offerings[${i}].name ${JSON.stringify(offering.name)} is not the prompt's words`);
    if (offering.unit !== undefined && !prompt.includes(offering.unit)) report(`offerings[${i}].unit ${JSON.stringify(offering.unit)} is not the prompt's words`);
    const price = offering.price;
    if (!price) return;
    if (!PLAIN_DECIMAL.test(price.amount)) report(`offerings[${i}].price.amount ${JSON.stringify(price.amount)} is not a plain decimal`);
    if (price.currency !== null && cc.code(price.currency) === undefined) report(`offerings[${i}].price.currency ${JSON.stringify(price.currency)} is not ISO 4217`);
  });

  facts.hours.forEach((hours, i) => {
    if (hours.days.length === 0 || hours.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) report(`hours[${i}].days ${JSON.stringify(hours.days)}`);
    if (new Set(hours.days).size !== hours.days.length) report(`hours[${i}].days repeats a day`);
    if (hours.opens !== undefined && !TIME.test(hours.opens)) report(`hours[${i}].opens ${JSON.stringify(hours.opens)} is not HH:MM`);
    if (hours.closes !== undefined && !CLOSING_TIME.test(hours.closes)) report(`hours[${i}].closes ${JSON.stringify(hours.closes)} is not HH:MM`);
    if (hours.closed && (hours.opens !== undefined || hours.closes !== undefined)) report(`hours[${i}] is closed and has times`);
  });

  facts.dates.forEach((date, i) => {
    if (!isCalendarDate(date.iso)) report(`dates[${i}].iso ${JSON.stringify(date.iso)} is not an ISO date`);
  });
  facts.news.forEach((news, i) => {
    for (const iso of [news.from, news.until]) if (iso !== undefined && !isCalendarDate(iso)) report(`news[${i}] date ${JSON.stringify(iso)} is not an ISO date`);
    for (const iso of [news.from, news.until]) if (iso !== undefined && !facts.dates.some((date) => date.iso.startsWith(iso))) report(`news[${i}] date ${iso} is missing from dates`);
  });

  facts.claims.forEach((claim, i) => {
    if (claim.number !== undefined && !claim.text.includes(claim.number)) report(`claims[${i}].number ${JSON.stringify(claim.number)} is not in its words`);
  });
  // "The town inside an address is not repeated": a place is never inside the address.
  const { place, address } = facts;
  if (place && address && place.span[0] < address.span[1] && address.span[0] < place.span[1]) report(`place ${JSON.stringify(place.text)} is inside the address`);

  if (!LANGUAGE.test(facts.lang)) report(`lang ${JSON.stringify(facts.lang)}`);
  for (const language of facts.languages) if (!LANGUAGE.test(language)) report(`languages has ${JSON.stringify(language)}`);
  return problems;
}

describe('the labelled prompt set for the fact-sheet extractor', () => {
  it('has at least 160 prompts with unique ids', () => {
    expect(labelledPrompts.length).toBeGreaterThanOrEqual(160);
    const ids = labelledPrompts.map((labelled) => labelled.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("labels every fact with the prompt's own words at its span, in the shapes facts.ts promises", () => {
    expect(labelledPrompts.flatMap(problemsIn)).toEqual([]);
  });

  it('labels a date written without a year as its next occurrence after the reference date', () => {
    const yearLess = labelledPrompts.flatMap(({ id, facts }) => facts.dates.filter((date) => !/\d{4}/u.test(date.text)).map((date) => ({ id, ...date })));
    const nextYear = `${Number(referenceDate.slice(0, 4)) + 1}${referenceDate.slice(4)}`;
    expect(yearLess.filter((date) => !(date.iso.slice(0, 10) > referenceDate && date.iso.slice(0, 10) <= nextYear))).toEqual([]);
    expect(yearLess.length).toBeGreaterThan(0);
  });

  it('has about 100 English prompts and at least 15 each in Spanish, Portuguese, German and French', () => {
    const count = (lang: string): number => labelledPrompts.filter((labelled) => labelled.facts.lang === lang).length;
    expect(count('en')).toBeGreaterThanOrEqual(90);
    for (const lang of ['es', 'pt', 'de', 'fr']) expect(count(lang), lang).toBeGreaterThanOrEqual(15);
    expect(labelledPrompts.filter((labelled) => !['en', 'es', 'pt', 'de', 'fr'].includes(labelled.facts.lang))).toEqual([]);
  });

  it('covers every kind of fact, and their absence (precision needs negatives)', () => {
    const count = (has: (facts: FactSheet) => boolean): number => labelledPrompts.filter((labelled) => has(labelled.facts)).length;
    const coverage = {
      offeringsWithPrices: count(hasPrice),
      hours: count((facts) => facts.hours.length > 0),
      addresses: count((facts) => facts.address !== undefined),
      contacts: count(hasContact),
      dates: count((facts) => facts.dates.length > 0),
      news: count((facts) => facts.news.length > 0),
      constraints: count((facts) => facts.constraints.length > 0),
      noPrices: count((facts) => !hasPrice(facts)),
      kinds: count((facts) => facts.business.kind !== undefined),
      places: count((facts) => facts.place !== undefined),
      audiences: count((facts) => facts.audience !== undefined),
      claims: count((facts) => facts.claims.length > 0),
      noKind: count((facts) => facts.business.kind === undefined),
    };
    const goals = { offeringsWithPrices: 40, hours: 25, addresses: 25, contacts: 40, dates: 25, news: 20, constraints: 15, noPrices: 20, kinds: 60, places: 40, audiences: 20, claims: 30, noKind: 40 };
    const short = Object.entries(goals).filter(([kind, goal]) => coverage[kind as keyof typeof coverage] < goal);
    expect(short.map(([kind, goal]) => `${kind}: ${coverage[kind as keyof typeof coverage]} < ${goal}`)).toEqual([]);
  });
});

describe('the held-out prompt set (never tuned against)', () => {
  it('has 40 prompts in the five languages, with ids unique across both sets', () => {
    expect(heldoutPrompts.length).toBeGreaterThanOrEqual(40);
    for (const lang of ['es', 'pt', 'de', 'fr']) expect(heldoutPrompts.filter((labelled) => labelled.facts.lang === lang).length, lang).toBeGreaterThanOrEqual(3);
    const ids = [...labelledPrompts, ...heldoutPrompts].map((labelled) => labelled.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("labels every fact with the prompt's own words at its span, in the shapes facts.ts promises", () => {
    expect(heldoutPrompts.flatMap(problemsIn)).toEqual([]);
  });
});
