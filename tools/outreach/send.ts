import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { JobScheduler, ScheduledTaskContext, StoreHandle } from '../../src/kernel/context.js';
import type { ScheduledTask } from '../../src/kernel/outcome.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { firstSendOn, insideWindow, localDate, sendTime } from './cadence.js';
import { readVersion } from './engine.js';
import { renderContextOf, type CampaignDocument } from './compose.js';
import type { Lead } from './leads.js';
import { renderStep } from './qa.js';
import { variantFor, type Step } from './copy.js';
import { outreachDb, type LeadStatus } from './tables.js';

/**
 * The cadence, sent. outreach_send schedules each lead's first email step in its send window; each run checks
 * again that the lead may still be written to (suppressed? stopped by a reply? away until a date?), takes a
 * place under the daily cap, claims the lead+step row, sends, and schedules the lead's next email step, so a
 * stopped lead simply gets nothing more. LinkedIn and phone steps are tasks for a person: never sent.
 */

export const emailKind = 'outreach_email';

const MAX_SEND_ATTEMPTS = 4;
const STALE_CLAIM_MS = 10 * 60_000;

const jobSchema = z.object({ campaign_id: z.string(), lead_id: z.string(), step_id: z.string(), attempt: z.number().int().min(1) });
type EmailJob = z.output<typeof jobSchema>;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const emailSteps = (document: CampaignDocument) => document.steps.filter((step) => step.kind === 'send');
const windowMinutes = (document: CampaignDocument) => {
  const [sh, sm] = document.spec.send_window.start.split(':').map(Number) as [number, number];
  const [eh, em] = document.spec.send_window.end.split(':').map(Number) as [number, number];
  return eh * 60 + em - (sh * 60 + sm);
};

export function scheduleStep(jobs: JobScheduler, accountId: string, job: Omit<EmailJob, 'attempt'> & { attempt?: number }, runAt: Date): Promise<boolean> {
  const input: EmailJob = { ...job, attempt: job.attempt ?? 1 };
  const key = [emailKind, input.campaign_id, input.lead_id, input.step_id, input.attempt, runAt.toISOString()].join(':');
  return jobs.schedule({ kind: emailKind, input, accountId, runAt, key });
}

/** Addresses of an account that no campaign writes to any more. */
export async function suppressedSet(store: StoreHandle, accountId: string, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await outreachDb(store)
      .selectFrom('outreach_suppressions')
      .select('email')
      .where('account_id', '=', accountId)
      .where('email', 'in', emails.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.email);
  }
  return found;
}

export async function suppress(store: StoreHandle, accountId: string, email: string, reason: string, campaignId: string | null, now: Date): Promise<void> {
  await outreachDb(store)
    .insertInto('outreach_suppressions')
    .values({ account_id: accountId, email: email.toLowerCase(), reason, campaign_id: campaignId, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['account_id', 'email']).doNothing())
    .execute();
}

/** Stops or pauses a lead's sequence (a reply, an unsubscribe, a meeting booked, an away reply). */
export async function setLeadStatus(
  store: StoreHandle,
  row: { accountId: string; campaignId: string; lead: Pick<Lead, 'lead_id' | 'email'> },
  status: LeadStatus,
  reason: string,
  resumeOn: string | null,
  now: Date,
) {
  const values = { status, reason, resume_on: resumeOn, updated_at: now.toISOString() };
  await outreachDb(store)
    .insertInto('outreach_leads')
    .values({ campaign_id: row.campaignId, lead_id: row.lead.lead_id, account_id: row.accountId, email: row.lead.email, ...values })
    .onConflict((conflict) => conflict.columns(['campaign_id', 'lead_id']).doUpdateSet(values))
    .execute();
}

export interface PlannedTask {
  lead_id: string;
  email: string;
  step_id: string;
  channel: string;
  due: string;
  instructions: string;
}

/**
 * Schedules every lead's first email step from `start`: the daily cap spreads the leads over business days up
 * front (lead i on day ⌊i / cap⌋), and within a day over the window. Returns what was queued and the tasks for a person.
 */
