import { z } from 'zod';
/**
 * The facts contract (issue 14 §2), checked by code after generation: every fact of the sheet is found, in the
 * caller's words, in the part of the result where it belongs, and reported as placed or missing. Outcomes give
 * the places (a path and its visible text); this module knows nothing of pages or packs.
 */
import type { DateFact, FactSheet, Money, OpeningHours } from './facts.js';
import { listOf, type PageFrames } from './frames/index.js';
import { capitalize, stripEnd } from './text.js';

export type FactKind = 'name' | 'kind' | 'place' | 'audience' | 'claim' | 'offering' | 'news' | 'address' | 'hours' | 'date' | 'email' | 'phone' | 'url' | 'constraint';

/** A fact as the contract checks it: a label for people, and the words that must appear together in one place. */
export interface FactEntry {
  kind: FactKind;
  /** "offering: Invisalign from €2,900". */
  fact: string;
  /** Every one of these must be in the same place (compared case- and spacing-insensitively)… */
  needles: string[];
  /** …or else every one of these: the fact in the prompt's own words ("Dec 1" for a date shown as "December 1"). */
  or?: string[];
}

/** A part of a result that shows text: `path` names it ("offerings.items.2", "email.subject"). */
export interface Place {
  path: string;
  text: string;
}

export interface FactReport {
  facts: Array<{ fact: string; placed_in: string }>;
  missing_facts: string[];
}

/** A price as the page shows it: the caller's own text, "from" in the page's language for a starting price. */
export const priceText = (price: Money, frames: PageFrames): string => (price.from ? frames.from(price.text) : price.text);

const weekdayNames = new Map<string, string[]>();

/** Short weekday names, Monday first, in a language (cached: Intl formatters are slow to build). */
function weekdaysOf(lang: string): string[] {
  let names = weekdayNames.get(lang);
  if (!names) {
    const format = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    names = Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
    weekdayNames.set(lang, names);
  }
  return names;
}

/** "1, 2, 3, 4, 5" → "Mon–Fri"; "1, 3" → "Mon, Wed". */
function dayRange(days: readonly number[], lang: string): string {
  const names = weekdaysOf(lang);
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs.map(([first, last]) => (first === last ? names[first - 1] : `${names[first - 1]}${last === first + 1 ? ', ' : '–'}${names[last - 1]}`)).join(', ');
}

const clock = (time: string) => time.replace(/^0(\d)/, '$1');

/** One line of opening hours in the page's language: "Mon–Fri 9:00–18:00", "Sun Closed". */
function hoursLine(hours: OpeningHours, frames: PageFrames): string {
  const days = hours.days.length ? `${dayRange(hours.days, frames.lang)} ` : '';
  if (hours.closed) return `${days}${frames.chrome.closed}`.trim();
  if (hours.opens && hours.closes) return `${days}${clock(hours.opens)}–${clock(hours.closes)}`;
  if (hours.closes) return `${days}–${clock(hours.closes)}`;
  if (hours.opens) return `${days}${clock(hours.opens)}–`;
  // Days without times ("by appointment on Saturdays") are shown in the caller's words.
  return hours.text;
}

/**
 * Opening hours as the page shows them: the caller's own words ("Mon–Sat 10–6" stays so, rather than a reading
 * of "6" as 18:00 the caller did not write), or the normalised line when their words are too long for one.
 */
export function hoursText(hours: OpeningHours, frames: PageFrames): string {
  const own = stripEnd(hours.text.trim());
  // Times the caller wrote as clock times read best normalised ("Sat 9:00–14:00"); others stay as written.
  const written = [hours.opens, hours.closes].every((time) => time === undefined || own.includes(clock(time)));
  const balanced = (own.match(/\(/g) ?? []).length === (own.match(/\)/g) ?? []).length;
  if ((written && (hours.opens || hours.closes || hours.closed)) || !balanced || own.length > 80) return hoursLine(hours, frames);
  return capitalize(own);
}

