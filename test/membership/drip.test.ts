import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { courseSchema, dripIssues, dripSchema, refineDripAgainstCourse, tiersSchema, type Course } from '../../tools/membership/course.js';
import { dateOfDay, dayNumber, unlockSchedule, unlockedFor, validateSchedule, type UnlockSchedule } from '../../tools/membership/drip.js';
import { z } from 'zod';
import { courseWithDrip } from './arbitraries.js';

/** A course of `shape[i]` lessons in module i; lessons named "L<module>.<lesson>", previews where `previews` says. */
function course(shape: number[], previews: string[] = []): Course {
  return courseSchema.parse({
    title: 'Pottery basics',
    modules: shape.map((count, m) => ({
      title: `Module ${m + 1}`,
      lessons: Array.from({ length: count }, (_, l) => ({ title: `L${m + 1}.${l + 1}`, preview: previews.includes(`m${m + 1}-l${l + 1}`) })),
    })),
  });
}

const byId = (schedule: UnlockSchedule) => new Map(schedule.map((entry) => [entry.lesson_id, entry]));

/** The first issue's path and message, for asserting on what an agent is told. */
function firstIssue(schema: z.ZodType, value: unknown): { path: PropertyKey[]; message: string } {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the input to be refused');
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  return { path: issue.path, message: issue.message };
}

