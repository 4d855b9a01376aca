import { z } from 'zod';
import { widgetIds } from './ids.js';
import { generatorField, generatorNameSchema } from '../../src/kernel/generation.js';
import { languageTag, textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { hrefSchema } from '../../src/render/html.js';
import { brandSchema } from '../../src/render/brand.js';

export { brandSchema, type Brand } from '../../src/render/brand.js';
import { formFieldSchema, sectionIdSchema, sectionSchema, sectionTypes } from '../../src/render/sections.js';
import { colorSchema, densities, modes, radii, themeRequestSchema, themeSchema } from '../../src/render/theme.js';

export const widgetKinds = ['landing', 'waitlist', 'newsletter', 'pricing', 'faq', 'testimonials', 'countdown', 'contact', 'booking', 'lead_capture', 'hero'] as const;
export type WidgetKind = (typeof widgetKinds)[number];

const line = textField;

export const widgetIdSchema = z.string().regex(idPattern(widgetIds.widget), 'must be a widget id such as "wgt_01…" from widget_generate');

/** The words of a page: what a template, a model or the caller writes. Every field is optional; the caller's win. */
export const copySchema = z.object({
  title: line(70).optional().describe('<title>'),
  description: line(160).optional().describe('Meta description.'),
  eyebrow: line(80).optional(),
  headline: line(120).optional(),
  subheadline: line(300).optional(),
  cta_text: line(40).optional().describe('Main button.'),
  features_heading: line(120).optional(),
  features: z
    .array(z.object({ title: line(80), text: line(300) }))
    .min(1)
    .max(9)
    .optional(),
  testimonials: z
    .array(z.object({ quote: line(600), name: line(80), role: line(80).optional() }))
    .min(1)
    .max(6)
    .optional(),
  pricing: z
    .array(
      z.object({
        name: line(40),
        price: line(30),
        period: line(30).optional(),
        description: line(200).optional(),
        features: z.array(line(120)).max(12).optional(),
        cta_text: line(40).optional(),
        highlighted: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(4)
    .optional(),
  faq: z
    .array(z.object({ question: line(200), answer: line(1000) }))
    .min(1)
    .max(12)
    .optional(),
  form_heading: line(120).optional(),
  form_text: line(300).optional(),
  button_text: line(40).optional().describe('Form submit button.'),
  success_message: line(300).optional(),
  closing_headline: line(120).optional().describe('Closing call to action.'),
  footer_text: line(300).optional(),
});
export type Copy = z.output<typeof copySchema>;

/**
 * What a model writes: the prose around the facts. Offerings, prices, hours, address and contacts are placed from
 * the prompt's facts by code, and reasons, quotes, tiers and answers come only from the caller.
 */
export const modelCopySchema = copySchema.pick({
  title: true,
  description: true,
  eyebrow: true,
  headline: true,
  subheadline: true,
  cta_text: true,
  form_heading: true,
  form_text: true,
  button_text: true,
  success_message: true,
  closing_headline: true,
});

export const contentSchema = copySchema.extend({
  cta_url: hrefSchema.optional().describe('Main button link (http(s), mailto, #anchor); default the form.'),
  deadline: z.iso.datetime({ offset: true }).optional().describe('Countdown end.'),
  form_fields: z.array(formFieldSchema).min(1).max(10).optional().describe("Replace the kind's defaults."),
  contact_email: z.email().max(254).optional(),
  lang: languageTag.optional().describe("BCP 47; default: the prompt's."),
});
export type ContentOverrides = z.output<typeof contentSchema>;

export const generateInputSchema = z.object({
  prompt: z.string().trim().min(3).max(4000),
  kind: z.enum(widgetKinds).optional().describe('Default: from the prompt.'),
  brand: asSignature(brandSchema.optional()),
  content: asSignature(contentSchema.optional().describe('Used verbatim.')),
  generator: generatorField,
});
export type GenerateInput = z.output<typeof generateInputSchema>;

const position = {
  before: sectionIdSchema.optional(),
  after: sectionIdSchema.optional(),
  position: z.number().int().min(0).optional().describe('0-based index'),
};

/** A change to a widget; natural-language instructions become these. */
export const operationSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('set_text'),
    section_id: sectionIdSchema,
    field: z
      .string()
      .regex(/^[a-z_]+(\.(\d+|[a-z_]+))*$/, 'must be a path into the section\'s props such as "headline" or "items.0.answer"')
      .describe('Path into props: "headline", "items.0.answer".'),
    value: line(1000),
  }),
  z
    .object({
      op: z.literal('set_theme'),
      primary: colorSchema.optional(),
      accent: colorSchema.optional(),
      background: colorSchema.optional(),
      text: colorSchema.optional(),
      font: themeRequestSchema.shape.font,
      radius: z.enum(radii).optional(),
      mode: z.enum(modes).optional(),
      density: z.enum(densities).optional(),
    })
    .describe('Colours: any CSS colour.'),
  z.object({ op: z.literal('add_section'), type: z.enum(sectionTypes), props: z.record(z.string(), z.unknown()).optional().describe('Default: written for this widget.'), ...position }),
  z.object({ op: z.literal('remove_section'), section_id: sectionIdSchema }),
  z.object({ op: z.literal('move_section'), section_id: sectionIdSchema, ...position }),
  z.object({
    op: z.literal('set_cta'),
    section_id: sectionIdSchema.optional().describe('Default: every main button.'),
    text: line(60).optional(),
    url: hrefSchema.optional(),
  }),
  z.object({ op: z.literal('set_props'), section_id: sectionIdSchema, props: z.record(z.string(), z.unknown()).describe('Fields to replace.') }),
  z.object({ op: z.literal('set_meta'), title: line(70).optional(), description: line(160).optional(), lang: languageTag.optional() }),
]);
export type Operation = z.output<typeof operationSchema>;