/** Is this fact part of another one the copy states whole (a date or hours inside the news, a condition or an offering)? */
export function insideAnother(fact: { span: readonly [number, number]; text: string }, sheet: FactSheet): boolean {
  const containers = [...sheet.news, ...sheet.constraints, ...sheet.offerings, ...sheet.claims];
  // A final full stop read with the fact ("5 de diciembre.") is the sentence's, not the fact's.
  const end = fact.span[0] + stripEnd(fact.text).length;
  return containers.some((other) => other.span[0] <= fact.span[0] && end <= other.span[1] && other.span !== fact.span);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "12 March 2027" in the page's language, with the year only when the prompt gave one (a year it did not say is not said). */
export function dateText(date: Pick<DateFact, 'iso' | 'text'>, frames: PageFrames): string {
  const withYear = /\b\d{4}\b/.test(date.text);
  const key = `${frames.lang}:${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(frames.lang, withYear ? { dateStyle: 'long', timeZone: 'UTC' } : { month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  const [day, time] = date.iso.split('T');
  const shown = format.format(new Date(`${day}T00:00:00Z`));
  return time ? `${shown}, ${clock(time)}` : shown;
}

/** The sheet as the contract checks it, in the words the page or pack shows each fact in. */
export function factEntries(sheet: FactSheet, frames: PageFrames): FactEntry[] {
  const entries: FactEntry[] = [];
  if (sheet.business.name) entries.push({ kind: 'name', fact: `name: ${sheet.business.name.text}`, needles: [sheet.business.name.text] });
  if (sheet.business.kind) entries.push({ kind: 'kind', fact: `kind: ${sheet.business.kind.text}`, needles: [sheet.business.kind.text] });
  if (sheet.place) entries.push({ kind: 'place', fact: `place: ${sheet.place.text}`, needles: [sheet.place.text] });
  if (sheet.audience) entries.push({ kind: 'audience', fact: `audience: ${sheet.audience.text}`, needles: [sheet.audience.text] });
  for (const claim of sheet.claims) entries.push({ kind: 'claim', fact: `claim: ${claim.text}`, needles: [stripEnd(claim.text)] });
  for (const offering of sheet.offerings) {
    const price = offering.price ? priceText(offering.price, frames) : undefined;
    entries.push({ kind: 'offering', fact: `offering: ${offering.name}${price ? ` ${price}` : ''}`, needles: price ? [offering.name, offering.price?.text as string] : [offering.name] });
  }
  for (const news of sheet.news) entries.push({ kind: 'news', fact: `news: ${news.what}`, needles: [stripEnd(news.what)] });
  if (sheet.address) entries.push({ kind: 'address', fact: `address: ${sheet.address.text}`, needles: [sheet.address.text] });
  for (const hours of sheet.hours) {
    const shown = hoursText(hours, frames);
    entries.push({ kind: 'hours', fact: `hours: ${shown}`, needles: [shown], or: [stripEnd(hours.text)] });
  }
  for (const date of sheet.dates) entries.push({ kind: 'date', fact: `date: ${date.iso}${date.what ? ` (${date.what})` : ''}`, needles: [dateText(date, frames)], or: [stripEnd(date.text)] });
  for (const email of sheet.contacts.emails) entries.push({ kind: 'email', fact: `email: ${email.text}`, needles: [email.text] });
  for (const phone of sheet.contacts.phones) entries.push({ kind: 'phone', fact: `phone: ${phone.text}`, needles: [phone.text] });
  for (const url of sheet.contacts.urls) entries.push({ kind: 'url', fact: `url: ${url.text}`, needles: [url.text] });
  for (const constraint of sheet.constraints) entries.push({ kind: 'constraint', fact: `condition: ${constraint.text}`, needles: [stripEnd(constraint.text)] });
  return entries;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Does `text` state the news? Most of its telling words (longer than three letters, or with a figure) are there. */
export function statesNews(text: string, news: { what: string }): boolean {
  const wanted = wordsOf(news.what).filter((word) => word.length > 3 || /\d/.test(word));
  const said = new Set(wordsOf(text));
  return wanted.filter((word) => said.has(word)).length >= Math.ceil(wanted.length * 0.6);
}

export { stripEnd } from './text.js';

/** Text as the contract compares it: case, spacing, dashes and typographic apostrophes do not count. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‐‑‒–—―]/gu, '-')
    .replace(/[’‘]/gu, "'")
    .replace(/[\s\u00a0\u202f]+/gu, ' ')
    .trim();

/** Where each fact is, or that it is nowhere: the first place holding all of its needles. */
export function placeFacts(entries: readonly FactEntry[], places: readonly Place[]): FactReport {
  const shown = places.map((place) => ({ path: place.path, text: comparable(place.text) }));
  const report: FactReport = { facts: [], missing_facts: [] };
  for (const entry of entries) {
    const sets = [entry.needles, ...(entry.or ? [entry.or] : [])].map((needles) => needles.map(comparable));
    const place = shown.find((candidate) => sets.some((needles) => needles.every((needle) => candidate.text.includes(needle))));
    if (place) report.facts.push({ fact: entry.fact, placed_in: place.path });
    else report.missing_facts.push(entry.fact);
  }
  return report;
}

/** The places of a JSON value: each object whose fields are all text is one place (an item with its price), other values recurse. */
export function placesOf(value: unknown, path: string): Place[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => placesOf(item, `${path}.${index}`));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const texts = entries.filter(([, field]) => typeof field === 'string' || (Array.isArray(field) && field.every((item) => typeof item === 'string')));
    if (texts.length === entries.length) return [{ path, text: texts.map(([, field]) => (Array.isArray(field) ? field.join('\n') : field)).join('\n') }];
    return entries.flatMap(([key, field]) => placesOf(field, `${path}.${key}`));
  }
  return [];
}

/** The caller's words as a sentence of their own: capitalised, with one full stop. */
export const asSentence = (text: string) => `${capitalize(stripEnd(text.trim()))}.`;

/** What the business is, where and for whom, in the caller's words: the parts of "Dental clinic · Madrid · For families". */
export const aboutParts = (sheet: FactSheet, frames: PageFrames): string[] =>
  [sheet.business.kind?.text, sheet.place?.text, sheet.audience ? frames.audience(sheet.audience.text) : undefined].filter((part): part is string => Boolean(part));

/** "Contact Clínica Sol", or the plain invitation when the business has no name. */
export const contactHeading = (name: string | null | undefined, frames: PageFrames) => (name ? frames.headings.contact(name) : frames.buttons.contact);

/** "a, b and c" of the offerings' names, for a sentence. */
export const offeringList = (sheet: FactSheet, frames: PageFrames): string =>
  listOf(
    frames,
    sheet.offerings.map((offering) => offering.name),
  );

/** The contact facts a page's footer carries (the footer section's props of the same names). */
export interface FooterFacts {
  links: Array<{ text: string; url: string }>;
  contact_email?: string;
  phone?: string;
  address?: string;
  hours?: string[];
}

/** Opening hours that are not part of news ("now opens on Saturdays 9–14" is a change the headline states, not the week's hours). */
const regularHours = (facts: FactSheet) => facts.hours.filter((hours) => !insideAnother(hours, facts));

/** What the facts put in a footer: the address, the week's hours, phones, the first email and links. */
export function footerFacts(facts: FactSheet, frames: PageFrames): FooterFacts {
  const email = facts.contacts.emails[0]?.text;
  // Several numbers share the line, as many as fit.
  const phone = facts.contacts.phones.reduce((line, number) => (!line ? number.text : `${line} · ${number.text}`.length <= 40 ? `${line} · ${number.text}` : line), '');
  const links = facts.contacts.urls.slice(0, 8).flatMap((url) => {
    const href = /^https?:\/\//i.test(url.text) ? url.text : `https://${url.text}`;
    // A link the page cannot carry (unparsable, or beyond a URL's length) is left for missing_facts to report.
    return href.length <= 2000 && URL.canParse(href) ? [{ text: url.text.replace(/^https?:\/\//i, '').slice(0, 60), url: href }] : [];
  });
  const hours = regularHours(facts);
  return {
    links,
    ...(email && z.email().safeParse(email).success ? { contact_email: email } : {}),
    ...(phone ? { phone: phone.slice(0, 40) } : {}),
    ...(facts.address ? { address: facts.address.text.slice(0, 200) } : {}),
    ...(hours.length ? { hours: hours.slice(0, 14).map((entry) => hoursText(entry, frames).slice(0, 80)) } : {}),
  };
}
