import fc from 'fast-check';
import { courseSchema, dripIssues, dripSchema, type Course, type Drip } from '../../tools/membership/course.js';
import { dateOfDay, dayNumber } from '../../tools/membership/drip.js';

/** Random courses and drips for the membership property tests, always valid input (parsed by the real schemas). */

/** Titles that repeat (two lessons called "Introduction"), carry markup or curly quotes, or are any text at all. */
const title = fc.oneof(
  fc.constantFrom('Introduction', 'Recap', 'Setup', '<script>alert(1)</script>', 'Q&A "live"', 'Quotes “inside” here', 'a”b', 'Ünïcødé 🎉'),
  fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0),
);

const lesson = fc.record(
  {
    title,
    summary: fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim().length > 0),
    body: fc.string({ minLength: 1, maxLength: 300 }).filter((text) => text.trim().length > 0),
    duration_minutes: fc.integer({ min: 1, max: 240 }),
    // One lesson in five is a preview.
    preview: fc.integer({ min: 0, max: 4 }).map((roll) => roll === 0),
  },
  { requiredKeys: ['title'] },
);

export const courseArbitrary: fc.Arbitrary<Course> = fc
  .record({ title, modules: fc.array(fc.record({ title, lessons: fc.array(lesson, { minLength: 1, maxLength: 7 }) }), { minLength: 1, maxLength: 6 }) })
  .map((raw) => courseSchema.parse(raw));

/** Dates that never go backwards: a start and non-negative steps. */
function datesArbitrary(count: number): fc.Arbitrary<string[]> {
  return fc
    .tuple(fc.integer({ min: dayNumber('2025-01-01'), max: dayNumber('2027-12-31') }), fc.array(fc.integer({ min: 0, max: 20 }), { minLength: count, maxLength: count }))
    .map(([start, steps]) => {
      let day = start;
      return steps.map((step) => dateOfDay((day += step)));
    });
}

export function dripArbitrary(course: Course): fc.Arbitrary<Drip> {
  const lessonTotal = course.modules.reduce((total, module) => total + module.lessons.length, 0);
  return fc
    .oneof(
      fc.constant({ mode: 'all_at_once' }),
      fc.record({ mode: fc.constant('every_n_days'), days: fc.integer({ min: 1, max: 90 }), per: fc.constantFrom('lesson', 'module') }),
      datesArbitrary(course.modules.length).map((dates) => ({ mode: 'by_date', per: 'module', dates })),
      datesArbitrary(lessonTotal).map((dates) => ({ mode: 'by_date', per: 'lesson', dates })),
      fc.record({ mode: fc.constant('after_previous'), min_days: fc.integer({ min: 0, max: 90 }) }, { requiredKeys: ['mode'] }),
    )
    .map((raw) => {
      const drip = dripSchema.parse(raw);
      const issues = dripIssues(course, drip);
      if (issues.length > 0) throw new Error(`the arbitrary made a drip that does not fit: ${JSON.stringify(issues)}`);
      return drip;
    });
}

export const courseWithDrip = courseArbitrary.chain((course) => dripArbitrary(course).map((drip) => ({ course, drip })));
