/**
 * Input that cannot be an invoice (red-team finding 8): every refusal is a 400 invalid_input
 * naming the field and what it takes, never a silently rounded amount, a garbled date or a 500.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import currencyCodes from 'currency-codes';
import { OutcomeError } from '../../src/kernel/errors.js';
import { computeInvoice } from '../../tools/invoice/compute.js';
import { invoiceInputSchema } from '../../tools/invoice/schema.js';
import { exponentOf, parseMoney, parseScaled } from '../../src/payments/money.js';

const seller = { name: 'Seller', email: null, address: null, tax_id: null };

function invoice(patch: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
  const input = invoiceInputSchema.parse({
    customer: { name: 'Acme' },
    currency: 'EUR',
    line_items: [{ description: 'Work', unit_price: '10', ...line }],
    ...patch,
  });
  return computeInvoice(input, seller, '2026-11-22');
}

/** The OutcomeError a call throws; fails the test when it throws anything else or nothing. */
function refusal(call: () => unknown): OutcomeError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(OutcomeError);
    const outcome = error as OutcomeError;
    expect(outcome.code).toBe('invalid_input');
    expect(outcome.status).toBe(400);
    return outcome;
  }
  throw new Error('expected the call to be refused');
}

describe('numbers are read as the decimals they stand for', () => {
  it.each([
    [5e-324, 324],
    [1e-7, 7],
    [1e-21, 21],
    [0.001, 3],
    [0.1 + 0.2, 17],
  ])('refuses unit_price %s (%i decimals) instead of rounding it to €0.00', (price, decimals) => {
    const { message } = refusal(() => invoice({}, { unit_price: price }));
    expect(message).toContain('line_items[0].unit_price');
    expect(message).toContain(`has ${decimals} decimals; at most 2 are allowed`);
  });

  it('refuses a number exactly like the string it stands for', () => {
    const asString = refusal(() => parseMoney('0.001', 'EUR', 'p')).message;
    const asNumber = refusal(() => parseMoney(0.001, 'EUR', 'p')).message;
    expect(asNumber.replace('0.001', '"0.001"')).toBe(asString);

    // Any m / 10^k as a JSON number parses as its decimal text would.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom('EUR', 'JPY', 'KWD'), (m, k, currency) => {
        const digits = String(m).padStart(k + 1, '0');
        const text = k ? `${digits.slice(0, -k)}.${digits.slice(-k)}`.replace(/\.?0+$/, '') : digits;
        const read = (value: string | number) => {
          try {
            return parseMoney(value, currency, 'p');
          } catch (error) {
            // The value is shown as sent (1e-9 or "0.000000001"); what follows it must agree.
            const { message } = error as Error;
            return message.slice(message.indexOf(' has '));
          }
        };
        expect(read(m / 10 ** k)).toEqual(read(text));
      }),
    );
  });

  it('writes out exponents: 1e21 is a whole number, 1.5e-7 has 8 decimals', () => {
    expect(parseScaled(1e21, 0, 'p', 'x')).toBe(10n ** 21n);
    expect(parseScaled(1.25e25, 4, 'p', 'x')).toBe(125n * 10n ** 27n);
    expect(parseScaled(1.5e-7, 8, 'p', 'x')).toBe(15n);
    expect(refusal(() => parseMoney(1.5e-7, 'EUR', 'p')).message).toContain('has 8 decimals');
  });

  it('takes -0 as 0 (a free line) and refuses negative prices, numbers and strings alike, saying so', () => {
    const free = invoice({}, { unit_price: -0 });
    expect(free.line_items[0]).toMatchObject({ unit_price: 0, amount: 0 });
    expect(Object.is(free.line_items[0]!.unit_price, -0)).toBe(false);
    expect(invoice({}, { unit_price: '-0.00' }).totals.total).toBe(0);

    for (const price of [-5, '-5', -0.01, '-0.01']) {
      const { message } = refusal(() => invoice({}, { unit_price: price }));
      expect(message).toContain('line_items[0].unit_price');
      expect(message).toContain('is negative');
      expect(message).toMatch(/0 or more/);
    }
    expect(refusal(() => invoice({}, { quantity: -0 })).message).toContain('line_items[0].quantity: must be more than 0');
    expect(refusal(() => invoice({}, { quantity: -2 })).message).toContain('line_items[0].quantity: quantity -2 is negative');
    expect(refusal(() => invoice({}, { tax_rate: -20 })).message).toContain('line_items[0].tax_rate');
  });

  it('says what a decimal looks like when a string is not one', () => {
    for (const text of ['1e-7', '12,50', 'ten', '.5', '']) {
      const { message } = refusal(() => invoice({}, { unit_price: text }));
      expect(message).toContain('line_items[0].unit_price');
      expect(message).toContain('not a decimal number');
      expect(message).toContain('"12.50"');
    }
  });

  it('does not accept Infinity or NaN', () => {
    for (const value of [Infinity, -Infinity, NaN]) {
      expect(invoiceInputSchema.safeParse({ customer: { name: 'A' }, currency: 'EUR', line_items: [{ description: 'x', unit_price: value }] }).success).toBe(false);
      expect(refusal(() => parseMoney(value, 'EUR', 'p')).message).toContain('not a finite number');
    }
  });
});

