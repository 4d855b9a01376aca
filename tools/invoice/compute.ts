import type { z } from 'zod';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { InvoiceInput, invoiceComputedShape } from './schema.js';
import { allocate, checkAmount, divRound, exponentOf, formatMoney, parseMoney, parseScaled, shownValue, toSafeNumber } from '../../src/payments/money.js';
import { languageOf, languages } from './labels.js';

type Shape = typeof invoiceComputedShape;
export type ComputedInvoice = { [K in keyof Shape]: z.output<Shape[K]> };

/** The seller an invoice prints. */
export type PrintedSeller = z.output<Shape['seller']>;
/** The seller as the engine gives it (the account's profile): fields it does not hold may be left out or null. */
export type Seller = Pick<PrintedSeller, 'name'> & Partial<Omit<PrintedSeller, 'name'>>;

const quantityScale = 4;
const rateScale = 4;
/** A line's largest quantity: more is a mistake, and would not fit the PDF's column. */
const maxQuantity = 1_000_000_000n;
/**
 * The dates an invoice can carry. Four-digit years keep invoice numbers (INV-2026-0001) well
 * formed, and a typo such as 0026 or 2206 is refused rather than issued.
 */
const firstDate = '2000-01-01';
const lastDate = '2099-12-31';

function checkLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    throw new OutcomeError('invalid_input', `locale: "${locale}" is not a BCP 47 locale; use one such as "en-US", "de-DE" or "fr-FR".`);
  }
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function checkDate(date: string, path: string): void {
  if (date < firstDate || date > lastDate) {
    throw new OutcomeError('invalid_input', `${path}: ${date} is outside the dates an invoice can carry, ${firstDate} to ${lastDate}.`);
  }
}

/** The issue date (default today) and the due date (given, or net_days after the issue date, default 30). */
function invoiceDates(input: InvoiceInput, today: string): { issueDate: string; dueDate: string } {
  if (input.due_date && input.net_days !== undefined) {
    throw new OutcomeError('invalid_input', 'Give due_date or net_days, not both.');
  }
  const issueDate = input.issue_date ?? today;
  checkDate(issueDate, 'issue_date');
  if (input.due_date) {
    checkDate(input.due_date, 'due_date');
    if (input.due_date < issueDate) throw new OutcomeError('invalid_input', `due_date: ${input.due_date} is before the issue date ${issueDate}.`);
    return { issueDate, dueDate: input.due_date };
  }
  const days = input.net_days ?? 30;
  const dueDate = addDays(issueDate, days);
  if (dueDate > lastDate) {
    const [path, why] = input.net_days === undefined ? ['issue_date', `${days} days (the default net_days) after it`] : ['net_days', `${days} days after the issue date ${issueDate}`];
    throw new OutcomeError(
      'invalid_input',
      `${path}: the due date, ${why}, would be ${dueDate}, past ${lastDate}, the last date an invoice can carry. Give an earlier issue_date, fewer net_days or a due_date.`,
    );
  }
  return { issueDate, dueDate };
}

type ServiceDates = Pick<InvoiceInput, 'service_date' | 'service_period'>;

/** A service date or period (not both), each date one an invoice can carry, the period not ending before it starts. */
function serviceDates(given: ServiceDates, path: string): { service_date: string | null; service_period: { start: string; end: string } | null } {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (given.service_date !== undefined && given.service_period !== undefined) {
    throw new OutcomeError('invalid_input', `${at('service_date')}: give service_date (one day) or service_period (from start to end), not both.`);
  }
  if (given.service_date !== undefined) {
    checkDate(given.service_date, at('service_date'));
    return { service_date: given.service_date, service_period: null };
  }
  if (given.service_period !== undefined) {
    const { start, end } = given.service_period;
    checkDate(start, at('service_period.start'));
    checkDate(end, at('service_period.end'));
    if (end < start) throw new OutcomeError('invalid_input', `${at('service_period.end')}: ${end} is before the start of the period, ${start}.`);
    return { service_date: null, service_period: { start, end } };
  }
  return { service_date: null, service_period: null };
}

/**
 * The seller printed: the profile (as the engine gives it), with what the invoice's `seller` input
 * overrides; phone and bank details come from the profile alone.
 */
