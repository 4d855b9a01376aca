import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { courseSchema, dripSchema, type Course } from '../../tools/membership/course.js';
import { unlockSchedule } from '../../tools/membership/drip.js';
import { onboardingEmails, validateOnboarding, type OnboardingEmail } from '../../tools/membership/onboarding.js';
import { courseWithDrip } from './arbitraries.js';

const options = { brandName: 'Clay & Co', lang: 'en', siteUrl: 'https://learn.example.com/pottery' };

const pottery: Course = courseSchema.parse({
  title: 'Pottery basics',
  modules: [
    {
      title: 'Getting started',
      lessons: [
        { title: 'Welcome tour', summary: 'What the studio holds.', body: 'Text', preview: true },
        { title: 'Wedging clay', summary: 'Prepare clay so it has no air pockets.', body: 'Text', duration_minutes: 12 },
        { title: 'Centering <on> the wheel', body: 'Text' },
      ],
    },
    { title: 'Shapes', lessons: [{ title: 'Your first bowl', duration_minutes: 25 }] },
  ],
});

function emailsFor(drip: unknown, course: Course = pottery) {
  const schedule = unlockSchedule(course, dripSchema.parse(drip));
  return { schedule, ...onboardingEmails(course, schedule, options) };
}

const email = (emails: OnboardingEmail[], id: string) => {
  const found = emails.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no email ${id} among ${emails.map((candidate) => candidate.id).join(', ')}`);
  return found;
};

describe('onboardingEmails', () => {
  it('writes a welcome, one email per opening, one per finished module, an inactive and a payment email', () => {
    const { emails, warnings } = emailsFor({ mode: 'every_n_days', days: 7 });
    expect(warnings).toEqual([]);
    expect(emails.map((candidate) => [candidate.id, candidate.trigger])).toEqual([
      ['welcome', { event: 'signup', day_offset: 0 }],
      ['unlocked-m1-l3', { event: 'lesson_unlocked', lesson_id: 'm1-l3', day_offset: 7 }],
      ['unlocked-m2-l1', { event: 'lesson_unlocked', lesson_id: 'm2-l1', day_offset: 14 }],
      ['completed-m1', { event: 'lesson_completed', lesson_id: 'm1-l3', day_offset: 7 }],
      ['completed-m2', { event: 'lesson_completed', lesson_id: 'm2-l1', day_offset: 14 }],
      ['inactive-7d', { event: 'inactive', after_days: 7, day_offset: 7 }],
      ['payment-failed', { event: 'payment_failed' }],
    ]);
  });

  it('welcomes with only the lessons open on day 0, their summaries and lengths as given', () => {
    const welcome = email(emailsFor({ mode: 'every_n_days', days: 7 }).emails, 'welcome');
    expect(welcome.names_lessons).toEqual(['m1-l1', 'm1-l2']);
    expect(welcome.subject).toBe('Welcome to Pottery basics');
    expect(welcome.text).toBe(
      [
        'Welcome to “Pottery basics” from Clay & Co.',
        'The course has 2 modules and 4 lessons.',
        'Open now (2 of 4):',
        '- “Welcome tour”: What the studio holds.\n- “Wedging clay” (12 minutes): Prepare clay so it has no air pockets.',
        'More lessons open over the coming days. We will email you as each one opens.',
        'Go to the course: https://learn.example.com/pottery',
        '— Clay & Co\n',
      ].join('\n\n'),
    );
  });

  it('says a lesson has no text instead of making one up', () => {
    const unlocked = email(emailsFor({ mode: 'every_n_days', days: 7 }).emails, 'unlocked-m2-l1');
    expect(unlocked.text).toContain('“Your first bowl” (25 minutes) This lesson has no written text yet.');
    expect(unlocked.preheader).toBe('In module “Shapes”.');
  });

  it('escapes every piece of course text in the HTML with the shared esc', () => {
    const unlocked = email(emailsFor({ mode: 'every_n_days', days: 7 }).emails, 'unlocked-m1-l3');
    expect(unlocked.subject).toBe('Now open: Centering <on> the wheel');
    expect(unlocked.html).toContain('<title>Now open: Centering &lt;on&gt; the wheel</title>');
    expect(unlocked.html).not.toContain('<on>');
    expect(email(emailsFor({ mode: 'all_at_once' }).emails, 'welcome').html).toContain('Clay &amp; Co');
  });

  it('groups lessons that open on one date, and names no dated lesson at signup', () => {
    const { emails } = emailsFor({ mode: 'by_date', per: 'module', dates: ['2026-03-02', '2026-03-16'] });
    const welcome = email(emails, 'welcome');
    expect(welcome.names_lessons).toEqual(['m1-l1']);
    expect(welcome.text).toContain('Lessons open on set dates, the first on March 2, 2026.');
    expect(email(emails, 'unlocked-m1-l2').names_lessons).toEqual(['m1-l2', 'm1-l3']);
  });

  it('under after_previous, names only the lesson whose opening sends the email', () => {
    const { emails, schedule } = emailsFor({ mode: 'after_previous', min_days: 2 });
    expect(email(emails, 'welcome').text).toContain('Each lesson opens when you complete the one before it, and at least 2 days after that one opened.');
    expect(email(emails, 'unlocked-m2-l1').names_lessons).toEqual(['m2-l1']);
    expect(validateOnboarding(emails, schedule, pottery)).toEqual([]);
  });

  it('states only what it was given: no results, proof or people', () => {
    for (const drip of [{ mode: 'all_at_once' }, { mode: 'every_n_days', days: 3 }, { mode: 'after_previous', min_days: 1 }]) {
      const copy = emailsFor(drip)
        .emails.map((candidate) => `${candidate.subject}\n${candidate.preheader}\n${candidate.text}`)
        .join('\n');
      expect(copy).not.toMatch(/guarantee|testimonial|students|proven|transform|master|%|\$|best|results/i);
      // Every number is one of the course's own (counts, lengths, days between openings, the inactivity rule).
      const numbers = new Set(copy.match(/\d+/g));
      for (const number of numbers) expect(['1', '2', '3', '4', '7', '12', '14', '25']).toContain(number);
    }
  });

  it.each([
    ['de', 'Willkommen bei', 'Zum Kurs'],
    ['fr', 'Bienvenue dans', 'Aller au cours'],
    ['es', 'Te damos la bienvenida a', 'Ir al curso'],
    ['pt-BR', 'Boas-vindas a', 'Ir para o curso'],
  ])('writes the emails of a %s course in its language, still valid under the rules', (lang, welcome, goTo) => {
    for (const mode of [{ mode: 'every_n_days', days: 3 }, { mode: 'after_previous', min_days: 1 }, { mode: 'all_at_once' }]) {
      const schedule = unlockSchedule(pottery, dripSchema.parse(mode));
      const drip = onboardingEmails(pottery, schedule, { ...options, lang });
      expect(drip.warnings).toEqual([]);
      const first = drip.emails[0]!;
      expect(first.text.startsWith(`${welcome} “${pottery.title}”`)).toBe(true);
      expect(first.text).toContain(goTo);
      expect(first.html).toContain(`<html lang="${lang}">`);
      expect(validateOnboarding(drip.emails, schedule, pottery)).toEqual([]);
    }
  });

  it('does not sign the welcome with the course title when the course has no brand of its own', () => {
    const welcome = onboardingEmails(pottery, unlockSchedule(pottery, { mode: 'all_at_once' }), { ...options, brandName: pottery.title, lang: 'de' }).emails[0]!;
    expect(welcome.text.split('\n')[0]).toBe(`Willkommen bei “${pottery.title}”.`);
  });

  it('falls back to English with a warning for a language it has no words in, and refuses an unsafe site URL', () => {
    expect(onboardingEmails(pottery, unlockSchedule(pottery, { mode: 'all_at_once' }), { ...options, lang: 'ja' }).warnings).toEqual([
      'The course\'s emails exist in en, de, fr, es, pt; they are in English, not "ja".',
    ]);
    expect(onboardingEmails(pottery, unlockSchedule(pottery, { mode: 'all_at_once' }), { ...options, lang: 'en-GB' }).warnings).toEqual([]);
    expect(() => onboardingEmails(pottery, [], { ...options, siteUrl: 'javascript:alert(1)' })).toThrow('siteUrl must be an http(s) URL; got "javascript:alert(1)"');
  });

  it('computes a 50-lesson course in one pass', () => {
    const big = courseSchema.parse({
      title: 'Big',
      modules: Array.from({ length: 5 }, (_, m) => ({ title: `Module ${m}`, lessons: Array.from({ length: 10 }, (_, l) => ({ title: `Lesson ${m}.${l}`, summary: 'S' })) })),
    });
    for (let round = 0; round < 20; round += 1) {
      const { emails, schedule } = emailsFor({ mode: 'every_n_days', days: 2 }, big);
      expect(emails).toHaveLength(1 + 49 + 5 + 2);
      expect(validateOnboarding(emails, schedule, big)).toEqual([]);
    }
  });
});

describe('validateOnboarding', () => {
  const sound = () => emailsFor({ mode: 'every_n_days', days: 7 });
  const rulesAfter = (mutate: (emails: OnboardingEmail[]) => void) => {
    const { emails, schedule } = sound();
    mutate(emails);
    return validateOnboarding(emails, schedule, pottery).map((violation) => violation.rule);
  };

  it('accepts the emails it wrote', () => {
    const { emails, schedule } = sound();
    expect(validateOnboarding(emails, schedule, pottery)).toEqual([]);
  });

  it('catches a lesson named before it opens, listed or only quoted', () => {
    const { emails, schedule } = sound();
    const welcome = email(emails, 'welcome');
    welcome.names_lessons.push('m2-l1');
    welcome.text += '\nComing soon: “Your first bowl”.';
    expect(validateOnboarding(emails, schedule, pottery)).toEqual([
      { email_id: 'welcome', rule: 'lesson_not_yet_open', message: 'welcome names m2-l1 (“Your first bowl”), which may not be open yet when it is sent (day 0)' },
    ]);
    expect(
      rulesAfter((list) => {
        email(list, 'welcome').text += '\nComing soon: “Your first bowl”.';
      }),
    ).toEqual(['unlisted_lesson_named']);
  });

  it('catches lessons that do not exist, triggers before their lesson opens, and listed lessons missing from the text', () => {
    expect(rulesAfter((list) => email(list, 'inactive-7d').names_lessons.push('m7-l1'))).toEqual(['unknown_lesson']);
    expect(rulesAfter((list) => (email(list, 'unlocked-m2-l1').trigger.day_offset = 3))).toEqual(['trigger_before_unlock']);
    expect(rulesAfter((list) => (email(list, 'completed-m1').trigger.lesson_id = 'm3-l1'))).toEqual(['unknown_lesson']);
    expect(rulesAfter((list) => delete email(list, 'completed-m1').trigger.lesson_id)).toEqual(['trigger_needs_lesson']);
    expect(rulesAfter((list) => email(list, 'payment-failed').names_lessons.push('m1-l2'))).toEqual(['named_lesson_not_in_text']);
  });

  it('catches long subjects and preheaders, empty text and repeated ids', () => {
    expect(
      rulesAfter((list) => {
        Object.assign(email(list, 'welcome'), { subject: 'x'.repeat(121), preheader: 'y'.repeat(151) });
        Object.assign(email(list, 'inactive-7d'), { text: ' ', subject: '' });
        (list[2] as OnboardingEmail).id = 'welcome';
      }),
    ).toEqual(['subject_too_long', 'preheader_too_long', 'duplicate_email', 'empty_subject', 'empty_text']);
  });
});

describe('properties', () => {
  it('every email of every course and drip validates, within its length bounds', () => {
    fc.assert(
      fc.property(courseWithDrip, ({ course, drip }) => {
        const schedule = unlockSchedule(course, drip);
        const { emails } = onboardingEmails(course, schedule, options);
        expect(validateOnboarding(emails, schedule, course)).toEqual([]);
        for (const candidate of emails) {
          expect(candidate.subject.length).toBeLessThanOrEqual(120);
          expect(candidate.preheader.length).toBeLessThanOrEqual(150);
          expect(candidate.html).not.toMatch(/<script/i);
        }
      }),
    );
  });

  it('an email that names a lesson not yet open is caught', () => {
    fc.assert(
      fc.property(courseWithDrip, ({ course, drip }) => {
        const schedule = unlockSchedule(course, drip);
        const late = schedule.filter((entry) => !entry.preview && (entry.unlock_day > 0 || entry.unlock_date !== null || entry.requires_completion_of !== null));
        fc.pre(late.length > 0);
        const { emails } = onboardingEmails(course, schedule, options);
        const welcome = email(emails, 'welcome');
        const lesson = late[late.length - 1] as (typeof late)[number];
        welcome.names_lessons.push(lesson.lesson_id);
        expect(validateOnboarding(emails, schedule, course)).toContainEqual(expect.objectContaining({ email_id: 'welcome', rule: 'lesson_not_yet_open' }));
      }),
    );
  });
});
