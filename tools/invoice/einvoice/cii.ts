/**
 * The UN/CEFACT Cross Industry Invoice (D16B) of an e-invoice model, as Factur-X / ZUGFeRD 2.x
 * (profile EN 16931) and XRechnung CII carry it. Elements follow the Factur-X 1.07 EN 16931
 * schema's order; test/invoice/einvoice.test.ts validates the output against that schema.
 */
import { toDecimal } from '../../../src/payments/money.js';
import type { EInvoiceAddress, EInvoiceAllowance, EInvoiceLine, EInvoiceModel, EInvoiceParty, EInvoiceTaxGroup } from './model.js';
import { checkEn16931, checkXRechnung, assertConformant } from './rules.js';
import { el, leaf, root, serialize, type XmlElement } from './xml.js';

/** BT-24: which specification the invoice follows. */
export const ciiProfiles = {
  /** Factur-X 1.0 / ZUGFeRD 2.x, profile EN 16931 (COMFORT). */
  facturx: { guideline: 'urn:cen.eu:en16931:2017', process: null },
  xrechnung: { guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', process: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0' },
} as const;
export type CiiProfile = keyof typeof ciiProfiles;

const namespaces = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** UNTDID 5189 95: "Discount". */
const discountReason = { code: '95', text: 'Discount' };

const date = (name: string, value: string | null, type: 'udt' | 'qdt' = 'udt'): XmlElement | null =>
  value === null ? null : el(name, leaf(`${type}:DateTimeString`, value.replace(/-/g, ''), { format: '102' }));

/**
 * The invoice as CII XML. Throws `unprocessable` listing the EN 16931 (and for `xrechnung` the
 * BR-DE) rules the model breaks: a receiver would reject such an invoice.
 */
export function ciiXml(model: EInvoiceModel, profile: CiiProfile = 'facturx'): string {
  assertConformant(profile === 'xrechnung' ? checkXRechnung(model) : checkEn16931(model), profile === 'xrechnung' ? 'an XRechnung (CII)' : 'a Factur-X (EN 16931) invoice');
  const amount = (minor: number) => toDecimal(BigInt(minor), model.currency);
  const { guideline, process } = ciiProfiles[profile];
  const document = root(
    'rsm:CrossIndustryInvoice',
    namespaces,
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', leaf('ram:ID', process)),
      el('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', guideline)),
    ),
    el(
      'rsm:ExchangedDocument',
      leaf('ram:ID', model.number),
      leaf('ram:TypeCode', model.type_code),
      date('ram:IssueDateTime', model.issue_date),
      el('ram:IncludedNote', leaf('ram:Content', model.notes)),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      model.lines.map((line) => lineItem(line, amount)),
      el(
        'ram:ApplicableHeaderTradeAgreement',
        leaf('ram:BuyerReference', model.buyer_reference),
        party('ram:SellerTradeParty', model.seller, true),
        party('ram:BuyerTradeParty', model.buyer, false),
        el('ram:BuyerOrderReferencedDocument', leaf('ram:IssuerAssignedID', model.order_reference)),
      ),
      // Always present in the schema, even when empty.
      el('ram:ApplicableHeaderTradeDelivery', el('ram:ActualDeliverySupplyChainEvent', date('ram:OccurrenceDateTime', model.service_date))) ?? root('ram:ApplicableHeaderTradeDelivery', {}),
      settlement(model, amount),
    ),
  );
  return serialize(document);
}

function lineItem(line: EInvoiceLine, amount: (minor: number) => string): XmlElement | null {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', leaf('ram:LineID', line.id)),
    el('ram:SpecifiedTradeProduct', leaf('ram:Name', line.name)),
    el('ram:SpecifiedLineTradeAgreement', el('ram:NetPriceProductTradePrice', leaf('ram:ChargeAmount', amount(line.unit_price)))),
    el('ram:SpecifiedLineTradeDelivery', leaf('ram:BilledQuantity', line.quantity, { unitCode: line.unit_code })),
    el(
      'ram:SpecifiedLineTradeSettlement',
      el('ram:ApplicableTradeTax', leaf('ram:TypeCode', 'VAT'), leaf('ram:CategoryCode', line.category), leaf('ram:RateApplicablePercent', line.rate)),
      period('ram:BillingSpecifiedPeriod', line.service_period ?? (line.service_date ? { start: line.service_date, end: line.service_date } : null)),
      line.discount > 0 &&
        el(
          'ram:SpecifiedTradeAllowanceCharge',
          el('ram:ChargeIndicator', leaf('udt:Indicator', 'false')),
          leaf('ram:CalculationPercent', line.discount_percent),
          line.discount_percent !== null && leaf('ram:BasisAmount', amount(line.net_amount + line.discount)),
          leaf('ram:ActualAmount', amount(line.discount)),
          leaf('ram:ReasonCode', discountReason.code),
          leaf('ram:Reason', discountReason.text),
        ),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', leaf('ram:LineTotalAmount', amount(line.net_amount))),
    ),
  );
}

