import currencyCodes from 'currency-codes';
import { OutcomeError } from '../kernel/errors.js';

/**
 * Money as integer minor units (bigint while computing) with the ISO 4217 exponent of each
 * currency from the `currency-codes` table (JPY 0, USD 2, KWD 3). No floating point touches
 * an amount: decimal inputs are parsed as strings and scaled.
 */

/**
 * ISO 4217 codes that are not money an invoice can be paid in: those list one gives no minor
 * unit (metals, units of account, testing, "no currency"; currency-codes reports them as 0
 * decimals) and the fund codes it flags, each with why, and for a fund code the currency it
 * stands beside. test/invoice/limits.test.ts checks this list against list one itself.
 */
const notMoney = new Map<string, string>([
  ['XXX', 'the ISO 4217 code for "no currency"'],
  ['XTS', 'reserved for testing'],
  ['XAU', 'gold, a precious metal'],
  ['XAG', 'silver, a precious metal'],
  ['XPT', 'platinum, a precious metal'],
  ['XPD', 'palladium, a precious metal'],
  ['XDR', "the IMF's Special Drawing Right, a unit of account"],
  ['XSU', 'the SUCRE, a unit of account between ALBA states'],
  ['XUA', "the African Development Bank's unit of account"],
  ...['XBA', 'XBB', 'XBC', 'XBD'].map((code): [string, string] => [code, 'a European bond-market unit of account']),
  ['BOV', 'the Bolivian Mvdol, a fund code; invoice in BOB'],
  ['CHE', 'the WIR euro, a fund code; invoice in CHF or EUR'],
  ['CHW', 'the WIR franc, a fund code; invoice in CHF'],
  ['CLF', 'the Chilean Unidad de Fomento, a fund code; invoice in CLP'],
  ['COU', 'the Colombian Unidad de Valor Real, a fund code; invoice in COP'],
  ['MXV', 'the Mexican Unidad de Inversión, a fund code; invoice in MXN'],
  ['USN', 'the next-day US dollar, a fund code; invoice in USD'],
  ['UYI', 'the Uruguayan peso in indexed units, a fund code; invoice in UYU'],
]);

export function exponentOf(currency: string): number {
  const code = currency.toUpperCase();
  const entry = currencyCodes.code(code);
  if (!entry || typeof entry.digits !== 'number') {
    throw new OutcomeError('invalid_input', `currency: "${currency}" is not an ISO 4217 currency code; use a code such as EUR, USD, GBP or JPY.`);
  }
  const why = notMoney.get(code);
  if (why) {
    throw new OutcomeError(
      'invalid_input',
      `currency: ${code} is ${why}, not money an invoice can be paid in. Metals, units of account, fund, testing and no-currency codes are refused; use a currency such as EUR, USD, GBP or JPY.`,
    );
  }
  return entry.digits;
}

/** An optional minus, digits, and optionally a point and more digits: "12.50", "-3", "0012". */
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The decimal a JSON number stands for, in plain digits. `String()` gives the shortest text
 * that reads back as the same double, which is what the caller wrote whenever a double holds
 * it exactly (every value in range does); its exponent is written out, so that 5e-324 has 324
 * decimals instead of rounding to 0. -0 is 0.
 */
function plainNumber(value: number): string {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const plain = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return value < 0 ? `-${plain}` : plain;
}

/**
 * A non-negative decimal ("12.5", 12.5) as an integer scaled by 10^scale; numbers and strings
 * alike are refused when negative or with more decimals than `scale`.
 */
export function parseScaled(value: string | number, scale: number, path: string, what: string, negativeHint = ''): bigint {
  const shown = shownValue(value);
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new OutcomeError('invalid_input', `${path}: ${what} ${shown} is not a finite number; send a decimal such as "12.50".`);
  }
  const match = decimalPattern.exec(typeof value === 'number' ? plainNumber(value) : value.trim());
  if (!match) {
    throw new OutcomeError(
      'invalid_input',
      `${path}: ${what} ${shown} is not a decimal number; send digits with an optional "." and decimals, such as "12.50" (no exponent, sign or thousands separator).`,
    );
  }
  const [, sign, whole = '0', fraction = ''] = match;
  if (sign && /[1-9]/.test(whole + fraction)) {
    throw new OutcomeError('invalid_input', `${path}: ${what} ${shown} is negative; it must be 0 or more${negativeHint}.`);
  }
  // Strict: "80.00" JPY is refused too: it says the caller meant a precision the currency lacks.
  if (fraction.length > scale) {
    throw new OutcomeError('invalid_input', `${path}: ${what} ${shown} has ${fraction.length} decimals; at most ${scale} ${scale === 1 ? 'is' : 'are'} allowed.`);
  }
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** An input as the caller sent it: a number as JSON writes it, a string quoted. */
export const shownValue = (value: string | number) => (typeof value === 'number' ? String(value) : JSON.stringify(value));

/**
 * The largest amount in minor units anywhere on an invoice (a price, a line, a total): 15
 * digits, so that amounts and their sums stay exact as JSON numbers (below 2^53).
 */
export const maxMinorUnits = 10n ** 15n - 1n;

/** `minor` when an invoice can carry it; else refused, naming the largest amount in the currency. */
export function checkAmount(minor: bigint, currency: string, path: string, what: string): bigint {
  if (minor <= maxMinorUnits) return minor;
  const largest = formatMoney(maxMinorUnits, currency, 'en-US');
  throw new OutcomeError('invalid_input', `${path}: ${what} is more than ${largest}, the largest amount an invoice can carry.`);
}

export function parseMoney(value: string | number, currency: string, path: string, negativeHint = ''): bigint {
  const minor = parseScaled(value, exponentOf(currency), path, 'amount', negativeHint);
  return checkAmount(minor, currency, path, `amount ${shownValue(value)}`);
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
