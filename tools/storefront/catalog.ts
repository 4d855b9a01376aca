/**
 * A storefront's products as it sells them: each product with its offers (the product itself,
 * or each variant), every price in integer minor units of its currency, checked once here so
 * that the page, the JSON-LD and the Stripe operations all print the same amounts.
 */
import { OutcomeError } from '../../src/kernel/errors.js';
import { formatMoney, parseMoney } from '../../src/payments/money.js';
import type { FactSheet } from '../../src/compose/facts.js';
import type { ProductInput } from './schema.js';

export interface Offer {
  /** `p1` for a product without variants, `p1-v2` for its second variant: what the buy form posts. */
  offer_id: string;
  /** The product's name, or its variant's. */
  name: string;
  amount: number;
  formatted: string;
  sku: string | null;
  /** The variant's attributes as given (e.g. size and colour); empty for a product without variants. */
  options: Record<string, string>;
}

/** A variant's name with the attributes it does not already say, for a picker: `Sand (Size: 350 ml)`. */
export function offerLabel(offer: Offer): string {
  const unsaid = Object.entries(offer.options).filter(([, value]) => !offer.name.toLowerCase().includes(value.toLowerCase()));
  return unsaid.length ? `${offer.name} (${unsaid.map(([key, value]) => `${key}: ${value}`).join(', ')})` : offer.name;
}

export interface CatalogProduct extends ProductInput {
  product_id: string;
  currency: string;
  offers: Offer[];
}

/** The products as given, each price parsed in its currency (refused naming the field when it cannot be). */
export function catalogOf(products: readonly ProductInput[], locale: string): CatalogProduct[] {
  return products.map((product, index) => {
    const path = `products[${index}]`;
    const currency = product.currency.toUpperCase();
    const price = (value: string | number, at: string): number => {
      const minor = parseMoney(value, currency, at);
      if (minor <= 0n) throw new OutcomeError('invalid_input', `${at}: a product sold through checkout costs more than 0.`);
      return Number(minor);
    };
    const base = price(product.price, `${path}.price`);
    const names = new Set<string>();
    const offers: Offer[] = (product.variants ?? []).map((variant, at) => {
      const key = variant.name.toLowerCase();
      if (names.has(key)) throw new OutcomeError('invalid_input', `${path}.variants[${at}].name: "${variant.name}" is given twice; each variant needs its own name.`);
      names.add(key);
      const amount = variant.price === undefined ? base : price(variant.price, `${path}.variants[${at}].price`);
      return { offer_id: `p${index + 1}-v${at + 1}`, name: variant.name, amount, formatted: formatMoney(BigInt(amount), currency, locale), sku: variant.sku ?? null, options: variant.options ?? {} };
    });
    return {
      ...product,
      product_id: `p${index + 1}`,
      currency,
      offers: offers.length ? offers : [{ offer_id: `p${index + 1}`, name: product.name, amount: base, formatted: formatMoney(BigInt(base), currency, locale), sku: null, options: {} }],
    };
  });
}

/**
 * Products read from a prompt's offerings: only those it prices, in a currency it names. An
 * offering without a price cannot be sold and is reported, never priced by us.
 */
export function productsFromFacts(facts: FactSheet): { products: ProductInput[]; gaps: string[] } {
  const products: ProductInput[] = [];
  const gaps: string[] = [];
  for (const offering of facts.offerings) {
    if (!offering.price) gaps.push(`"${offering.name}" has no price in the prompt: it is not on sale. Give it in products.`);
    else if (!offering.price.currency) gaps.push(`"${offering.name}" costs ${offering.price.amount} in a currency the prompt does not name: it is not on sale. Give it in products with its currency.`);
    else if (offering.price.from) gaps.push(`"${offering.name}" is priced "from" ${offering.price.text}: a checkout needs one price. Give it in products (variants for each price).`);
    else products.push({ name: offering.name, price: offering.price.amount, currency: offering.price.currency, ...(offering.description ? { description: offering.description } : {}) });
  }
  return { products: products.slice(0, 20), gaps };
}

/** An offer by its id, with its product. */
export function findOffer(catalog: readonly CatalogProduct[], offerId: string): { product: CatalogProduct; offer: Offer } | null {
  for (const product of catalog) {
    const offer = product.offers.find((candidate) => candidate.offer_id === offerId);
    if (offer) return { product, offer };
  }
  return null;
}