describe('input schemas', () => {
  it('refuses more than 30 modules and more than 200 lessons, naming the path', () => {
    const modules = (count: number, lessons: number) => Array.from({ length: count }, () => ({ title: 'M', lessons: Array.from({ length: lessons }, () => ({ title: 'L' })) }));
    expect(firstIssue(courseSchema, { title: 'C', modules: modules(31, 1) })).toEqual({ path: ['modules'], message: 'at most 30 modules' });
    expect(firstIssue(courseSchema, { title: 'C', modules: modules(21, 10) })).toEqual({ path: ['modules'], message: 'at most 200 lessons in all; this course has 210' });
    expect(courseSchema.safeParse({ title: 'C', modules: modules(20, 10) }).success).toBe(true);
  });

  it('names the lesson field that is wrong', () => {
    const issue = firstIssue(courseSchema, { title: 'C', modules: [{ title: 'M', lessons: [{ title: 'ok' }, { title: 'L', duration_minutes: 2.5 }] }] });
    expect(issue).toEqual({ path: ['modules', 0, 'lessons', 1, 'duration_minutes'], message: 'must be whole minutes' });
    expect(firstIssue(courseSchema, { title: 'C', modules: [{ title: 'M', lessons: [] }] })).toEqual({ path: ['modules', 0, 'lessons'], message: 'a module needs at least one lesson' });
    expect(firstIssue(courseSchema, { title: ' ', modules: [{ title: 'M', lessons: [{ title: 'L' }] }] }).path).toEqual(['title']);
  });

  it('checks tiers: trials only on paid recurring tiers, unique names, a price as a number or a decimal string', () => {
    expect(firstIssue(tiersSchema, [{ name: 'Forever', interval: 'lifetime', price: 199, trial_days: 7 }])).toEqual({
      path: [0, 'trial_days'],
      message: 'a lifetime tier is paid once and has no trial',
    });
    expect(firstIssue(tiersSchema, [{ name: 'Free', interval: 'month', price: 0, trial_days: 7 }])).toEqual({ path: [0, 'trial_days'], message: 'a free tier has no trial' });
    expect(
      firstIssue(tiersSchema, [
        { name: 'Pro', interval: 'month', price: 9 },
        { name: 'pro', interval: 'year', price: 90 },
      ]).path,
    ).toEqual([1, 'name']);
    // The currency's own decimals are checked with the currency (priceTiers): ¥1500, €14.99 and 1.250 KWD are all prices.
    expect(tiersSchema.parse([{ name: 'Pro', interval: 'month', price: '14.99' }])[0]?.price).toBe('14.99');
    expect(firstIssue(tiersSchema, [{ name: 'Pro', interval: 'month', price: '14,99' }])).toEqual({
      path: [0, 'price'],
      message: 'a decimal in major units such as "19.99" (digits and one dot; no sign, currency or thousands separator)',
    });
    expect(firstIssue(tiersSchema, [{ name: 'Pro', interval: 'month', price: -1 }])).toEqual({ path: [0, 'price'], message: 'must be 0 (free) or more' });
    expect(firstIssue(tiersSchema, [{ name: 'Free', interval: 'month', price: '0.00', trial_days: 7 }]).message).toBe('a free tier has no trial');
    expect(firstIssue(tiersSchema, [{ name: 'Pro', interval: 'weekly', price: 9 }])).toEqual({ path: [0, 'interval'], message: 'must be one of month, year, lifetime' });
    expect(tiersSchema.parse([{ name: 'Pro', interval: 'month', price: 19.99, trial_days: 14 }])).toHaveLength(1);
  });

  it('reads drips by mode, with defaults, and says which modes exist', () => {
    expect(dripSchema.parse({ mode: 'every_n_days', days: 7 })).toEqual({ mode: 'every_n_days', days: 7, per: 'lesson' });
    expect(dripSchema.parse({ mode: 'after_previous' })).toEqual({ mode: 'after_previous', min_days: 0 });
    expect(firstIssue(dripSchema, { mode: 'weekly' }).message).toBe('mode must be one of all_at_once, every_n_days, by_date, after_previous');
    expect(firstIssue(dripSchema, { mode: 'every_n_days', days: 91 }).path).toEqual(['days']);
    expect(firstIssue(dripSchema, { mode: 'by_date', per: 'module', dates: ['2026-02-30'] })).toEqual({ path: ['dates', 0], message: 'must be a date such as "2026-03-01"' });
  });

  it('checks a by_date drip against the course: one date per module or lesson, never going backwards', () => {
    const twoModules = course([2, 1]);
    expect(dripIssues(twoModules, dripSchema.parse({ mode: 'by_date', per: 'module', dates: ['2026-03-01'] }))).toEqual([
      { path: ['drip', 'dates'], message: 'needs one date per module (2, in course order); got 1' },
    ]);
    expect(dripIssues(twoModules, dripSchema.parse({ mode: 'by_date', per: 'lesson', dates: ['2026-03-01', '2026-03-08', '2026-03-02'] }))).toEqual([
      { path: ['drip', 'dates', 2], message: '2026-03-02 is before 2026-03-08, the date of an earlier lesson: dates may not go backwards' },
    ]);
    // A preview's date orders nothing: it is open from day 0.
    const withPreview = course([3], ['m1-l2']);
    expect(dripIssues(withPreview, dripSchema.parse({ mode: 'by_date', per: 'lesson', dates: ['2026-03-05', '2026-01-01', '2026-03-06'] }))).toEqual([]);

    const input = z.object({ course: courseSchema, drip: dripSchema }).superRefine(refineDripAgainstCourse);
    const refused = input.safeParse({ course: { title: 'C', modules: [{ title: 'M', lessons: [{ title: 'L' }] }] }, drip: { mode: 'by_date', per: 'lesson', dates: [] } });
    expect(refused.success).toBe(false);
  });
});