function period(name: string, value: { start: string; end: string } | null): XmlElement | null {
  return value && el(name, date('ram:StartDateTime', value.start), date('ram:EndDateTime', value.end));
}

function address(value: EInvoiceAddress): XmlElement | null {
  const [one, two, three] = value.lines;
  return el(
    'ram:PostalTradeAddress',
    leaf('ram:PostcodeCode', value.postcode),
    leaf('ram:LineOne', one),
    leaf('ram:LineTwo', two),
    leaf('ram:LineThree', three),
    leaf('ram:CityName', value.city),
    leaf('ram:CountryID', value.country_code),
  );
}

function party(name: string, value: EInvoiceParty, seller: boolean): XmlElement | null {
  // The seller's contact (BG-6) is the seller by name unless a person is given; XRechnung requires one.
  const contact = seller
    ? el(
        'ram:DefinedTradeContact',
        leaf('ram:PersonName', value.contact_name ?? value.name),
        el('ram:TelephoneUniversalCommunication', leaf('ram:CompleteNumber', value.phone)),
        el('ram:EmailURIUniversalCommunication', leaf('ram:URIID', value.email)),
      )
    : null;
  return el(
    name,
    leaf('ram:Name', value.name),
    contact,
    address(value.address),
    el('ram:URIUniversalCommunication', leaf('ram:URIID', value.email, { schemeID: 'EM' })),
    el('ram:SpecifiedTaxRegistration', leaf('ram:ID', value.vat_id, { schemeID: 'VA' })),
    seller && el('ram:SpecifiedTaxRegistration', leaf('ram:ID', value.tax_id, { schemeID: 'FC' })),
  );
}

function tradeTax(group: EInvoiceTaxGroup, amount: (minor: number) => string): XmlElement | null {
  return el(
    'ram:ApplicableTradeTax',
    leaf('ram:CalculatedAmount', amount(group.tax)),
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:ExemptionReason', group.exemption_reason),
    leaf('ram:BasisAmount', amount(group.taxable)),
    leaf('ram:CategoryCode', group.category),
    leaf('ram:ExemptionReasonCode', group.exemption_reason_code),
    leaf('ram:RateApplicablePercent', group.rate),
  );
}

function allowance(value: EInvoiceAllowance, amount: (minor: number) => string): XmlElement | null {
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    el('ram:ChargeIndicator', leaf('udt:Indicator', 'false')),
    leaf('ram:ActualAmount', amount(value.amount)),
    leaf('ram:ReasonCode', discountReason.code),
    leaf('ram:Reason', discountReason.text),
    el('ram:CategoryTradeTax', leaf('ram:TypeCode', 'VAT'), leaf('ram:CategoryCode', value.category), leaf('ram:RateApplicablePercent', value.rate)),
  );
}

function settlement(model: EInvoiceModel, amount: (minor: number) => string): XmlElement | null {
  const { totals, payment_means: means } = model;
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    leaf('ram:PaymentReference', means.remittance),
    leaf('ram:InvoiceCurrencyCode', model.currency),
    el(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      leaf('ram:TypeCode', means.code),
      leaf('ram:Information', means.text),
      el('ram:PayeePartyCreditorFinancialAccount', leaf('ram:IBANID', means.iban), leaf('ram:AccountName', means.account_name)),
      el('ram:PayeeSpecifiedCreditorFinancialInstitution', leaf('ram:BICID', means.bic)),
    ),
    model.tax_breakdown.map((group) => tradeTax(group, amount)),
    period('ram:BillingSpecifiedPeriod', model.service_period),
    model.allowances.map((value) => allowance(value, amount)),
    el('ram:SpecifiedTradePaymentTerms', leaf('ram:Description', model.payment_terms), date('ram:DueDateDateTime', model.due_date)),
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      leaf('ram:LineTotalAmount', amount(totals.line_total)),
      leaf('ram:ChargeTotalAmount', amount(totals.charge_total)),
      leaf('ram:AllowanceTotalAmount', amount(totals.allowance_total)),
      leaf('ram:TaxBasisTotalAmount', amount(totals.tax_exclusive)),
      leaf('ram:TaxTotalAmount', amount(totals.tax_total), { currencyID: model.currency }),
      leaf('ram:GrandTotalAmount', amount(totals.tax_inclusive)),
      leaf('ram:TotalPrepaidAmount', amount(totals.prepaid)),
      leaf('ram:DuePayableAmount', amount(totals.amount_due)),
    ),
    model.preceding_invoice &&
      el('ram:InvoiceReferencedDocument', leaf('ram:IssuerAssignedID', model.preceding_invoice.number), date('ram:FormattedIssueDateTime', model.preceding_invoice.issue_date, 'qdt')),
  );
}
