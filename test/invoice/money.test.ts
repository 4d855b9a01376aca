import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeInvoice } from '../../tools/invoice/compute.js';
import { invoiceInputSchema } from '../../tools/invoice/schema.js';
import { allocate, exponentOf, maxMinorUnits, parseMoney, toDecimal } from '../../src/payments/money.js';

const seller = { name: 'Seller', email: null, address: null, tax_id: null };
const currencies = ['JPY', 'EUR', 'USD', 'KWD', 'BHD', 'CLP', 'GBP'];

/** A decimal string with at most `decimals` decimals. */
const decimalText = (maxWhole: number, decimals: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** decimals - 1 }))
    .map(([whole, fraction]) => (decimals ? `${whole}.${String(fraction).padStart(decimals, '0')}` : String(whole)));

const invoiceArbitrary = fc.constantFrom(...currencies).chain((currency) => {
  const exponent = exponentOf(currency);
  const line = fc.record({
    description: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim().length > 0),
    quantity: decimalText(50, 2).filter((q) => Number(q) > 0),
    unit_price: decimalText(5000, exponent),
    tax_rate: fc.option(fc.constantFrom('0', '5', '7', '7.5', '10', '19', '20', '21'), { nil: undefined }),
    discount: fc.option(fc.record({ percent: fc.constantFrom('5', '10', '12.5', '50') }), { nil: undefined }),
  });
  return fc.record({
    currency: fc.constant(currency),
    line_items: fc.array(line, { minLength: 1, maxLength: 12 }),
    discount: fc.option(fc.record({ percent: fc.constantFrom('3', '10', '33.3333') }), { nil: undefined }),
  });
});

describe('the money model', () => {
  it('lines, discounts, tax per rate and totals agree to the unit for every currency exponent', () => {
    fc.assert(
      fc.property(invoiceArbitrary, (raw) => {
        const input = invoiceInputSchema.parse({ customer: { name: 'C' }, ...raw });
        const invoice = computeInvoice(input, seller, '2026-11-22');
        const lines = invoice.line_items;
        // Every amount is an integer number of minor units: no float drift anywhere.
        for (const value of [...lines.flatMap((l) => [l.unit_price, l.amount, l.discount, l.taxable, l.allocated_discount]), ...Object.values(invoice.totals).filter((v) => typeof v === 'number')]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
        expect(invoice.totals.subtotal).toBe(subtotal);
        // The invoice discount is allocated exactly.
        expect(lines.reduce((sum, line) => sum + line.allocated_discount, 0)).toBe(invoice.totals.discount);
        // Tax is rounded once per rate on that rate's taxable sum (BR-CO-17).
        for (const entry of invoice.tax_breakdown) {
          const taxable = lines.filter((line) => line.tax_rate === entry.rate).reduce((sum, line) => sum + line.taxable, 0);
          expect(entry.taxable).toBe(taxable);
          const exact = BigInt(taxable) * BigInt(Math.round(Number(entry.rate) * 10_000));
          const rounded = (exact * 2n + 1_000_000n) / 2_000_000n;
          expect(entry.tax).toBe(Number(rounded));
        }
        expect(invoice.tax_breakdown.reduce((sum, entry) => sum + entry.tax, 0)).toBe(invoice.totals.tax);
        expect(invoice.totals.total).toBe(subtotal - invoice.totals.discount + invoice.totals.tax);
      }),
      { numRuns: 400 },
    );
  });

  it('allocates any total over any weights exactly, in proportion', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 30 }), (total, weights) => {
        const parts = allocate(total, weights);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        const sum = weights.reduce((a, b) => a + b, 0n);
        if (sum > 0n) parts.forEach((part, i) => expect(part - (total * (weights[i] as bigint)) / sum).toBeLessThanOrEqual(1n));
      }),
    );
  });

  it('parses decimals exactly and refuses more decimals than the currency has', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.bigInt({ min: 0n, max: maxMinorUnits }), (currency, minor) => {
        expect(parseMoney(toDecimal(minor, currency), currency, 'p')).toBe(minor);
      }),
    );
    expect(() => parseMoney('10.5', 'JPY', 'line_items[0].unit_price')).toThrow(/line_items\[0\]\.unit_price: amount "10.5" has 1 decimals; at most 0 are allowed/);
    expect(() => parseMoney('1.234', 'EUR', 'p')).toThrow(/at most 2/);
    expect(parseMoney('1.234', 'KWD', 'p')).toBe(1234n);
    expect(parseMoney('1.50', 'EUR', 'p')).toBe(150n);
    expect(() => parseMoney('80.00', 'JPY', 'p')).toThrow(/2 decimals; at most 0/);
    expect(() => parseMoney(0.1 + 0.2, 'EUR', 'p')).toThrow(/decimals/);
    expect(() => exponentOf('XYZ')).toThrow(/not an ISO 4217/);
  });

  it('rounds a known invoice the way an accountant would', () => {
    const input = invoiceInputSchema.parse({
      customer: { name: 'Acme' },
      currency: 'EUR',
      line_items: [
        { description: 'Redesign', unit_price: '1200', tax_rate: 20 },
        { description: 'Hours', quantity: 1.5, unit_price: '80.33', tax_rate: '7', discount: { percent: 10 } },
      ],
      discount: { amount: '10' },
    });
    const invoice = computeInvoice(input, seller, '2026-11-22');
    expect(invoice.line_items.map((line) => line.amount)).toEqual([120000, 10845]); // 1.5 × 80.33 = 120.495 → 120.50, −10 %
    expect(invoice.tax_breakdown).toMatchObject([
      { rate: '20', taxable: 119083, tax: 23817 },
      { rate: '7', taxable: 10762, tax: 753 },
    ]);
    expect(invoice.totals).toMatchObject({ subtotal: 130845, discount: 1000, tax: 24570, total: 154415 });
    expect(invoice.totals.formatted.total).toBe('€1,544.15');
    expect(invoice.due_date).toBe('2026-12-22');
  });
});
