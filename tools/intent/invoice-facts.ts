import type { Entities } from './entities.js';

/**
 * A new invoice as a command states it: who it is for, and one line per amount with the words that say
 * what the amount is for and how many ("3 hours of consulting at $120/h", "2 x logo design @ €300",
 * "website redesign for £1,500"). What the command does not say is left out, for the router to ask:
 * an amount without words is no line, a missing currency is no dollar.
 */

const nameWord = String.raw`(?:[\p{Lu}\d][\p{L}\d'’&.-]*|&|and|of|the|de|van|von)`;
/** Either case of a keyword's first letter: the name after it is told by its own capital. */
const keywords = ['invoice', 'invoicing', 'bill', 'billing', 'charge', 'charging', 'to', 'for', 'client', 'customer', 'rechnung an', 'facture à', 'facture pour', 'factura a', 'factura para']
  .map((word) => `[${word[0]}${(word[0] as string).toUpperCase()}]${word.slice(1)}`)
  .join('|');
const customerAfter = new RegExp(String.raw`(?:\b(?:${keywords})\s*:?\s+)((?:[\p{Lu}][\p{L}\d'’&.-]*)(?:\s+${nameWord}){0,5})`, 'gu');
/** Capitalised words that start a sentence or name the document, not a customer. */
const notNames = new Set([
  'I',
  'Invoice',
  'Bill',
  'Draft',
  'Please',
  'The',
  'A',
  'An',
  'Net',
  'Due',
  'VAT',
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'PO',
  'Friday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Saturday',
  'Sunday',
]);

export function customerName(entities: Entities): string | undefined {
  const text = entities.text;
  for (const match of text.matchAll(customerAfter)) {
    const words = (match[1] as string).split(/\s+/u);
    while (words.length && /^(?:&|and|of|the|de|van|von)$/u.test(words[words.length - 1] as string)) words.pop();
    // A name stops at the first word that is a month, an amount or a unit.
    const cut = words.findIndex((word) => /^\d|^[$€£¥]/u.test(word));
    const name = (cut < 0 ? words : words.slice(0, cut)).join(' ').replace(/[.,;:]+$/u, '');
    if (name && !notNames.has(name.split(' ')[0] as string) && !/@/u.test(name)) return name;
  }
  return undefined;
}

export interface LineItem {
  description: string;
  quantity: string;
  unit_price: string;
}

const quantityBefore =
  /(?:^|[\s,;:(])(\d+(?:[.,]\d+)?)\s*(?:x|×|hours?|hrs?|h|days?|units?|pcs|pieces?|items?|sessions?|lessons?|nights?|kg|licen[cs]es?|seats?|tage|stunden|jours|heures|días|dias|horas)?\s*(?:of\s+)?([\p{L}][\p{L}\d'’ &/-]{1,80}?)\s*(?:at|@|for|à|a|zu je|zu|je|a razón de)\s*$/iu;
const descriptionBefore = /(?:^|[,;:(]|\band\b|\bplus\b|\bfor\b|\bfür\b|\bpour\b)\s*(?:an?\s+|the\s+|one\s+)?([\p{L}][\p{L}\d'’ &/-]{1,80}?)\s*(?:[:=–—-]|\bat\b|\bfor\b|\bof\b|@|,)?\s*$/iu;
const descriptionAfter = /^\s*(?:\/\s*\w+|per \w+|each)?\s*(?:for|für|pour|de|por)\s+(?:the\s+|an?\s+)?([\p{L}][\p{L}\d'’ &/-]{1,80}?)(?=\s*(?:[,;.]|\band\b|\bdue\b|\bnet\b|\bby\b|\bplus\b|$))/iu;
const leadingFiller = /^(?:invoice|bill|charge|draft|an? invoice|please|to|for|them|him|her)\b\s*/iu;

/** One line per amount whose words say what it is for; the amounts without them, apart. */
export function lineItems(entities: Entities, customer: string | undefined): { lines: LineItem[]; unexplained: string[] } {
  const lines: LineItem[] = [];
  const unexplained: string[] = [];
  let from = 0;
  for (const amount of entities.amounts) {
    if (amount.start < 0) continue;
    const before = entities.text.slice(from, amount.start).replace(customer ?? '\u0000', ' ');
    const after = entities.text.slice(amount.end, amount.end + 120);
    from = amount.end;
    const counted = quantityBefore.exec(before);
    if (counted) {
      lines.push({ description: tidy(counted[2] as string), quantity: (counted[1] as string).replace(',', '.'), unit_price: amount.amount });
      continue;
    }
    const named = descriptionBefore.exec(before);
    const following = descriptionAfter.exec(after);
    const description = following ? tidy(following[1] as string) : named ? tidy(named[1] as string) : '';
    if (description) lines.push({ description, quantity: '1', unit_price: amount.amount });
    else unexplained.push(amount.text);
  }
  return { lines: lines.filter((line) => line.description.length > 1), unexplained };
}

function tidy(text: string): string {
  let description = text.trim().replace(/\s+/gu, ' ');
  for (let i = 0; i < 3; i += 1) description = description.replace(leadingFiller, '');
  return description.replace(/\s+(?:at|@|for|of|and)$/iu, '').trim();
}

const percent = String.raw`(\d{1,2}(?:[.,]\d{1,2})?)\s*%`;
const taxWords = String.raw`(?:vat|tax|mwst|ust|tva|iva|gst|sales tax)`;

/** "plus 20% VAT", "VAT 19%": the rate on every line. */
export function taxRate(text: string): string | undefined {
  const match = new RegExp(String.raw`${percent}\s*${taxWords}\b|\b${taxWords}\s*(?:of|at|:)?\s*${percent}`, 'iu').exec(text);
  const rate = match?.[1] ?? match?.[2];
  return rate?.replace(',', '.');
}

/** "10% discount", "a discount of 5%": on the whole invoice. */
export function discountPercent(text: string): string | undefined {
  const match = new RegExp(String.raw`${percent}\s*(?:off|discount|rabatt|remise|descuento)\b|\b(?:discount|rabatt|remise|descuento)\s*(?:of|von|de)?\s*${percent}`, 'iu').exec(text);
  return (match?.[1] ?? match?.[2])?.replace(',', '.');
}

/** "PO 4711", "purchase order #A-17", "order reference X". */
export const orderReference = (text: string): string | undefined =>
  /\b(?:PO|P\.O\.|purchase order|order reference|order ref|bestellnummer)\s*(?:number|no\.?|#|:)?\s*#?([A-Z0-9][A-Z0-9/-]{1,40})\b/iu.exec(text)?.[1];

/** Whether the command asks for a way to pay online. */
export const wantsPaymentLink = (text: string): boolean => /\b(?:payment link|pay(?:ment)? online|stripe link|pay by card|card payment link|zahlungslink|lien de paiement)\b/iu.test(text);
