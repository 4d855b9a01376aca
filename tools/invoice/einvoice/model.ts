/**
 * The e-invoice model: what an EN 16931 invoice (CII or UBL) says, mapped once from the computed
 * invoice the PDF prints, so that the XML and the PDF show the same figures to the minor unit.
 * Amounts stay integer minor units here; the XML writers turn them into decimals (money.ts).
 */
import { z } from 'zod';
import { OutcomeError } from '../../../src/kernel/errors.js';
import type { ComputedInvoice } from '../compute.js';

/**
 * VAT category codes (UNTDID 5305) an invoice of ours can carry. A line with a rate above 0 is
 * S (standard rate). A line at 0 % or without a rate is Z (zero rated) unless the caller says
 * otherwise: Z needs no exemption reason, while E (exempt) and AE (reverse charge) do, and
 * only the seller knows which law exempts a supply.
 */
export const zeroRateCategories = ['Z', 'E', 'AE'] as const;
export type VatCategory = 'S' | (typeof zeroRateCategories)[number];

/** The e-invoices an invoice can be made as: named here, light, so that schemas can list them without loading the writers. */
export const einvoiceFormats = ['facturx', 'xrechnung_ubl', 'xrechnung_cii'] as const;
export type EInvoiceFormat = (typeof einvoiceFormats)[number];

const knownRegions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** A country as EN 16931 names it (BT-40, BT-55): two letters, a region Intl knows. */
export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as DE, FR or AT')
  .transform((code) => code.toUpperCase())
  .refine((code) => knownRegions.of(code) !== undefined, 'is not an ISO 3166-1 country code; use one such as DE, FR or AT')
  .describe('ISO 3166-1 alpha-2, e.g. DE.');

const partyDetails = z.object({
  country_code: countryCode.optional(),
  /** Explicit city and postcode win over what the address's lines suggest. */
  city: z.string().max(100).optional(),
  postcode: z.string().max(20).optional(),
  contact_name: z.string().max(200).optional(),
  phone: z.string().max(50).optional(),
});

/** What an e-invoice needs besides the computed invoice: the integration passes these from the invoice, its seller profile and the tool's input. */
export const einvoiceDetailsSchema = z.object({
  number: z.string().min(1).max(200),
  kind: z.enum(['invoice', 'credit_note']).default('invoice'),
  /** A credit note's invoice (BT-25, BT-26). */
  preceding_invoice: z.object({ number: z.string().min(1).max(200), issue_date: z.iso.date() }).optional(),
  seller: partyDetails.default({}),
  buyer: partyDetails.default({}),
  /** BT-10: the buyer's reference; for German public buyers the Leitweg-ID. */
  buyer_reference: z.string().max(200).optional(),
  /** BT-13: the purchase order. */
  order_reference: z.string().max(200).optional(),
  /** BT-20, e.g. "Payable within 14 days without deduction". */
  payment_terms: z.string().max(1000).optional(),
  /** The Stripe payment link, if any: payment means 68 (online payment service) when there is no IBAN. */
  payment_link: z.string().max(2000).optional(),
  /** How the 0 % and untaxed lines are categorised, and why they are exempt (BT-120, BT-121). */
  zero_rate: z
    .object({
      category: z.enum(zeroRateCategories),
      exemption_reason: z.string().max(1000).optional(),
      exemption_reason_code: z.string().max(30).optional(),
    })
    .default({ category: 'Z' }),
});
export type EInvoiceDetails = z.input<typeof einvoiceDetailsSchema>;

export interface EInvoiceAddress {
  /** BT-35, BT-36, BT-162 (seller) / BT-50, BT-51, BT-163 (buyer): at most three. */
  lines: string[];
  city: string | null;
  postcode: string | null;
  /** BT-40 / BT-55: required by EN 16931, never guessed. */
  country_code: string | null;
}

export interface EInvoiceParty {
  name: string;
  address: EInvoiceAddress;
  /** BT-31 / BT-48. */
  vat_id: string | null;
  /** BT-32: the seller's tax number (scheme FC). */
  tax_id: string | null;
  email: string | null;
  phone: string | null;
  contact_name: string | null;
}

