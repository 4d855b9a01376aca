/**
 * The fact-sheet extractor (issue 14): a pure function from a prompt to its typed facts, each with the span it
 * was read from. Plain lexical rules, no NLP library: it runs on every template generation and has 2 ms.
 */
import type { FactSheet, Stated } from './facts.js';
import { findAddress } from './facts/address.js';
import { findContacts } from './facts/contacts.js';
import { findDates } from './facts/dates.js';
import { findHours } from './facts/hours.js';
import { detectLang } from './facts/lang.js';
import { markdownView } from './facts/markdown.js';
import { findMoney } from './facts/money.js';
import { findBusinessName } from './facts/names.js';
import { findConstraints, findNews } from './facts/notes.js';
import { findOfferings } from './facts/offerings.js';
import { blankAll } from './facts/stated.js';
import { findSubject } from './facts/subject.js';
import { findBoldListOfferings, findDiscountedOfferings, findFreeOfferings, findListedOfferings, findOnRequestOfferings } from './facts/unpriced.js';

export interface ExtractOptions {
  /** "YYYY-MM-DD": a date without a year is its next occurrence after this day. */
  referenceDate: string;
}

const spanOf = (fact: Stated): { start: number; end: number } => ({ start: fact.span[0], end: fact.span[1] });

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
  return {
    business: { ...(name ? { name } : {}) },
    offerings,
    news: findNews(prompt, view),
    ...(address ? { address } : {}),
    hours,
    dates,
    contacts,
    languages: [],
    claims: [],
    constraints: findConstraints(prompt, view),
    lang,
  };
}