export async function launch(
  store: StoreHandle,
  jobs: JobScheduler,
  campaign: { id: string; accountId: string; document: CampaignDocument },
  start: Date,
): Promise<{
  scheduled: number;
  skipped: Array<{ lead_id: string; email: string; reason: string }>;
  first_sends: Array<{ lead_id: string; step_id: string; at: string }>;
  tasks: PlannedTask[];
  task_count: number;
}> {
  const { document } = campaign;
  const first = emailSteps(document)[0];
  const leads = document.leads;
  const suppressed = await suppressedSet(
    store,
    campaign.accountId,
    leads.map((lead) => lead.email),
  );
  const states = new Map((await outreachDb(store).selectFrom('outreach_leads').selectAll().where('campaign_id', '=', campaign.id).execute()).map((row) => [row.lead_id, row]));
  const cap = document.spec.daily_cap;
  const span = windowMinutes(document);
  const skipped: Array<{ lead_id: string; email: string; reason: string }> = [];
  const firstSends: Array<{ lead_id: string; step_id: string; at: string }> = [];
  const tasks: PlannedTask[] = [];
  let taskCount = 0;
  let scheduled = 0;
  let position = 0;
  const context = renderContextOf(document, () => '');
  for (const lead of leads) {
    const state = states.get(lead.lead_id);
    if (suppressed.has(lead.email)) {
      skipped.push({ lead_id: lead.lead_id, email: lead.email, reason: 'suppressed (unsubscribed or bounced before)' });
      continue;
    }
    if (state?.status === 'stopped') {
      skipped.push({ lead_id: lead.lead_id, email: lead.email, reason: `stopped: ${state.reason}` });
      continue;
    }
    if (lead.flags.includes('disposable_address')) {
      skipped.push({ lead_id: lead.lead_id, email: lead.email, reason: 'disposable address (flagged disposable_address): never emailed' });
      continue;
    }
    const dayShift = Math.floor(position / cap);
    const stagger = Math.floor(((position % cap) * span) / cap);
    position += 1;
    if (first) {
      const at = sendTime(start, first.day + dayShift, lead.timezone, document.spec.send_window, stagger);
      if (await scheduleStep(jobs, campaign.accountId, { campaign_id: campaign.id, lead_id: lead.lead_id, step_id: first.step_id }, at)) scheduled += 1;
      if (firstSends.length < 50) firstSends.push({ lead_id: lead.lead_id, step_id: first.step_id, at: at.toISOString() });
    }
    for (const step of document.steps.filter((candidate) => candidate.kind === 'task')) {
      if (step.requires && !lead.fields[step.requires]) continue;
      taskCount += 1;
      if (tasks.length >= 200) continue;
      const due = sendTime(start, step.day + dayShift, lead.timezone, document.spec.send_window, stagger);
      tasks.push({
        lead_id: lead.lead_id,
        email: lead.email,
        step_id: step.step_id,
        channel: step.channel,
        due: due.toISOString(),
        instructions: renderStep(variantFor(step, lead.row), lead, context).body,
      });
    }
  }
  return { scheduled, skipped: skipped.slice(0, 200), first_sends: firstSends, tasks, task_count: taskCount };
}

type RunResult = { sent: boolean; lead_id: string; step_id: string; reason?: string; message_id?: string };

/** A place under the daily cap, taken atomically (one UPDATE … WHERE sent < cap), so that instances never overshoot. */
async function takeDailySlot(store: StoreHandle, campaignId: string, day: string, cap: number): Promise<boolean> {
  const db = outreachDb(store);
  await db
    .insertInto('outreach_daily')
    .values({ campaign_id: campaignId, day, sent: 0 })
    .onConflict((conflict) => conflict.columns(['campaign_id', 'day']).doNothing())
    .execute();
  const taken = await db
    .updateTable('outreach_daily')
    .set((eb) => ({ sent: eb('sent', '+', 1) }))
    .where('campaign_id', '=', campaignId)
    .where('day', '=', day)
    .where('sent', '<', cap)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

async function releaseDailySlot(store: StoreHandle, campaignId: string, day: string): Promise<void> {
  await outreachDb(store)
    .updateTable('outreach_daily')
    .set((eb) => ({ sent: eb('sent', '-', 1) }))
    .where('campaign_id', '=', campaignId)
    .where('day', '=', day)
    .where('sent', '>', 0)
    .execute();
}

/** The next email step after `step`, on its business day counted from now. */
async function scheduleNext(ctx: ScheduledTaskContext, accountId: string, document: CampaignDocument, lead: Lead, step: Step, campaignId: string): Promise<void> {
  const steps = emailSteps(document);
  const next = steps[steps.findIndex((candidate) => candidate.step_id === step.step_id) + 1];
  if (!next) return;
  const at = sendTime(ctx.now(), Math.max(1, next.day - step.day), lead.timezone, document.spec.send_window);
  await scheduleStep(ctx.jobs, accountId, { campaign_id: campaignId, lead_id: lead.lead_id, step_id: next.step_id }, at);
}

/** Makes the lead's unsubscribe link: a random token, of which only the hash is kept. */
async function unsubscribeLink(ctx: ScheduledTaskContext, accountId: string, campaignId: string, lead: Lead): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await outreachDb(ctx.store)
    .insertInto('outreach_unsubscribes')
    .values({ hash: hashOf(token), account_id: accountId, campaign_id: campaignId, lead_id: lead.lead_id, email: lead.email, used_at: null, created_at: ctx.now().toISOString() })
    .execute();
  return `${ctx.baseUrl}/u/${token}`;
}

