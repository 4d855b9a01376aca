/**
 * EN 16931 business rules, checked in code on the e-invoice model before any XML is written:
 * the arithmetic (BR-CO-10 … BR-CO-17, BR-S/Z/E/AE-08 and -09), the presence rules an invoice
 * of ours can miss (BR-01 … BR-16 and the line and VAT rules after them), the decimals rules
 * (BR-DEC), and, for XRechnung, the German CIUS rules (BR-DE). Each violation names the rule
 * and, where the caller can fix it, the input field.
 */
import { OutcomeError } from '../../../src/kernel/errors.js';
import { divRound, exponentOf, toDecimal } from '../../../src/payments/money.js';
import type { EInvoiceModel, EInvoiceParty, VatCategory } from './model.js';

export interface Violation {
  rule: string;
  message: string;
  /** The input that would fix it, e.g. "seller.country_code". */
  field?: string;
}

const rateScale = 4;

/** A percentage as an integer scaled by 10^4 ("7.5" → 75000n). */
function scaledRate(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * 10n ** BigInt(rateScale) + BigInt(fraction.padEnd(rateScale, '0').slice(0, rateScale) || '0');
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * BR-CO-17: the category's tax = taxable × rate / 100, rounded half up to two decimals. In a
 * currency with fewer decimals (JPY, KRW: none) the tax cannot carry two: it must then equal the
 * figure rounded to the currency's own precision, which is what we compute and, at most half a
 * unit off, within the ±1 tolerance CEN's validation artefacts (1.3.x) apply to this rule.
 */
export function expectedTax(taxable: number, rate: string, currency: string): bigint {
  const exponent = exponentOf(currency);
  const precision = Math.min(exponent, 2);
  const numerator = BigInt(Math.abs(taxable)) * scaledRate(rate) * 10n ** BigInt(precision);
  const rounded = divRound(numerator, 100n * 10n ** BigInt(rateScale) * 10n ** BigInt(exponent));
  // In minor units: a KWD tax rounded to two decimals is a multiple of 10 fils.
  return rounded * 10n ** BigInt(exponent - precision) * (taxable < 0 ? -1n : 1n);
}

/** Every EN 16931 rule the model breaks; empty when it is a conformant invoice. */
export function checkEn16931(model: EInvoiceModel): Violation[] {
  return [...presenceRules(model), ...lineRules(model), ...totalRules(model), ...vatRules(model), ...decimalRules(model)];
}

function presenceRules(model: EInvoiceModel): Violation[] {
  const found: Violation[] = [];
  const need = (ok: boolean, rule: string, message: string, field?: string) => {
    if (!ok) found.push({ rule, message, ...(field ? { field } : {}) });
  };
  need(model.number.trim() !== '', 'BR-02', 'The invoice has no number (BT-1).', 'number');
  need(/^\d{4}-\d{2}-\d{2}$/.test(model.issue_date), 'BR-03', 'The invoice has no issue date (BT-2).', 'issue_date');
  need(model.type_code === '380' || model.type_code === '381', 'BR-04', `The invoice type code (BT-3) ${model.type_code} is not 380 (invoice) or 381 (credit note).`);
  need(/^[A-Z]{3}$/.test(model.currency), 'BR-05', `The invoice currency code (BT-5) "${model.currency}" is not an ISO 4217 code.`, 'currency');
  need(model.seller.name.trim() !== '', 'BR-06', "The seller's name (BT-27) is missing.", 'seller.name');
  need(model.buyer.name.trim() !== '', 'BR-07', "The buyer's name (BT-44) is missing.", 'customer.name');
  need(model.seller.address.country_code !== null, 'BR-09', "The seller's postal address has no country code (BT-40): give the seller's country as an ISO 3166-1 code such as DE.", 'seller.country');
  need(model.buyer.address.country_code !== null, 'BR-11', "The buyer's postal address has no country code (BT-55): give the customer's country as an ISO 3166-1 code such as DE.", 'customer.country');
  need(model.lines.length > 0, 'BR-16', 'The invoice has no line (BG-25).', 'line_items');
  need(model.type_code !== '381' || model.preceding_invoice !== null, 'BR-55', 'A credit note must name the invoice it corrects (BT-25).', 'invoice_id');
  need(
    model.totals.amount_due <= 0 || model.due_date !== '' || model.payment_terms !== null,
    'BR-CO-25',
    'An invoice with an amount due needs a due date (BT-9) or payment terms (BT-20).',
    'due_date',
  );
  const period = model.service_period;
  need(period === null || period.end >= period.start, 'BR-29', 'The invoicing period (BG-14) ends before it starts.', 'service_period');
  const means = model.payment_means;
  need(!['30', '58'].includes(means.code) || means.iban !== null, 'BR-61', 'A credit transfer (payment means 30/58) needs the payee account (BT-84).', 'seller.iban');
  for (const [party, field] of [
    [model.seller, 'seller.vat_id'],
    [model.buyer, 'customer.vat_id'],
  ] as const) {
    need(party.vat_id === null || /^(?:[A-Z]{2}|EL)/.test(party.vat_id), 'BR-CO-09', `The VAT identifier ${party.vat_id} does not start with a country prefix such as DE or FR.`, field);
  }
  return found;
}

function lineRules(model: EInvoiceModel): Violation[] {
  const found: Violation[] = [];
  for (const line of model.lines) {
    const at = `line_items[${Number(line.id) - 1}]`;
    if (!line.name.trim()) found.push({ rule: 'BR-25', message: `Line ${line.id} has no item name (BT-153).`, field: `${at}.description` });
    if (!(Number(line.quantity) > 0)) found.push({ rule: 'BR-22', message: `Line ${line.id} has no quantity (BT-129).`, field: `${at}.quantity` });
    if (line.unit_price < 0) found.push({ rule: 'BR-27', message: `Line ${line.id}'s net price (BT-146) is negative.`, field: `${at}.unit_price` });
    if (line.category === 'S' && !(Number(line.rate) > 0)) found.push({ rule: 'BR-S-05', message: `Line ${line.id} is standard rated (S) with a rate of ${line.rate} %.`, field: `${at}.tax_rate` });
    if (line.category !== 'S' && Number(line.rate) !== 0)
      found.push({ rule: `BR-${line.category}-05`, message: `Line ${line.id} is in category ${line.category} with a rate of ${line.rate} %, not 0.`, field: `${at}.tax_rate` });
  }
  return found;
}

/** BR-CO-10 … BR-CO-16: the document totals (BG-22) add up. */
function totalRules(model: EInvoiceModel): Violation[] {
  const { totals, currency } = model;
  const show = (minor: number) => `${toDecimal(BigInt(minor), currency)} ${currency}`;
  const found: Violation[] = [];
  const check = (rule: string, actual: number, expected: number, what: string) => {
    if (actual !== expected) found.push({ rule, message: `${what}: ${show(actual)} is given, ${show(expected)} is the sum.` });
  };
  const allowances = sum(model.allowances.map((allowance) => allowance.amount));
  check('BR-CO-10', totals.line_total, sum(model.lines.map((line) => line.net_amount)), 'The sum of line net amounts (BT-106) is not the sum of the lines (BT-131)');
  check('BR-CO-11', totals.allowance_total, allowances, 'The sum of allowances (BT-107) is not the sum of the document allowances (BT-92)');
  check('BR-CO-12', totals.charge_total, 0, 'The sum of charges (BT-108) is not the sum of the document charges (BT-99)');
  check('BR-CO-13', totals.tax_exclusive, totals.line_total - totals.allowance_total + totals.charge_total, 'The total without VAT (BT-109) is not lines − allowances + charges');
  check('BR-CO-14', totals.tax_total, sum(model.tax_breakdown.map((group) => group.tax)), 'The total VAT (BT-110) is not the sum of the VAT category amounts (BT-117)');
  check('BR-CO-15', totals.tax_inclusive, totals.tax_exclusive + totals.tax_total, 'The total with VAT (BT-112) is not the total without VAT (BT-109) + VAT (BT-110)');
  check('BR-CO-16', totals.amount_due, totals.tax_inclusive - totals.prepaid + totals.rounding, 'The amount due (BT-115) is not the total with VAT − paid + rounding');
  return found;
}

/** BR-CO-17, BR-CO-18 and the rules of each VAT category: the breakdown matches the lines and allowances. */
function vatRules(model: EInvoiceModel): Violation[] {
  const found: Violation[] = [];
  const show = (minor: bigint | number) => `${toDecimal(BigInt(minor), model.currency)} ${model.currency}`;
  if (model.tax_breakdown.length === 0) found.push({ rule: 'BR-CO-18', message: 'The invoice has no VAT breakdown (BG-23).' });
  const used = new Set([...model.lines.map((line) => line.category), ...model.allowances.map((allowance) => allowance.category)]);
  for (const category of used) {
    if (!model.tax_breakdown.some((group) => group.category === category)) {
      found.push({ rule: `BR-${category}-01`, message: `Lines in VAT category ${category} have no VAT breakdown group (BG-23) of that category.` });
    }
    found.push(...sellerTaxRules(category, model.seller, model.buyer));
  }
  for (const group of model.tax_breakdown) {
    const label = `VAT category ${group.category} at ${group.rate} %`;
    const inGroup = <T extends { category: VatCategory; rate: string }>(item: T) => item.category === group.category && Number(item.rate) === Number(group.rate);
    const base = sum(model.lines.filter(inGroup).map((line) => line.net_amount)) - sum(model.allowances.filter(inGroup).map((allowance) => allowance.amount));
    if (group.taxable !== base) {
      found.push({
        rule: `BR-${group.category}-08`,
        message: `${label}: the taxable amount (BT-116) ${show(group.taxable)} is not the lines' net amounts less the allowances at that rate, ${show(base)}.`,
      });
    }
    const expected = expectedTax(group.taxable, group.rate, model.currency);
    if (BigInt(group.tax) !== expected) {
      found.push({ rule: 'BR-CO-17', message: `${label}: the tax (BT-117) ${show(group.tax)} is not ${group.rate} % of ${show(group.taxable)} rounded to two decimals, ${show(expected)}.` });
    }
    if (group.category !== 'S' && group.tax !== 0) found.push({ rule: `BR-${group.category}-09`, message: `${label}: the tax (BT-117) must be 0, not ${show(group.tax)}.` });
    const exempt = group.category === 'E' || group.category === 'AE';
    const hasReason = group.exemption_reason !== null || group.exemption_reason_code !== null;
    if (exempt && !hasReason) {
      found.push({ rule: `BR-${group.category}-10`, message: `${label}: an exempt supply needs the reason it is exempt (BT-120) or its code (BT-121).`, field: 'zero_rate.exemption_reason' });
    }
    if (!exempt && hasReason) found.push({ rule: `BR-${group.category}-10`, message: `${label}: category ${group.category} carries no exemption reason.`, field: 'zero_rate.exemption_reason' });
  }
  return found;
}

/** BR-S-02, BR-Z-02, BR-E-02, BR-AE-02 (and -03/-04 folded in): who must show which tax numbers. */
function sellerTaxRules(category: VatCategory, seller: EInvoiceParty, buyer: EInvoiceParty): Violation[] {
  const found: Violation[] = [];
  if (seller.vat_id === null && seller.tax_id === null) {
    found.push({ rule: `BR-${category}-02`, message: `Category ${category} lines need the seller's VAT identifier (BT-31) or tax number (BT-32).`, field: 'seller.vat_id' });
  }
  if (category === 'AE' && buyer.vat_id === null) {
    found.push({ rule: 'BR-AE-02', message: "A reverse-charge invoice needs the buyer's VAT identifier (BT-48).", field: 'customer.vat_id' });
  }
  return found;
}

/** BR-DEC-*: EN 16931 amounts have at most two decimals; currencies with three (KWD, BHD, OMR, TND, JOD) cannot be expressed. */
function decimalRules(model: EInvoiceModel): Violation[] {
  const exponent = exponentOf(model.currency);
  if (exponent <= 2) return [];
  return [
    {
      rule: 'BR-DEC-23',
      message: `${model.currency} amounts have ${exponent} decimals; EN 16931 allows at most 2 in every amount (BR-DEC-01 … BR-DEC-28), so this invoice cannot be sent as an EN 16931 e-invoice. Issue it in a currency with at most two decimals.`,
      field: 'currency',
    },
  ];
}

/** XRechnung 3.0 (the German CIUS) on top of EN 16931: BR-DE-1 … BR-DE-23 as far as our invoices can miss them. */
export function checkXRechnung(model: EInvoiceModel): Violation[] {
  const found = checkEn16931(model);
  const need = (ok: boolean, rule: string, message: string, field: string) => {
    if (!ok) found.push({ rule, message, field });
  };
  const { seller, buyer } = model;
  need(model.buyer_reference !== null, 'BR-DE-15', 'XRechnung needs the buyer reference (BT-10): for German public buyers, the Leitweg-ID.', 'buyer_reference');
  need(seller.address.city !== null, 'BR-DE-3', 'XRechnung needs the seller\'s city (BT-37): write the postcode and city on one line of the address, e.g. "10115 Berlin".', 'seller.address');
  need(seller.address.postcode !== null, 'BR-DE-4', "XRechnung needs the seller's postcode (BT-38): write it before the city on one line of the address.", 'seller.address');
  need(buyer.address.city !== null, 'BR-DE-8', 'XRechnung needs the buyer\'s city (BT-52): write the postcode and city on one line of the address, e.g. "10115 Berlin".', 'customer.address');
  need(buyer.address.postcode !== null, 'BR-DE-9', "XRechnung needs the buyer's postcode (BT-53): write it before the city on one line of the address.", 'customer.address');
  need(seller.phone !== null, 'BR-DE-6', "XRechnung needs the seller contact's telephone number (BT-42).", 'seller.phone');
  need(seller.email !== null, 'BR-DE-7', "XRechnung needs the seller contact's email address (BT-43).", 'seller.email');
  need(seller.email !== null, 'PEPPOL-EN16931-R020', "XRechnung 3.0 needs the seller's electronic address (BT-34); we use the seller's email.", 'seller.email');
  need(buyer.email !== null, 'PEPPOL-EN16931-R010', "XRechnung 3.0 needs the buyer's electronic address (BT-49); we use the customer's email.", 'customer.email');
  need(model.payment_means.code !== '58' || model.payment_means.iban !== null, 'BR-DE-23', 'A SEPA credit transfer (58) needs the IBAN (BT-84).', 'seller.iban');
  return found;
}

/** Throws `unprocessable` naming every broken rule and the fields to fix: no e-invoice leaves us that a receiver would reject on these rules. */
export function assertConformant(violations: Violation[], profile: string): void {
  if (violations.length === 0) return;
  const listed = violations.map((violation) => `[${violation.rule}] ${violation.message}${violation.field ? ` (${violation.field})` : ''}`).join(' ');
  throw new OutcomeError('unprocessable', `This invoice cannot be issued as ${profile}: ${listed}`, { details: { violations } });
}
