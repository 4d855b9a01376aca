/**
 * A storefront's page: header, hero, one product section per product (gallery, price in the
 * currency's format, variant picker, buy button), policies only as given, FAQ and reviews only
 * when given, footer; and its schema.org Product/Offer JSON-LD. Pure: the engine renders it on
 * a compute thread.
 */
import type { Brand } from '../../src/render/brand.js';
import { themeOf } from '../../src/render/brand.js';
import type { CommerceSection } from '../../src/render/commerce.js';
import { checkPageSize, renderDocument, renderEmbed, type PageSection } from '../../src/render/page.js';
import type { Section } from '../../src/render/sections.js';
import { resolveTheme, type Theme } from '../../src/render/theme.js';
import { toDecimal } from '../../src/payments/money.js';
import { stripeHostedOrigins } from '../../src/payments/operations.js';
import type { FooterFacts } from '../../src/compose/contract.js';
import { offerLabel, type CatalogProduct } from './catalog.js';
import { englishWords, storeWordsFor, type StoreWords } from './words.js';

const wordsOf = (lang: string): StoreWords => storeWordsFor(lang) ?? englishWords;

export interface PageInput {
  storefrontId: string;
  baseUrl: string;
  /** The page's language; the store's words are the set of this language (words.ts). */
  lang: string;
  brandName: string;
  brand: Brand;
  /** The prompt's kind, place and audience, above the headline ("Bakery · Freiburg"). */
  hero: { eyebrow: string | null; headline: string; subheadline: string | null };
  /** The prompt's address, hours and contacts. */
  footer: FooterFacts;
  title: string;
  description: string;
  catalog: readonly CatalogProduct[];
  mode: 'payment' | 'subscription';
  interval: 'month' | 'year';
  policies: { shipping?: string | undefined; returns?: string | undefined } | undefined;
  faq: ReadonlyArray<{ question: string; answer: string }> | undefined;
  reviews: ReadonlyArray<{ quote: string; name: string; rating?: number | undefined }> | undefined;
  /** The live payment link of each offer, once executed. */
  liveLinks: Readonly<Record<string, string>>;
  /** Units left per product id, for products with inventory. */
  stock: Readonly<Record<string, number>>;
}

export interface RenderedStorefront {
  sections: PageSection[];
  html: string;
  embed: string;
  csp: string;
  theme: Theme;
  adjustments: string[];
  bytes: { html: number; embed: number };
  structuredData: Record<string, unknown>;
}

/** Where a buy form posts: this service starts the checkout (a live link, or a session made on demand). */
export const checkoutActionOf = (baseUrl: string, storefrontId: string) => `${baseUrl}/c/${storefrontId}`;

const countryNames = (codes: readonly string[], lang: string) => {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
  return new Intl.ListFormat([lang, 'en'], { type: 'conjunction' }).format(codes.map((code) => names.of(code) ?? code));
};

function productSection(product: CatalogProduct, input: PageInput): CommerceSection {
  const { lang } = input;
  const words = wordsOf(lang);
  const amounts = new Set(product.offers.map((offer) => offer.amount));
  const cheapest = product.offers.reduce((low, offer) => (offer.amount < low.amount ? offer : low));
  const left = input.stock[product.product_id];
  const details = [...(product.shipping ? [words.ships_to(countryNames(product.shipping.countries, lang))] : []), ...(left !== undefined && left > 0 ? [words.in_stock(left)] : [])];
  // One offer with a live link: the button goes straight to it. Otherwise the form posts here and is sent on.
  const live = product.offers.length === 1 ? input.liveLinks[product.offers[0]?.offer_id ?? ''] : undefined;
  return {
    id: `product-${product.product_id}`,
    type: 'product',
    props: {
      name: product.name,
      ...(product.description ? { description: product.description } : {}),
      images: (product.images ?? []).map((url, index) => ({ url, alt: index === 0 ? product.name : '' })),
      price: amounts.size > 1 ? words.from(cheapest.formatted) : cheapest.formatted,
      ...(input.mode === 'subscription' ? { period: words.per[input.interval] } : {}),
      details,
      variants: product.offers.map((offer) => ({ value: offer.offer_id, label: offerLabel(offer), price: offer.formatted })),
      available: left === undefined || left > 0,
      buy: live ? { method: 'link', action: live } : { method: 'post', action: checkoutActionOf(input.baseUrl, input.storefrontId) },
      words: { buy: input.mode === 'subscription' ? words.subscribe : words.buy, choose: words.choose, sold_out: words.sold_out },
    },
  };
}

