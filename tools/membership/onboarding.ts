import { z } from 'zod';
import { esc, safeHref } from '../../src/render/html.js';
import { fit } from '../../src/compose/text.js';
import { lessonRefs, type Course, type LessonRef } from './course.js';
import type { ScheduleEntry, UnlockSchedule } from './drip.js';
import { emailWords, quoted, type EmailWords } from './email-words.js';

/**
 * The onboarding drip: emails on signup, on lessons opening and modules ending, after a week away and on a failed
 * payment. The copy is made of the course's own titles, summaries and lengths and the brand's name, and nothing
 * else: it states what the course holds and when it opens, and claims no result, number or person it was not given.
 */

export const SUBJECT_MAX = 120;
export const PREHEADER_MAX = 150;
export const INACTIVE_AFTER_DAYS = 7;
/** A welcome email lists this many open lessons at most, then says how many more there are. */
const WELCOME_LIST_MAX = 10;

export const emailEvents = ['signup', 'lesson_unlocked', 'lesson_completed', 'inactive', 'payment_failed'] as const;

export const emailTriggerSchema = z.object({
  event: z.enum(emailEvents),
  day_offset: z.number().int().min(0).optional().describe('Days after the member starts; for an event, the earliest day it can happen.'),
  lesson_id: z.string().optional().describe('lesson_unlocked, lesson_completed: the lesson whose event sends it.'),
  after_days: z.number().int().min(1).optional().describe('inactive: days without activity.'),
});
export type EmailTrigger = z.output<typeof emailTriggerSchema>;

export const onboardingEmailSchema = z.object({
  id: z.string(),
  trigger: emailTriggerSchema,
  subject: z.string().max(SUBJECT_MAX),
  preheader: z.string().max(PREHEADER_MAX),
  text: z.string(),
  html: z.string(),
  names_lessons: z.array(z.string()).describe('The lessons the copy names; each is open when the email is sent.'),
});
export type OnboardingEmail = z.output<typeof onboardingEmailSchema>;

export interface OnboardingOptions {
  brandName: string;
  /** The site's language (en, de, fr, es, pt); another gets English copy and a warning. */
  lang: string;
  /** Where the course lives; every email links there. */
  siteUrl: string;
}

export interface OnboardingDrip {
  emails: OnboardingEmail[];
  warnings: string[];
}

/** An email's body before it is written out, so that its text and its HTML say the same thing. */
type Block = { paragraph: string } | { list: string[] } | { link: { label: string; href: string } };

interface Draft {
  id: string;
  trigger: EmailTrigger;
  subject: string;
  preheader: string;
  blocks: Block[];
  names: LessonRef[];
}

/** The lesson as a line of copy: its title, then only what the course says of it. */
function lessonLine(ref: LessonRef, words: EmailWords): string {
  const { lesson } = ref;
  const length = lesson.duration_minutes === undefined ? '' : ` (${words.minutes(lesson.duration_minutes)})`;
  const summary = lesson.summary === undefined ? '' : `: ${lesson.summary}`;
  // Said rather than papered over: the member will find no text on the lesson's page either.
  const noText = lesson.body === undefined ? ` ${words.no_text}` : '';
  return `${quoted(lesson.title)}${length}${summary}${noText}`;
}

/** Open on the day a member signs up, whatever the day: previews, and lessons on day 0 that wait for neither a date nor a completion. */
const openAtSignup = (entry: ScheduleEntry) => entry.preview || (entry.unlock_day === 0 && entry.unlock_date === null && entry.requires_completion_of === null);

function dripExplanation(schedule: UnlockSchedule, words: EmailWords): string {
  const sequenced = schedule.filter((entry) => !entry.preview);
  if (sequenced.every(openAtSignup)) return words.all_open;
  if (sequenced.some((entry) => entry.requires_completion_of !== null)) return words.after_completion(sequenced[1]?.unlock_day ?? 0);
  const firstDate = sequenced.find((entry) => entry.unlock_date !== null)?.unlock_date;
  if (firstDate) return words.on_dates(firstDate);
  return words.coming_days;
}

