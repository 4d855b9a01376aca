/** Money: an amount with its currency sign, code or word ("$38", "2.900 €", "R$ 120", "24 USD", "$350 MXN"). */
import type { Money } from '../facts.js';
import { matches, stated } from './stated.js';

// prettier-ignore
const SIGNS: Record<string, string> = {
  'US$': 'USD', 'CA$': 'CAD', C$: 'CAD', 'AU$': 'AUD', A$: 'AUD', 'NZ$': 'NZD', R$: 'BRL', 'MX$': 'MXN', $: 'USD',
  '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', CHF: 'CHF', 'Fr.': 'CHF',
};
const CODES = 'USD|EUR|GBP|CHF|BRL|MXN|CAD|AUD|NZD|ARS|COP|CLP|PEN|UYU|JPY|INR|SEK|NOK|DKK|PLN';
// prettier-ignore
const WORDS: Record<string, string> = {
  dollars: 'USD', dollar: 'USD', euros: 'EUR', euro: 'EUR', reais: 'BRL', real: 'BRL', pounds: 'GBP', francs: 'CHF', 'francos': 'CHF',
};
const AMOUNT = String.raw`\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)`;
const SIGN = String.raw`US\$|CA\$|C\$|AU\$|A\$|NZ\$|R\$|MX\$|\$|€|£|¥|₹|CHF|Fr\.`;
const SIGN_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}])(${SIGN})\s?(${AMOUNT})(k(?![\p{L}]))?(?:\s?(${CODES}|CA)(?![\p{L}]))?`, 'gu');
const CODE_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}])(${CODES})\s?(${AMOUNT})`, 'gu');
// French writes thousands with a plain space ("1 200 €"), read only where the sign follows the amount.
const SPACED = String.raw`\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?(?!\d)`;
const AMOUNT_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}.,$€£])(${SPACED}|${AMOUNT})\s?(?:(€|£|\$\s?CA|\$|CHF|${CODES}|dollars|dollar|euros|euro|reais|pounds|francs|francos)(?![\p{L}]))`, 'gu');

/** "2,900" → "2900", "19.50" → "19.50", "4,50" → "4.50", "2.900,00" → "2900.00". */
export function plainAmount(written: string): string {
  const digits = written.replace(/[\s\u00a0\u202f]/gu, '');
  const lastSep = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  if (lastSep < 0) return digits;
  const decimals = digits.length - lastSep - 1;
  const whole = digits.slice(0, lastSep).replace(/[.,]/gu, '');
  if (decimals === 3) return whole + digits.slice(lastSep + 1);
  return `${whole}.${digits.slice(lastSep + 1)}`;
}

function currencyOf(sign: string, code: string | undefined): string | null {
  if (code === 'CA') return 'CAD';
  if (code) return code;
  return SIGNS[sign] ?? WORDS[sign.toLowerCase()] ?? (/^[A-Z]{3}$/u.test(sign) ? sign : null);
}

// An amount with no currency, priced by its unit: "6.50 each", "49 a month" (the currency is not in the prompt).
const BARE = /(?<![\p{L}\p{N}.,$€£/:–-])(\d{1,5}(?:[.,]\d{2})?)(?=\s(?:each|a month|a week|a year|an hour|per (?:month|hour|session|class|person|night|week))(?![\p{L}]))/gu;

/** All money in the view, in order, none overlapping. */
export function findMoney(prompt: string, view: string): Money[] {
  const found: Money[] = [];
  // Which characters a found amount holds: an overlap check that stays linear on long prompts.
  const held = new Uint8Array(view.length);
  const add = (start: number, end: number, amount: string, currency: string | null): void => {
    for (let i = start; i < end; i += 1) if (held[i]) return;
    held.fill(1, start, end);
    found.push({ ...stated(prompt, start, end), amount: plainAmount(amount), currency });
  };
  for (const m of matches(view, SIGN_FIRST)) {
    const amount = m[3] ? String(Number(plainAmount(m[2] ?? '')) * 1000) : (m[2] ?? '');
    add(m.index, m.index + m[0].length, amount, currencyOf(m[1] ?? '', m[4]));
  }
  for (const m of matches(view, CODE_FIRST)) add(m.index, m.index + m[0].length, m[2] ?? '', m[1] ?? null);
  for (const m of matches(view, AMOUNT_FIRST)) {
    const sign = (m[2] ?? '').replace(/\s/gu, '');
    add(m.index, m.index + m[0].length, m[1] ?? '', sign === '$CA' ? 'CAD' : currencyOf(sign, undefined));
  }
  for (const m of matches(view, BARE)) {
    if (/(?:up to|max|min|bis|hasta|até|jusqu'à)\.?\s*$/iu.test(view.slice(Math.max(0, m.index - 8), m.index))) continue;
    add(m.index, m.index + m[0].length, m[1] ?? '', null);
  }
  return found.sort((a, b) => a.span[0] - b.span[0]);
}
