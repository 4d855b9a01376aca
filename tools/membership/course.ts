import { z } from 'zod';
import { textField } from '../../src/kernel/fields.js';

/**
 * The membership outcome's input vocabulary: a course (modules of lessons), the tiers members pay for,
 * and how lessons are released over time (the drip). Every other membership file reads these types.
 */

export const MAX_MODULES = 30;
export const MAX_LESSONS = 200;
export const MAX_TIERS = 10;

export const lessonSchema = z.object({
  title: textField(200),
  summary: textField(1000).optional().describe('One or two sentences; used in emails and on the lesson list.'),
  body: textField(50_000).optional().describe('The lesson text (Markdown). Without it the site says the lesson has no text yet.'),
  duration_minutes: z.number().int('must be whole minutes').min(1).max(1440).optional(),
  preview: z.boolean().default(false).describe('Open to everyone from day 0, whatever the drip.'),
});

export const moduleSchema = z.object({
  title: textField(200),
  lessons: z.array(lessonSchema).min(1, 'a module needs at least one lesson').max(MAX_LESSONS, `at most ${MAX_LESSONS} lessons`),
});

export const courseSchema = z
  .object({
    title: textField(200),
    modules: z.array(moduleSchema).min(1, 'a course needs at least one module').max(MAX_MODULES, `at most ${MAX_MODULES} modules`),
  })
  .superRefine((course, ctx) => {
    const total = lessonCount(course);
    if (total > MAX_LESSONS) ctx.addIssue({ code: 'custom', path: ['modules'], message: `at most ${MAX_LESSONS} lessons in all; this course has ${total}` });
  });

export type Lesson = z.output<typeof lessonSchema>;
export type CourseModule = z.output<typeof moduleSchema>;
export type Course = z.output<typeof courseSchema>;

export const tierIntervals = ['month', 'year', 'lifetime'] as const;

/**
 * Price in major units, as a number (19.99) or a decimal string ("19.99", exact where a float is not). The
 * currency's own decimals are checked with the currency (priceTiers), so that ¥1500 and €14.99 are both right.
 */
const price = z
  .union([
    // The cap as a check, not in the schema: the tool list an agent reads is held to a byte budget.
    z
      .number()
      .min(0, 'must be 0 (free) or more')
      .refine((value) => value <= 1_000_000, 'at most 1,000,000'),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'a decimal in major units such as "19.99" (digits and one dot; no sign, currency or thousands separator)')
      .refine((value) => !(Number(value) > 1_000_000), 'at most 1,000,000'),
  ])
  .describe('19.99 or "19.99"; 0: free.');

/** A free tier: nothing to charge, so no currency and no trial. */
export const isFree = (tier: { price: number | string }) => Number(tier.price) === 0;

export const tierSchema = z
  .object({
    name: textField(80),
    interval: z.enum(tierIntervals, 'must be one of month, year, lifetime'),
    price,
    trial_days: z.number().int('must be whole days').min(1).max(365).optional(),
  })
  .superRefine((tier, ctx) => {
    // A trial only delays a recurring charge: a one-off purchase or a free tier has nothing to delay.
    if (tier.trial_days === undefined) return;
    if (tier.interval === 'lifetime') ctx.addIssue({ code: 'custom', path: ['trial_days'], message: 'a lifetime tier is paid once and has no trial' });
    else if (isFree(tier)) ctx.addIssue({ code: 'custom', path: ['trial_days'], message: 'a free tier has no trial' });
  });

export const tiersSchema = z
  .array(tierSchema)
  .min(1, 'at least one tier')
  .max(MAX_TIERS, `at most ${MAX_TIERS} tiers`)
  .superRefine((tiers, ctx) => {
    const seen = new Set<string>();
    tiers.forEach((tier, index) => {
      const key = tier.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `tier name "${tier.name}" is used twice` });
      seen.add(key);
    });
  });

export type Tier = z.output<typeof tierSchema>;

const isoDate = z.iso.date('must be a date such as "2026-03-01"');