describe('unlockSchedule', () => {
  it('gives position ids and opens everything at once', () => {
    const schedule = unlockSchedule(course([2, 1]), { mode: 'all_at_once' });
    expect(schedule.map((entry) => [entry.lesson_id, entry.module_id, entry.unlock_day, entry.prerequisite])).toEqual([
      ['m1-l1', 'm1', 0, null],
      ['m1-l2', 'm1', 0, 'm1-l1'],
      ['m2-l1', 'm2', 0, 'm1-l2'],
    ]);
  });

  it('every_n_days counts sequenced lessons only: previews are open at once and skipped', () => {
    const schedule = byId(unlockSchedule(course([3, 2], ['m1-l2']), { mode: 'every_n_days', days: 7, per: 'lesson' }));
    expect(schedule.get('m1-l2')).toMatchObject({ unlock_day: 0, preview: true, prerequisite: null });
    expect([...schedule.values()].filter((entry) => !entry.preview).map((entry) => [entry.lesson_id, entry.unlock_day, entry.prerequisite])).toEqual([
      ['m1-l1', 0, null],
      ['m1-l3', 7, 'm1-l1'],
      ['m2-l1', 14, 'm1-l3'],
      ['m2-l2', 21, 'm2-l1'],
    ]);
  });

  it('every_n_days per module opens a whole module at a time', () => {
    const schedule = unlockSchedule(course([2, 2, 1]), { mode: 'every_n_days', days: 10, per: 'module' });
    expect(schedule.map((entry) => entry.unlock_day)).toEqual([0, 0, 10, 10, 20]);
  });

  it('by_date counts days from the opening date, or from a given start', () => {
    const twoModules = course([1, 2]);
    const drip = dripSchema.parse({ mode: 'by_date', per: 'module', dates: ['2026-03-02', '2026-03-16'] });
    expect(unlockSchedule(twoModules, drip).map((entry) => [entry.unlock_date, entry.unlock_day])).toEqual([
      ['2026-03-02', 0],
      ['2026-03-16', 14],
      ['2026-03-16', 14],
    ]);
    expect(unlockSchedule(twoModules, drip, { startDate: '2026-03-09' }).map((entry) => entry.unlock_day)).toEqual([0, 7, 7]);
  });

  it('after_previous asks for the previous lesson to be completed, and min_days between openings', () => {
    const schedule = unlockSchedule(course([2, 1], ['m1-l1']), { mode: 'after_previous', min_days: 3 });
    expect(schedule.map((entry) => [entry.lesson_id, entry.unlock_day, entry.requires_completion_of])).toEqual([
      ['m1-l1', 0, null],
      ['m1-l2', 0, null],
      ['m2-l1', 3, 'm1-l2'],
    ]);
  });

  it('refuses a by_date drip that does not fit the course, pointing at dripIssues', () => {
    expect(() => unlockSchedule(course([2]), { mode: 'by_date', per: 'lesson', dates: ['2026-01-01'] })).toThrow(/one date per lesson/);
  });

  it('computes a 200-lesson course in one linear pass', () => {
    const big = course(Array.from({ length: 20 }, () => 10));
    for (const drip of [{ mode: 'every_n_days', days: 1 }, { mode: 'after_previous' }, { mode: 'all_at_once' }]) {
      const schedule = unlockSchedule(big, dripSchema.parse(drip));
      expect(schedule).toHaveLength(200);
      expect(validateSchedule(schedule)).toEqual([]);
      expect(unlockedFor(schedule, { startDate: '2026-01-01', today: '2026-12-31', completed: new Map() }).open.length).toBeGreaterThan(0);
    }
  });
});

