import { z } from 'zod';
import { membershipIds } from './ids.js';
import { generatorField, generatorNameSchema } from '../../src/kernel/generation.js';
import { languageTag } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { brandSchema } from '../../src/render/brand.js';
import { courseSchema, dripIssues, dripSchema, lessonSchema, moduleSchema, tiersSchema, type Course, type Drip } from './course.js';
import { scheduleEntrySchema } from './drip.js';
import { onboardingEmailSchema } from './onboarding.js';

export const membershipIdSchema = z.string().regex(idPattern(membershipIds.membership), 'must be a membership id such as "mem_01…" from membership_build');

/** ISO 4217; required as soon as a tier has a price: a currency is never guessed from a language. */
export const currencyField = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as "EUR" or "USD"')
  .transform((code) => code.toUpperCase())
  .describe('ISO 4217; required when a tier has a price.');

function refineBuild(input: { course?: Course; drip: Drip; prompt?: string }, ctx: z.RefinementCtx) {
  if (!input.course && !input.prompt) ctx.addIssue({ code: 'custom', path: ['course'], message: 'give course (modules of lessons), or a prompt that names them' });
  if (input.course) for (const issue of dripIssues(input.course, input.drip)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const buildInputSchema = z
  .object({
    prompt: z.string().trim().min(3).max(4000).optional().describe('Without course: the lessons it names.'),
    course: asSignature(courseSchema.optional().describe('Used verbatim; lesson body is Markdown.')),
    tiers: asSignature(tiersSchema.optional()),
    currency: currencyField.optional(),
    drip: asSignature(dripSchema.default({ mode: 'all_at_once' })),
    brand: asSignature(brandSchema.optional()),
    lang: languageTag.default('en'),
    execute: z.boolean().default(false).describe('Create the Stripe objects now.'),
    generator: generatorField,
  })
  .superRefine(refineBuild);
export type BuildInput = z.output<typeof buildInputSchema>;

const lessonPatch = lessonSchema.partial().extend({ preview: z.boolean().optional() });

/** A change to a membership; applied in order. */
export const changeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('set_course_title'), title: courseSchema.shape.title }),
  z.object({ op: z.literal('add_module'), module: moduleSchema, position: z.number().int().min(0).optional() }),
  z.object({ op: z.literal('add_lesson'), module_id: z.string().regex(/^m\d{1,3}$/), lesson: lessonSchema, position: z.number().int().min(0).optional().describe('0-based; default last') }),
  z.object({ op: z.literal('update_lesson'), lesson_id: z.string().regex(/^m\d{1,3}-l\d{1,3}$/), set: lessonPatch }),
  z.object({ op: z.literal('remove_lesson'), lesson_id: z.string().regex(/^m\d{1,3}-l\d{1,3}$/) }),
  z.object({ op: z.literal('set_tiers'), tiers: tiersSchema, currency: currencyField.optional() }),
  z.object({ op: z.literal('set_drip'), drip: dripSchema }),
  z.object({ op: z.literal('set_brand'), brand: brandSchema }),
]);
export type Change = z.output<typeof changeSchema>;

export const reviseInputSchema = z
  .object({
    membership_id: membershipIdSchema,
    changes: outlinedAs(
      {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: { type: 'object', required: ['op'], properties: { op: { enum: changeSchema.options.map((option) => option.shape.op.value) } } },
        description:
          'In order. set_course_title {title}; add_module {module, position?}; add_lesson {module_id "m1", lesson, position?}; update_lesson {lesson_id "m1-l2", set: lesson fields}; ' +
          'remove_lesson {lesson_id}; set_tiers {tiers, currency?}; set_drip {drip}; set_brand {brand}. Shapes as in membership_build.',
      },
      z.array(changeSchema).min(1).max(50).optional(),
    ),
    execute: z.boolean().default(false).describe('Run the Stripe plan (resumes a run that failed).'),
  })
  .refine((input) => input.changes !== undefined || input.execute, { message: 'give changes, or execute: true', path: ['changes'] });
export type ReviseInput = z.output<typeof reviseInputSchema>;

const stripeOperationSchema = outlinedAs(
  { type: 'object', description: '{op, ref, params, idempotency_key}; "$ref:<ref>" in params is the id an earlier step made.' },
  z.object({ op: z.string(), ref: z.string(), params: z.record(z.string(), z.unknown()), idempotency_key: z.string() }),
);

export const membershipOutputSchema = z.object({
  membership_id: z.string(),
  version: z.number().int().min(1),
  course: z.object({
    title: z.string(),
    modules: z.array(
      z.object({
        module_id: z.string(),
        title: z.string(),
        lessons: z.array(z.object({ lesson_id: z.string(), title: z.string(), has_text: z.boolean(), preview: z.boolean() })),
      }),
    ),
  }),
  site: z.object({
    pages: z.array(z.object({ page: z.string().describe('"index" or a lesson id.'), title: z.string(), url: z.string().describe('On the hosted site.'), bytes: z.number().int() })),
    zip_url: z.string().describe('The static site (every lesson), downloadable with your key.'),
    preview_url: z.string().describe('The hosted site: members sign in there.'),
  }),
  subscriptions: z.object({
    currency: z.string().nullable(),
    tiers: z.array(
      z.object({
        tier_id: z.string(),
        name: z.string(),
        interval: z.string(),
        price: z.string().describe('Major units.'),
        amount: z.number().int().describe('Minor units.'),
        trial_days: z.number().int().nullable(),
        checkout_url: z.string().nullable().describe('The payment link once executed, else the join route (a Checkout Session on demand).'),
      }),
    ),
    operations: z.array(stripeOperationSchema),
    executed: z.boolean(),
    results: z.array(z.object({ ref: z.string(), id: z.string(), url: z.string().nullable() })),
    portal: z
      .object({
        op: z.literal('billing_portal.sessions.create'),
        params: z.object({ customer: z.string(), return_url: z.string() }),
        runs: z.string(),
      })
      .describe('The customer-portal step: run for a signed-in paying member (their Stripe customer) when they press "Manage billing".'),
  }),
  onboarding: z.object({
    emails: z.array(onboardingEmailSchema),
    schedule: z.array(scheduleEntrySchema),
    delivery: z.string().describe('How the emails reach members.'),
  }),
  webhooks: z.object({ endpoint: z.string(), events: z.array(z.string()) }),
  meta: z.object({
    title: z.string(),
    lang: z.string(),
    generator: generatorNameSchema,
    facts: z.array(z.object({ fact: z.string(), placed_in: z.string() })).describe('What the prompt stated and where it is.'),
    missing: z.array(z.string()).describe('What the site lacks and you can send.'),
    warnings: z.array(z.string()),
    created_at: z.iso.datetime(),
  }),
});
export type MembershipOutput = z.output<typeof membershipOutputSchema>;

/** membership_get's and membership_revise's result: meta described once, in membership_build's schema. */
export const membershipReadOutputSchema = membershipOutputSchema.extend({
  onboarding: outlinedAs({ type: 'object', description: "As in membership_build's result." }, membershipOutputSchema.shape.onboarding),
  meta: outlinedAs({ type: 'object', description: "As in membership_build's result." }, membershipOutputSchema.shape.meta),
});