function welcomeDraft(course: Course, schedule: UnlockSchedule, refs: Map<string, LessonRef>, brandName: string, siteUrl: string, words: EmailWords): Draft {
  const open = schedule.filter(openAtSignup).map((entry) => refs.get(entry.lesson_id) as LessonRef);
  const listed = open.slice(0, WELCOME_LIST_MAX);
  const lessonTotal = schedule.length;
  // Without a brand of its own the course signs with its title: not "Welcome to X from X".
  const from = course.title.startsWith(brandName) ? null : brandName;
  const blocks: Block[] = [{ paragraph: words.welcome(course.title, from) }, { paragraph: words.course_size(course.modules.length, lessonTotal) }];
  if (listed.length > 0) {
    blocks.push({ paragraph: open.length === lessonTotal ? words.all_open_now : words.open_now(open.length, lessonTotal) }, { list: listed.map((ref) => lessonLine(ref, words)) });
    if (open.length > listed.length) blocks.push({ paragraph: words.and_more(open.length - listed.length) });
  }
  blocks.push({ paragraph: dripExplanation(schedule, words) }, { link: { label: words.go_to_course, href: siteUrl } });
  const first = listed[0];
  return {
    id: 'welcome',
    trigger: { event: 'signup', day_offset: 0 },
    subject: fit(words.welcome_subject(course.title), SUBJECT_MAX),
    preheader: fit(first ? words.start_with(first.lesson.title) : words.lessons_from(lessonTotal, brandName), PREHEADER_MAX),
    blocks,
    names: listed,
  };
}