export interface EInvoiceLine {
  id: string;
  name: string;
  /** A decimal string, e.g. "1.5". */
  quantity: string;
  /** UN/ECE Recommendation 20: C62 ("one"), as our lines have no unit. */
  unit_code: string;
  /** BT-146, minor units. */
  unit_price: number;
  /** The line's own discount (BG-27), minor units. */
  discount: number;
  discount_percent: string | null;
  /** BT-131: quantity × price − line discount, minor units. */
  net_amount: number;
  category: VatCategory;
  rate: string;
  service_date: string | null;
  service_period: { start: string; end: string } | null;
}

/** A document-level allowance (BG-20): the invoice discount's share of one VAT category and rate. */
export interface EInvoiceAllowance {
  amount: number;
  category: VatCategory;
  rate: string;
}

export interface EInvoiceTaxGroup {
  category: VatCategory;
  rate: string;
  taxable: number;
  tax: number;
  exemption_reason: string | null;
  exemption_reason_code: string | null;
}

export interface EInvoicePaymentMeans {
  /** UNTDID 4461: 58 SEPA credit transfer (euro, SEPA IBAN), 30 credit transfer, 68 online payment service (the payment link), 1 not defined. */
  code: '58' | '30' | '68' | '1';
  iban: string | null;
  bic: string | null;
  account_name: string | null;
  /** BT-82: the payment link, for payment means 68. */
  text: string | null;
  /** BT-83: the remittance information, our invoice number. */
  remittance: string;
}

export interface EInvoiceModel {
  number: string;
  /** UNTDID 1001: 380 commercial invoice, 381 credit note. */
  type_code: '380' | '381';
  issue_date: string;
  due_date: string;
  currency: string;
  preceding_invoice: { number: string; issue_date: string } | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  buyer_reference: string | null;
  order_reference: string | null;
  /** BT-72. */
  service_date: string | null;
  /** BG-14. */
  service_period: { start: string; end: string } | null;
  payment_terms: string | null;
  payment_means: EInvoicePaymentMeans;
  notes: string | null;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowance[];
  tax_breakdown: EInvoiceTaxGroup[];
  /** BG-22, minor units. */
  totals: {
    line_total: number;
    allowance_total: number;
    charge_total: number;
    tax_exclusive: number;
    tax_total: number;
    tax_inclusive: number;
    prepaid: number;
    rounding: number;
    amount_due: number;
  };
}

/** A VAT identifier as EN 16931 wants one (BR-CO-9): a country prefix, then letters and digits. */
const vatIdShape = /^(?:[A-Z]{2}|EL)[0-9A-Z+*.]{2,13}$/;

const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * The seller's or buyer's VAT and tax numbers. A `tax_id` shaped like a VAT identifier (invoices
 * stored before `vat_id` existed put it there) counts as one when no `vat_id` is given.
 */
function taxNumbers(party: { tax_id?: string | null; vat_id?: string | null }): { vat_id: string | null; tax_id: string | null } {
  if (party.vat_id) return { vat_id: compact(party.vat_id), tax_id: party.tax_id ?? null };
  if (party.tax_id && vatIdShape.test(compact(party.tax_id))) return { vat_id: compact(party.tax_id), tax_id: null };
  return { vat_id: null, tax_id: party.tax_id ?? null };
}

/**
 * Postcodes written before the city, as continental Europe and Japan write them: 10115 Berlin,
 * 75002 Paris, 1010 Wien, 00-950 Warszawa, 1012 AB Amsterdam, D-10115 Berlin, 100-0005 Tokyo.
 */
const postcodeCity = /^(?:[A-Z]{1,2}-)?(\d{4,5}|\d{2}-\d{3}|\d{3}-\d{4}|\d{4} ?[A-Z]{2})\s+(\S.*)$/;

/** The languages a country's name is looked for in: our label languages, and the invoice's own. */
const nameLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja'];
const regionNames = new Map<string, Intl.DisplayNames | null>();