/**
 * How lessons are released, counted from the day a member starts (day 0):
 * - `all_at_once`: every lesson is open on day 0.
 * - `every_n_days`: one lesson (or, with `per: "module"`, one module) every `days` days; the first on day 0.
 * - `by_date`: fixed calendar dates, for a cohort: `dates` holds one date per module or per lesson, in course order
 *   (previews included; a preview is open from day 0 whatever its date). Dates may not go backwards.
 * - `after_previous`: a lesson opens once the lesson before it is completed, and no sooner than `min_days` after that one opened.
 * Preview lessons are open from day 0 in every mode and are not counted in the sequence.
 */
export const dripSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('all_at_once') }).strict(),
    z
      .object({
        mode: z.literal('every_n_days'),
        days: z.number().int('must be whole days').min(1).max(90),
        per: z.enum(['lesson', 'module'], 'must be "lesson" or "module"').default('lesson'),
      })
      .strict(),
    z
      .object({
        mode: z.literal('by_date'),
        per: z.enum(['lesson', 'module'], 'must be "lesson" or "module"'),
        dates: z.array(isoDate).min(1).max(MAX_LESSONS).describe('One per module or per lesson (as `per` says), in course order.'),
      })
      .strict(),
    z
      .object({
        mode: z.literal('after_previous'),
        min_days: z.number().int('must be whole days').min(0).max(90).default(0).describe('Days between one lesson opening and the next, at least.'),
      })
      .strict(),
  ],
  { error: 'mode must be one of all_at_once, every_n_days, by_date, after_previous' },
);

export type Drip = z.output<typeof dripSchema>;

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What a drip asks of the course that neither schema can check alone: `by_date` needs one date per module or
 * lesson, not decreasing along the course. Paths start at the drip, for a tool input that holds it as `drip`.
 */
export function dripIssues(course: Course, drip: Drip): InputIssue[] {
  if (drip.mode !== 'by_date') return [];
  const expected = drip.per === 'module' ? course.modules.length : lessonCount(course);
  if (drip.dates.length !== expected) {
    return [{ path: ['drip', 'dates'], message: `needs one date per ${drip.per} (${expected}, in course order); got ${drip.dates.length}` }];
  }
  const sequenced =
    drip.per === 'module' ? drip.dates.map((date) => ({ date, preview: false })) : lessonRefs(course).map((ref, index) => ({ date: drip.dates[index] as string, preview: ref.lesson.preview }));
  const issues: InputIssue[] = [];
  let latest: string | undefined;
  sequenced.forEach(({ date, preview }, index) => {
    // A preview is open from day 0, so its date orders nothing.
    if (preview) return;
    if (latest !== undefined && date < latest) issues.push({ path: ['drip', 'dates', index], message: `${date} is before ${latest}, the date of an earlier ${drip.per}: dates may not go backwards` });
    else latest = date;
  });
  return issues;
}

/** `dripIssues` as a zod refinement, for a tool input schema of the shape `{ course, drip, … }`. */
export function refineDripAgainstCourse(input: { course: Course; drip: Drip }, ctx: z.RefinementCtx): void {
  for (const issue of dripIssues(input.course, input.drip)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export function lessonCount(course: Pick<Course, 'modules'>): number {
  return course.modules.reduce((total, module) => total + module.lessons.length, 0);
}

/** Ids from positions ("m2", "m2-l3", counted from 1): stable while the course keeps its order, and readable in a URL. */
export const moduleId = (moduleIndex: number) => `m${moduleIndex + 1}`;
export const lessonId = (moduleIndex: number, lessonIndex: number) => `m${moduleIndex + 1}-l${lessonIndex + 1}`;

export interface LessonRef {
  lesson_id: string;
  module_id: string;
  moduleIndex: number;
  lesson: Lesson;
  module: CourseModule;
}

/** Every lesson in course order, with its ids. */
export function lessonRefs(course: Course): LessonRef[] {
  return course.modules.flatMap((module, moduleIndex) =>
    module.lessons.map((lesson, lessonIndex) => ({ lesson_id: lessonId(moduleIndex, lessonIndex), module_id: moduleId(moduleIndex), moduleIndex, lesson, module })),
  );
}
