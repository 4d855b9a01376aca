import { z } from 'zod';
import { lessonCount, lessonRefs, type Course, type Drip, type LessonRef } from './course.js';

/**
 * When each lesson opens for a member: the schedule a drip makes of a course, what a member can open on a given
 * day, and the checks that a schedule (ours or one edited by hand) keeps the course's order.
 */

const isoDate = z.iso.date();

export const scheduleEntrySchema = z.object({
  lesson_id: z.string(),
  module_id: z.string(),
  unlock_day: z.number().int().min(0).describe('Days after the member starts; 0 = at once. With requires_completion_of, the earliest day.'),
  unlock_date: isoDate.nullable().describe('by_date only: the calendar day it opens, for every member.'),
  prerequisite: z.string().nullable().describe('The lesson before it in the course; it never opens earlier than that one.'),
  requires_completion_of: z.string().nullable().describe('after_previous only: the lesson the member must complete first.'),
  preview: z.boolean().describe('Open to everyone from day 0.'),
});
export type ScheduleEntry = z.output<typeof scheduleEntrySchema>;
/** One entry per lesson, in course order. */
export type UnlockSchedule = ScheduleEntry[];

export interface ScheduleOptions {
  /** by_date: the day `unlock_day` counts from; default the earliest date (the course's opening day). */
  startDate?: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date: whole-day arithmetic without time zones. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The schedule of `course` under `drip`. Preview lessons open on day 0 and stand outside the sequence: a sequenced
 * lesson's prerequisite is the sequenced lesson before it. Expects a drip that fits the course (`dripIssues` is empty).
 */
export function unlockSchedule(course: Course, drip: Drip, options: ScheduleOptions = {}): UnlockSchedule {
  const refs = lessonRefs(course);
  const byDate = drip.mode === 'by_date' ? datesByLesson(course, drip) : null;
  const referenceDay = byDate ? dayNumber(options.startDate ?? openingDate(byDate, refs)) : 0;

  const schedule: UnlockSchedule = [];
  let previous: ScheduleEntry | null = null;
  let sequenceIndex = 0;
  let moduleSequenceIndex = -1;
  let lastSequencedModule = -1;

  refs.forEach((ref, index) => {
    const base = { lesson_id: ref.lesson_id, module_id: ref.module_id };
    if (ref.lesson.preview) {
      schedule.push({ ...base, unlock_day: 0, unlock_date: null, prerequisite: null, requires_completion_of: null, preview: true });
      return;
    }
    // Modules that hold only previews are not part of the module sequence.
    if (ref.moduleIndex !== lastSequencedModule) {
      moduleSequenceIndex += 1;
      lastSequencedModule = ref.moduleIndex;
    }
    const entry: ScheduleEntry = { ...base, unlock_day: 0, unlock_date: null, prerequisite: previous?.lesson_id ?? null, requires_completion_of: null, preview: false };
    switch (drip.mode) {
      case 'all_at_once':
        break;
      case 'every_n_days':
        entry.unlock_day = (drip.per === 'module' ? moduleSequenceIndex : sequenceIndex) * drip.days;
        break;
      case 'by_date': {
        const date = byDate?.[index] as string;
        entry.unlock_date = date;
        entry.unlock_day = Math.max(0, dayNumber(date) - referenceDay);
        break;
      }
      case 'after_previous':
        // The earliest day: each step waits min_days after the one before opened, and for its completion besides.
        entry.unlock_day = sequenceIndex * drip.min_days;
        entry.requires_completion_of = previous?.lesson_id ?? null;
        break;
    }
    schedule.push(entry);
    previous = entry;
    sequenceIndex += 1;
  });
  return schedule;
}

/** by_date's dates spread to one per lesson, in course order. */
function datesByLesson(course: Course, drip: Extract<Drip, { mode: 'by_date' }>): string[] {
  const perLesson = drip.per === 'lesson' ? drip.dates : course.modules.flatMap((module, moduleIndex) => module.lessons.map(() => drip.dates[moduleIndex]));
  const missing = perLesson.findIndex((date) => date === undefined);
  if (perLesson.length !== lessonCount(course) || missing !== -1) {
    throw new Error(`by_date needs one date per ${drip.per} of the course, in course order; got ${drip.dates.length} (check the input with dripIssues first)`);
  }
  return perLesson as string[];
}

/** The earliest date of a sequenced lesson (a preview's date opens nothing), or the first date when every lesson is a preview. */
function openingDate(dates: string[], refs: LessonRef[]): string {
  const sequenced = dates.filter((_, index) => !refs[index]?.lesson.preview);
  return sequenced.reduce((min, date) => (date < min ? date : min), sequenced[0] ?? (dates[0] as string));
}

/** The lessons a member completed, each with the day (YYYY-MM-DD) it was completed. */
export type Completions = ReadonlyMap<string, string>;

export interface MemberProgress {
  /** The day the member started (day 0 of the schedule). */
  startDate: string;
  today: string;
  completed: Completions;
}

export interface LockedLesson {
  lesson_id: string;
  /** The day it opens; with `after_completing` set, the earliest day (it also waits for that completion). */
  unlocks_on: string;
  /** The lesson the member must still complete first, or null when only time stands in the way. */
  after_completing: string | null;
}

export interface MemberAccess {
  open: string[];
  locked: LockedLesson[];
}

/**
 * What a member can open today and, for each locked lesson, what opens it. An after_previous lesson opens on the
 * later of two days: its min_days gap after the lesson before it actually opened for this member, and the day that
 * lesson was completed; while that lesson is not open or not completed, the day shown is the earliest possible.
 * The result only grows as `today` moves on or `completed` grows.
 */
export function unlockedFor(schedule: UnlockSchedule, progress: MemberProgress): MemberAccess {
  const startDay = dayNumber(progress.startDate);
  const today = dayNumber(progress.today);
  /** The day each lesson opened (or will open at the earliest) for this member. */
  const opened = new Map<string, { day: number; open: boolean; entry: ScheduleEntry }>();
  const access: MemberAccess = { open: [], locked: [] };

  for (const entry of schedule) {
    const gate = entry.requires_completion_of;
    const before = gate === null ? undefined : opened.get(gate);
    // A completion counts only for a lesson the member could open: a stray id in `completed` opens nothing.
    const completedOn = before?.open ? progress.completed.get(gate as string) : undefined;
    const gateCleared = gate === null || completedOn !== undefined;
    let opensOn = entry.unlock_date !== null ? dayNumber(entry.unlock_date) : startDay + entry.unlock_day;
    if (before) opensOn = Math.max(before.day + (entry.unlock_day - before.entry.unlock_day), completedOn === undefined ? 0 : dayNumber(completedOn));
    const open = entry.preview || (today >= opensOn && gateCleared);
    opened.set(entry.lesson_id, { day: entry.preview ? startDay : opensOn, open, entry });
    if (open) access.open.push(entry.lesson_id);
    else access.locked.push({ lesson_id: entry.lesson_id, unlocks_on: dateOfDay(opensOn), after_completing: gateCleared ? null : gate });
  }
  return access;
}

export const scheduleRules = [
  'duplicate_lesson',
  'invalid_unlock_day',
  'invalid_unlock_date',
  'unknown_prerequisite',
  'prerequisite_not_earlier',
  'unlocks_before_prerequisite',
  'date_before_prerequisite',
  'preview_not_open',
] as const;

export interface ScheduleViolation {
  lesson_id: string;
  rule: (typeof scheduleRules)[number];
  message: string;
}

/**
 * What is wrong with a schedule: a lesson that opens before its prerequisite (by day or by date), a prerequisite
 * that is missing or comes later (which would allow a cycle), a preview that is not open at once. Empty when sound.
 */
export function validateSchedule(schedule: UnlockSchedule): ScheduleViolation[] {
  const violations: ScheduleViolation[] = [];
  const earlier = new Map<string, ScheduleEntry>();
  const known = new Set(schedule.map((entry) => entry.lesson_id));
  const add = (entry: ScheduleEntry, rule: ScheduleViolation['rule'], message: string) => violations.push({ lesson_id: entry.lesson_id, rule, message });

  for (const entry of schedule) {
    const id = entry.lesson_id;
    if (earlier.has(id)) add(entry, 'duplicate_lesson', `${id} appears more than once`);
    if (!Number.isInteger(entry.unlock_day) || entry.unlock_day < 0) add(entry, 'invalid_unlock_day', `${id}: unlock_day must be a whole number of days, 0 or more; got ${entry.unlock_day}`);
    if (entry.unlock_date !== null && !isoDate.safeParse(entry.unlock_date).success) add(entry, 'invalid_unlock_date', `${id}: unlock_date must be an ISO date; got "${entry.unlock_date}"`);
    if (entry.preview && (entry.unlock_day !== 0 || entry.requires_completion_of !== null)) {
      add(entry, 'preview_not_open', `${id} is a preview, so it must be open from day 0 with nothing to complete first`);
    }
    for (const [field, referenced] of [
      ['prerequisite', entry.prerequisite],
      ['requires_completion_of', entry.requires_completion_of],
    ] as const) {
      if (referenced === null) continue;
      const before = earlier.get(referenced);
      if (!before) {
        if (known.has(referenced)) add(entry, 'prerequisite_not_earlier', `${id}: its ${field} ${referenced} comes after it in the course`);
        else add(entry, 'unknown_prerequisite', `${id}: its ${field} ${referenced} is not a lesson of this schedule`);
        continue;
      }
      if (entry.unlock_day < before.unlock_day) {
        add(entry, 'unlocks_before_prerequisite', `${id} opens on day ${entry.unlock_day}, before its ${field} ${referenced} (day ${before.unlock_day})`);
      }
      if (entry.unlock_date !== null && before.unlock_date !== null && entry.unlock_date < before.unlock_date) {
        add(entry, 'date_before_prerequisite', `${id} opens on ${entry.unlock_date}, before its ${field} ${referenced} (${before.unlock_date})`);
      }
    }
    if (!earlier.has(id)) earlier.set(id, entry);
  }
  return violations;
}