function regionName(language: string, code: string): string | undefined {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  return regionNames.get(language)?.of(code)?.toLowerCase();
}

/** A line naming the country (Germany, Deutschland, Allemagne…) is not a street line: BT-40 carries the country. */
function isCountryName(line: string, code: string | null, locale: string): boolean {
  if (!code) return false;
  const name = line.trim().toLowerCase();
  return [...nameLanguages, locale].some((language) => regionName(language, code) === name);
}

/**
 * Splits a newline-separated postal address into EN 16931's street lines, city and postcode.
 * The country is never inferred from the text: it comes from `country_code` or is reported missing.
 */
export function splitAddress(address: string | null, details: z.output<typeof partyDetails>, locale: string): EInvoiceAddress {
  const country = details.country_code ?? null;
  let lines = (address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !isCountryName(line, country, locale));
  let city = details.city ?? null;
  let postcode = details.postcode ?? null;
  if (city === null && postcode === null) {
    const index = lines.findLastIndex((line) => postcodeCity.test(line));
    const match = index >= 0 ? postcodeCity.exec(lines[index] as string) : null;
    if (match) {
      postcode = match[1] as string;
      city = match[2] as string;
      lines = lines.filter((_, at) => at !== index);
    }
  }
  // EN 16931 has three street lines; more are kept, joined into the third.
  const street = lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(', ')] : lines;
  return { lines: street, city, postcode, country_code: country };
}

const rateKey = (rate: string | null, zero: VatCategory): { category: VatCategory; rate: string } => (rate !== null && Number(rate) > 0 ? { category: 'S', rate } : { category: zero, rate: '0' });

/** Sums `value` of `items` per VAT category and rate, in the order the groups first appear. */
function perGroup<T>(items: T[], keyOf: (item: T) => { category: VatCategory; rate: string }, value: (item: T) => number): Map<string, { category: VatCategory; rate: string; sum: number }> {
  const groups = new Map<string, { category: VatCategory; rate: string; sum: number }>();
  for (const item of items) {
    const key = keyOf(item);
    const id = `${key.category}:${key.rate}`;
    const group = groups.get(id) ?? { ...key, sum: 0 };
    group.sum += value(item);
    groups.set(id, group);
  }
  return groups;
}

/** Countries of the SEPA scheme: a euro transfer to an IBAN there is a SEPA credit transfer (58); any other, a credit transfer (30). */
const sepaCountries = new Set('AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA'.split(' '));

function paymentMeans(invoice: ComputedInvoice, details: z.output<typeof einvoiceDetailsSchema>): EInvoicePaymentMeans {
  const { seller } = invoice;
  const iban = seller.iban ? seller.iban.replace(/\s/g, '').toUpperCase() : null;
  const code = iban ? (invoice.currency === 'EUR' && sepaCountries.has(iban.slice(0, 2)) ? '58' : '30') : details.payment_link ? '68' : '1';
  return {
    code,
    iban,
    bic: iban ? (seller.bic ?? null) : null,
    account_name: iban ? seller.name : null,
    text: code === '68' ? (details.payment_link ?? null) : null,
    remittance: details.number,
  };
}

/**
 * The e-invoice of a computed invoice. Every amount is the computed invoice's own: lines,
 * discounts, tax per rate and totals; the invoice discount's share of each line becomes one
 * document-level allowance per VAT category and rate (EN 16931 wants each allowance
 * categorised), and lines without a rate join the 0 % group of `zero_rate.category`.
 * Nothing is checked here: checkEn16931 (rules.ts) reports what EN 16931 misses.
 */