export const reviseInputSchema = z
  .object({
    widget_id: widgetIdSchema,
    instructions: z.string().trim().min(3).max(2000).optional().describe('Changes in words.'),
    operations: z.array(asSignature(operationSchema)).min(1).max(50).optional().describe('Applied in order.'),
    revert_to: z.number().int().min(1).optional().describe('Restores this version as a new one.'),
    generator: generatorField,
  })
  .refine((input) => [input.instructions, input.operations, input.revert_to].filter((value) => value !== undefined).length === 1, {
    message: 'give exactly one of instructions, operations or revert_to',
    path: ['instructions'],
  });
export type ReviseInput = z.output<typeof reviseInputSchema>;

export const widgetOutputSchema = z.object({
  widget_id: z.string(),
  version: z.number().int().min(1),
  kind: z.enum(widgetKinds),
  sections: z.array(sectionSchema).describe('The page is rendered from these.'),
  theme: themeSchema,
  html: z.string().describe('Self-contained HTML document.'),
  embed: z.string().describe('To paste into a page; styles isolated in a shadow root.'),
  preview_url: z.string().describe('This version, signed: no key needed.'),
  meta: z.object({
    title: z.string(),
    description: z.string(),
    lang: z.string(),
    generator: generatorNameSchema,
    written_by: z.record(z.string(), generatorNameSchema).describe('Who wrote each section, by id.'),
    facts: z.array(z.object({ fact: z.string(), placed_in: z.string() })).describe("The prompt's facts and where each is shown."),
    missing_facts: z.array(z.string()).describe('Facts this page does not show.'),
    placeholders: z.array(z.object({ section_id: z.string(), supply: z.string() })).describe('Sections of marked example text to replace.'),
    improve: z.array(z.string()).describe('What your own words or a model would make better.'),
    warnings: z.array(z.string()),
    adjustments: z.array(z.string()).describe('Brand colours changed to meet WCAG AA contrast, and how.'),
    bytes: z.object({ html: z.number().int(), embed: z.number().int() }),
    form: z
      .object({ action: z.string(), fields: z.array(z.string()) })
      .nullable()
      .describe('Where the form posts and the fields it sends.'),
    created_at: z.iso.datetime(),
  }),
});
export type WidgetOutput = z.output<typeof widgetOutputSchema>;

/** widget_revise's and widget_get's result: the same, its meta shown once in widget_generate's schema (a leaner tool list). */
export const widgetReadOutputSchema = widgetOutputSchema.extend({
  meta: outlinedAs({ type: 'object', description: "As in widget_generate's result." }, widgetOutputSchema.shape.meta),
});