describe('amounts and quantities stay within what an invoice can carry', () => {
  it.each([
    ['quantity 1e-300', { quantity: 1e-300 }, 'line_items[0].quantity', 'has 300 decimals; at most 4 are allowed'],
    ['quantity 1e300', { quantity: 1e300 }, 'line_items[0].quantity', 'more than 1000000000'],
    ['quantity "1000000000.0001"', { quantity: '1000000000.0001' }, 'line_items[0].quantity', 'more than 1000000000'],
    ['unit price 1e300', { unit_price: 1e300 }, 'line_items[0].unit_price', '€9,999,999,999,999.99'],
    ['unit price 1e20', { unit_price: 1e20 }, 'line_items[0].unit_price', 'the largest amount an invoice can carry'],
    ['quantity × unit price', { quantity: 1_000_000_000, unit_price: '1000000' }, 'line_items[0]: quantity × unit price', '€9,999,999,999,999.99'],
  ])('refuses %s, naming the field and the limit', (_, line, field, limit) => {
    const { message } = refusal(() => invoice({}, line));
    expect(message).toContain(field);
    expect(message).toContain(limit);
  });

  it('accepts the largest quantity and amount', () => {
    expect(invoice({}, { quantity: 1_000_000_000, unit_price: '0.01' }).totals.total).toBe(1_000_000_000);
    expect(invoice({}, { unit_price: '9999999999999.99' }).totals.formatted.total).toBe('€9,999,999,999,999.99');
  });

  it('refuses lines that add up past the limit, and a total that tax pushes past it', () => {
    const line = { description: 'Big', unit_price: '6000000000000' };
    const subtotal = refusal(() => invoice({ line_items: [line, line] })).message;
    expect(subtotal).toContain('subtotal');
    expect(subtotal).toContain('€9,999,999,999,999.99');

    const total = refusal(() => invoice({ line_items: [{ ...line, tax_rate: 100 }] })).message;
    expect(total).toContain('total');
    expect(total).toContain('€9,999,999,999,999.99');
  });
});

describe('dates stay in 2000–2099', () => {
  it.each([
    ['issue_date', { issue_date: '0000-01-01' }],
    ['issue_date', { issue_date: '1999-12-31' }],
    ['issue_date', { issue_date: '9999-12-31' }],
    ['due_date', { issue_date: '2026-01-01', due_date: '2100-01-01' }],
    ['due_date', { issue_date: '2026-01-01', due_date: '9999-12-31' }],
  ])('refuses %s in %o, saying which dates are allowed', (field, patch) => {
    const { message } = refusal(() => invoice(patch));
    expect(message).toContain(`${field}: `);
    expect(message).toContain('2000-01-01 to 2099-12-31');
    expect(message).not.toMatch(/[+-]0\d{5}/);
  });

  it('refuses a due date that net_days (given or the default 30) pushes past 2099', () => {
    const given = refusal(() => invoice({ issue_date: '2099-12-01', net_days: 31 })).message;
    expect(given).toContain('net_days: ');
    expect(given).toContain('2100-01-01');
    expect(given).toContain('2099-12-31');

    const byDefault = refusal(() => invoice({ issue_date: '2099-12-31' })).message;
    expect(byDefault).toContain('issue_date: ');
    expect(byDefault).toContain('2100-01-30');
    expect(byDefault).not.toMatch(/[+-]0\d{5}/);
  });

  it('accepts the first and last day, and a due date on the last day', () => {
    expect(invoice({ issue_date: '2000-01-01' }).due_date).toBe('2000-01-31');
    expect(invoice({ issue_date: '2099-12-01', net_days: 30 }).due_date).toBe('2099-12-31');
    expect(invoice({ issue_date: '2099-12-31', due_date: '2099-12-31' }).issue_date).toBe('2099-12-31');
  });

  it('refuses due_date with net_days, whatever the dates', () => {
    expect(refusal(() => invoice({ issue_date: '2026-01-01', due_date: '2025-01-01', net_days: 3 })).message).toContain('not both');
  });
});

describe('currencies that are not money', () => {
  /** ISO 4217 list one, as the currency-codes package ships it: codes with no minor unit or flagged as funds. */
  function isoNonMoney(): Set<string> {
    const require = createRequire(import.meta.url);
    const xml = readFileSync(path.join(path.dirname(require.resolve('currency-codes/package.json')), 'iso-4217-list-one.xml'), 'utf8');
    const codes = new Set<string>();
    for (const [entry] of xml.matchAll(/<CcyNtry>[\s\S]*?<\/CcyNtry>/g)) {
      const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1];
      if (code && (/<CcyMnrUnts>N\.A\.<\/CcyMnrUnts>/.test(entry) || /IsFund="true"/.test(entry))) codes.add(code);
    }
    return codes;
  }

  it.each([
    ['XXX', 'no currency'],
    ['XTS', 'testing'],
    ['XAU', 'gold'],
    ['XAG', 'silver'],
    ['XPD', 'palladium'],
    ['XPT', 'platinum'],
    ['XDR', 'unit of account'],
    ['XBA', 'unit of account'],
    ['XSU', 'unit of account'],
    ['XUA', 'unit of account'],
    ['CLF', 'CLP'],
    ['USN', 'USD'],
  ])('refuses %s, saying why (%s)', (code, why) => {
    const { message } = refusal(() => invoice({ currency: code }));
    expect(message).toMatch(/^currency: /);
    expect(message).toContain(code);
    expect(message).toContain(why);
    expect(message).toMatch(/EUR, USD/);
    expect(message).not.toContain('¤');
  });

  it('refuses exactly the ISO codes with no minor unit or flagged as funds, and takes every other one', () => {
    const refused = isoNonMoney();
    expect(refused.size).toBeGreaterThanOrEqual(20);
    for (const code of currencyCodes.codes()) {
      if (refused.has(code)) expect(() => exponentOf(code), code).toThrow(OutcomeError);
      else expect(() => exponentOf(code), code).not.toThrow();
    }
    for (const code of ['XAF', 'XOF', 'XPF', 'XCD', 'CHF', 'CLP', 'BOB', 'MXN', 'UYU']) expect(refused.has(code)).toBe(false);
  });
});
