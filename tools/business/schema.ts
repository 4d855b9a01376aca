import { z } from 'zod';
import { generatorField } from '../../src/kernel/generation.js';
import { textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { brandSchema } from '../../src/render/brand.js';
import { businessIds } from './ids.js';

export const businessKinds = ['coaching', 'agency', 'digital_shop', 'newsletter', 'local_service'] as const;
export type BusinessKind = (typeof businessKinds)[number];

export const focusAreas = ['pricing', 'marketing', 'sales', 'operations', 'onboarding', 'retention', 'content', 'growth', 'hiring', 'legal'] as const;
export type FocusArea = (typeof focusAreas)[number];

export const businessIdSchema = z.string().regex(idPattern(businessIds.business), 'must be a business id such as "bx_01…" from business_box_build');

const intervals = ['one_time', 'session', 'hour', 'month', 'year'] as const;

/** A price as the caller sets it: never invented, never rounded. */
export const pricePointSchema = z
  .object({
    name: textField(80),
    price: z.number().min(0).max(1_000_000).describe('Major units, e.g. 150 or 19.99.'),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as "EUR" or "USD"')
      .transform((code) => code.toUpperCase()),
    interval: z.enum(intervals).default('one_time'),
    description: textField(300).optional(),
  })
  .strict();
export type PricePoint = z.output<typeof pricePointSchema>;

const kpiTargets = z.record(z.string().regex(/^[a-z_]{2,40}$/), z.number().min(0).max(1e9)).describe('KPI id → your target number (see kpis[].id); none is invented.');

export const buildInputSchema = z.object({
  kind: z.enum(businessKinds).optional().describe('Default: read from the prompt; a prompt that says none is asked back.'),
  prompt: textField(4000).describe('The business in your words: what it sells, to whom, where, at what prices.'),
  brand: asSignature(brandSchema.optional()),
  location: textField(120).optional(),
  price_points: z.array(pricePointSchema).min(1).max(8).optional().describe("Else the prompt's prices."),
  course: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Coaching and newsletter: the membership's course {title, modules: [{title, lessons: [{title, body?}]}]}, as membership_build takes it; else the lessons the prompt names."),
  kpi_targets: kpiTargets.optional(),
  execute: z.boolean().default(false).describe("Run the components' Stripe operations (needs STRIPE_SECRET_KEY)."),
  generator: generatorField,
});
export type BuildInput = z.output<typeof buildInputSchema>;

export const reviseInputSchema = z.object({
  business_id: businessIdSchema,
  focus_areas: z.array(z.enum(focusAreas)).min(1).max(focusAreas.length),
  instructions: textField(2000).optional().describe("Your words; passed to the focused components' own revise tools."),
  price_points: z.array(pricePointSchema).min(1).max(8).optional().describe('For pricing: the new prices.'),
  kpi_targets: kpiTargets.optional(),
  generator: generatorField,
});
export type ReviseInput = z.output<typeof reviseInputSchema>;

const componentSchema = z.object({
  component: z.string().describe('e.g. landing_page, membership, storefront, booking_widget, quote_widget, outreach, content_pack_1.'),
  tool: z.string().nullable().describe('The tool that made it (its *_get reads it); null for the parts this outcome holds itself.'),
  id: z.string().nullable(),
  version: z.number().int().nullable(),
  url: z.string().nullable().describe('Its preview page, when it has one.'),
  focus_areas: z.array(z.enum(focusAreas)),
  summary: z.string(),
});
export type Component = z.output<typeof componentSchema>;

const checklistSchema = z.array(z.object({ item: z.string(), why: z.string() }));

export const businessOutputSchema = z.object({
  business_id: businessIdSchema,
  version: z.number().int(),
  kind: z.enum(businessKinds),
  summary: z.string(),
  positioning: z.object({
    name: z.string().nullable(),
    ideal_customer: z.string().nullable(),
    problem: z.string().nullable(),
    promise: z.string().nullable(),
    proof: z.array(z.string()).describe("The prompt's own claims; none is invented."),
  }),
  offer_ladder: z.array(z.object({ rung: z.enum(['entry', 'core', 'premium']), name: z.string(), price: z.string(), interval: z.enum(intervals), description: z.string().nullable() })),
  components: z.array(componentSchema),
  operations: outlinedAs(
    { type: 'object', description: 'onboarding, sops [{title, steps}], tool_stack [{need, component|category}], legal [{item, why}], hiring [{item, why}]: checklists for this kind of business.' },
    z.object({
      onboarding: checklistSchema,
      sops: z.array(z.object({ title: z.string(), steps: z.array(z.string()) })),
      tool_stack: z.array(z.object({ need: z.string(), use: z.string() })),
      legal: checklistSchema,
      hiring: checklistSchema,
    }),
  ),
  content_plan: z.array(z.object({ day: z.number().int(), date: z.iso.date(), channel: z.string(), topic: z.string(), pack_id: z.string().nullable() })),
  kpis: z.array(z.object({ id: z.string(), name: z.string(), measured: z.string(), target: z.number().nullable(), target_rule: z.string(), focus_area: z.enum(focusAreas) })),
  launch_plan: z.array(z.object({ week: z.number().int(), goals: z.array(z.string()) })),
  html: z.string().describe('The overview page: each part with a link to its own page.'),
  overview: z.object({ preview_url: z.string().describe('The overview page, hosted: no key needed.'), resource: z.string() }),
  meta: z.object({
    facts: z.record(z.string(), z.unknown()),
    missing: z.array(z.string()).describe('Facts the box lacks, and where to give them.'),
    warnings: z.array(z.string()),
    generator: z.string(),
    created_at: z.iso.datetime(),
  }),
});
export type BusinessOutput = z.output<typeof businessOutputSchema>;

export const changelogSchema = z.array(
  z.object({
    component: z.string(),
    tool: z.string().nullable(),
    id: z.string().nullable(),
    from_version: z.number().int().nullable(),
    to_version: z.number().int().nullable(),
    changes: z.array(z.string()),
  }),
);
