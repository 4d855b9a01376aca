/**
 * The OASIS UBL 2.1 document of an e-invoice model, as XRechnung UBL carries it: an Invoice
 * (type 380) or a CreditNote (type 381), elements in the order the UBL 2.1 schemas fix;
 * test/invoice/einvoice.test.ts validates the output against them.
 */
import { toDecimal } from '../../../src/payments/money.js';
import type { EInvoiceAddress, EInvoiceAllowance, EInvoiceLine, EInvoiceModel, EInvoiceParty, EInvoiceTaxGroup } from './model.js';
import { assertConformant, checkXRechnung } from './rules.js';
import { el, leaf, root, serialize, type XmlElement } from './xml.js';

/** BT-24 and BT-23 of XRechnung 3.0. */
export const xrechnungUbl = {
  customization: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  profile: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
} as const;

const commonNamespaces = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** UNTDID 5189 95: "Discount". */
const discountReason = { code: '95', text: 'Discount' };

type Amount = (name: string, minor: number) => XmlElement | null;

/**
 * The invoice as UBL 2.1 XML (XRechnung 3.0). Throws `unprocessable` listing the EN 16931 and
 * XRechnung rules the model breaks.
 */
export function ublXml(model: EInvoiceModel): string {
  assertConformant(checkXRechnung(model), 'an XRechnung (UBL)');
  const credit = model.type_code === '381';
  const kind = credit ? 'CreditNote' : 'Invoice';
  const amount: Amount = (name, minor) => leaf(name, toDecimal(BigInt(minor), model.currency), { currencyID: model.currency });
  const document = root(
    kind,
    { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${kind}-2`, ...commonNamespaces },
    leaf('cbc:CustomizationID', xrechnungUbl.customization),
    leaf('cbc:ProfileID', xrechnungUbl.profile),
    leaf('cbc:ID', model.number),
    leaf('cbc:IssueDate', model.issue_date),
    // A CreditNote has no DueDate of its own in UBL 2.1: its BT-9 goes into PaymentMeans.
    !credit && leaf('cbc:DueDate', model.due_date),
    leaf(`cbc:${kind}TypeCode`, model.type_code),
    leaf('cbc:Note', model.notes),
    leaf('cbc:DocumentCurrencyCode', model.currency),
    leaf('cbc:BuyerReference', model.buyer_reference),
    model.service_period && el('cac:InvoicePeriod', leaf('cbc:StartDate', model.service_period.start), leaf('cbc:EndDate', model.service_period.end)),
    el('cac:OrderReference', leaf('cbc:ID', model.order_reference)),
    model.preceding_invoice &&
      el('cac:BillingReference', el('cac:InvoiceDocumentReference', leaf('cbc:ID', model.preceding_invoice.number), leaf('cbc:IssueDate', model.preceding_invoice.issue_date))),
    el('cac:AccountingSupplierParty', party(model.seller, true)),
    el('cac:AccountingCustomerParty', party(model.buyer, false)),
    el('cac:Delivery', leaf('cbc:ActualDeliveryDate', model.service_date)),
    paymentMeans(model, credit),
    el('cac:PaymentTerms', leaf('cbc:Note', model.payment_terms)),
    model.allowances.map((value) => allowance(value, amount)),
    el(
      'cac:TaxTotal',
      amount('cbc:TaxAmount', model.totals.tax_total),
      model.tax_breakdown.map((group) => taxSubtotal(group, amount)),
    ),
    monetaryTotal(model, amount),
    model.lines.map((line) => invoiceLine(line, credit, amount)),
  );
  return serialize(document);
}

function address(value: EInvoiceAddress): XmlElement | null {
  const [street, additional, third] = value.lines;
  return el(
    'cac:PostalAddress',
    leaf('cbc:StreetName', street),
    leaf('cbc:AdditionalStreetName', additional),
    leaf('cbc:CityName', value.city),
    leaf('cbc:PostalZone', value.postcode),
    el('cac:AddressLine', leaf('cbc:Line', third)),
    el('cac:Country', leaf('cbc:IdentificationCode', value.country_code)),
  );
}

function party(value: EInvoiceParty, seller: boolean): XmlElement | null {
  const scheme = (id: string) => el('cac:TaxScheme', leaf('cbc:ID', id));
  return el(
    'cac:Party',
    leaf('cbc:EndpointID', value.email, { schemeID: 'EM' }),
    address(value.address),
    value.vat_id !== null && el('cac:PartyTaxScheme', leaf('cbc:CompanyID', value.vat_id), scheme('VAT')),
    seller && value.tax_id !== null && el('cac:PartyTaxScheme', leaf('cbc:CompanyID', value.tax_id), scheme('FC')),
    el('cac:PartyLegalEntity', leaf('cbc:RegistrationName', value.name)),
    // The seller's contact (BG-6) is the seller by name unless a person is given; XRechnung requires one.
    seller && el('cac:Contact', leaf('cbc:Name', value.contact_name ?? value.name), leaf('cbc:Telephone', value.phone), leaf('cbc:ElectronicMail', value.email)),
  );
}

function paymentMeans(model: EInvoiceModel, credit: boolean): XmlElement | null {
  const means = model.payment_means;
  return el(
    'cac:PaymentMeans',
    // BT-82, the payment means text (our payment link), is the code's name attribute in UBL.
    leaf('cbc:PaymentMeansCode', means.code, means.text === null ? {} : { name: means.text }),
    credit && leaf('cbc:PaymentDueDate', model.due_date),
    leaf('cbc:PaymentID', means.remittance),
    el('cac:PayeeFinancialAccount', leaf('cbc:ID', means.iban), leaf('cbc:Name', means.account_name), el('cac:FinancialInstitutionBranch', leaf('cbc:ID', means.bic))),
  );
}

const taxCategory = (name: string, category: string, rate: string, exemption: { code: string | null; reason: string | null } = { code: null, reason: null }) =>
  el(
    name,
    leaf('cbc:ID', category),
    leaf('cbc:Percent', rate),
    leaf('cbc:TaxExemptionReasonCode', exemption.code),
    leaf('cbc:TaxExemptionReason', exemption.reason),
    el('cac:TaxScheme', leaf('cbc:ID', 'VAT')),
  );

function allowance(value: EInvoiceAllowance, amount: Amount): XmlElement | null {
  return el(
    'cac:AllowanceCharge',
    leaf('cbc:ChargeIndicator', 'false'),
    leaf('cbc:AllowanceChargeReasonCode', discountReason.code),
    leaf('cbc:AllowanceChargeReason', discountReason.text),
    amount('cbc:Amount', value.amount),
    taxCategory('cac:TaxCategory', value.category, value.rate),
  );
}

function taxSubtotal(group: EInvoiceTaxGroup, amount: Amount): XmlElement | null {
  return el(
    'cac:TaxSubtotal',
    amount('cbc:TaxableAmount', group.taxable),
    amount('cbc:TaxAmount', group.tax),
    taxCategory('cac:TaxCategory', group.category, group.rate, { code: group.exemption_reason_code, reason: group.exemption_reason }),
  );
}

function monetaryTotal(model: EInvoiceModel, amount: Amount): XmlElement | null {
  const { totals } = model;
  return el(
    'cac:LegalMonetaryTotal',
    amount('cbc:LineExtensionAmount', totals.line_total),
    amount('cbc:TaxExclusiveAmount', totals.tax_exclusive),
    amount('cbc:TaxInclusiveAmount', totals.tax_inclusive),
    amount('cbc:AllowanceTotalAmount', totals.allowance_total),
    amount('cbc:ChargeTotalAmount', totals.charge_total),
    amount('cbc:PrepaidAmount', totals.prepaid),
    amount('cbc:PayableAmount', totals.amount_due),
  );
}

function invoiceLine(line: EInvoiceLine, credit: boolean, amount: Amount): XmlElement | null {
  const period = line.service_period ?? (line.service_date ? { start: line.service_date, end: line.service_date } : null);
  return el(
    credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
    leaf('cbc:ID', line.id),
    leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, { unitCode: line.unit_code }),
    amount('cbc:LineExtensionAmount', line.net_amount),
    period && el('cac:InvoicePeriod', leaf('cbc:StartDate', period.start), leaf('cbc:EndDate', period.end)),
    line.discount > 0 &&
      el(
        'cac:AllowanceCharge',
        leaf('cbc:ChargeIndicator', 'false'),
        leaf('cbc:AllowanceChargeReasonCode', discountReason.code),
        leaf('cbc:AllowanceChargeReason', discountReason.text),
        line.discount_percent !== null && leaf('cbc:MultiplierFactorNumeric', line.discount_percent),
        amount('cbc:Amount', line.discount),
        line.discount_percent !== null && amount('cbc:BaseAmount', line.net_amount + line.discount),
      ),
    el('cac:Item', leaf('cbc:Name', line.name), taxCategory('cac:ClassifiedTaxCategory', line.category, line.rate)),
    el('cac:Price', amount('cbc:PriceAmount', line.unit_price)),
  );
}
