import type { CampaignOutput } from './schema.js';

export function campaignSummary(campaign: Omit<CampaignOutput, 'next_actions'>): string {
  const { leads, qa, cadence } = campaign;
  return (
    `Campaign ${campaign.campaign_id} v${campaign.version}: ${leads.accepted.count} lead(s) accepted, ${leads.rejected.count} rejected; ` +
    `${cadence.steps.length} step(s) (${[...new Set(cadence.steps.map((step) => step.channel))].join(', ') || 'none'}); ` +
    `QA ${qa.passed ? 'passed' : `failed with ${qa.errors} error(s)`} over ${qa.renders} render(s); CRM exports: ${campaign.crm.map((crm) => crm.crm).join(', ')}.` +
    `${campaign.meta.missing.length ? ` Missing: ${campaign.meta.missing.join(' ')}` : ''}`
  );
}