function sellerOf(profile: Seller, override: InvoiceInput['seller']): PrintedSeller {
  const pick = (field: 'email' | 'address' | 'country' | 'tax_id' | 'vat_id') => override?.[field] ?? profile[field] ?? null;
  return {
    name: override?.name ?? profile.name,
    email: pick('email'),
    address: pick('address'),
    country: pick('country'),
    tax_id: pick('tax_id'),
    vat_id: pick('vat_id'),
    phone: profile.phone ?? null,
    iban: profile.iban ?? null,
    bic: profile.bic ?? null,
  };
}

/** A quantity (more than 0, up to 10^9, up to 4 decimals) as an integer scaled by 10^4. */
function parseQuantity(value: string | number, path: string): bigint {
  const scaled = parseScaled(value, quantityScale, path, 'quantity');
  if (scaled === 0n) throw new OutcomeError('invalid_input', `${path}: must be more than 0.`);
  if (scaled > maxQuantity * 10n ** BigInt(quantityScale)) {
    throw new OutcomeError('invalid_input', `${path}: quantity ${shownValue(value)} is more than ${maxQuantity}, the largest quantity a line can have.`);
  }
  return scaled;
}

/** A percentage (0–100, up to 4 decimals) as an integer scaled by 10^4. */
function parsePercent(value: string | number, path: string): bigint {
  const scaled = parseScaled(value, rateScale, path, 'percentage');
  if (scaled > 100n * 10n ** BigInt(rateScale)) throw new OutcomeError('invalid_input', `${path}: ${value} is over 100 percent.`);
  return scaled;
}