export function einvoiceModel(invoice: ComputedInvoice, input: EInvoiceDetails): EInvoiceModel {
  const parsed = einvoiceDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'e-invoice details'}: ${issue.message}`);
    throw new OutcomeError('invalid_input', `The e-invoice cannot be made: ${issues.join('; ')}.`, { details: { issues: parsed.error.issues } });
  }
  const details = parsed.data;
  const zero = details.zero_rate.category;
  const { seller, customer, locale } = invoice;
  const lines: EInvoiceLine[] = invoice.line_items.map((line, index) => ({
    id: String(index + 1),
    name: line.description,
    quantity: line.quantity,
    unit_code: 'C62',
    unit_price: line.unit_price,
    discount: line.discount,
    discount_percent: line.discount_percent ?? null,
    net_amount: line.amount,
    ...rateKey(line.tax_rate, zero),
    service_date: line.service_date ?? null,
    service_period: line.service_period ?? null,
  }));
  const keyOf = (line: ComputedInvoice['line_items'][number]) => rateKey(line.tax_rate, zero);
  const allowances = [...perGroup(invoice.line_items, keyOf, (line) => line.allocated_discount).values()]
    .filter((group) => group.sum > 0)
    .map(({ category, rate, sum }) => ({ amount: sum, category, rate }));
  const taxBreakdown = taxGroups(invoice, zero, details.zero_rate);
  const net = invoice.totals.subtotal - invoice.totals.discount;
  return {
    number: details.number,
    type_code: details.kind === 'credit_note' ? '381' : '380',
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    currency: invoice.currency,
    preceding_invoice: details.preceding_invoice ?? null,
    seller: {
      name: seller.name,
      address: splitAddress(seller.address, details.seller, locale),
      ...taxNumbers(seller),
      email: seller.email,
      phone: details.seller.phone ?? seller.phone ?? null,
      contact_name: details.seller.contact_name ?? null,
    },
    buyer: {
      name: customer.name,
      address: splitAddress(customer.address, details.buyer, locale),
      ...taxNumbers(customer),
      email: customer.email,
      phone: details.buyer.phone ?? null,
      contact_name: details.buyer.contact_name ?? null,
    },
    buyer_reference: details.buyer_reference ?? null,
    order_reference: details.order_reference ?? null,
    service_date: invoice.service_date ?? null,
    service_period: invoice.service_period ?? null,
    payment_terms: details.payment_terms ?? null,
    payment_means: paymentMeans(invoice, details),
    notes: invoice.notes,
    lines,
    allowances,
    tax_breakdown: taxBreakdown,
    totals: {
      line_total: invoice.totals.subtotal,
      allowance_total: invoice.totals.discount,
      charge_total: 0,
      tax_exclusive: net,
      tax_total: invoice.totals.tax,
      tax_inclusive: invoice.totals.total,
      prepaid: 0,
      rounding: 0,
      amount_due: invoice.totals.total,
    },
  };
}

/**
 * The VAT breakdown: the computed invoice's groups (a rate's taxable amount and its tax, rounded
 * once per rate), its 0 % group widened by the lines that carry no rate (their tax is 0).
 */
function taxGroups(invoice: ComputedInvoice, zero: VatCategory, reason: z.output<typeof einvoiceDetailsSchema>['zero_rate']): EInvoiceTaxGroup[] {
  const exemption = (category: VatCategory) =>
    category === 'S' || category === 'Z'
      ? { exemption_reason: null, exemption_reason_code: null }
      : {
          exemption_reason: reason.exemption_reason ?? (category === 'AE' ? 'Reverse charge' : null),
          exemption_reason_code: reason.exemption_reason_code ?? (category === 'AE' ? 'VATEX-EU-AE' : null),
        };
  const groups: EInvoiceTaxGroup[] = invoice.tax_breakdown.map((entry) => {
    const key = rateKey(entry.rate, zero);
    return { ...key, taxable: entry.taxable, tax: entry.tax, ...exemption(key.category) };
  });
  const untaxed = invoice.line_items.filter((line) => line.tax_rate === null).reduce((sum, line) => sum + line.taxable, 0);
  if (invoice.line_items.some((line) => line.tax_rate === null)) {
    const group = groups.find((entry) => entry.category === zero);
    if (group) group.taxable += untaxed;
    else groups.push({ category: zero, rate: '0', taxable: untaxed, tax: 0, ...exemption(zero) });
  }
  return groups;
}
