import { z } from 'zod';
import type { JobScheduler, ScheduledTaskContext, StoreHandle } from '../../src/kernel/context.js';
import type { ScheduledTask } from '../../src/kernel/outcome.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { completedLessons, hasAccess, type Member } from './access.js';
import { latestMembership, onboardingOf, type MembershipDocument } from './engine.js';
import { dateOfDay, dayNumber, unlockedFor, type Completions } from './drip.js';
import { INACTIVE_AFTER_DAYS, type OnboardingEmail } from './onboarding.js';
import { membershipDb } from './tables.js';

/**
 * The onboarding drip, delivered. When a member joins, the emails that fall on days are scheduled on the job
 * queue for their day; a completed lesson, a failed payment and a week away schedule the ones they send. Each
 * run checks again that its email is still due to that member (they may have left, the course may have changed)
 * and sends it at most once per member and start (`membership_deliveries`). Without SMTP nothing is scheduled:
 * the emails are data in the tools' results.
 */

export const emailKind = 'membership_email';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A day's emails go out at this hour (UTC); its lessons opened at midnight UTC. */
const SEND_HOUR_UTC = 9;
/** Tries at sending while the mail server does not answer: 10 min, 20 min, 40 min apart. */
const MAX_SEND_ATTEMPTS = 4;
/** A run that claimed an email this long ago died: another may send it. */
const STALE_CLAIM_MS = 10 * 60_000;

const jobSchema = z.object({
  membership_id: z.string(),
  member_id: z.string(),
  start_date: z.iso.date(),
  email_id: z.string(),
  attempt: z.number().int().min(1),
  /** What makes this sending unique for an email that can be sent again (payment failed); else the email's id. */
  delivery: z.string().optional(),
});
type EmailJob = z.output<typeof jobSchema>;

/** A version's schedule and emails (`onboardingOf`). */
type Onboarding = Pick<ReturnType<typeof onboardingOf>, 'schedule' | 'emails'>;

export interface Recipient {
  membershipId: string;
  accountId: string;
  member: Pick<Member, 'id' | 'start_date'>;
}

