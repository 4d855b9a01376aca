/** Prices: amounts with a currency symbol, code or word, and the unit they are per ("$9/month"). */
import currencyCodes from 'currency-codes';
import type { Brief } from '../types.js';
import { firstMatches, overlaps, type Span } from './spans.js';

type Price = Brief['prices'][number];

// prettier-ignore
const CURRENCY_SYMBOLS: Record<string, string> = {
  'US$': 'USD', 'AU$': 'AUD', A$: 'AUD', 'CA$': 'CAD', C$: 'CAD', 'NZ$': 'NZD', 'HK$': 'HKD', S$: 'SGD',
  R$: 'BRL', 'MX$': 'MXN', $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB',
  '₺': 'TRY', '₪': 'ILS', '₫': 'VND', '₱': 'PHP', '฿': 'THB', '₦': 'NGN', '₴': 'UAH',
};

// prettier-ignore
const CURRENCY_WORDS: Record<string, { currency: string | null; shift: number }> = {
  dollar: { currency: 'USD', shift: 0 }, dollars: { currency: 'USD', shift: 0 }, bucks: { currency: 'USD', shift: 0 },
  euro: { currency: 'EUR', shift: 0 }, euros: { currency: 'EUR', shift: 0 }, yen: { currency: 'JPY', shift: 0 },
  rupee: { currency: 'INR', shift: 0 }, rupees: { currency: 'INR', shift: 0 }, quid: { currency: 'GBP', shift: 0 },
  'pound sterling': { currency: 'GBP', shift: 0 }, 'pounds sterling': { currency: 'GBP', shift: 0 },
  franc: { currency: 'CHF', shift: 0 }, francs: { currency: 'CHF', shift: 0 }, cent: { currency: 'USD', shift: -2 },
  cents: { currency: 'USD', shift: -2 },
};

/** ISO 4217 codes that are also ordinary upper-case words ("ALL 3 TIERS", "3 PHP scripts"). */
const CONFUSABLE_CODES = new Set(['ALL', 'TOP', 'CUP', 'PEN', 'MOP', 'SOS', 'BOB', 'TRY', 'GEL', 'MAD', 'AMD', 'PHP', 'XXX', 'XTS']);
export const CURRENCY_CODES = new Set(currencyCodes.codes().filter((code) => !CONFUSABLE_CODES.has(code)));

// prettier-ignore
const PER_UNITS: Record<string, string> = {
  month: 'month', mo: 'month', mth: 'month', year: 'year', yr: 'year', annum: 'year', week: 'week', wk: 'week',
  day: 'day', night: 'night', hour: 'hour', hr: 'hour', minute: 'minute', min: 'minute', session: 'session',
  class: 'class', lesson: 'lesson', visit: 'visit', user: 'user', seat: 'seat', person: 'person', head: 'person',
  member: 'member', ticket: 'ticket', item: 'item', unit: 'unit', piece: 'piece', guest: 'guest', student: 'student',
  license: 'license', licence: 'license', page: 'page', word: 'word', box: 'box', kg: 'kg', lb: 'lb', pound: 'lb',
  dozen: 'dozen', order: 'order', project: 'project', team: 'team', location: 'location', workspace: 'workspace',
  quarter: 'quarter', semester: 'semester', term: 'term', course: 'course', walk: 'walk', groom: 'groom',
};
// prettier-ignore
const PER_ADVERBS: Record<string, string> = {
  monthly: 'month', yearly: 'year', annually: 'year', weekly: 'week', daily: 'day', nightly: 'night', hourly: 'hour',
  quarterly: 'quarter',
};

const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d{1,9}(?:[.,]\d{1,2})?`;
const MULTIPLIER = String.raw`(?:\s?(million|thousand|billion)|(k|K|m|M|mm|MM|bn)(?![\p{L}\p{N}]))?`;
const SYMBOL_ALTERNATION = Object.keys(CURRENCY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map((symbol) => symbol.replace(/\$/gu, '\\$'))
  .join('|');
const SUFFIX_SYMBOLS = '€|£|¥|₹|₩|₽|₺|₪|₫|₱|฿|₦|₴';

// prettier-ignore
const PRICE_PATTERNS: Array<{ re: RegExp; priority: number; kind: 'symbol' | 'code-first' | 'code-last' | 'symbol-last' | 'word' }> = [
  { kind: 'symbol', priority: 0, re: new RegExp(String.raw`(?<![\p{L}\p{N}$€£¥])(${SYMBOL_ALTERNATION})\s?(${AMOUNT})(?!\d)${MULTIPLIER}`, 'gu') },
  { kind: 'code-first', priority: 1, re: new RegExp(String.raw`(?<![\p{L}\p{N}])([A-Z]{3})\s?(${AMOUNT})(?!\d)${MULTIPLIER}`, 'gu') },
  { kind: 'code-last', priority: 1, re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)${MULTIPLIER}\s?([A-Z]{3})(?![\p{L}\p{N}])`, 'gu') },
  { kind: 'symbol-last', priority: 2, re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)\s?(${SUFFIX_SYMBOLS})`, 'gu') },
  {
    kind: 'word',
    priority: 2,
    re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)\s?(${Object.keys(CURRENCY_WORDS).sort((a, b) => b.length - a.length).join('|')})(?![\p{L}])`, 'giu'),
  },
];