describe('unlockedFor', () => {
  const start = '2026-01-05';
  it('opens lessons by day and says when the others open', () => {
    const schedule = unlockSchedule(course([3]), { mode: 'every_n_days', days: 7, per: 'lesson' });
    expect(unlockedFor(schedule, { startDate: start, today: '2026-01-12', completed: new Map() })).toEqual({
      open: ['m1-l1', 'm1-l2'],
      locked: [{ lesson_id: 'm1-l3', unlocks_on: '2026-01-19', after_completing: null }],
    });
    // Before the member's start only previews are open.
    expect(unlockedFor(schedule, { startDate: start, today: '2026-01-04', completed: new Map() }).open).toEqual([]);
  });

  it('by_date opens on the calendar date, whenever the member started', () => {
    const schedule = unlockSchedule(course([1, 1]), { mode: 'by_date', per: 'module', dates: ['2026-03-02', '2026-03-16'] });
    expect(unlockedFor(schedule, { startDate: '2026-03-10', today: '2026-03-10', completed: new Map() }).open).toEqual(['m1-l1']);
    expect(unlockedFor(schedule, { startDate: '2026-03-10', today: '2026-03-16', completed: new Map() }).open).toEqual(['m1-l1', 'm2-l1']);
  });

  it('after_previous waits for the completion, and a completion of a locked lesson opens nothing', () => {
    const schedule = unlockSchedule(course([3]), { mode: 'after_previous', min_days: 0 });
    const on = (completed: string[]) => unlockedFor(schedule, { startDate: start, today: start, completed: new Map(completed.map((id) => [id, start])) });
    expect(on([]).open).toEqual(['m1-l1']);
    expect(on([]).locked).toEqual([
      { lesson_id: 'm1-l2', unlocks_on: start, after_completing: 'm1-l1' },
      { lesson_id: 'm1-l3', unlocks_on: start, after_completing: 'm1-l2' },
    ]);
    expect(on(['m1-l1']).open).toEqual(['m1-l1', 'm1-l2']);
    expect(on(['m1-l2']).open).toEqual(['m1-l1']);
  });

  it('after_previous counts each gap from the day the lesson before opened for this member, and from its completion', () => {
    const schedule = unlockSchedule(course([3]), { mode: 'after_previous', min_days: 7 });
    const day = (n: number) => dateOfDay(dayNumber(start) + n);
    const at = (today: number, completed: Array<[string, number]>) => unlockedFor(schedule, { startDate: start, today: day(today), completed: new Map(completed.map(([id, on]) => [id, day(on)])) });
    // Lesson 1 completed on day 30: lesson 2 opens that day (its 7 days after lesson 1 opened have long passed).
    expect(at(30, [['m1-l1', 30]]).open).toEqual(['m1-l1', 'm1-l2']);
    // Lesson 2 completed the next day: lesson 3 waits 7 days from day 30, when lesson 2 opened, not from the start.
    expect(
      at(31, [
        ['m1-l1', 30],
        ['m1-l2', 31],
      ]).locked,
    ).toEqual([{ lesson_id: 'm1-l3', unlocks_on: day(37), after_completing: null }]);
    expect(
      at(37, [
        ['m1-l1', 30],
        ['m1-l2', 31],
      ]).open,
    ).toEqual(['m1-l1', 'm1-l2', 'm1-l3']);
    // Completed fast: the gap still holds (lesson 2 on day 7, lesson 3 on day 14).
    expect(at(3, [['m1-l1', 1]]).locked[0]).toEqual({ lesson_id: 'm1-l2', unlocks_on: day(7), after_completing: null });
    expect(
      at(8, [
        ['m1-l1', 1],
        ['m1-l2', 8],
      ]).locked,
    ).toEqual([{ lesson_id: 'm1-l3', unlocks_on: day(14), after_completing: null }]);
  });
});

describe('validateSchedule', () => {
  const schedule = () => unlockSchedule(course([3]), { mode: 'every_n_days', days: 7, per: 'lesson' });

  it('finds a lesson that opens before its prerequisite', () => {
    const broken = schedule();
    (broken[2] as UnlockSchedule[number]).unlock_day = 3;
    expect(validateSchedule(broken)).toEqual([{ lesson_id: 'm1-l3', rule: 'unlocks_before_prerequisite', message: 'm1-l3 opens on day 3, before its prerequisite m1-l2 (day 7)' }]);
  });

  it('finds prerequisites that are missing or come later, duplicates, locked previews and dates going backwards', () => {
    const rules = (mutate: (entries: UnlockSchedule) => void) => {
      const entries = schedule();
      mutate(entries);
      return validateSchedule(entries).map((violation) => violation.rule);
    };
    expect(rules((entries) => ((entries[1] as UnlockSchedule[number]).prerequisite = 'm9-l9'))).toEqual(['unknown_prerequisite']);
    expect(rules((entries) => ((entries[0] as UnlockSchedule[number]).prerequisite = 'm1-l3'))).toEqual(['prerequisite_not_earlier']);
    expect(rules((entries) => entries.push({ ...(entries[2] as UnlockSchedule[number]) }))).toEqual(['duplicate_lesson']);
    expect(rules((entries) => Object.assign(entries[0] as object, { preview: true, unlock_day: 0, requires_completion_of: 'm1-l2' }))).toContain('preview_not_open');
    expect(rules((entries) => ((entries[0] as UnlockSchedule[number]).unlock_day = -1))).toContain('invalid_unlock_day');
    expect(
      rules((entries) => {
        Object.assign(entries[1] as object, { unlock_date: '2026-03-10' });
        Object.assign(entries[2] as object, { unlock_date: '2026-03-01' });
      }),
    ).toEqual(['date_before_prerequisite']);
  });
});