export const unsubscribeHash = hashOf;

/** A permanent refusal of the recipient (SMTP 5xx at RCPT TO), as the mailer reports it; a 4xx deferral is not one. */
function hardBounce(error: unknown): { reply: string; smtpCode: number | null } | null {
  if (!(error instanceof OutcomeError) || error.code !== 'unprocessable') return null;
  const details = error.details as { type?: string; smtp_code?: number; rejected?: Array<{ reply?: string }> } | undefined;
  if (details?.type !== 'recipients') return null;
  return { reply: details.rejected?.[0]?.reply || `SMTP ${details.smtp_code ?? '5xx'}`, smtpCode: details.smtp_code ?? null };
}

async function deliver(ctx: ScheduledTaskContext, job: EmailJob, accountId: string, document: CampaignDocument, lead: Lead, step: Step, day: string): Promise<RunResult> {
  const db = outreachDb(ctx.store);
  const now = ctx.now();
  const result = { lead_id: lead.lead_id, step_id: step.step_id };
  const key = { campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id };
  await db
    .insertInto('outreach_deliveries')
    .values({ ...key, claimed_at: null, sent_at: null, message_id: null, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['campaign_id', 'lead_id', 'step_id']).doNothing())
    .execute();
  const claimed = await db
    .updateTable('outreach_deliveries')
    .set({ claimed_at: now.toISOString() })
    .where('campaign_id', '=', key.campaign_id)
    .where('lead_id', '=', key.lead_id)
    .where('step_id', '=', key.step_id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS).toISOString())]))
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    await releaseDailySlot(ctx.store, job.campaign_id, day);
    return { ...result, sent: false, reason: 'sent before, or being sent' };
  }
  const url = await unsubscribeLink(ctx, accountId, job.campaign_id, lead);
  const rendered = renderStep(
    variantFor(step, lead.row),
    lead,
    renderContextOf(document, () => url),
  );
  const mail = ctx.mail as NonNullable<ScheduledTaskContext['mail']>;
  const where = (query: ReturnType<typeof db.updateTable<'outreach_deliveries'>>) =>
    query.where('campaign_id', '=', key.campaign_id).where('lead_id', '=', key.lead_id).where('step_id', '=', key.step_id);
  try {
    const receipt = await mail.send(
      {
        to: [lead.fields.full_name ? `"${lead.fields.full_name.replace(/["\\\r\n]/g, '')}" <${lead.email}>` : lead.email],
        subject: rendered.subject ?? '',
        text: rendered.body,
        ...(document.spec.sender.reply_to ? { replyTo: document.spec.sender.reply_to } : {}),
        // RFC 8058: mail clients show an unsubscribe button that POSTs to the same link (see public.ts).
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        idempotencyKey: ['outreach', job.campaign_id, lead.lead_id, step.step_id].join('-'),
      },
      { signal: ctx.signal },
    );
    await where(db.updateTable('outreach_deliveries').set({ sent_at: ctx.now().toISOString(), message_id: receipt.messageId })).execute();
    ctx.log.info({ campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id }, 'outreach email sent');
    await scheduleNext(ctx, accountId, document, lead, step, job.campaign_id);
    return { ...result, sent: true, message_id: receipt.messageId };
  } catch (error) {
    await where(db.updateTable('outreach_deliveries').set({ claimed_at: null })).execute();
    await releaseDailySlot(ctx.store, job.campaign_id, day);
    const bounce = hardBounce(error);
    if (bounce) {
      // A 5xx for the address: it will never take mail. Suppressed for every campaign, the sequence stopped, no retry.
      await suppress(ctx.store, accountId, lead.email, 'bounce', job.campaign_id, now);
      await setLeadStatus(ctx.store, { accountId, campaignId: job.campaign_id, lead }, 'stopped', 'bounce', null, now);
      ctx.log.warn({ campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id, smtp_code: bounce.smtpCode }, 'outreach email bounced: address suppressed');
      return { ...result, sent: false, reason: `hard bounce: the mail server refused the address (${bounce.reply}); suppressed and the sequence stopped` };
    }
    if (error instanceof OutcomeError && error.code === 'upstream_error' && job.attempt < MAX_SEND_ATTEMPTS) {
      const retryAt = new Date(now.getTime() + 10 * 60_000 * 2 ** (job.attempt - 1));
      await scheduleStep(ctx.jobs, accountId, { ...key, attempt: job.attempt + 1 }, retryAt);
    }
    throw error;
  }
}

