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
    price: z.number().min(0).max(1_000_000).describe('Major units.'),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as "EUR" or "USD"')
      .transform((code) => code.toUpperCase()),
    interval: z.enum(intervals).default('one_time'),
    description: textField(300).optional(),
  })
  .strict();
export type PricePoint = z.output<typeof pricePointSchema>;

const kpiTargets = z.record(z.string().regex(/^[a-z_]{2,40}$/), z.number().min(0).max(1e9)).describe('kpis[].id: target');

export const buildInputSchema = z.object({
  kind: z.enum(businessKinds).optional().describe("Default: the prompt's."),
  prompt: textField(4000).describe('What it sells, to whom, where, at what prices.'),
  brand: asSignature(brandSchema.optional()),
  location: textField(120).optional(),
  price_points: z.array(pricePointSchema).min(1).max(8).optional(),
  course: z.record(z.string(), z.unknown()).optional().describe("Coaching, newsletter: membership_build's course; else the prompt's lessons."),
  kpi_targets: kpiTargets.optional(),
  execute: z.boolean().default(false).describe("Run the parts' Stripe operations."),
  generator: generatorField,
});
export type BuildInput = z.output<typeof buildInputSchema>;

export const reviseInputSchema = z.object({
  business_id: businessIdSchema,
  focus_areas: z.array(z.enum(focusAreas)).min(1).max(focusAreas.length),
  instructions: textField(2000).optional(),
  price_points: z.array(pricePointSchema).min(1).max(8).optional().describe('For pricing.'),
  kpi_targets: kpiTargets.optional(),
  generator: generatorField,
});
export type ReviseInput = z.output<typeof reviseInputSchema>;

const componentSchema = z.object({
  component: z.string(),
  tool: z.string().nullable(),
  id: z.string().nullable(),
  version: z.number().int().nullable(),
  url: z.string().nullable(),
  resources: z.array(z.string()),
  focus_areas: z.array(z.string()),
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
    proof: z.array(z.string()),
  }),
  offer_ladder: z.array(z.object({ rung: z.enum(['entry', 'core', 'premium']), name: z.string(), price: z.string(), interval: z.string(), description: z.string().nullable() })),
  components: z.array(componentSchema),
  invoice_templates: z.array(z.object({ name: z.string(), draft: z.record(z.string(), z.unknown()).describe('invoice_draft input; add customer.') })),
  operations: outlinedAs(
    { type: 'object', description: 'Checklists: onboarding, legal, hiring [{item, why}]; sops [{title, steps}]; tool_stack [{need, use}].' },
    z.object({
      onboarding: checklistSchema,
      sops: z.array(z.object({ title: z.string(), steps: z.array(z.string()) })),
      tool_stack: z.array(z.object({ need: z.string(), use: z.string() })),
      legal: checklistSchema,
      hiring: checklistSchema,
    }),
  ),
  content_plan: z.array(z.object({ day: z.number().int(), date: z.iso.date(), channel: z.string(), topic: z.string(), pack_id: z.string().nullable() })),
  kpis: z.array(z.object({ id: z.string(), name: z.string(), measured: z.string(), target: z.number().nullable(), target_rule: z.string(), focus_area: z.string() })),
  launch_plan: z.array(z.object({ week: z.number().int(), goals: z.array(z.string()) })),
  html: z.string(),
  overview: z.object({ preview_url: z.string(), resource: z.string() }),
  meta: z.object({
    facts: z.record(z.string(), z.unknown()),
    missing: z.array(z.string()),
    warnings: z.array(z.string()),
    generator: z.string(),
    created_at: z.iso.datetime(),
  }),
});
export type BusinessOutput = z.output<typeof businessOutputSchema>;

/** The result as revise and get show it: the parts that are the same shape as the build's are named, not written out again. */
// A copy: an outline belongs to the schema instance, and the build's own result shows these in full.
const asInBuild = <T extends z.ZodType>(schema: T, type: 'object' | 'array') => outlinedAs({ type, description: "As in business_box_build's result." }, schema.clone());
const shape = businessOutputSchema.shape;
export const businessReadSchema = businessOutputSchema.extend({
  positioning: asInBuild(shape.positioning, 'object'),
  offer_ladder: asInBuild(shape.offer_ladder, 'array'),
  components: asInBuild(shape.components, 'array'),
  invoice_templates: asInBuild(shape.invoice_templates, 'array'),
  content_plan: asInBuild(shape.content_plan, 'array'),
  kpis: asInBuild(shape.kpis, 'array'),
  launch_plan: asInBuild(shape.launch_plan, 'array'),
  meta: asInBuild(shape.meta, 'object'),
});

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
