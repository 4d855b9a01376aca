import currencyCodes from 'currency-codes';
import { OutcomeError } from '../../src/kernel/errors.js';

/**
 * Money as integer minor units (bigint while computing) with the ISO 4217 exponent of each
 * currency from the `currency-codes` table (JPY 0, USD 2, KWD 3). No floating point touches
 * an amount: decimal inputs are parsed as strings and scaled.
 */

export function exponentOf(currency: string): number {
  const entry = currencyCodes.code(currency.toUpperCase());
  if (!entry || typeof entry.digits !== 'number') {
    throw new OutcomeError('invalid_input', `currency: "${currency}" is not an ISO 4217 currency code; use a code such as EUR, USD, GBP or JPY.`);
  }
  return entry.digits;
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal ("12.5", 12.5) as an integer scaled by 10^scale; refused if it has more decimals than `scale`. */
export function parseScaled(value: string | number, scale: number, path: string, what: string): bigint {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = decimalPattern.exec(text);
  if (!match) throw new OutcomeError('invalid_input', `${path}: "${value}" is not a non-negative decimal number such as "12.50".`);
  const [, whole = '0', fraction = ''] = match;
  // Strict: "80.00" JPY is refused too: it says the caller meant a precision the currency lacks.
  if (fraction.length > scale) {
    throw new OutcomeError('invalid_input', `${path}: ${what} "${value}" has ${fraction.length} decimals; at most ${scale} ${scale === 1 ? 'is' : 'are'} allowed.`);
  }
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** A JS number as plain decimal text (no exponent), exactly as the caller wrote it where possible. */
function numberToPlain(value: number): string {
  if (!Number.isFinite(value) || value < 0) return String(value);
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

export function parseMoney(value: string | number, currency: string, path: string): bigint {
  return parseScaled(value, exponentOf(currency), path, 'amount');
}

/** numerator / denominator rounded half away from zero (commercial rounding), for non-negative values. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Splits `total` over `weights` proportionally so that the parts add up to `total` exactly
 * (largest remainder; ties to the earlier line): discounts allocated to lines never drift.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const parts = weights.map((weight) => (total * weight) / sum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] as bigint) + 1n;
    left -= 1n;
  }
  return parts;
}

/** Minor units as the exact decimal string of major units: 120050n EUR → "1200.50". */
export function toDecimal(minor: bigint, currency: string): string {
  const exponent = exponentOf(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const text = exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits;
  return negative ? `-${text}` : text;
}

/** Formats minor units for display in a locale, with exactly the currency's decimals. */
export function formatMoney(minor: bigint, currency: string, locale: string): string {
  const exponent = exponentOf(currency);
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // Intl formats decimal strings exactly (no float conversion).
  return formatter.format(toDecimal(minor, currency) as unknown as number);
}

export const toSafeNumber = (minor: bigint, path: string): number => {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new OutcomeError('invalid_input', `${path}: the amount is too large.`);
  return Number(minor);
};
