import type { ComputedInvoice } from './compute.js';
import { formatDate, formatDecimal, formatPercent, type Language } from './labels.js';

/**
 * What an invoice document shows, every amount already computed and formatted: the PDF
 * renders exactly these strings (and its own labels and dates in `language` and `locale`),
 * so it always agrees with the JSON to the unit.
 *
 * A credit note (`kind: 'credit_note'`) is rendered from the same shape: its number
 * (CN-2026-0001), the invoice it corrects (`reference`) and its amounts written as positive
 * figures, the amounts credited, as EN 16931 credit notes (type 381) carry them; its title says
 * that they are a credit. A voided invoice keeps its figures and carries `stamp: 'void'`.
 *
 * Fields added after the first version are optional, with the defaults documented on each.
 */
export interface InvoiceDocument {
  invoice_id: string;
  /** INV-2026-0001, or CN-2026-0001 for a credit note. */
  number: string;
  /** Default 'invoice'. */
  kind?: 'invoice' | 'credit_note';
  /** Labels in this language; default 'en'. */
  language?: Language;
  /** BCP 47, how dates are written; default 'en-US'. */
  locale?: string;
  /** 'void': a voided invoice, stamped across every page. Default none. */
  stamp?: 'void' | null;
  /** A credit note's invoice: "Credit note for invoice INV-2026-0001 of <date>". */
  reference?: { number: string; /** YYYY-MM-DD */ issue_date: string } | null;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD */
  due_date: string;
  /** YYYY-MM-DD: when the goods or service were delivered (or a period, not both). */
  service_date?: string | null;
  service_period?: ServicePeriod | null;
  /** The buyer's reference (a Leitweg-ID) and purchase order, as given; default none. */
  buyer_reference?: string | null;
  order_reference?: string | null;
  currency: string;
  seller: Party;
  customer: Party;
  /** The seller's logo, checked with checkLogo (logo.ts). */
  logo?: Logo | null;
  lines: Array<{
    description: string;
    /** As the locale writes it: "1.5", "12,5". */
    quantity: string;
    unit_price: string;
    /** "20%" or null when the line has no tax. */
    tax_rate: string | null;
    /** The line's discount, formatted ("-€10.00"), or null. */
    discount: string | null;
    /** A percentage discount's rate as the locale writes it ("5 %"); null or absent for a fixed amount. */
    discount_percent?: string | null;
    /** quantity × unit price − line discount, formatted. */
    amount: string;
    service_date?: string | null;
    service_period?: ServicePeriod | null;
  }>;
  tax_breakdown: Array<{ rate: string; taxable: string; tax: string }>;
  /**
   * `net` (subtotal − discount) is printed under the discount when given; `discount_percent` is
   * the invoice discount's rate as the locale writes it ("5 %"), null for a fixed amount.
   */
  totals: { subtotal: string; discount: string | null; discount_percent?: string | null; net?: string; tax: string; total: string };
  notes: string | null;
  payment_link: string | null;
  /** ISO 8601; the PDF's creation date: the only part of the bytes that varies between renders. */
  created_at: string;
}

export interface ServicePeriod {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

export interface Logo {
  /** PNG or JPEG bytes, base64. */
  bytes: string;
  type: 'png' | 'jpeg';
}

export interface Party {
  name: string;
  email?: string | null;
  address?: string | null;
  tax_id?: string | null;
  vat_id?: string | null;
  phone?: string | null;
  iban?: string | null;
  bic?: string | null;
}

/** What the engine knows besides the computed invoice when it renders a document. */
export interface DocumentMeta {
  invoiceId: string;
  number: string;
  link: { url: string } | null;
  createdAt: string;
  kind?: 'invoice' | 'credit_note';
  stamp?: 'void' | null;
  reference?: { number: string; issue_date: string } | null;
  logo?: Logo | null;
}

/**
 * The document of a computed invoice: figures in its locale, labels in its language. Invoices
 * stored before language, service dates and discount rates existed lack them: they render as
 * they were issued, in English.
 */
export function documentOf(computed: ComputedInvoice, meta: DocumentMeta): InvoiceDocument {
  // Stored without a language: issued before documents were localised, so figures and dates stay as they were printed.
  const legacy = (computed.language as ComputedInvoice['language'] | undefined) === undefined;
  const { locale } = computed;
  const percent = (rate: string | null | undefined) => (rate == null ? null : legacy ? `${rate}%` : formatPercent(rate, locale));
  return {
    invoice_id: meta.invoiceId,
    number: meta.number,
    kind: meta.kind ?? 'invoice',
    language: legacy ? 'en' : computed.language,
    locale: legacy ? undefined : locale,
    stamp: meta.stamp ?? null,
    reference: meta.reference ?? null,
    issue_date: computed.issue_date,
    due_date: computed.due_date,
    service_date: computed.service_date ?? null,
    service_period: computed.service_period ?? null,
    buyer_reference: computed.buyer_reference ?? null,
    order_reference: computed.order_reference ?? null,
    currency: computed.currency,
    seller: computed.seller,
    customer: computed.customer,
    logo: meta.logo ?? null,
    lines: computed.line_items.map((line) => ({
      description: line.description,
      quantity: legacy ? line.quantity : formatDecimal(line.quantity, locale),
      unit_price: line.formatted.unit_price,
      tax_rate: percent(line.tax_rate),
      discount: line.formatted.discount,
      discount_percent: percent(line.discount_percent),
      amount: line.formatted.amount,
      service_date: line.service_date ?? null,
      service_period: line.service_period ?? null,
    })),
    tax_breakdown: computed.tax_breakdown.map((entry) => ({ rate: percent(entry.rate) ?? '', taxable: entry.formatted.taxable, tax: entry.formatted.tax })),
    totals: { ...computed.totals.formatted, discount_percent: percent(computed.totals.discount_percent) },
    notes: computed.notes,
    payment_link: meta.link?.url ?? null,
    created_at: meta.createdAt,
  };
}

/**
 * Every text of a document the PDF prints besides its own labels, with its path
 * ("customer.name", "lines[3].description", "issue_date"): the caller's strings and the figures
 * as given, and the dates as its locale writes them. What the fonts must cover: the renderer
 * checks them, and the engine can check them at draft time (unrenderableTask).
 */
export function printedTexts(doc: InvoiceDocument): Array<[string, string]> {
  const date = (iso: string) => (doc.locale ? formatDate(iso, doc.locale) : iso);
  const dates = (path: string, day: string | null | undefined, period: ServicePeriod | null | undefined): Array<[string, string]> => [
    ...(day ? [[`${path}service_date`, date(day)] as [string, string]] : []),
    ...(period
      ? ([
          [`${path}service_period.start`, date(period.start)],
          [`${path}service_period.end`, date(period.end)],
        ] as Array<[string, string]>)
      : []),
  ];
  const { logo: _logo, issue_date, due_date, service_date, service_period, reference, lines, ...rest } = doc;
  return [
    ...stringsIn(rest, ''),
    ['issue_date', date(issue_date)],
    ['due_date', date(due_date)],
    ...(reference ? [['reference.number', reference.number] as [string, string], ['reference.issue_date', date(reference.issue_date)] as [string, string]] : []),
    ...dates('', service_date, service_period),
    ...lines.flatMap(({ service_date: day, service_period: period, ...line }, index) => [...stringsIn(line, `lines[${index}]`), ...dates(`lines[${index}].`, day, period)]),
  ];
}

/** Every string in `value` with its path. */
function stringsIn(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, path ? `${path}.${key}` : key));
  }
  return [];
}
