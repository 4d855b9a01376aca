import * as chrono from 'chrono-node';
import { extractColors } from '../../src/compose/brief/colors.js';
import { extractEmails, extractUrls } from '../../src/compose/brief/links.js';
import { extractPrices } from '../../src/compose/brief/prices.js';
import { mask } from '../../src/compose/brief/text.js';
import { opaqueId } from './features.js';

/**
 * The values a command states, found deterministically: ids, emails, links, amounts with their
 * currencies, dates (written out or relative: "by Friday", "in 2 weeks"), durations and counts,
 * quoted strings, colours, platforms, languages. The shared brief extractors (src/compose/brief)
 * read the fixed shapes; chrono-node reads dates against the server's clock. Each value keeps the
 * words it was read from, so that a route can say where its arguments came from.
 */

export interface Amount {
  amount: string;
  currency: string | null;
  text: string;
  start: number;
  end: number;
}

export interface Entities {
  text: string;
  ids: Array<{ prefix: string; id: string }>;
  emails: string[];
  urls: string[];
  amounts: Amount[];
  /** True when the command holds more amounts than are read (the extractor's bound). */
  amountsCut: boolean;
  /** A currency named without an amount ("in euros", "USD"), or the one of the amounts. */
  currency: string | null;
  /** `at`: the moment, when the command says the time too. */
  /** `before`: the words just before it ("due", "since"). */
  dates: Array<{ iso: string; at: string | null; text: string; before: string }>;
  /** "the last 3 months", "this year", "last month": the period's first day (its last is today, or the previous month's end). */
  period: { from: string; to: string | null } | null;
  /** "net 30", "due in 14 days": days until payment is due. */
  netDays: number | null;
  quoted: string[];
  colours: string[];
  platforms: string[];
  language: string | null;
  /** Whole numbers said with what they count: "5 clips", "30 seconds", "200 a day". */
  counts: Array<{ value: number; unit: string }>;
}

/** The shared price extractor reads this many (src/compose/brief/spans.ts): a command with as many may hold more. */
const maxAmounts = 100;

const quotedPattern = /"([^"\n]{1,2000})"|“([^”\n]{1,2000})”|(?<![\p{L}\p{N}])'([^'\n]{1,2000}?)'(?![\p{L}\p{N}])|‘([^’\n]{1,2000})’/gu;

const currencyWords: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:euros?|eur)\b|€/iu, 'EUR'],
  [/\b(?:us dollars?|usd|dollars?)\b|\$/iu, 'USD'],
  [/\b(?:pounds? sterling|pounds?|gbp|quid)\b|£/iu, 'GBP'],
  [/\b(?:yen|jpy)\b|¥/iu, 'JPY'],
  [/\b(?:swiss francs?|chf)\b/iu, 'CHF'],
  [/\b(?:canadian dollars?|cad)\b/iu, 'CAD'],
  [/\b(?:australian dollars?|aud)\b/iu, 'AUD'],
];

const platformWords: ReadonlyArray<[RegExp, string]> = [
  [/\btik ?toks?\b/iu, 'tiktok'],
  [/\b(?:instagram|insta|ig)(?: reels?)?\b|\breels\b/iu, 'instagram_reels'],
  [/\b(?:youtube|yt)(?: shorts?)?\b|\bshorts\b/iu, 'youtube_shorts'],
  [/\blinked ?in\b/iu, 'linkedin'],
  [/\b(?:x|twitter) (?:thread|post)s?\b|\bthreads? (?:on|for) (?:x|twitter)\b|\btweets?\b|\btwitter\b/iu, 'x_thread'],
  [/\bblog(?: post)?s?\b|\barticles?\b/iu, 'blog'],
  // "a LinkedIn post and an email", "un post y un email": an email to write, not an address.
  [
    /\bnewsletter (?:issue|edition|email)s?\b|\bemail (?:newsletter|version|blast)\b|\b(?:an|un|une|eine|uma|una|een)\s+e-?mail\b(?!\s*(?:address|adresse|adres|dirección|direccion|indirizzo|endereço|endereco)\b)/iu,
    'email',
  ],
];

const languageWords: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:in|into) (?:english)\b/iu, 'en'],
  [/\b(?:in|into) german\b|\bauf deutsch\b/iu, 'de'],
  [/\b(?:in|into) french\b|\ben français\b/iu, 'fr'],
  [/\b(?:in|into) spanish\b|\ben español\b/iu, 'es'],
  [/\b(?:in|into) italian\b/iu, 'it'],
  [/\b(?:in|into) dutch\b/iu, 'nl'],
  [/\b(?:in|into) portuguese\b/iu, 'pt'],
  [/\b(?:in|into) japanese\b/iu, 'ja'],
];

const duration = /^\s*(?:for|about)?\s*(?:an?|\d+(?:[.,]\d+)?)\s*(?:h|hrs?|hours?|minutes?|mins?|seconds?|secs?)\b/iu;
const countPattern =
  // "3 TikTok clips", "5 short vertical clips": a platform or a clip's kind may stand between the number and its unit.
  /(?<![\p{L}\p{N}.,])(\d{1,6})\s*(?:x\s*)?(?:(?:tiktok|instagram|youtube|reels?|shorts?|short|vertical|video|highlight)\s+){0,2}(clips?|seconds?|secs?|s\b|minutes?|mins?|hours?|hrs?|h\b|days?|weeks?|emails?|messages?|steps?|leads?|per day|a day|\/day|lessons?|modules?|products?|listings?|items?|units?)(\s+(?:a|per|each)\s+day|\s*\/\s*day)?/giu;
