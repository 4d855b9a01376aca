import { defineTool } from '../../src/kernel/tool.js';
import { revisionReportShape } from '../../src/kernel/revision.js';
import { reviseCampaign } from './engine.js';
import { campaignOutputSchema, reviseInputSchema } from './schema.js';
import { campaignSummary } from './summary.js';

export default defineTool({
  name: 'outreach_revise',
  title: 'Revise an outreach campaign',
  description:
    'Replaces fields of a campaign (offer, leads, steps, sender, window, cap…) and runs lead checks and QA again. A new version only when something changed ' +
    '(`changed: false` costs nothing); `applied`/`unapplied` say what was done.',
  route: { method: 'POST', path: '/outreach/revise' },
  scope: 'outreach:write',
  cost: 1,
  effect: 'write',
  input: reviseInputSchema,
  output: campaignOutputSchema.extend(revisionReportShape),
  async run(input, ctx) {
    const campaign = await reviseCampaign(ctx, input);
    return { ...campaign, next_actions: [ctx.nextAction('outreach_get', { campaign_id: campaign.campaign_id }, 'Read it back with its versions and lead states.')] };
  },
  summarize: (campaign) => `${campaignSummary(campaign)} ${campaign.changed ? `Applied: ${campaign.applied.join('; ')}.` : 'Nothing changed: not charged.'}`,
});
