import { z } from 'zod';
import { idPattern } from '../../src/kernel/ids.js';
import { invoiceIds } from './ids.js';
import { textField } from '../../src/kernel/fields.js';
import { asSignature, outlinedAs, sharedAs } from '../../src/kernel/json-schema.js';
import { languages } from './labels.js';
import { countryCode, einvoiceFormats } from './einvoice/model.js';

// Signs, decimals and ranges are checked with the invoice (money.ts), so that a number and the
// decimal string it stands for are refused alike, with the same message.
// How decimals are written is said once, on line_items; a decimal string's length bound is no news to an agent.
export const decimal = outlinedAs({ type: ['string', 'number'] }, z.union([z.string().max(40), z.number()]));

const discount = asSignature(z.union([z.object({ percent: decimal.describe('0 to 100') }).strict(), z.object({ amount: decimal }).strict()]));

export const partySchema = asSignature(
  z.object({
    name: textField(200),
    email: z.email().max(254).optional(),
    address: z.string().max(500).optional().describe('Postal, lines split by newlines.'),
    country: outlinedAs({ type: 'string', description: 'ISO 3166-1 alpha-2' }, countryCode).optional(),
    tax_id: z.string().max(50).optional(),
    vat_id: z.string().max(50).optional(),
  }),
);

// Phone and bank details come from the seller profile only: the per-invoice override keeps to the party's fields,
// outlined by reference to customer's signature rather than written out twice.
const sellerOverride = outlinedAs({ type: 'object', description: "Overrides the seller profile; customer's fields, optional." }, partySchema.partial().optional());

const isoDate = z.iso.date();
const servicePeriod = asSignature(z.object({ start: isoDate, end: isoDate }).strict());
/** When the goods or services were delivered: a day or a period (not both). */
const serviceDates = {
  service_date: isoDate.optional(),
  service_period: servicePeriod.optional(),
};

/** An issued invoice's id, as every tool that names one takes it. */
export const invoiceIdField = z.string().regex(idPattern(invoiceIds.invoice), 'must be an invoice id such as "inv_01…"');

export const invoiceInputSchema = z.object({
  customer: partySchema,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as EUR, USD or JPY')
    .describe('ISO 4217, e.g. EUR.'),
  line_items: z
    .array(
      asSignature(
        z.object({
          description: textField(1000),
          quantity: decimal.default(1).describe('Up to 4 decimals (1.5 hours).'),
          unit_price: decimal,
          tax_rate: decimal.optional().describe('Percent (20).'),
          discount: discount.optional(),
          ...serviceDates,
        }),
      ),
    )
    .min(1, 'an invoice needs at least one line')
    .max(500, 'at most 500 lines')
    .describe('Amounts: decimal strings ("12.50") or numbers, in major units.'),
  discount: discount.optional().describe('On the whole invoice, before tax.'),
  issue_date: z.iso.date().optional().describe('UTC today if absent.'),
  due_date: z.iso.date().optional().describe('Or net_days.'),
  net_days: z.number().int().min(0).max(365).optional().describe('30 if absent.'),
  ...serviceDates,
  notes: z.string().max(2000).optional(),
  payment_link: z.boolean().default(false).describe('Also a Stripe payment link.'),
  locale: z.string().min(2).max(35).default('en-US').describe('BCP 47: number and date format.'),
  language: outlinedAs({ type: 'string', description: `${languages.join(', ')}: the labels; default the locale's.` }, z.enum(languages)).optional(),
  seller: sellerOverride,
  // An empty reference is no reference: their bounds are no news to an agent.
  buyer_reference: z.string().max(200).optional().describe('E.g. a Leitweg-ID.'),
  order_reference: z.string().max(200).optional().describe('PO number.'),
  einvoice: z.enum(einvoiceFormats).optional().describe("Also this e-invoice; default: the seller profile's."),
});
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

const money = sharedAs('money', z.number().int().describe('Integer minor units (cents; JPY has none, KWD has 3 decimals).'));

const partyOut = sharedAs(
  'party',
  z.object({
    name: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    country: z.string().nullable(),
    tax_id: z.string().nullable(),
    vat_id: z.string().nullable(),
  }),
);

const sellerOut = sharedAs(
  'seller',
  partyOut.extend({
    phone: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
  }),
);

const periodOut = sharedAs('service_period', z.object({ start: z.iso.date(), end: z.iso.date() }).nullable());
const percentOut = z.string().nullable().describe('A percentage discount\'s rate, e.g. "5"; null for none or a fixed amount.');

/** The fields a draft and an invoice share. */
export const invoiceComputedShape = {
  customer: partyOut,
  seller: sellerOut,
  currency: z.string(),
  locale: z.string(),
  language: z.enum(languages),
  issue_date: z.iso.date(),
  due_date: z.iso.date(),
  service_date: z.iso.date().nullable(),
  service_period: periodOut,
  line_items: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unit_price: money,
      tax_rate: z.string().nullable().describe('Percent, e.g. "20".'),
      discount: money.describe("This line's own discount."),
      discount_percent: percentOut,
      amount: money.describe('quantity × unit price − line discount.'),
      allocated_discount: money.describe('Share of the invoice-level discount.'),
      taxable: money,
      service_date: z.iso.date().nullable(),
      service_period: periodOut,
      formatted: z.object({ unit_price: z.string(), discount: z.string().nullable(), amount: z.string() }),
    }),
  ),
  totals: z.object({
    subtotal: money.describe('Sum of line amounts.'),
    discount: money.describe('Invoice-level discount.'),
    discount_percent: percentOut,
    net: money.describe('subtotal − discount.'),
    tax: money,
    total: money,
    formatted: z.object({ subtotal: z.string(), discount: z.string().nullable(), net: z.string(), tax: z.string(), total: z.string() }),
  }),
  tax_breakdown: z.array(z.object({ rate: z.string(), taxable: money, tax: money, formatted: z.object({ taxable: z.string(), tax: z.string() }) })),
  notes: z.string().nullable(),
  buyer_reference: z.string().nullable(),
  order_reference: z.string().nullable(),
  einvoice: z.enum(einvoiceFormats).nullable().describe('The e-invoice made with the invoice.'),
  warnings: z.array(z.string()),
};

export const draftOutputSchema = z.object({
  draft_id: z.string(),
  status: z.literal('draft'),
  ...invoiceComputedShape,
  payment_link_requested: z.boolean(),
  expires_at: z.iso.datetime().describe('Confirm before this, or draft again.'),
});

export const invoiceOutputSchema = z.object({
  invoice_id: z.string(),
  draft_id: z.string(),
  number: z.string().describe('Sequential per account and year: INV-2026-0001.'),
  status: z.literal('open'),
  ...invoiceComputedShape,
  pdf_url: z.string().describe('Downloads the PDF with an agent key (invoices:read).'),
  share_url: z.string().describe('For the customer: no key needed, until share_expires_at.'),
  share_expires_at: z.iso.datetime(),
  payment_link: z.object({ id: z.string(), url: z.string() }).nullable(),
  einvoice_url: z.string().nullable().describe('Downloads the e-invoice with an agent key.'),
  created_at: z.iso.datetime(),
});