const netDaysPattern =
  /\bnet[ -]?(\d{1,3})\b|\b(?:due|payable|pay(?:ment)?|zahlbar|fällig|payable|pagadero|pagable) (?:with)?(?:in|innerhalb von|sous|en|dans) (\d{1,3}) (?:days|tagen|jours|días|dias)\b|\b(\d{1,3})[ -](?:days?|tage) (?:payment |zahlungs)?(?:terms?|ziel|netto)\b/iu;

export function extractEntities(command: string, now: Date): Entities {
  const text = command.slice(0, 4000);
  const ids = [...text.matchAll(opaqueId)].map((match) => ({ prefix: (match[1] as string).toLowerCase(), id: match[0].toLowerCase() }));
  const emails = extractEmails(text);
  const urls = extractUrls(mask(text, emails));
  // Ids, emails and links are masked before amounts and dates are read, so that their digits are not taken for either.
  const plain = mask(text, [...ids.map((found) => found.id), ...emails, ...urls]);
  const quotedSpans: Array<{ value: string; start: number; end: number }> = [];
  for (const match of plain.matchAll(quotedPattern)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim();
    if (value) quotedSpans.push({ value, start: match.index, end: match.index + match[0].length });
  }
  const unquoted = mask(
    plain,
    quotedSpans.map((span) => plain.slice(span.start, span.end)),
  );
  // The prices come in the text's order; each is looked for after the one before, so that "$5 … $5" is two places.
  let cursor = 0;
  const amounts: Amount[] = extractPrices(unquoted).prices.map((price) => {
    const start = unquoted.indexOf(price.text, cursor);
    cursor = start < 0 ? cursor : start + price.text.length;
    return { amount: price.amount, currency: price.currency, text: price.text, start, end: start + price.text.length };
  });
  // No date hides in a run of 33 characters without a space, nor needs two spaces in a row; chrono's first pass over
  // either, 4,000 characters long, takes a fifth of a second.
  const dateText = unquoted.replace(/\S{33,}/gu, ' ').replace(/\s+/gu, ' ');
  const dates = chrono
    .parse(dateText, { instant: now, timezone: 'UTC' }, { forwardDate: true })
    // A day the command names, not a duration ("3 hours of consulting" is no date).
    .filter((result) => !duration.test(result.text) && (result.start.isCertain('day') || result.start.isCertain('weekday') || /\b(?:today|tomorrow|tonight|week|month)\b/iu.test(result.text)))
    .map((result) => ({
      iso: result.start.date().toISOString().slice(0, 10),
      at: result.start.isCertain('hour') ? result.start.date().toISOString() : null,
      text: result.text,
      before: dateText.slice(Math.max(0, result.index - 30), result.index),
    }));
  const netMatch = netDaysPattern.exec(unquoted);
  // "50 emails a day" is a rate: a count per day, whatever it counts.
  const counts = [...unquoted.matchAll(countPattern)].map((match) => ({ value: Number(match[1]), unit: match[3] ? 'per_day' : unitOf(match[2] as string) }));
  return {
    text,
    ids,
    emails,
    urls,
    amounts,
    amountsCut: amounts.length >= maxAmounts,
    currency: amounts.find((found) => found.currency)?.currency ?? currencyWords.find(([pattern]) => pattern.test(unquoted))?.[1] ?? null,
    dates,
    netDays: netMatch ? Number(netMatch[1] ?? netMatch[2] ?? netMatch[3]) : null,
    period: periodOf(unquoted, now),
    quoted: quotedSpans.map((span) => span.value),
    colours: extractColors(unquoted).colors.map((colour) => colour.hex),
    platforms: platformWords.filter(([pattern]) => pattern.test(unquoted)).map(([, platform]) => platform),
    language: languageWords.find(([pattern]) => pattern.test(unquoted))?.[1] ?? null,
    counts,
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function periodOf(text: string, now: Date): { from: string; to: string | null } | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const back = /\b(?:last|past|previous)\s+(\d{1,3})\s*(day|week|month|year)s?\b/iu.exec(text);
  if (back) {
    const count = Number(back[1]);
    const unit = (back[2] as string).toLowerCase();
    const from = new Date(now);
    if (unit === 'day') from.setUTCDate(from.getUTCDate() - count);
    else if (unit === 'week') from.setUTCDate(from.getUTCDate() - 7 * count);
    else if (unit === 'month') from.setUTCMonth(from.getUTCMonth() - count);
    else from.setUTCFullYear(from.getUTCFullYear() - count);
    return { from: day(from), to: null };
  }
  if (/\bthis month\b/iu.test(text)) return { from: day(new Date(Date.UTC(year, month, 1))), to: null };
  if (/\bthis year\b/iu.test(text)) return { from: day(new Date(Date.UTC(year, 0, 1))), to: null };
  if (/\blast month\b/iu.test(text)) return { from: day(new Date(Date.UTC(year, month - 1, 1))), to: day(new Date(Date.UTC(year, month, 0))) };
  if (/\blast year\b/iu.test(text)) return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  return null;
}

function unitOf(word: string): string {
  const lower = word.toLowerCase();
  if (/^(?:s|secs?|seconds?)$/u.test(lower)) return 'second';
  if (/^(?:mins?|minutes?)$/u.test(lower)) return 'minute';
  if (/^(?:h|hrs?|hours?)$/u.test(lower)) return 'hour';
  if (/day$|^\/day$/u.test(lower) && /per|a |\//u.test(lower)) return 'per_day';
  return lower.replace(/s$/u, '');
}

/** The first id of one of `prefixes` the command names. */
export const idOf = (entities: Entities, ...prefixes: string[]): string | undefined => entities.ids.find((found) => prefixes.includes(found.prefix))?.id;
