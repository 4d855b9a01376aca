/**
 * The fact-sheet extractor (issue 14): a pure function from a prompt to its typed facts, each with the span it
 * was read from. Plain lexical rules, no NLP library: it runs on every template generation and has 2 ms.
 */
import type { DateFact, FactSheet, News, Stated } from './facts.js';
import { findAddress } from './facts/address.js';
import { findAudience } from './facts/audience.js';
import { findClaims } from './facts/claims.js';
import { findContacts } from './facts/contacts.js';
import { findDates } from './facts/dates.js';
import { findHours } from './facts/hours.js';
import { findKind } from './facts/kind.js';
import { detectLang } from './facts/lang.js';
import { findLanguages } from './facts/languages.js';
import { markdownView } from './facts/markdown.js';
import { findMoney } from './facts/money.js';
import { findBusinessName } from './facts/names.js';
import { findConstraints, findNews } from './facts/notes.js';
import { findOfferings } from './facts/offerings.js';
import { findPlace } from './facts/place.js';
import { blankAll, overlapsAny } from './facts/stated.js';
import { findSubject } from './facts/subject.js';
import { findBoldListOfferings, findDiscountedOfferings, findFreeOfferings, findListedOfferings, findOnRequestOfferings } from './facts/unpriced.js';

export interface ExtractOptions {
  /** "YYYY-MM-DD": a date without a year is its next occurrence after this day. */
  referenceDate: string;
}

const spanOf = (fact: Stated): { start: number; end: number } => ({ start: fact.span[0], end: fact.span[1] });
const spansOf = (facts: ReadonlyArray<Stated | undefined>): Array<{ start: number; end: number }> => facts.flatMap((fact) => (fact ? [spanOf(fact)] : []));

interface Known {
  name: Stated | undefined;
  address: Stated | undefined;
  offerings: readonly Stated[];
  dates: ReadonlyArray<{ start: number; end: number }>;
  contacts: ReadonlyArray<{ start: number; end: number }>;
}

/** What the caller says the business is, where, for whom, and why to trust it; each is none of the facts before it. */
function describeBusiness(prompt: string, view: string, known: Known): Pick<FactSheet, 'place' | 'audience' | 'claims'> & { kind?: Stated } {
  const { name, address, offerings, dates, contacts } = known;
  // "24/7" may be both opening hours and a claim ("24/7 emergency callouts"), so hours do not bar a claim.
  const otherFacts = spansOf([name, address, ...offerings]);
  const claims = findClaims(prompt, view, { taken: (start, end) => overlapsAny(start, end, otherFacts), dates });
  const named = name ? { name: spanOf(name) } : {};
  const kind = findKind(prompt, view, { ...named, avoid: [...spansOf([address]), ...contacts], claims: claims.map((claim) => claim.text) });
  const place = findPlace(prompt, view, {
    ...named,
    ...(kind ? { kind: spanOf(kind) } : {}),
    avoid: [...spansOf([name, kind, address, ...claims, ...offerings]), ...contacts],
    dates,
  });
  const audienceAvoid = [...spansOf([name, kind, place, address, ...claims]), ...contacts];
  const audience = findAudience(prompt, view, audienceAvoid, place && spanOf(place), kind && spanOf(kind));
  return { ...(kind ? { kind } : {}), ...(place ? { place } : {}), ...(audience ? { audience } : {}), claims };
}

export function extractFacts(prompt: string, options: ExtractOptions): FactSheet {
  const { contacts, taken: contactSpans } = findContacts(prompt);
  const view = blankAll(markdownView(prompt), contactSpans);
  const lang = detectLang(view);
  const address = findAddress(prompt, view);
  // Dates are read month-first only where the prompt's money is in dollars (a US prompt).
  const monthFirst = lang === 'en' && /\$/u.test(prompt) && !/[£€]/u.test(prompt);
  const { dates, taken: dateSpans } = findDates(prompt, view, options.referenceDate, monthFirst);
  const money = findMoney(prompt, view);
  // Hours read a view without dates, money and the address, whose numbers look like times.
  const addressSpans = address ? [spanOf(address)] : [];
  const hoursView = blankAll(view, [...dateSpans, ...money.map(spanOf), ...addressSpans]);
  const hours = findHours(prompt, hoursView, lang, dateSpans);
  const name = findBusinessName(prompt, view, [...dateSpans, ...addressSpans], lang, addressSpans[0]);
  const subject = findSubject(view, [...(name ? [spanOf(name)] : []), ...dateSpans, ...addressSpans]);
  const priced = findOfferings(prompt, view, money, subject);
  // Unpriced lists must not be made of other facts: the name, the address, hours, money, dates or contacts.
  const facts = [...[name, address, ...hours, ...money, ...dates].flatMap((fact) => (fact ? [spanOf(fact)] : [])), ...contactSpans];
  const listed = [...priced, ...findListedOfferings(prompt, view, priced, facts)];
  listed.push(...findOnRequestOfferings(prompt, view, listed, facts));
  listed.push(...findDiscountedOfferings(prompt, view, listed, facts), ...findBoldListOfferings(prompt, listed));
  const free = findFreeOfferings(prompt, view, listed, [...facts, ...listed.map(spanOf)]);
  const offerings = [...listed, ...free].sort((a, b) => a.span[0] - b.span[0]);
  const { kind, place, audience, claims } = describeBusiness(prompt, view, { name, address, offerings, dates: dateSpans, contacts: contactSpans });
  return {
    business: { ...(name ? { name } : {}), ...(kind ? { kind } : {}) },
    offerings,
    news: withWhen(findNews(prompt, view), dates),
    ...(place ? { place } : {}),
    ...(address ? { address } : {}),
    hours,
    dates,
    ...(audience ? { audience } : {}),
    contacts,
    languages: findLanguages(view),
    claims,
    constraints: findConstraints(prompt, view),
    lang,
  };
}

/** News says from when (and until when) with the dates inside it: "from December 5", "del 7 al 31 de enero". */
function withWhen(news: News[], dates: readonly DateFact[]): News[] {
  return news.map((item) => {
    const inside = dates.filter((date) => item.span[0] <= date.span[0] && date.span[0] < item.span[1]);
    const [from, until] = inside;
    return { ...item, ...(from ? { from: from.iso.slice(0, 10) } : {}), ...(until && until.iso !== from?.iso ? { until: until.iso.slice(0, 10) } : {}) };
  });
}