const dayOf = (date: Date) => dayNumber(date.toISOString().slice(0, 10));
const morningOf = (day: number) => new Date(`${dateOfDay(day)}T${String(SEND_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
const notBefore = (at: Date, now: Date) => (at > now ? at : now);

function scheduleEmail(jobs: JobScheduler, to: Recipient, emailId: string, runAt: Date, extra: { delivery?: string; attempt?: number } = {}): Promise<boolean> {
  const job: EmailJob = {
    membership_id: to.membershipId,
    member_id: to.member.id,
    start_date: to.member.start_date,
    email_id: emailId,
    attempt: extra.attempt ?? 1,
    ...(extra.delivery ? { delivery: extra.delivery } : {}),
  };
  // The time is part of the key: a course revised to open a lesson later schedules a second run, and the first finds it not open yet.
  const key = [emailKind, to.member.id, to.member.start_date, extra.delivery ?? emailId, job.attempt, runAt.toISOString()].join(':');
  return jobs.schedule({ kind: emailKind, input: job, accountId: to.accountId, runAt, key });
}

/** The emails that fall on a day of the member's drip (not on an event), with that day. */
function dayEmails(emails: readonly OnboardingEmail[], schedule: ReturnType<typeof onboardingOf>['schedule'], startDay: number): Array<{ email: OnboardingEmail; day: number }> {
  const entries = new Map(schedule.map((entry) => [entry.lesson_id, entry]));
  return emails.flatMap((email) => {
    if (email.trigger.event !== 'lesson_unlocked') return [];
    const anchor = entries.get(email.trigger.lesson_id ?? '');
    // A lesson that waits for a completion is announced when that completion happens (onLessonCompleted).
    if (!anchor || anchor.requires_completion_of !== null) return [];
    return [{ email, day: anchor.unlock_date !== null ? dayNumber(anchor.unlock_date) : startDay + anchor.unlock_day }];
  });
}

/**
 * Schedules a member's drip: on joining (`joined`), the welcome now, each day's lessons on their morning and a
 * first check for inactivity; after a revision (not `joined`), the days still to come, as the course now stands.
 * Returns the ids of the emails scheduled anew.
 */
export async function scheduleDrip(jobs: JobScheduler, to: Recipient, onboarding: Onboarding, now: Date, joined: boolean): Promise<string[]> {
  const { schedule, emails } = onboarding;
  const today = dayOf(now);
  const scheduled: string[] = [];
  const add = async (emailId: string, runAt: Date) => {
    if (await scheduleEmail(jobs, to, emailId, runAt)) scheduled.push(emailId);
  };
  const welcome = emails.find((email) => email.trigger.event === 'signup');
  if (joined && welcome) await add(welcome.id, now);
  for (const { email, day } of dayEmails(emails, schedule, dayNumber(to.member.start_date))) {
    // Lessons open already are not announced: on joining, the welcome says what is open; after a revision, they were.
    if (day <= today) continue;
    await add(email.id, notBefore(morningOf(day), now));
  }
  const inactive = emails.find((email) => email.trigger.event === 'inactive');
  if (joined && inactive) await add(inactive.id, new Date(now.getTime() + INACTIVE_AFTER_DAYS * DAY_MS));
  return scheduled;
}

/** After a revision: every member with access gets the days still to come as the course now stands (a page of members at a time). */
export async function rescheduleMembers(store: StoreHandle, jobs: JobScheduler, baseUrl: string, membershipId: string, now: Date): Promise<number> {
  const found = await latestMembership(store, membershipId);
  if (!found) return 0;
  // The same emails for every member: made once, scheduled per member.
  const onboarding = onboardingOf(baseUrl, membershipId, found.document);
  let count = 0;
  let after = '';
  for (;;) {
    const page = await membershipDb(store).selectFrom('membership_members').selectAll().where('membership_id', '=', membershipId).where('id', '>', after).orderBy('id').limit(500).execute();
    for (const member of page) {
      if (!hasAccess(member, now)) continue;
      count += (await scheduleDrip(jobs, { membershipId, accountId: found.accountId, member }, onboarding, now, false)).length;
    }
    if (page.length < 500) return count;
    after = (page.at(-1) as Member).id;
  }
}

/** A lesson completed: the module-finished email it sends, and the lessons that waited for it, on their day. */
export async function onLessonCompleted(jobs: JobScheduler, baseUrl: string, to: Recipient, document: MembershipDocument, lessonId: string, completed: Completions, now: Date): Promise<void> {
  const { schedule, emails } = onboardingOf(baseUrl, to.membershipId, document);
  const entries = new Map(schedule.map((entry) => [entry.lesson_id, entry]));
  // The day each waiting lesson now opens for this member: its gap counts from when the one before opened for them.
  const access = unlockedFor(schedule, { startDate: to.member.start_date, today: now.toISOString().slice(0, 10), completed });
  const opensOn = new Map(access.locked.map((locked) => [locked.lesson_id, locked.unlocks_on]));
  for (const email of emails) {
    const anchor = entries.get(email.trigger.lesson_id ?? '');
    if (email.trigger.event === 'lesson_completed' && email.trigger.lesson_id === lessonId) await scheduleEmail(jobs, to, email.id, now);
    if (email.trigger.event === 'lesson_unlocked' && anchor?.requires_completion_of === lessonId) {
      const day = opensOn.get(anchor.lesson_id);
      await scheduleEmail(jobs, to, email.id, day ? notBefore(morningOf(dayNumber(day)), now) : now);
    }
  }
}

/** A renewal failed: one email per grace period, whatever Stripe's retries send. */
export async function onPaymentFailed(jobs: JobScheduler, baseUrl: string, to: Recipient, document: MembershipDocument, graceUntil: string, now: Date): Promise<void> {
  const email = onboardingOf(baseUrl, to.membershipId, document).emails.find((candidate) => candidate.trigger.event === 'payment_failed');
  if (email) await scheduleEmail(jobs, to, email.id, now, { delivery: `${email.id}@${graceUntil.slice(0, 10)}` });
}

/**
 * The member opened the site: noted to the hour. One who had been away a week or more (or never came) gets a new
 * inactivity check a week on; while they keep coming, each check moves itself to a week after their last visit.
 */
export async function noteActivity(
  store: StoreHandle,
  jobs: JobScheduler | null,
  to: Recipient & { member: Pick<Member, 'last_active_at'> },
  document: MembershipDocument,
  baseUrl: string,
  now: Date,
): Promise<void> {
  const last = to.member.last_active_at;
  if (last !== null && now.getTime() - Date.parse(last) < HOUR_MS) return;
  await membershipDb(store).updateTable('membership_members').set({ last_active_at: now.toISOString() }).where('id', '=', to.member.id).execute();
  const returned = last === null || now.getTime() - Date.parse(last) >= INACTIVE_AFTER_DAYS * DAY_MS;
  const inactive = returned && jobs ? onboardingOf(baseUrl, to.membershipId, document).emails.find((email) => email.trigger.event === 'inactive') : undefined;
  if (inactive && jobs) await scheduleEmail(jobs, to, inactive.id, new Date(now.getTime() + INACTIVE_AFTER_DAYS * DAY_MS));
}

type RunResult = { sent: boolean; email_id: string; member_id: string; reason?: string; message_id?: string };

/** Whether the email is still due to this member now, and under which delivery; a reason when not. */
async function stillDue(
  ctx: ScheduledTaskContext,
  job: EmailJob,
  member: Member,
  email: OnboardingEmail,
  schedule: ReturnType<typeof onboardingOf>['schedule'],
  to: Recipient,
): Promise<{ delivery: string } | { reason: string }> {
  const now = ctx.now();
  const event = email.trigger.event;
  if (event === 'payment_failed') return member.status === 'past_due' ? { delivery: job.delivery ?? email.id } : { reason: 'the payment went through since' };
  if (!hasAccess(member, now)) return { reason: `the member has no access (${member.status})` };
  if (event === 'inactive') {
    const last = Date.parse(member.last_active_at ?? member.created_at);
    const dueAt = new Date(last + INACTIVE_AFTER_DAYS * DAY_MS);
    if (dueAt > now) {
      await scheduleEmail(ctx.jobs, to, email.id, dueAt);
      return { reason: `the member was active on ${new Date(last).toISOString().slice(0, 10)}; checking again on ${dueAt.toISOString().slice(0, 10)}` };
    }
    // One email per stretch away: the stretch is named by the last visit.
    return { delivery: `${email.id}@${new Date(last).toISOString().slice(0, 10)}` };
  }
  if (event === 'lesson_unlocked' || event === 'lesson_completed') {
    const completed = await completedLessons(ctx.store, member.id);
    const open = new Set(unlockedFor(schedule, { startDate: member.start_date, today: now.toISOString().slice(0, 10), completed }).open);
    if (event === 'lesson_completed' && !completed.has(email.trigger.lesson_id ?? '')) return { reason: 'the lesson is not completed' };
    if (!email.names_lessons.every((id) => open.has(id))) return { reason: 'its lessons are not open for this member yet' };
  }
  return { delivery: job.delivery ?? email.id };
}

/** Sends it once: the delivery's row is claimed first, so two runs of the same email never both send. */
async function deliver(ctx: ScheduledTaskContext, job: EmailJob, to: Recipient, member: Member, email: OnboardingEmail, delivery: string): Promise<RunResult> {
  const db = membershipDb(ctx.store);
  const now = ctx.now();
  const at = now.toISOString();
  const result = { email_id: email.id, member_id: member.id };
  const key = { member_id: member.id, start_date: member.start_date, delivery };
  await db
    .insertInto('membership_deliveries')
    .values({ ...key, email_id: email.id, claimed_at: null, sent_at: null, message_id: null, created_at: at })
    .onConflict((conflict) => conflict.columns(['member_id', 'start_date', 'delivery']).doNothing())
    .execute();
  const claimed = await db
    .updateTable('membership_deliveries')
    .set({ claimed_at: at })
    .where('member_id', '=', key.member_id)
    .where('start_date', '=', key.start_date)
    .where('delivery', '=', key.delivery)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS).toISOString())]))
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return { ...result, sent: false, reason: 'sent before, or being sent' };
  const mail = ctx.mail as NonNullable<ScheduledTaskContext['mail']>;
  try {
    const receipt = await mail.send(
      { to: [member.email], subject: email.subject, text: email.text, html: email.html, idempotencyKey: ['onboarding', member.id, member.start_date, delivery].join('-') },
      { signal: ctx.signal },
    );
    await db
      .updateTable('membership_deliveries')
      .set({ sent_at: ctx.now().toISOString(), message_id: receipt.messageId })
      .where('member_id', '=', key.member_id)
      .where('start_date', '=', key.start_date)
      .where('delivery', '=', key.delivery)
      .execute();
    ctx.log.info({ membership_id: job.membership_id, member_id: member.id, email_id: email.id }, 'onboarding email sent');
    return { ...result, sent: true, message_id: receipt.messageId };
  } catch (error) {
    await db
      .updateTable('membership_deliveries')
      .set({ claimed_at: null })
      .where('member_id', '=', key.member_id)
      .where('start_date', '=', key.start_date)
      .where('delivery', '=', key.delivery)
      .execute();
    // The mail server not answering is worth another try later; a refused address or message is not.
    if (error instanceof OutcomeError && error.code === 'upstream_error' && job.attempt < MAX_SEND_ATTEMPTS) {
      const retryAt = new Date(now.getTime() + 10 * 60_000 * 2 ** (job.attempt - 1));
      await scheduleEmail(ctx.jobs, to, email.id, retryAt, { delivery: job.delivery, attempt: job.attempt + 1 });
      ctx.log.warn({ member_id: member.id, email_id: email.id, retry_at: retryAt.toISOString() }, 'onboarding email not sent; trying again later');
    }
    throw error;
  }
}

async function sendOnboardingEmail(input: unknown, ctx: ScheduledTaskContext): Promise<RunResult> {
  const job = jobSchema.parse(input);
  const skip = (reason: string): RunResult => {
    ctx.log.info({ membership_id: job.membership_id, member_id: job.member_id, email_id: job.email_id, reason }, 'onboarding email not sent');
    return { sent: false, email_id: job.email_id, member_id: job.member_id, reason };
  };
  if (!ctx.mail) return skip('no SMTP server is configured (SMTP_URL)');
  const found = await latestMembership(ctx.store, job.membership_id);
  if (!found) return skip('the membership no longer exists');
  const member = await membershipDb(ctx.store).selectFrom('membership_members').selectAll().where('id', '=', job.member_id).executeTakeFirst();
  if (!member || member.start_date !== job.start_date) return skip('the member left, or started again since');
  const { schedule, emails } = onboardingOf(ctx.baseUrl, job.membership_id, found.document);
  const email = emails.find((candidate) => candidate.id === job.email_id);
  if (!email) return skip('the course was revised and has no such email now');
  const to: Recipient = { membershipId: job.membership_id, accountId: found.accountId, member };
  const due = await stillDue(ctx, job, member, email, schedule, to);
  if ('reason' in due) return skip(due.reason);
  return deliver(ctx, job, to, member, email, due.delivery);
}

export const onboardingEmailTask: ScheduledTask = { kind: emailKind, run: sendOnboardingEmail };
