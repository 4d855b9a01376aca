import { defineTool } from '../../src/kernel/tool.js';
import { buildCampaign } from './engine.js';
import { buildInputSchema, campaignOutputSchema } from './schema.js';
import { campaignSummary } from './summary.js';

export default defineTool({
  name: 'outreach_build',
  title: 'Build an outreach campaign',
  description:
    'An outbound campaign from your offer and leads (CSV/JSON): lead checks, scores, segments; merge fields with fallbacks; business-day cadence, send windows, A/B; ' +
    'QA of every step for every lead; triage rules; HubSpot/Salesforce/Pipedrive mappings and CSV exports. Invents nothing. Next: outreach_send.',
  route: { method: 'POST', path: '/outreach/build' },
  scope: 'outreach:write',
  cost: 1,
  effect: 'write',
  input: buildInputSchema,
  output: campaignOutputSchema,
  async run(input, ctx) {
    const campaign = await buildCampaign(ctx, input);
    return {
      ...campaign,
      next_actions: campaign.qa.passed
        ? [ctx.nextAction('outreach_send', { campaign_id: campaign.campaign_id }, 'Send the cadence through SMTP in each lead’s send window.')]
        : [ctx.nextAction('outreach_revise', { campaign_id: campaign.campaign_id, changes: {} }, `Fix the ${campaign.qa.errors} QA error(s) (see qa.issues) before sending.`)],
    };
  },
  summarize: campaignSummary,
});
