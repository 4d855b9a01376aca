import { z } from 'zod';
import { textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { revisionReportShape } from '../../src/kernel/revision.js';
import { brandSchema } from '../../src/render/brand.js';
import { fieldSchema, fieldTypes } from './fields.js';
import { directoryIds } from './ids.js';
import { maxListings, maxListingsText } from './listings.js';
import { monetizationSchema, tierNames } from './plan.js';

export const directoryIdSchema = z.string().regex(idPattern(directoryIds.directory), 'must be a directory id such as "dir_01…" from directory_build');
export const listingIdSchema = z.string().regex(idPattern(directoryIds.listing), 'must be a listing id such as "lst_01…"');
export const submissionIdSchema = z.string().regex(idPattern(directoryIds.submission), 'must be a submission id such as "dsb_01…" from directory_submissions');

const cell = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);
const listingObject = z.record(z.string().max(100), cell).refine((row) => Object.keys(row).length <= 40, 'a listing has at most 40 fields');

/** Listings as JSON or CSV text, or as an array of objects. */
export const listingsField = outlinedAs(
  { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }] },
  z.union([z.string().max(maxListingsText), z.array(listingObject).max(maxListings)]),
).describe(`JSON, CSV with a header line, or objects; at most ${maxListings}.`);

const fieldsField = asSignature(
  z
    .array(fieldSchema)
    .min(1)
    .max(30)
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, 'field names must be unique')
    .optional(),
).describe('Default: read off the listings.');

const categoriesField = z.array(textField(80)).min(1).max(50).optional().describe('Allowed categories, others refused; default: those used.');

export const buildInputSchema = z.object({
  prompt: z.string().trim().min(3).max(2000).describe('The niche and place, e.g. "Vegan restaurants in Lisbon"; titles the directory when no title is given.'),
  title: textField(70).optional(),
  description: textField(160).optional().describe('One line under the title, used verbatim.'),
  listings: listingsField.optional(),
  categories: categoriesField,
  fields: fieldsField,
  brand: asSignature(brandSchema.optional()),
  monetization: asSignature(monetizationSchema.optional()).describe('Prices of the paid tiers; none is made up.'),
  execute: z.boolean().default(false),
});
export type BuildInput = z.output<typeof buildInputSchema>;

export const reviseInputSchema = z.object({
  directory_id: directoryIdSchema,
  changes: asSignature(
    z
      .object({
        title: textField(70).optional(),
        description: textField(160).optional(),
        listings: listingsField.optional().describe('Replaces every listing (ids kept for the same name and place).'),
        add_listings: listingsField.optional().describe('Added to the listings.'),
        remove_listings: z.array(listingIdSchema).max(maxListings).optional(),
        categories: categoriesField,
        fields: fieldsField,
        brand: brandSchema.optional(),
        monetization: monetizationSchema.optional(),
      })
      .strict(),
  ),
  execute: z.boolean().default(false).describe('Run the Stripe operations now; resumes a stopped run.'),
});
export type ReviseInput = z.output<typeof reviseInputSchema>;

const fieldOutput = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(fieldTypes),
  required: z.boolean(),
  filterable: z.boolean(),
  options: z.array(z.string()).optional(),
});

const rejectedSchema = z.object({ row: z.number().int(), name: z.string().nullable(), reasons: z.array(z.string()) });

const operationSchema = z.object({ op: z.string(), ref: z.string(), idempotency_key: z.string(), params: z.record(z.string(), z.unknown()) });