const PER_UNIT_ALTERNATION = Object.keys(PER_UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const PER_AFTER = new RegExp(
  String.raw`^(?:\s*\/\s*|\s*(?<![\p{L}])per\s+|\s+(?:a|an|each|every)\s+)(${PER_UNIT_ALTERNATION})(?![\p{L}])(?:(?:\s*\/\s*|\s+per\s+)(${PER_UNIT_ALTERNATION})(?![\p{L}]))?`,
  'iu',
);
// Lower case only: "$15, Monthly $60" is a list of plans, "$9 monthly" is a unit.
const PER_ADVERB_AFTER = new RegExp(String.raw`^\s+(${Object.keys(PER_ADVERBS).join('|')})(?![\p{L}])`, 'u');
/** What may separate prices in one list: "$19, $49 and $99 per month". */
const LIST_GAP = /^\s*(?:,|\/|&|\+|or|and|to|-|–|—)?\s*(?:or|and)?\s*$/iu;

const MULTIPLIER_SHIFT: Record<string, number> = { k: 3, thousand: 3, m: 6, mm: 6, million: 6, bn: 9, billion: 9 };

/** Moves the decimal point of a plain decimal string; no floating point. */
function shiftDecimal(value: string, shift: number): string {
  let [whole = '0', fraction = ''] = value.split('.');
  if (shift > 0) {
    fraction = fraction.padEnd(shift, '0');
    whole += fraction.slice(0, shift);
    fraction = fraction.slice(shift);
  } else if (shift < 0) {
    whole = whole.padStart(-shift + 1, '0');
    fraction = whole.slice(shift) + fraction;
    whole = whole.slice(0, shift);
  }
  whole = whole.replace(/^0+(?=\d)/u, '');
  if (shift !== 0) fraction = fraction.replace(/0+$/u, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "1,200.50" / "1.200,50" / "9,99" → "1200.50" / "1200.50" / "9.99". */
function normaliseAmount(raw: string, shift: number): string {
  let value = raw;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/u.test(value)) value = value.replace(/,/gu, '');
  else if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/u.test(value)) value = value.replace(/\./gu, '').replace(',', '.');
  else value = value.replace(',', '.');
  return shiftDecimal(value, shift);
}

interface PriceMatch extends Span {
  priority: number;
  amount: string;
  currency: string | null;
}

export function extractPrices(text: string): { prices: Price[]; spans: Span[] } {
  const candidates: PriceMatch[] = [];
  for (const { re, priority, kind } of PRICE_PATTERNS) {
    for (const match of firstMatches(text, re)) {
      const start = match.index;
      const end = start + match[0].length;
      let amount: string | undefined;
      let currency: string | null = null;
      let shift = 0;
      if (kind === 'symbol' || kind === 'code-first') {
        const code = match[1] ?? '';
        currency = kind === 'symbol' ? (CURRENCY_SYMBOLS[code] ?? null) : code;
        if (kind === 'code-first' && !CURRENCY_CODES.has(code)) continue;
        shift = MULTIPLIER_SHIFT[(match[3] ?? match[4] ?? '').toLowerCase()] ?? 0;
        amount = match[2];
      } else if (kind === 'code-last') {
        const code = match[4] ?? '';
        if (!CURRENCY_CODES.has(code)) continue;
        currency = code;
        shift = MULTIPLIER_SHIFT[(match[2] ?? match[3] ?? '').toLowerCase()] ?? 0;
        amount = match[1];
      } else if (kind === 'symbol-last') {
        currency = CURRENCY_SYMBOLS[match[2] ?? ''] ?? null;
        amount = match[1];
      } else {
        const word = CURRENCY_WORDS[(match[2] ?? '').toLowerCase()];
        currency = word?.currency ?? null;
        shift = word?.shift ?? 0;
        amount = match[1];
      }
      if (amount === undefined) continue;
      candidates.push({ start, end, priority, amount: normaliseAmount(amount, shift), currency });
    }
  }
  candidates.sort((a, b) => a.priority - b.priority || a.start - b.start || b.end - a.end);
  const accepted: PriceMatch[] = [];
  for (const candidate of candidates) if (!overlaps(candidate, accepted)) accepted.push(candidate);
  accepted.sort((a, b) => a.start - b.start);

  const found: Array<{ span: Span; price: Price }> = accepted.map((match) => {
    let end = match.end;
    let per: string | null = null;
    const after = text.slice(end, end + 40);
    const unit = PER_AFTER.exec(after);
    const adverb = unit ? null : PER_ADVERB_AFTER.exec(after);
    if (unit) {
      const first = PER_UNITS[(unit[1] ?? '').toLowerCase()] ?? null;
      const second = unit[2] ? (PER_UNITS[unit[2].toLowerCase()] ?? null) : null;
      per = first && second ? `${first}/${second}` : first;
      end += unit[0].length;
    } else if (adverb) {
      per = PER_ADVERBS[(adverb[1] ?? '').toLowerCase()] ?? null;
      end += adverb[0].length;
    }
    return {
      span: { start: match.start, end },
      price: { text: text.slice(match.start, end).trim(), amount: match.amount, currency: match.currency, per },
    };
  });

  // "$19, $49, $99 per month": the unit after the last price of a list applies to all of them.
  for (let i = found.length - 1; i > 0; i -= 1) {
    const current = found[i];
    const previous = found[i - 1];
    if (!current || !previous || previous.price.per !== null || current.price.per === null) continue;
    if (previous.price.currency !== current.price.currency) continue;
    if (LIST_GAP.test(text.slice(previous.span.end, current.span.start))) previous.price.per = current.price.per;
  }
  return { prices: found.map((item) => item.price), spans: found.map((item) => item.span) };
}
