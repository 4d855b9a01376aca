import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { requireMail } from '../../src/mail/mail.js';
import { requireCampaign } from './engine.js';
import { campaignIdSchema } from './schema.js';
import { launch } from './send.js';

export default defineTool({
  name: 'outreach_send',
  title: 'Send an outreach campaign',
  description:
    "Runs a campaign's email steps through SMTP on the job queue: each lead in its own send window, business days, the daily cap, suppressions and stop conditions checked before every send, " +
    'an unsubscribe link in each email. LinkedIn and phone steps come back as tasks for a person. Needs SMTP (else 422) and QA passed.',
  route: { method: 'POST', path: '/outreach/send' },
  scope: 'outreach:write',
  cost: 1,
  effect: 'external',
  input: z.object({
    campaign_id: campaignIdSchema,
    start_at: z.iso.datetime({ offset: true }).optional().describe('Default: now.'),
  }),
  output: z.object({
    campaign_id: z.string(),
    version: z.number().int(),
    scheduled: z.number().int().describe('Leads whose first email is queued.'),
    first_sends: z.array(z.object({ lead_id: z.string(), step_id: z.string(), at: z.string() })),
    skipped: z.array(z.object({ lead_id: z.string(), email: z.string(), reason: z.string() })),
    tasks: z.array(z.object({ lead_id: z.string(), email: z.string(), step_id: z.string(), channel: z.string(), due: z.string(), instructions: z.string() })).describe('The first 200.'),
    task_count: z.number().int(),
  }),
  async run({ campaign_id, start_at }, ctx) {
    requireMail(ctx, 'Without SMTP the plan stays data: read the steps and QA with outreach_get and send from your own tool.');
    const campaign = await requireCampaign(ctx, campaign_id);
    const { document } = campaign;
    if (!document.qa.passed) {
      throw new OutcomeError('unprocessable', `Campaign ${campaign_id} fails QA with ${document.qa.errors} error(s) (${Object.keys(document.qa.by_kind).join(', ')}); nothing was sent.`, {
        details: { issues: document.qa.issues.filter((issue) => issue.severity === 'error').slice(0, 20) },
        hint: 'Fix them with outreach_revise (fallbacks like {{first_name|there}}, sender.address, an https calendar_url), then send again.',
      });
    }
    if (document.leads.length === 0) throw new OutcomeError('unprocessable', `Campaign ${campaign_id} has no accepted leads; add them with outreach_revise.`);
    const start = start_at ? new Date(Math.max(Date.parse(start_at), ctx.now().getTime())) : ctx.now();
    const result = await launch(ctx.store, ctx.jobs, { id: campaign.id, accountId: ctx.caller.accountId, document }, start);
    return { campaign_id, version: campaign.version, ...result, next_actions: [ctx.nextAction('outreach_get', { campaign_id }, 'Follow the sends and the replies.')] };
  },
  summarize: (result) => `Campaign ${result.campaign_id} v${result.version}: ${result.scheduled} lead(s) queued; ${result.skipped.length} skipped; ${result.task_count} task(s) for a person.`,
});