const percentText = (scaled: bigint) => {
  const whole = scaled / 10n ** BigInt(rateScale);
  const fraction = (scaled % 10n ** BigInt(rateScale)).toString().padStart(rateScale, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

/**
 * The invoice's numbers, exact to the minor unit:
 * line amount = round(quantity × unit price) − line discount; the invoice discount is
 * allocated over the lines in proportion to their amounts (largest remainder, so the parts
 * add up exactly); tax is rounded once per rate on the sum of that rate's taxable amounts
 * (EN 16931 BR-CO-17); total = subtotal − discount + tax.
 */
export function computeInvoice(input: InvoiceInput, seller: Seller, today: string): ComputedInvoice {
  const currency = input.currency.toUpperCase();
  exponentOf(currency);
  const locale = checkLocale(input.locale);
  const { language, fallback } = languageOf(locale, input.language);
  const format = (minor: bigint) => formatMoney(minor, currency, locale);

  const lines = input.line_items.map((line, index) => {
    const path = `line_items[${index}]`;
    const quantity = parseQuantity(line.quantity, `${path}.quantity`);
    const unitPrice = parseMoney(line.unit_price, currency, `${path}.unit_price`, ' (0 for a free line; give reductions as a discount)');
    const gross = checkAmount(divRound(unitPrice * quantity, 10n ** BigInt(quantityScale)), currency, path, 'quantity × unit price');
    let discount = 0n;
    let discountPercent: bigint | null = null;
    if (line.discount && 'percent' in line.discount) {
      discountPercent = parsePercent(line.discount.percent, `${path}.discount.percent`);
      discount = divRound(gross * discountPercent, 100n * 10n ** BigInt(rateScale));
    } else if (line.discount) {
      discount = parseMoney(line.discount.amount, currency, `${path}.discount.amount`);
      if (discount > gross) throw new OutcomeError('invalid_input', `${path}.discount.amount: ${format(discount)} is more than the line's ${format(gross)}.`);
    }
    const rate = line.tax_rate === undefined ? null : parsePercent(line.tax_rate, `${path}.tax_rate`);
    return { line, quantity, unitPrice, discount, discountPercent, amount: gross - discount, rate, dates: serviceDates(line, path) };
  });

  const subtotal = checkAmount(
    lines.reduce((sum, line) => sum + line.amount, 0n),
    currency,
    'line_items',
    'the subtotal (the lines added up)',
  );
  let invoiceDiscount = 0n;
  let invoiceDiscountPercent: bigint | null = null;
  if (input.discount && 'percent' in input.discount) {
    invoiceDiscountPercent = parsePercent(input.discount.percent, 'discount.percent');
    invoiceDiscount = divRound(subtotal * invoiceDiscountPercent, 100n * 10n ** BigInt(rateScale));
  } else if (input.discount) {
    invoiceDiscount = parseMoney(input.discount.amount, currency, 'discount.amount');
    if (invoiceDiscount > subtotal) throw new OutcomeError('invalid_input', `discount.amount: ${format(invoiceDiscount)} is more than the subtotal ${format(subtotal)}.`);
  }
  const allocated = allocate(
    invoiceDiscount,
    lines.map((line) => line.amount),
  );

  const byRate = new Map<string, { rate: bigint; taxable: bigint }>();
  const computedLines = lines.map((line, index) => {
    const share = allocated[index] as bigint;
    const taxable = line.amount - share;
    if (line.rate !== null) {
      const key = percentText(line.rate);
      const entry = byRate.get(key) ?? { rate: line.rate, taxable: 0n };
      entry.taxable += taxable;
      byRate.set(key, entry);
    }
    const path = `line_items[${index}]`;
    return {
      description: line.line.description,
      quantity: percentText(line.quantity),
      unit_price: toSafeNumber(line.unitPrice, `${path}.unit_price`),
      tax_rate: line.rate === null ? null : percentText(line.rate),
      discount: toSafeNumber(line.discount, `${path}.discount`),
      // Only a discount there is: 0 % says nothing the line does not.
      discount_percent: line.discountPercent && line.discount ? percentText(line.discountPercent) : null,
      amount: toSafeNumber(line.amount, `${path}.amount`),
      allocated_discount: toSafeNumber(share, path),
      taxable: toSafeNumber(taxable, path),
      ...line.dates,
      formatted: {
        unit_price: format(line.unitPrice),
        discount: line.discount ? format(-line.discount) : null,
        amount: format(line.amount),
      },
    };
  });

  const taxBreakdown = [...byRate.entries()]
    .sort(([, a], [, b]) => (a.rate < b.rate ? 1 : a.rate > b.rate ? -1 : 0))
    .map(([rate, { rate: scaled, taxable }]) => {
      const tax = divRound(taxable * scaled, 100n * 10n ** BigInt(rateScale));
      return { rate, taxable, tax };
    });
  const tax = taxBreakdown.reduce((sum, entry) => sum + entry.tax, 0n);
  const total = checkAmount(subtotal - invoiceDiscount + tax, currency, 'line_items', 'the total with tax');
  const { issueDate, dueDate } = invoiceDates(input, today);
  const invoiceService = serviceDates(input, '');

  return {
    customer: {
      name: input.customer.name,
      email: input.customer.email ?? null,
      address: input.customer.address ?? null,
      country: input.customer.country ?? null,
      tax_id: input.customer.tax_id ?? null,
      vat_id: input.customer.vat_id ?? null,
    },
    seller: sellerOf(seller, input.seller),
    currency,
    locale,
    language,
    issue_date: issueDate,
    due_date: dueDate,
    ...invoiceService,
    line_items: computedLines,
    totals: {
      subtotal: toSafeNumber(subtotal, 'subtotal'),
      discount: toSafeNumber(invoiceDiscount, 'discount'),
      discount_percent: invoiceDiscountPercent && invoiceDiscount ? percentText(invoiceDiscountPercent) : null,
      net: toSafeNumber(subtotal - invoiceDiscount, 'net'),
      tax: toSafeNumber(tax, 'tax'),
      total: toSafeNumber(total, 'total'),
      formatted: {
        subtotal: format(subtotal),
        discount: invoiceDiscount ? format(-invoiceDiscount) : null,
        net: format(subtotal - invoiceDiscount),
        tax: format(tax),
        total: format(total),
      },
    },
    tax_breakdown: taxBreakdown.map((entry) => ({
      rate: entry.rate,
      taxable: toSafeNumber(entry.taxable, 'taxable'),
      tax: toSafeNumber(entry.tax, 'tax'),
      formatted: { taxable: format(entry.taxable), tax: format(entry.tax) },
    })),
    notes: input.notes ?? null,
    buyer_reference: input.buyer_reference?.trim() || null,
    order_reference: input.order_reference?.trim() || null,
    einvoice: input.einvoice ?? null,
    warnings: fallback ? [`language: the invoice's labels are in English: locale ${locale} has no label set of its own. Give language (${languages.join(', ')}) to choose one.`] : [],
  };
}

/** A draft or invoice stored before e-invoices were made with invoices: no countries, references or format. */
export function withEInvoiceFields<T extends ComputedInvoice>(computed: T): T {
  if ((computed.einvoice as ComputedInvoice['einvoice'] | undefined) !== undefined) return computed;
  return {
    ...computed,
    buyer_reference: null,
    order_reference: null,
    einvoice: null,
    seller: { country: null, ...(computed.seller as Partial<PrintedSeller>) } as PrintedSeller,
    customer: { country: null, ...(computed.customer as Partial<ComputedInvoice['customer']>) } as ComputedInvoice['customer'],
  };
}
