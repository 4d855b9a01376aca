import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import type { ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { textField } from '../../src/kernel/fields.js';
import { crms, crmSpecs } from './crm.js';
import { requireCampaign } from './engine.js';
import { campaignIdSchema } from './schema.js';
import { setLeadStatus, suppress } from './send.js';
import { categories, triageReply, type Triage } from './triage.js';

const input = z
  .object({
    campaign_id: campaignIdSchema.optional().describe('With it, the stop conditions are applied to the lead.'),
    reply: z.string().trim().max(20_000).optional().describe('The reply text.'),
    subject: textField(300).optional(),
    from: z.email().max(254).optional().describe("The lead's address (with campaign_id)."),
    lead_id: z.string().max(40).optional(),
    event: z.enum(['reply', 'meeting_booked']).default('reply'),
  })
  .superRefine((value, ctx) => {
    if (value.event === 'reply' && !value.reply) ctx.addIssue({ code: 'custom', path: ['reply'], message: 'give the reply text (or event: "meeting_booked")' });
    if (value.campaign_id && !value.from && !value.lead_id) ctx.addIssue({ code: 'custom', path: ['from'], message: 'with campaign_id, give from (the lead’s address) or lead_id' });
    if (value.event === 'meeting_booked' && !value.campaign_id) ctx.addIssue({ code: 'custom', path: ['campaign_id'], message: 'meeting_booked needs the campaign_id and the lead' });
  });

const applied = z.object({
  campaign_id: z.string(),
  lead_id: z.string(),
  email: z.string(),
  lead_status: z.enum(['stopped', 'paused', 'active']),
  suppressed: z.boolean(),
  resume_on: z.string().nullable(),
  note: z.string(),
});

type Applied = z.output<typeof applied>;

/**
 * Applies the triage's next step to the lead, and says exactly what was done: remove and hand_to_human stop the
 * sequence (remove also suppresses an unsubscribe or a bounce), reschedule pauses it to the return date, continue
 * leaves it running.
 */
async function apply(ctx: ToolContext, target: Parameters<typeof setLeadStatus>[1], triage: Triage | null, now: Date): Promise<Applied> {
  const { lead } = target;
  const base = { campaign_id: target.campaignId, lead_id: lead.lead_id, email: lead.email, suppressed: false, resume_on: null };
  if (!triage) {
    await setLeadStatus(ctx.store, target, 'stopped', 'meeting_booked', null, now);
    return { ...base, lead_status: 'stopped', note: 'Meeting booked: the sequence stopped; no later step is sent.' };
  }
  const { category, next_step: step } = triage;
  if (step.action === 'continue') return { ...base, lead_status: 'active', note: 'Nothing changed: the sequence goes on as planned.' };
  if (step.action === 'reschedule' && step.until) {
    await setLeadStatus(ctx.store, target, 'paused', category, step.until, now);
    return { ...base, lead_status: 'paused', resume_on: step.until, note: `Paused: the next step goes out in the first send window from ${step.until}.` };
  }
  await setLeadStatus(ctx.store, target, 'stopped', category, null, now);
  if (category === 'unsubscribe' || category === 'bounce') {
    await suppress(ctx.store, ctx.caller.accountId, lead.email, category, target.campaignId, now);
    return { ...base, lead_status: 'stopped', suppressed: true, note: `Stopped, and ${lead.email} is suppressed for every later send.` };
  }
  const followUp = category === 'not_now' ? (step.until ? ` Follow up by hand from ${step.until}; nothing resumes by itself.` : ' Follow up by hand later; nothing resumes by itself.') : '';
  return { ...base, lead_status: 'stopped', note: `A reply (${category}): the sequence stopped.${followUp}` };
}

export default defineTool({
  name: 'outreach_triage',
  title: 'Triage a reply',
  description:
    'Classifies a reply (interested, question, not_now, not_interested, unsubscribe, out_of_office, referral, bounce) by cue rules with negation: ' +
    'confidence, cues, OOO return date, next step. With campaign_id and the lead, applies that step.',
  route: { method: 'POST', path: '/outreach/triage' },
  scope: 'outreach:write',
  cost: 0,
  effect: 'write',
  input,
  output: z.object({
    category: z.enum(categories).nullable(),
    confidence: z.number(),
    cues: z.array(z.object({ cue: z.string(), category: z.string(), negated_from: z.string().optional() })),
    rule: z.string(),
    next_step: z.object({ action: z.enum(['remove', 'reschedule', 'hand_to_human', 'continue']), until: z.string().nullable(), why: z.string() }),
    return_date: z.string().nullable(),
    referred_to: z.array(z.string()),
    crm_status: z.record(z.string(), z.string()).describe("Each CRM's status for it."),
    applied: applied.nullable(),
  }),
  async run(request, ctx) {
    const now = ctx.now();
    const campaign = request.campaign_id ? await requireCampaign(ctx, request.campaign_id) : null;
    const lead = campaign?.document.leads.find((candidate) => (request.lead_id ? candidate.lead_id === request.lead_id : candidate.email === request.from?.toLowerCase()));
    if (campaign && !lead)
      throw new OutcomeError('not_found', `Campaign ${campaign.id} has no lead ${request.lead_id ?? request.from}.`, { hint: 'Give the address the reply came from, as in the leads.' });
    // The reply's own day is the lead's: an away reply's return date must be after it there.
    const timezone = lead?.timezone ?? campaign?.document.spec.timezone;
    const triage: Triage | null = request.event === 'reply' ? triageReply(request.reply ?? '', now, { subject: request.subject, from: request.from, timezone }) : null;
    const done = campaign && lead ? await apply(ctx, { accountId: ctx.caller.accountId, campaignId: campaign.id, lead }, triage, now) : null;
    const category = triage?.category ?? null;
    return {
      category,
      confidence: triage?.confidence ?? 1,
      cues: triage?.cues ?? [],
      rule: triage?.rule ?? 'event meeting_booked: a stop condition',
      next_step: triage?.next_step ?? { action: 'hand_to_human', until: null, why: 'A meeting is booked: the sequence stops; prepare the call.' },
      return_date: triage?.return_date ?? null,
      referred_to: triage?.referred_to ?? [],
      crm_status: Object.fromEntries(crms.map((crm) => [crm, category ? crmSpecs[crm].statuses[category] : crmSpecs[crm].statuses.interested])),
      applied: done,
      next_actions: done ? [ctx.nextAction('outreach_get', { campaign_id: done.campaign_id }, 'See where the campaign’s leads stand.')] : [],
    };
  },
  summarize: (result) =>
    `${result.category ?? 'meeting booked'} (confidence ${result.confidence}); next: ${result.next_step.action}${result.next_step.until ? ` ${result.next_step.action === 'reschedule' ? 'until' : 'follow up from'} ${result.next_step.until}` : ''}. ${result.applied ? result.applied.note : ''}`.trim(),
});
