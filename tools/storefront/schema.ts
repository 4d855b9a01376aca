import { z } from 'zod';
import { generatorField, generatorNameSchema } from '../../src/kernel/generation.js';
import { languageTag, textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { brandSchema } from '../../src/render/brand.js';
import { imageUrlSchema } from '../../src/render/html.js';
import { themeSchema } from '../../src/render/theme.js';
import { stripeOperationNames } from '../../src/payments/operations.js';
import { storefrontIds } from './ids.js';

const line = textField;

/** Amounts are decimal strings or numbers in major units, checked against the currency's decimals (src/payments/money.ts). */
const amount = z.union([z.string().max(40), z.number()]);
const currency = z.string().regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as EUR, USD or JPY');
const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as DE or US')
  .transform((code) => code.toUpperCase());

export const storefrontIdSchema = z.string().regex(idPattern(storefrontIds.storefront), 'must be a storefront id such as "sf_01…" from storefront_build');

const variantSchema = z
  .object({
    name: line(80).describe('e.g. "Large / Red".'),
    options: z.record(line(40), line(80)).optional(),
    price: amount.optional().describe("Default: product's."),
    sku: line(64).optional(),
  })
  .strict();

export const productSchema = z
  .object({
    name: line(120),
    description: line(4000).optional(),
    price: amount,
    currency,
    variants: z.array(variantSchema).max(30).optional(),
    images: z.array(imageUrlSchema).max(8).optional().describe('Never fetched.'),
    inventory: z.number().int().min(0).max(1_000_000).optional().describe('Units in stock.'),
    shipping: z
      .object({ countries: z.array(countryCode).min(1).max(50) })
      .strict()
      .optional()
      .describe('Where physical goods ship.'),
    tax_behavior: z.enum(['inclusive', 'exclusive']).optional(),
  })
  .strict();
export type ProductInput = z.output<typeof productSchema>;

const policiesSchema = z
  .object({ shipping: line(4000).optional(), returns: line(4000).optional() })
  .strict()
  .describe('Printed verbatim; none is invented.');

/** What a storefront is built from: everything a revision may change. */
export const storefrontSpecShape = {
  products: z.array(asSignature(productSchema)).min(1).max(20).optional().describe("Else read from the prompt's offerings and prices."),
  mode: z.enum(['payment', 'subscription']).default('payment'),
  interval: z.enum(['month', 'year']).default('month').describe('Billing period in subscription mode.'),
  brand: asSignature(brandSchema.optional()),
  policies: asSignature(policiesSchema.optional()),
  faq: asSignature(
    z
      .array(z.object({ question: line(200), answer: line(1000) }).strict())
      .max(12)
      .optional(),
  ),
  reviews: asSignature(
    z
      .array(z.object({ quote: line(600), name: line(80), rating: z.number().int().min(1).max(5).optional() }).strict())
      .max(12)
      .optional(),
  ).describe('Real ones only: shown as given.'),
  success_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  cancel_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  lang: languageTag.optional(),
};

export const buildInputSchema = z.object({
  prompt: z.string().trim().min(3).max(4000).optional(),
  ...storefrontSpecShape,
  execute: z.boolean().default(false).describe('Create the Stripe objects now (needs STRIPE_SECRET_KEY).'),
  generator: generatorField,
});
export type BuildInput = z.output<typeof buildInputSchema>;

const specChanges = z.object(storefrontSpecShape).partial();
export const reviseInputSchema = z.object({
  storefront_id: storefrontIdSchema,
  // Outlined by reference to storefront_build's fields rather than written out again.
  changes: outlinedAs(
    { type: 'object', description: 'Fields of storefront_build to replace (products, mode, interval, brand, policies, faq, reviews, success_url, cancel_url, lang); a list replaces the whole list.' },
    z
      .object({
        products: specChanges.shape.products,
        mode: z.enum(['payment', 'subscription']).optional(),
        interval: z.enum(['month', 'year']).optional(),
        brand: specChanges.shape.brand,
        policies: specChanges.shape.policies,
        faq: specChanges.shape.faq,
        reviews: specChanges.shape.reviews,
        success_url: specChanges.shape.success_url,
        cancel_url: specChanges.shape.cancel_url,
        lang: specChanges.shape.lang,
      })
      .strict(),
  ),
  execute: z.boolean().default(false),
  generator: generatorField,
});
export type ReviseInput = z.output<typeof reviseInputSchema>;

const operationOutline = z.object({
  op: z.enum(stripeOperationNames),
  ref: z.string(),
  params: z.record(z.string(), z.unknown()).describe('As the stripe SDK takes them; "$ref:x" is step x\'s id.'),
  idempotency_key: z.string(),
});

export const productOutputSchema = z.object({
  product_id: z.string().describe('p1, p2… in this storefront.'),
  name: z.string(),
  currency: z.string(),
  offers: z.array(
    z.object({
      offer_id: z.string().describe('What the buy form posts.'),
      name: z.string(),
      amount: z.number().int().describe('Minor units.'),
      formatted: z.string(),
      options: z.record(z.string(), z.string()),
      checkout_url: z.string().nullable().describe('The live payment link, once executed.'),
    }),
  ),
  inventory: z.number().int().nullable(),
});

export const storefrontOutputSchema = z.object({
  storefront_id: z.string(),
  version: z.number().int().min(1),
  products: z.array(productOutputSchema),
  sections: z.array(z.object({ id: z.string(), type: z.string(), props: z.record(z.string(), z.unknown()) })),
  theme: themeSchema,
  html: z.string().describe('Self-contained HTML document.'),
  embed: z.string().describe('To paste into a page; styles isolated in a shadow root.'),
  preview_url: z.string().describe('The hosted page: no key needed.'),
  checkout: z.object({
    operations: z.array(operationOutline).describe('Ordered Stripe calls that make the page sell.'),
    executed: z.boolean(),
    checkout_url: z.string().nullable().describe('Where the buy button goes.'),
    ids: z.record(z.string(), z.string()).describe('Stripe ids made, by step ref.'),
  }),
  meta: z.object({
    title: z.string(),
    lang: z.string(),
    generator: generatorNameSchema,
    facts: z.array(z.object({ fact: z.string(), placed_in: z.string() })),
    missing_facts: z.array(z.string()),
    gaps: z.array(z.string()).describe('What the page leaves out because it was not given.'),
    warnings: z.array(z.string()),
    adjustments: z.array(z.string()),
    bytes: z.object({ html: z.number().int(), embed: z.number().int() }),
    applied: z.array(z.string()),
    unapplied: z.array(z.string()),
    created_at: z.iso.datetime(),
  }),
});
export type StorefrontOutput = z.output<typeof storefrontOutputSchema>;
