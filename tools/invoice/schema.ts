import { z } from 'zod';
import { textField } from '../../src/kernel/fields.js';

// Signs, decimals and ranges are checked with the invoice (money.ts), so that a number and the
// decimal string it stands for are refused alike, with the same message.
const decimal = (what: string) => z.union([z.string().max(40), z.number()]).describe(`${what}: a decimal string ("12.50") or a number, in major units.`);

const discount = z
  .union([z.object({ percent: decimal('Percent off, 0 to 100') }).strict(), z.object({ amount: decimal('Amount off') }).strict()])
  .describe('Either {"percent": "10"} or {"amount": "50.00"}.');

export const partySchema = z.object({
  name: textField(200),
  email: z.email().max(254).optional(),
  address: z.string().max(500).optional().describe('Postal address; newlines separate lines.'),
  tax_id: z.string().max(50).optional().describe('VAT or other tax number.'),
});

export const invoiceInputSchema = z.object({
  customer: partySchema.describe('Who is billed.'),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as EUR, USD or JPY')
    .describe('ISO 4217 code of a currency one pays in (metals, funds, XXX and XTS are refused).'),
  line_items: z
    .array(
      z.object({
        description: textField(1000),
        quantity: decimal('Quantity, more than 0 and at most 1000000000, up to 4 decimals (1.5 hours)').default(1),
        unit_price: decimal('Unit price, 0 or more, no more decimals than the currency has'),
        tax_rate: decimal('Tax rate in percent (20 for 20 %)').optional(),
        discount: discount.optional(),
      }),
    )
    .min(1, 'an invoice needs at least one line')
    .max(500, 'at most 500 lines'),
  discount: discount.optional().describe('Invoice-level discount, allocated over the lines before tax.'),
  issue_date: z.iso.date().optional().describe('YYYY-MM-DD, from 2000-01-01 to 2099-12-31; default today (UTC).'),
  due_date: z.iso.date().optional().describe('YYYY-MM-DD, on or after the issue date and at the latest 2099-12-31; or give net_days.'),
  net_days: z.number().int().min(0).max(365).optional().describe('Days from the issue date to the due date (default 30).'),
  notes: z.string().max(2000).optional(),
  payment_link: z.boolean().default(false).describe('Also create a payment link (Stripe) at confirmation.'),
  locale: z.string().min(2).max(35).default('en-US').describe('BCP 47 locale for number and date display, e.g. "de-DE".'),
  seller: partySchema.partial().optional().describe("Overrides the account's seller profile for this invoice."),
});
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

const money = z.number().int().describe('Integer minor units (cents; JPY has none, KWD has 3 decimals).');

const partyOut = z.object({
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
});

/** The fields a draft and an invoice share. */
export const invoiceComputedShape = {
  customer: partyOut,
  seller: partyOut,
  currency: z.string(),
  locale: z.string(),
  issue_date: z.iso.date(),
  due_date: z.iso.date(),
  line_items: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unit_price: money,
      tax_rate: z.string().nullable().describe('Percent, e.g. "20".'),
      discount: money.describe("This line's own discount."),
      amount: money.describe('quantity × unit price − line discount.'),
      allocated_discount: money.describe('Share of the invoice-level discount.'),
      taxable: money,
      formatted: z.object({ unit_price: z.string(), discount: z.string().nullable(), amount: z.string() }),
    }),
  ),
  totals: z.object({
    subtotal: money.describe('Sum of line amounts.'),
    discount: money.describe('Invoice-level discount.'),
    tax: money,
    total: money,
    formatted: z.object({ subtotal: z.string(), discount: z.string().nullable(), tax: z.string(), total: z.string() }),
  }),
  tax_breakdown: z.array(z.object({ rate: z.string(), taxable: money, tax: money, formatted: z.object({ taxable: z.string(), tax: z.string() }) })),
  notes: z.string().nullable(),
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
  share_url: z.string().describe('Signed link the customer can open without a key, until share_expires_at.'),
  share_expires_at: z.iso.datetime(),
  payment_link: z.object({ id: z.string(), url: z.string() }).nullable(),
  created_at: z.iso.datetime(),
});
