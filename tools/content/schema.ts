import { z } from 'zod';
import { generatorField, generatorNameSchema } from '../../src/kernel/generation.js';
import { languageTag, textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { outlinedAs, sharedAs } from '../../src/kernel/json-schema.js';
import { contentIds } from './ids.js';
import { revisionReportShape } from '../../src/kernel/revision.js';

export const channels = ['blog', 'linkedin', 'email', 'x_thread', 'page_sections'] as const;
export type Channel = (typeof channels)[number];

const text = textField;

/**
 * What a generator writes (the template, the client's model or an LLM), one part
 * per channel. The tool renders it into blocks (markdown, HTML, numbered tweets) and checks it.
 */
export const contentSchema = z.object({
  topic: text(120).describe('The subject in a few words.'),
  blog: z
    .object({
      title: text(110),
      meta_description: text(155),
      intro: text(1500),
      sections: z
        .array(z.object({ heading: text(120), body: text(4000) }))
        .min(2)
        .max(8),
      conclusion: text(1500),
    })
    .optional(),
  linkedin: z
    .object({
      hook: text(140).describe('The first line, shown before "see more".'),
      body: text(2500),
      hashtags: z.array(z.string().regex(/^#?[\p{L}\p{N}_]{1,40}$/u)).max(5),
    })
    .optional(),
  email: z
    .object({
      subject: text(60),
      preheader: z.string().trim().min(40).max(100),
      greeting: text(100),
      paragraphs: z.array(text(1500)).min(1).max(6),
      signoff: text(100),
    })
    .optional(),
  x_thread: z.object({ tweets: z.array(text(1000)).min(2).max(15) }).optional(),
  page_sections: z
    .object({
      hero: z.object({ headline: text(90), subheadline: text(200) }),
      benefits: z
        .array(z.object({ title: text(80), text: text(300) }))
        .min(3)
        .max(6),
      faq: z
        .array(z.object({ question: text(200), answer: text(600) }))
        .min(2)
        .max(6),
      cta: z.object({ headline: text(120), button_text: text(40) }),
    })
    .optional(),
});
export type Content = z.output<typeof contentSchema>;

const cta = z.object({ text: text(80), url: z.url({ protocol: /^https?$/ }).max(2000) });

export const repurposeInputSchema = z
  .object({
    prompt: z.string().trim().min(3).max(2000).optional().describe('A topic. Give prompt, source_text or both.'),
    source_text: z.string().trim().min(200, 'needs at least 200 characters to repurpose; for a topic use prompt').max(100_000).optional().describe('An article, notes or a transcript to repurpose.'),
    channels: z.array(z.enum(channels)).min(1).optional().describe('Default: all.'),
    tone: z.string().max(60).optional().describe('e.g. friendly, professional, bold.'),
    audience: z.string().max(120).optional(),
    brand: z.string().max(80).optional(),
    lang: languageTag.optional().describe("BCP 47; default: the prompt's."),
    cta: cta.optional().describe('Every channel ends with it.'),
    links: z
      .array(z.url({ protocol: /^https?$/ }).max(2000))
      .max(10)
      .optional(),
    generator: generatorField,
  })
  .refine((input) => input.prompt || input.source_text, { message: 'give prompt (a topic) or source_text (to repurpose), or both', path: ['prompt'] });
export type RepurposeInput = z.output<typeof repurposeInputSchema>;

export const checkSchema = sharedAs(
  'check',
  z.object({
    rule: z.string(),
    ok: z.boolean(),
    value: z.union([z.number(), z.string(), z.boolean()]),
    limit: z.union([z.number(), z.string()]),
  }),
);
export type Check = z.output<typeof checkSchema>;

const sources = sharedAs('sources', z.array(z.number().int()).describe('Indexes of the source_text sentences this block uses.'));

export const blockSchema = z.discriminatedUnion('channel', [
  z.object({ id: z.string(), channel: z.literal('blog'), title: z.string(), slug: z.string(), meta_description: z.string(), markdown: z.string(), sources, checks: z.array(checkSchema) }),
  z.object({ id: z.string(), channel: z.literal('linkedin'), text: z.string(), sources, checks: z.array(checkSchema) }),
  z.object({ id: z.string(), channel: z.literal('email'), subject: z.string(), preheader: z.string(), text: z.string(), html: z.string(), sources, checks: z.array(checkSchema) }),
  z.object({ id: z.string(), channel: z.literal('x_thread'), tweets: z.array(z.string()), sources, checks: z.array(checkSchema) }),
  z.object({
    id: z.string(),
    channel: z.literal('page_sections'),
    sections: z.array(z.object({ id: z.string(), type: z.enum(['hero', 'benefits', 'faq', 'cta']) }).catchall(z.unknown())),
    sources,
    checks: z.array(checkSchema),
  }),
]);
export type Block = z.output<typeof blockSchema>;

export const packOutputSchema = z.object({
  pack_id: z.string(),
  version: z.number().int().min(1),
  blocks: z.array(blockSchema),
  meta: z.object({
    generator: generatorNameSchema,
    topic: z.string(),
    warnings: z.array(z.string()),
    source_sentences: z.number().int().nullable().describe('Sentences in source_text, if given.'),
    lang: z.string(),
    written_by: z.record(z.string(), generatorNameSchema).describe('Who wrote each block, by id.'),
    facts: z.array(z.object({ fact: z.string(), placed_in: z.string() })).describe("The prompt's facts and where each is said."),
    missing_facts: z.array(z.string()),
    placeholders: z.array(z.object({ block: z.string(), supply: z.string() })).describe('Example text to replace.'),
    improve: z.array(z.string()).describe('What your own words or a model would make better.'),
    created_at: z.iso.datetime(),
  }),
});

export const reviseInputSchema = z
  .object({
    pack_id: z.string().regex(idPattern(contentIds.pack), 'must be a pack id such as "cnt_01…" from content_repurpose'),
    block_id: z.string().min(1).max(40).describe("The block's id: blog, linkedin, email, x_thread or page_sections."),
    instructions: z.string().trim().min(3).max(2000).optional(),
    replacement: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Used verbatim: the block's fields as shown (linkedin {text}; email {subject, preheader, text}; blog {title, meta_description, markdown}; x_thread {tweets}) or its parts."),
    generator: generatorField,
  })
  .refine((input) => (input.instructions === undefined) !== (input.replacement === undefined), {
    message: 'give either instructions or replacement (exactly one)',
    path: ['instructions'],
  });
export type ReviseInput = z.output<typeof reviseInputSchema>;

/** content_revise's and content_get's result: the same, its meta shown once in content_repurpose's schema (a leaner tool list). */
export const packReadOutputSchema = packOutputSchema.extend({
  meta: outlinedAs({ type: 'object', description: "As in content_repurpose's result." }, packOutputSchema.shape.meta),
});

export const reviseOutputSchema = packReadOutputSchema.extend({
  changed_block: z.string().describe('The block asked for (unchanged when `changed` is false).'),
  ...revisionReportShape,
});
export type RevisedPack = z.output<typeof reviseOutputSchema>;