/** Lessons that open together (one day, one date), or alone when each waits for a completion; signup's own are left out. */
function unlockGroups(schedule: UnlockSchedule): ScheduleEntry[][] {
  const groups = new Map<string, ScheduleEntry[]>();
  for (const entry of schedule) {
    if (openAtSignup(entry)) continue;
    const key = entry.requires_completion_of !== null ? `after:${entry.lesson_id}` : entry.unlock_date !== null ? `date:${entry.unlock_date}` : `day:${entry.unlock_day}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()];
}

function unlockedDraft(course: Course, group: ScheduleEntry[], refs: Map<string, LessonRef>, siteUrl: string, words: EmailWords): Draft {
  const lessons = group.map((entry) => refs.get(entry.lesson_id) as LessonRef);
  const anchor = group[0] as ScheduleEntry;
  const only = lessons.length === 1 ? lessons[0] : undefined;
  const blocks: Block[] = only
    ? [{ paragraph: words.one_open(only.lesson.title, only.module.title, course.title) }, { paragraph: lessonLine(only, words) }]
    : [{ paragraph: words.many_open(lessons.length, course.title) }, { list: lessons.map((ref) => lessonLine(ref, words)) }];
  blocks.push({ link: { label: only ? words.open_lesson : words.open_lessons, href: siteUrl } });
  return {
    id: `unlocked-${anchor.lesson_id}`,
    trigger: { event: 'lesson_unlocked', lesson_id: anchor.lesson_id, day_offset: anchor.unlock_day },
    subject: fit(only ? words.now_open(only.lesson.title) : words.now_open_many(lessons.length, course.title), SUBJECT_MAX),
    preheader: fit(only ? (only.lesson.summary ?? words.in_module(only.module.title)) : lessons.map((ref) => ref.lesson.title).join(' · '), PREHEADER_MAX),
    blocks,
    names: lessons,
  };
}

/** One email per module, sent when its last sequenced lesson is completed (that lesson, not the whole module: only that is known). */
function moduleFinishedDrafts(course: Course, schedule: UnlockSchedule, refs: Map<string, LessonRef>, siteUrl: string, words: EmailWords): Draft[] {
  const lastByModule = new Map<string, ScheduleEntry>();
  for (const entry of schedule) if (!entry.preview) lastByModule.set(entry.module_id, entry);
  const lasts = [...lastByModule.values()];
  return lasts.map((entry, index) => {
    const ref = refs.get(entry.lesson_id) as LessonRef;
    const next = lasts[index + 1] ? (refs.get((lasts[index + 1] as ScheduleEntry).lesson_id) as LessonRef).module : undefined;
    const blocks: Block[] = [
      { paragraph: words.completed_module(ref.lesson.title, ref.module.title) },
      { paragraph: next ? words.next_module(next.title) : words.last_of_course(course.title) },
      { link: { label: words.go_to_course, href: siteUrl } },
    ];
    return {
      id: `completed-${entry.module_id}`,
      trigger: { event: 'lesson_completed', lesson_id: entry.lesson_id, day_offset: entry.unlock_day },
      subject: fit(next ? words.module_done_subject(ref.module.title) : words.end_subject(course.title), SUBJECT_MAX),
      preheader: fit(next ? words.next_module(next.title) : words.last_lesson_of(course.title), PREHEADER_MAX),
      blocks,
      names: [ref],
    };
  });
}

function inactiveDraft(course: Course, siteUrl: string, words: EmailWords): Draft {
  return {
    id: `inactive-${INACTIVE_AFTER_DAYS}d`,
    trigger: { event: 'inactive', after_days: INACTIVE_AFTER_DAYS, day_offset: INACTIVE_AFTER_DAYS },
    subject: fit(words.pick_up_subject(course.title), SUBJECT_MAX),
    preheader: fit(words.away_preheader(INACTIVE_AFTER_DAYS), PREHEADER_MAX),
    blocks: [{ paragraph: words.away(course.title, INACTIVE_AFTER_DAYS) }, { link: { label: words.go_to_course, href: siteUrl } }],
    names: [],
  };
}

function paymentFailedDraft(course: Course, brandName: string, siteUrl: string, words: EmailWords): Draft {
  return {
    id: 'payment-failed',
    trigger: { event: 'payment_failed' },
    subject: fit(words.payment_subject(course.title), SUBJECT_MAX),
    preheader: fit(words.payment_preheader(brandName), PREHEADER_MAX),
    blocks: [{ paragraph: words.payment_failed(brandName, course.title) }, { paragraph: words.payment_update }, { link: { label: words.go_to_membership, href: siteUrl } }],
    names: [],
  };
}

function asText(blocks: Block[], brandName: string): string {
  const parts = blocks.map((block) => {
    if ('paragraph' in block) return block.paragraph;
    if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
    return `${block.link.label}: ${block.link.href}`;
  });
  return `${[...parts, `— ${brandName}`].join('\n\n')}\n`;
}

function asHtml(draft: Draft, brandName: string, lang: string): string {
  const body = draft.blocks.map((block) => {
    if ('paragraph' in block) return `<p>${esc(block.paragraph)}</p>`;
    if ('list' in block) return `<ul>${block.list.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`;
    return `<p><a href="${esc(block.link.href)}">${esc(block.link.label)}</a></p>`;
  });
  // The preheader is the inbox preview line: present first in the body, hidden when the email is opened.
  const preheader = `<div style="display:none;max-height:0;overflow:hidden">${esc(draft.preheader)}</div>`;
  return [
    '<!doctype html>',
    `<html lang="${esc(lang)}"><head><meta charset="utf-8"><title>${esc(draft.subject)}</title></head>`,
    `<body>${preheader}${body.join('')}<p>— ${esc(brandName)}</p></body></html>`,
  ].join('\n');
}

/**
 * The onboarding emails of a course under its schedule: a welcome, one per group of lessons that open together,
 * one per finished module, one after a week away and one for a failed payment. Throws when siteUrl is not an
 * http(s) URL (the tool's input schema refuses it first).
 */
export function onboardingEmails(course: Course, schedule: UnlockSchedule, options: OnboardingOptions): OnboardingDrip {
  const siteUrl = safeHref(options.siteUrl);
  if (siteUrl === null || siteUrl.startsWith('#') || siteUrl.startsWith('mailto:')) throw new Error(`siteUrl must be an http(s) URL; got "${options.siteUrl}"`);
  const brandName = options.brandName.trim();
  if (brandName === '') throw new Error('brandName must not be empty: every email is signed with it');

  const { lang, words, warnings } = emailWords(options.lang);
  const refs = new Map(lessonRefs(course).map((ref) => [ref.lesson_id, ref]));
  const drafts = [
    welcomeDraft(course, schedule, refs, brandName, siteUrl, words),
    ...unlockGroups(schedule).map((group) => unlockedDraft(course, group, refs, siteUrl, words)),
    ...moduleFinishedDrafts(course, schedule, refs, siteUrl, words),
    inactiveDraft(course, siteUrl, words),
    paymentFailedDraft(course, brandName, siteUrl, words),
  ];
  const emails = drafts.map((draft) => ({
    id: draft.id,
    trigger: draft.trigger,
    subject: draft.subject,
    preheader: draft.preheader,
    text: asText(draft.blocks, brandName),
    html: asHtml(draft, brandName, lang),
    names_lessons: draft.names.map((ref) => ref.lesson_id),
  }));
  return { emails, warnings };
}

export const onboardingRules = [
  'duplicate_email',
  'empty_subject',
  'subject_too_long',
  'preheader_too_long',
  'empty_text',
  'empty_html',
  'unknown_lesson',
  'trigger_needs_lesson',
  'trigger_before_unlock',
  'lesson_not_yet_open',
  'named_lesson_not_in_text',
  'unlisted_lesson_named',
] as const;

export interface OnboardingViolation {
  email_id: string;
  rule: (typeof onboardingRules)[number];
  message: string;
}

/** The lesson whose event sends the email, and the lessons its opening proves open (its completion chain). */
function anchorOf(trigger: EmailTrigger, entries: Map<string, ScheduleEntry>): { entry: ScheduleEntry; proven: Set<string> } | null {
  const entry = trigger.lesson_id === undefined ? undefined : entries.get(trigger.lesson_id);
  if (!entry) return null;
  const proven = new Set<string>([entry.lesson_id]);
  for (let gate = entry.requires_completion_of; gate !== null && !proven.has(gate); gate = entries.get(gate)?.requires_completion_of ?? null) proven.add(gate);
  return { entry, proven };
}

/** The earliest day (from the member's start) the email can go out. */
function sendDay(trigger: EmailTrigger, anchor: ScheduleEntry | undefined): number {
  return Math.max(trigger.day_offset ?? 0, trigger.after_days ?? 0, anchor?.unlock_day ?? 0);
}

/**
 * Whether `lesson` is open for every member at the moment `email` can be sent: previews always; a lesson that
 * waits for a completion or a date only when the email's own lesson event proves it; any other from its day.
 */
function surelyOpen(lesson: ScheduleEntry, day: number, anchor: { entry: ScheduleEntry; proven: Set<string> } | null): boolean {
  if (lesson.preview) return true;
  if (anchor?.proven.has(lesson.lesson_id)) return true;
  if (lesson.requires_completion_of !== null) return false;
  if (lesson.unlock_date !== null) return anchor?.entry.unlock_date != null && lesson.unlock_date <= anchor.entry.unlock_date;
  return lesson.unlock_day <= day;
}

/**
 * Every “…” in the email's subject, preheader and text, once the titles it may quote are taken out: a title that
 * itself holds a curly quote would otherwise split into segments that look like other names.
 */
function quotedSegments(email: OnboardingEmail, allowedTitles: string[]): string[] {
  let copy = `${email.subject}\n${email.preheader}\n${email.text}`;
  for (const title of [...allowedTitles].sort((a, b) => b.length - a.length)) copy = copy.split(quoted(title)).join('\u0000');
  return [...copy.matchAll(/“([^“”]*)”/g)].map((match) => match[1] as string);
}

/**
 * What is wrong with onboarding emails: a lesson named that does not exist or is not surely open when the email is
 * sent (listed in names_lessons, or quoted in the copy without being listed), a trigger on a lesson before it opens,
 * an empty or overlong subject, an overlong preheader, empty text. Empty when sound.
 */
export function validateOnboarding(emails: OnboardingEmail[], schedule: UnlockSchedule, course: Course): OnboardingViolation[] {
  const violations: OnboardingViolation[] = [];
  const entries = new Map(schedule.map((entry) => [entry.lesson_id, entry]));
  const refs = new Map(lessonRefs(course).map((ref) => [ref.lesson_id, ref]));
  // Quoted course and module titles are not lesson names, even when a lesson shares one.
  const otherTitles = new Set([course.title, ...course.modules.map((module) => module.title)]);
  const lessonsByTitle = new Map<string, string[]>();
  for (const ref of refs.values()) lessonsByTitle.set(ref.lesson.title, [...(lessonsByTitle.get(ref.lesson.title) ?? []), ref.lesson_id]);
  const seenIds = new Set<string>();

  for (const email of emails) {
    const add = (rule: OnboardingViolation['rule'], message: string) => violations.push({ email_id: email.id, rule, message });
    if (seenIds.has(email.id)) add('duplicate_email', `email id "${email.id}" is used twice`);
    seenIds.add(email.id);
    if (email.subject.trim() === '') add('empty_subject', `${email.id}: the subject is empty`);
    if (email.subject.length > SUBJECT_MAX) add('subject_too_long', `${email.id}: the subject has ${email.subject.length} characters; at most ${SUBJECT_MAX}`);
    if (email.preheader.length > PREHEADER_MAX) add('preheader_too_long', `${email.id}: the preheader has ${email.preheader.length} characters; at most ${PREHEADER_MAX}`);
    if (email.text.trim() === '') add('empty_text', `${email.id}: the text is empty`);
    if (email.html.trim() === '') add('empty_html', `${email.id}: the HTML is empty`);

    const { trigger } = email;
    const lessonEvent = trigger.event === 'lesson_unlocked' || trigger.event === 'lesson_completed';
    if (lessonEvent && trigger.lesson_id === undefined) add('trigger_needs_lesson', `${email.id}: a ${trigger.event} email needs the trigger's lesson_id`);
    if (trigger.lesson_id !== undefined && !entries.has(trigger.lesson_id)) add('unknown_lesson', `${email.id}: its trigger names ${trigger.lesson_id}, which is not a lesson of this course`);
    const anchor = lessonEvent ? anchorOf(trigger, entries) : null;
    if (anchor && trigger.day_offset !== undefined && trigger.day_offset < anchor.entry.unlock_day) {
      add('trigger_before_unlock', `${email.id}: day_offset ${trigger.day_offset} is before ${anchor.entry.lesson_id} can open (day ${anchor.entry.unlock_day})`);
    }
    const day = sendDay(trigger, anchor?.entry);

    const named = new Set(email.names_lessons);
    for (const lessonId of email.names_lessons) {
      const entry = entries.get(lessonId);
      const ref = refs.get(lessonId);
      if (!entry || !ref) {
        add('unknown_lesson', `${email.id} names ${lessonId}, which is not a lesson of this course`);
        continue;
      }
      if (!surelyOpen(entry, day, anchor)) add('lesson_not_yet_open', `${email.id} names ${lessonId} (${quoted(ref.lesson.title)}), which may not be open yet when it is sent (day ${day})`);
      if (!email.text.includes(quoted(ref.lesson.title))) add('named_lesson_not_in_text', `${email.id} lists ${lessonId} but its text does not name ${quoted(ref.lesson.title)}`);
    }
    const allowedTitles = [...otherTitles, ...email.names_lessons.flatMap((lessonId) => refs.get(lessonId)?.lesson.title ?? [])];
    for (const segment of quotedSegments(email, allowedTitles)) {
      const lessons = lessonsByTitle.get(segment);
      if (!lessons || otherTitles.has(segment) || lessons.some((id) => named.has(id))) continue;
      add('unlisted_lesson_named', `${email.id} names ${quoted(segment)} (${lessons.join(', ')}) without listing it in names_lessons, so it is not checked as open`);
    }
  }
  return violations;
}