describe('properties', () => {
  it('every schedule validates, and no lesson opens before its prerequisite', () => {
    fc.assert(
      fc.property(courseWithDrip, ({ course, drip }) => {
        const schedule = unlockSchedule(course, drip);
        expect(validateSchedule(schedule)).toEqual([]);
        const entries = byId(schedule);
        const seen = new Set<string>();
        for (const entry of schedule) {
          if (entry.preview) expect(entry.unlock_day).toBe(0);
          if (entry.prerequisite !== null) {
            const before = entries.get(entry.prerequisite);
            expect(seen.has(entry.prerequisite)).toBe(true);
            expect(entry.unlock_day).toBeGreaterThanOrEqual(before?.unlock_day ?? Infinity);
            if (entry.unlock_date !== null && before?.unlock_date != null) expect(entry.unlock_date >= before.unlock_date).toBe(true);
          }
          seen.add(entry.lesson_id);
        }
      }),
    );
  });

  it('unlockedFor only grows with the days and the completions, and never opens a lesson before its prerequisite', () => {
    fc.assert(
      fc.property(
        courseWithDrip,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -30, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        fc.infiniteStream(fc.boolean()),
        (pair, start, offset, more, coin) => {
          const schedule = unlockSchedule(pair.course, pair.drip);
          const startDate = dateOfDay(dayNumber('2025-01-01') + start);
          // Each completion on a day between the start and today.
          const completed = new Map(schedule.filter(() => coin.next().value).map((entry) => [entry.lesson_id, dateOfDay(dayNumber(startDate) + Math.max(0, Math.floor(offset / 2)))]));
          const today = dateOfDay(dayNumber(startDate) + offset);
          const later = dateOfDay(dayNumber(today) + more);
          const earlier = new Set(unlockedFor(schedule, { startDate, today, completed }).open);
          const after = unlockedFor(schedule, { startDate, today: later, completed });
          for (const id of earlier) expect(after.open).toContain(id);
          const withAll = unlockedFor(schedule, { startDate, today, completed: new Map([...schedule.map((entry): [string, string] => [entry.lesson_id, startDate]), ...completed]) }).open;
          for (const id of earlier) expect(withAll).toContain(id);

          const open = new Set(after.open);
          for (const entry of schedule) if (open.has(entry.lesson_id) && entry.prerequisite !== null) expect(open.has(entry.prerequisite)).toBe(true);
          expect(after.open.length + after.locked.length).toBe(schedule.length);
        },
      ),
    );
  });

  it('a schedule broken by moving one lesson before its prerequisite is caught', () => {
    fc.assert(
      fc.property(courseWithDrip, fc.nat(), ({ course, drip }, pick) => {
        const schedule = unlockSchedule(course, drip);
        const followers = schedule.filter((entry) => entry.prerequisite !== null);
        fc.pre(followers.length > 0);
        const victim = followers[pick % followers.length] as UnlockSchedule[number];
        const prerequisite = schedule.find((entry) => entry.lesson_id === victim.prerequisite) as UnlockSchedule[number];
        prerequisite.unlock_day = victim.unlock_day + 1;
        expect(validateSchedule(schedule)).toContainEqual(expect.objectContaining({ lesson_id: victim.lesson_id, rule: 'unlocks_before_prerequisite' }));
      }),
    );
  });
});
