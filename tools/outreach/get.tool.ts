import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { leadStates, readCampaign } from './engine.js';
import { campaignIdSchema, campaignOutputSchema } from './schema.js';
import { campaignSummary } from './summary.js';
import { outreachDb } from './tables.js';

export default defineTool({
  name: 'outreach_get',
  title: 'Get an outreach campaign',
  description: 'Returns a campaign at its latest version, or at `version` N, with its versions and where its leads stand (sent, stopped, paused, suppressed).',
  route: { method: 'GET', path: '/outreach/:campaignId' },
  scope: 'outreach:read',
  cost: 0,
  effect: 'read',
  input: z.object({ campaign_id: campaignIdSchema, version: z.coerce.number().int().min(1).optional().describe('Default: the latest.') }),
  output: campaignOutputSchema.extend({
    versions: z.array(z.object({ version: z.number().int(), created_at: z.iso.datetime(), applied: z.array(z.string()), unapplied: z.array(z.string()) })),
    progress: z.object({ emails_sent: z.number().int(), stopped: z.number().int(), paused: z.number().int(), states: z.record(z.string(), z.number().int()) }),
  }),
  async run({ campaign_id, version }, ctx) {
    const campaign = await readCampaign(ctx, campaign_id, version);
    const db = outreachDb(ctx.store);
    const sent = await db
      .selectFrom('outreach_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('campaign_id', '=', campaign_id)
      .where('sent_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const leads = await db.selectFrom('outreach_leads').select(['status']).where('campaign_id', '=', campaign_id).execute();
    const states: Record<string, number> = {};
    for (const state of (await leadStates(ctx.store, campaign_id)).values()) states[state] = (states[state] ?? 0) + 1;
    return {
      ...campaign,
      progress: { emails_sent: Number(sent.count), stopped: leads.filter((lead) => lead.status === 'stopped').length, paused: leads.filter((lead) => lead.status === 'paused').length, states },
      next_actions: [],
    };
  },
  summarize: (campaign) => `${campaignSummary(campaign)} Versions: ${campaign.versions.length}; emails sent: ${campaign.progress.emails_sent}.`,
});
