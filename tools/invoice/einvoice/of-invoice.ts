/**
 * An issued or drafted invoice's e-invoice: its model from the invoice's own fields (countries,
 * references, payment link), and the rules it breaks in a format. Used by confirmation (which
 * makes the e-invoice an invoice asks for) and by invoice_einvoice.
 */
import type { ComputedInvoice } from '../compute.js';
import { einvoiceModel, type EInvoiceDetails, type EInvoiceFormat, type EInvoiceModel } from './model.js';
import { assertConformant, checkEn16931, checkXRechnung, type Violation } from './rules.js';

/** What the invoice's own fields say of its e-invoice, each overridable by invoice_einvoice. */
export interface EInvoiceOverrides {
  seller_country?: string;
  customer_country?: string;
  buyer_reference?: string;
  order_reference?: string;
}

const profileNames: Record<EInvoiceFormat, string> = {
  facturx: 'a Factur-X (EN 16931) invoice',
  xrechnung_ubl: 'an XRechnung (UBL)',
  xrechnung_cii: 'an XRechnung (CII)',
};

/** The e-invoice model of a computed invoice under `number`: countries and references from the invoice unless overridden. */
export function einvoiceModelOf(
  invoice: ComputedInvoice,
  number: string,
  paymentLink: string | null,
  overrides: EInvoiceOverrides = {},
  /** A credit note (type 381) names the invoice it corrects. */
  credit: { credit_note_of?: { number: string; issue_date: string } } = {},
): EInvoiceModel {
  const sellerCountry = overrides.seller_country ?? invoice.seller.country;
  const customerCountry = overrides.customer_country ?? invoice.customer.country;
  const buyerReference = overrides.buyer_reference ?? invoice.buyer_reference;
  const orderReference = overrides.order_reference ?? invoice.order_reference;
  const details: EInvoiceDetails = {
    number,
    ...(credit.credit_note_of ? { kind: 'credit_note', preceding_invoice: credit.credit_note_of } : { kind: 'invoice' }),
    seller: sellerCountry ? { country_code: sellerCountry } : {},
    buyer: customerCountry ? { country_code: customerCountry } : {},
    ...(buyerReference ? { buyer_reference: buyerReference } : {}),
    ...(orderReference ? { order_reference: orderReference } : {}),
    ...(paymentLink ? { payment_link: paymentLink } : {}),
  };
  return einvoiceModel(invoice, details);
}

/** The EN 16931 (and, for XRechnung, German CIUS) rules the invoice breaks as `format`. */
export function einvoiceViolations(format: EInvoiceFormat, model: EInvoiceModel): Violation[] {
  return format === 'facturx' ? checkEn16931(model) : checkXRechnung(model);
}

/**
 * What a draft that asks for an e-invoice would break: listed as warnings on the draft, refused
 * (422) at confirmation before a number is taken. The number and payment link are not known
 * yet: the draft's id and, when a link was asked for, a stand-in take their place.
 */
export function draftEInvoiceViolations(computed: ComputedInvoice, draftId: string, paymentLinkRequested: boolean): Violation[] {
  if (!computed.einvoice) return [];
  return einvoiceViolations(computed.einvoice, einvoiceModelOf(computed, draftId, paymentLinkRequested ? 'https://payment-link.invalid' : null));
}

export const einvoiceWarning = (format: EInvoiceFormat, violations: Violation[]) =>
  `einvoice: this invoice cannot be issued as ${profileNames[format]} until these are fixed: ${violations
    .map((violation) => `[${violation.rule}] ${violation.message}${violation.field ? ` (${violation.field})` : ''}`)
    .join(' ')} Confirming is refused until then.`;

export function refuseNonConformant(format: EInvoiceFormat, violations: Violation[]): void {
  assertConformant(violations, `${profileNames[format]}; nothing was issued. Draft again with the fields named, or without einvoice`);
}
