import currencyCodes from 'currency-codes';
import { OutcomeError } from '../kernel/errors.js';

/**
 * Stripe's amount rules (https://docs.stripe.com/currencies): amounts arrive here in ISO 4217
 * minor units, and Stripe counts decimals differently for a few currencies.
 */
interface StripeRule {
  /** How many decimals Stripe's API uses for the currency. */
  exponent: number;
  /** Three-decimal currencies: Stripe's payment partners need the last digit to be 0. */
  lastDigitZero?: boolean;
}

const zeroDecimal = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const threeDecimal = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];

const specialRules = new Map<string, StripeRule>([
  ...zeroDecimal.map((code): [string, StripeRule] => [code, { exponent: 0 }]),
  ...threeDecimal.map((code): [string, StripeRule] => [code, { exponent: 3, lastDigitZero: true }]),
  // ISO says 0 decimals; Stripe keeps two for backwards compatibility, the decimals always 00.
  ['ISK', { exponent: 2 }],
]);

interface Conversion {
  code: string;
  isoExponent: number;
  /** Decimals to move: positive multiplies by 10^shift, negative divides. */
  shift: number;
  /** The ISO minor-unit amounts Stripe can take are multiples of this. */
  step: number;
  rule: StripeRule;
}

function conversion(currency: string): Conversion {
  const code = currency.toUpperCase();
  const iso = currencyCodes.code(code);
  if (!iso) {
    throw new OutcomeError('unprocessable', `${currency} is not an ISO 4217 currency code; send one such as EUR or USD.`);
  }
  // Any other currency is two-decimal at Stripe; one whose ISO exponent is not 2 (IQD, LYD, CLF…) Stripe does not list.
  const rule = specialRules.get(code) ?? (iso.digits === 2 ? { exponent: 2 } : undefined);
  if (!rule) {
    throw new OutcomeError('unprocessable', `Stripe does not accept ${code}; use another currency to get a payment link.`, {
      details: { processor: 'stripe', currency: code },
    });
  }
  const shift = rule.exponent - iso.digits;
  // Both constraints are powers of ten, so the stricter one is the step (MGA: 100, KWD: 10, ISK: 1).
  const step = Math.max(1, 10 ** -shift * (rule.lastDigitZero ? 10 : 1));
  return { code, isoExponent: iso.digits, shift, step, rule };
}

function fits(amount: number, step: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0 && amount % step === 0;
}

function scale(amount: number, shift: number): number {
  return shift >= 0 ? amount * 10 ** shift : amount / 10 ** -shift;
}

/** `KWD 12.345` from 12345: exact for any safe integer, unlike dividing floats. */
function formatMinorUnits(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = currencyCodes.code(code)?.digits ?? 2;
  const padded = String(Math.abs(amount)).padStart(digits + 1, '0');
  const whole = digits ? padded.slice(0, -digits) : padded;
  const fraction = digits ? `.${padded.slice(-digits)}` : '';
  return `${code} ${amount < 0 ? '-' : ''}${whole}${fraction}`;
}

/** Whether Stripe can take this ISO minor-unit amount as it is (no rounding needed). */
export function isStripeAmount(currency: string, amount: number): boolean {
  return fits(amount, conversion(currency).step);
}

/**
 * The ISO 4217 minor-unit amount in the units Stripe's API expects. Throws `unprocessable`,
 * before anything reaches Stripe, when Stripe would need the amount rounded.
 */
export function toStripeAmount(currency: string, amount: number): number {
  const { code, shift, step, rule } = conversion(currency);
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new OutcomeError('unprocessable', `The amount ${amount} is not a non-negative integer in ${code} minor units.`);
  }
  if (!fits(amount, step)) {
    const lower = amount - (amount % step);
    const upper = lower + step;
    const why = rule.lastDigitZero ? `Stripe needs the last digit of ${code} amounts (in minor units) to be 0` : `Stripe takes ${code} only in steps of ${formatMinorUnits(step, code)}`;
    throw new OutcomeError(
      'unprocessable',
      `${why}: ${formatMinorUnits(amount, code)} cannot be charged. Round it to ${formatMinorUnits(lower, code)} or ${formatMinorUnits(upper, code)} and try again.`,
      { details: { processor: 'stripe', currency: code, amount, step, suggestions: [lower, upper] } },
    );
  }
  return scale(amount, shift);
}