async function sendOutreachEmail(input: unknown, ctx: ScheduledTaskContext): Promise<RunResult> {
  const job = jobSchema.parse(input);
  const skip = (reason: string): RunResult => {
    ctx.log.info({ campaign_id: job.campaign_id, lead_id: job.lead_id, step_id: job.step_id, reason }, 'outreach email not sent');
    return { sent: false, lead_id: job.lead_id, step_id: job.step_id, reason };
  };
  if (!ctx.mail) return skip('no SMTP server is configured (SMTP_URL)');
  const found = await readVersion(ctx.store, job.campaign_id, null);
  if (!found) return skip('the campaign no longer exists');
  const { document } = found;
  const lead = document.leads.find((candidate) => candidate.lead_id === job.lead_id);
  if (!lead) return skip('the lead is no longer in the campaign');
  if (lead.flags.includes('disposable_address')) return skip('a disposable address (flagged disposable_address) is never emailed');
  const step = emailSteps(document).find((candidate) => candidate.step_id === job.step_id);
  if (!step) return skip('the campaign was revised and has no such email step now');
  if (!document.qa.passed) return skip(`the campaign's latest version fails QA (${document.qa.errors} error(s)); fix it with outreach_revise`);
  if ((await suppressedSet(ctx.store, found.account_id, [lead.email])).has(lead.email)) return skip('the address is suppressed (unsubscribed or bounced)');
  const state = await outreachDb(ctx.store).selectFrom('outreach_leads').selectAll().where('campaign_id', '=', job.campaign_id).where('lead_id', '=', lead.lead_id).executeTakeFirst();
  if (state?.status === 'stopped') return skip(`the sequence stopped: ${state.reason}`);
  const now = ctx.now();
  const window = document.spec.send_window;
  if (state?.status === 'paused' && state.resume_on && localDate(now, lead.timezone) < state.resume_on) {
    const at = firstSendOn(state.resume_on, lead.timezone, window);
    await scheduleStep(ctx.jobs, found.account_id, { campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id }, at);
    return skip(`away until ${state.resume_on}: moved to ${at.toISOString()}`);
  }
  // Back from being away: the lead counts as active again (outreach_get's progress).
  if (state?.status === 'paused' && state.resume_on)
    await outreachDb(ctx.store)
      .updateTable('outreach_leads')
      .set({ status: 'active', resume_on: null })
      .where('campaign_id', '=', job.campaign_id)
      .where('lead_id', '=', lead.lead_id)
      .where('status', '=', 'paused')
      .execute();
  if (!insideWindow(now, lead.timezone, window)) {
    const at = sendTime(now, 0, lead.timezone, window);
    await scheduleStep(ctx.jobs, found.account_id, { campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id }, at);
    return skip(`outside the lead's send window: moved to ${at.toISOString()}`);
  }
  const day = localDate(now, document.spec.timezone);
  if (!(await takeDailySlot(ctx.store, job.campaign_id, day, document.spec.daily_cap))) {
    const at = sendTime(now, 1, lead.timezone, window);
    await scheduleStep(ctx.jobs, found.account_id, { campaign_id: job.campaign_id, lead_id: lead.lead_id, step_id: step.step_id }, at);
    return skip(`the daily cap (${document.spec.daily_cap}) is reached for ${day}: moved to ${at.toISOString()}`);
  }
  return deliver(ctx, job, found.account_id, document, lead, step, day);
}

export const outreachEmailTask: ScheduledTask = { kind: emailKind, run: sendOutreachEmail };