/** The page's sections, in reading order. */
export function storefrontSections(input: PageInput): PageSection[] {
  const words = wordsOf(input.lang);
  const policies = [
    ...(input.policies?.shipping ? [{ title: words.shipping, text: input.policies.shipping }] : []),
    ...(input.policies?.returns ? [{ title: words.returns, text: input.policies.returns }] : []),
  ];
  // The heading names only the policies given: "Shipping" alone promises no returns policy.
  const policiesHeading = policies.length === 2 ? words.policies : (policies[0]?.title ?? words.policies);
  const sections: PageSection[] = [
    { id: 'header', type: 'header', props: { brand: input.brandName, ...(input.brand.logo_url ? { logo_url: input.brand.logo_url } : {}), links: [] } },
    {
      id: 'hero',
      type: 'hero',
      props: { ...(input.hero.eyebrow ? { eyebrow: input.hero.eyebrow } : {}), headline: input.hero.headline, ...(input.hero.subheadline ? { subheadline: input.hero.subheadline } : {}) },
    },
    ...input.catalog.map((product) => productSection(product, input)),
    ...(policies.length ? [{ id: 'policies', type: 'policies', props: { heading: policiesHeading, items: policies } } as CommerceSection] : []),
    ...(input.faq?.length ? [{ id: 'faq', type: 'faq', props: { heading: words.faq, items: [...input.faq] } } as Section] : []),
    ...(input.reviews?.length
      ? [
          {
            id: 'reviews',
            type: 'testimonials',
            props: { heading: words.reviews, items: input.reviews.map((review) => ({ quote: review.quote, name: review.name, ...(review.rating ? { role: words.rating(review.rating) } : {}) })) },
          } as Section,
        ]
      : []),
    { id: 'footer', type: 'footer', props: { text: input.brandName, ...input.footer } },
  ];
  return sections;
}

/**
 * schema.org JSON-LD: a Product per product with an Offer per offer (price as a decimal
 * string, ISO currency, per month or year for a subscription, availability, the checkout URL), reviews only as given. With several
 * products, an ItemList of them.
 */
export function structuredDataOf(input: PageInput): Record<string, unknown> {
  const product = (item: CatalogProduct) => {
    const left = input.stock[item.product_id];
    const availability = left !== undefined && left <= 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock';
    return {
      '@type': 'Product',
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      ...(item.images?.length ? { image: item.images } : {}),
      brand: { '@type': 'Brand', name: input.brandName },
      offers: item.offers.map((offer) => ({
        '@type': 'Offer',
        name: offer.name,
        ...(offer.sku ? { sku: offer.sku } : {}),
        // A plain decimal with a dot, as schema.org wants a price: "29.00", JPY "800".
        price: toDecimal(BigInt(offer.amount), item.currency),
        priceCurrency: item.currency,
        // A subscription's price is per month or year: said in UN/CEFACT units (MON, ANN), as schema.org's unit codes are.
        ...(input.mode === 'subscription'
          ? {
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: toDecimal(BigInt(offer.amount), item.currency),
                priceCurrency: item.currency,
                referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: input.interval === 'year' ? 'ANN' : 'MON' },
              },
            }
          : {}),
        availability,
        url: input.liveLinks[offer.offer_id] ?? checkoutActionOf(input.baseUrl, input.storefrontId),
      })),
    };
  };
  const reviews = (input.reviews ?? []).map((review) => ({
    '@type': 'Review',
    reviewBody: review.quote,
    author: { '@type': 'Person', name: review.name },
    ...(review.rating ? { reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 } } : {}),
  }));
  const only = input.catalog.length === 1 ? input.catalog[0] : undefined;
  if (only) return { '@context': 'https://schema.org', ...product(only), ...(reviews.length ? { review: reviews } : {}) };
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: input.title,
    itemListElement: input.catalog.map((item, index) => ({ '@type': 'ListItem', position: index + 1, item: product(item) })),
  };
}

export function renderStorefront(input: PageInput): RenderedStorefront {
  const { theme, adjustments } = resolveTheme(themeOf(input.brand));
  const sections = storefrontSections(input);
  const structuredData = structuredDataOf(input);
  const spec = {
    title: input.title,
    description: input.description,
    lang: input.lang,
    theme,
    sections,
    structuredData,
    formAction: () => checkoutActionOf(input.baseUrl, input.storefrontId),
    // The buy form's post is answered with a redirect to Stripe's checkout or payment link.
    formRedirects: [stripeHostedOrigins.checkout, stripeHostedOrigins.paymentLinks],
  };
  const { html, csp } = renderDocument(spec);
  const embed = renderEmbed(spec, `ao-${input.storefrontId}`);
  const bytes = { html: checkPageSize(html, 'The storefront page', 'Use fewer products, variants or shorter descriptions.'), embed: Buffer.byteLength(embed) };
  return { sections, html, embed, csp, theme, adjustments, bytes, structuredData };
}