export const directoryOutputSchema = z.object({
  directory_id: z.string(),
  version: z.number().int(),
  schema: z.object({ fields: z.array(fieldOutput) }),
  categories: z.array(z.string()),
  listings: z.object({
    total: z.number().int(),
    items: z
      .array(z.object({ listing_id: z.string(), name: z.string(), url: z.string(), placement: z.enum(['free', 'featured', 'premium']), placed_until: z.string().nullable() }))
      .describe('The first 100, placements first, then by name.'),
    claims: z.array(z.object({ listing_id: z.string(), email: z.string(), claimed_at: z.string() })).describe('Listings claimed by their owners (claim fee paid), shown "Claimed".'),
  }),
  site: z.object({
    html: z.string().describe('The hosted index page as served now.'),
    search_index: z.object({
      library: z.string(),
      url: z.string().describe('The MiniSearch index, options and placements the page loads.'),
      documents: z.number().int(),
      bytes: z.number().int(),
      fields: z.array(z.string()),
      store_fields: z.array(z.string()),
    }),
    preview_url: z.string(),
    zip_url: z.string().describe('The static site as a zip (works from file://); needs your key.'),
  }),
  submission: z.object({
    json_schema: z.record(z.string(), z.unknown()).describe('JSON Schema 2020-12 of a listing, as the endpoint validates.'),
    ui_schema: z.record(z.string(), z.unknown()),
    endpoint: z.string().describe('POST form fields or JSON (rate-limited; honeypot "_hp" stays empty).'),
  }),
  monetization: z.object({
    currency: z.string().nullable(),
    period_days: z.number().int(),
    tiers: z.array(
      z.object({
        tier: z.enum(tierNames),
        amount: z.number().int().nullable().describe('Minor units; null when no price was given.'),
        price: z.string().nullable(),
        formatted: z.string().nullable(),
        placement: z.string(),
        renewal: z.string(),
      }),
    ),
    operations: z.array(operationSchema).describe('Stripe calls for the priced tiers; execute: true runs them.'),
    executed: z.boolean().describe('All ran: the checkout sells their prices.'),
    ids: z.record(z.string(), z.string()).describe('Stripe id by ref.'),
    checkout: z.string().describe('POST tier=featured|premium and listing_id here to start a placement checkout.'),
  }),
  meta: z.object({
    title: z.string(),
    generator: z.enum(['caller', 'template']),
    listings_format: z.enum(['json', 'csv', 'none']),
    fields_inferred: z.boolean(),
    renamed_columns: z.array(z.string()),
    rejected: z.array(rejectedSchema),
    missing: z.array(z.string()),
    warnings: z.array(z.string()),
    bytes: z.number().int(),
    pending_submissions: z.number().int(),
    applied: z.array(z.string()),
    unapplied: z.array(z.string()),
    created_at: z.string(),
  }),
});
export type DirectoryOutput = z.output<typeof directoryOutputSchema> & { next_actions: unknown[] };

export const reviseOutputSchema = directoryOutputSchema.extend(revisionReportShape);
export const getOutputSchema = directoryOutputSchema.extend({ versions: z.array(z.object({ version: z.number().int(), created_at: z.string() })) });

export const submissionsInputSchema = z
  .object({
    directory_id: directoryIdSchema,
    action: z.enum(['list', 'approve', 'reject']).default('list'),
    submission_id: submissionIdSchema.optional().describe('For approve and reject.'),
    reason: textField(300).optional().describe('Why it was rejected (kept with it).'),
    status: z.enum(['pending', 'approved', 'rejected']).default('pending').describe('For list.'),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .superRefine((input, ctx) => {
    if (input.action !== 'list' && !input.submission_id) ctx.addIssue({ code: 'custom', path: ['submission_id'], message: `required to ${input.action}` });
  });
export type SubmissionsInput = z.output<typeof submissionsInputSchema>;

export const submissionViewSchema = z.object({
  submission_id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  listing: z.record(z.string(), z.union([z.string(), z.number()])),
  reason: z.string().nullable(),
  listing_id: z.string().nullable(),
  approved_version: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type SubmissionView = z.output<typeof submissionViewSchema>;

export const submissionsOutputSchema = z.object({
  directory_id: z.string(),
  action: z.enum(['list', 'approve', 'reject']),
  submissions: z.array(submissionViewSchema),
  version: z.number().int().nullable().describe('The version an approval made (the site rebuilt with the listing).'),
  preview_url: z.string(),
});
