import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { crms } from './crm.js';
import { readVersion } from './engine.js';
import { outreachIds } from './ids.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const campaignIdPattern = idPattern(outreachIds.campaign);

/** One link per CRM file a result lists. */
const exportLinks = (output: Record<string, unknown>) => {
  const { campaign_id, version, crm } = output as { campaign_id?: unknown; version?: unknown; crm?: Array<{ crm: string }> };
  if (typeof campaign_id !== 'string' || typeof version !== 'number' || !Array.isArray(crm)) return [];
  return crm.map((mapping) => ({ campaign_id, version: String(version), crm: mapping.crm, label: `${campaign_id}-v${version}-${mapping.crm}.csv` }));
};

/** A version's CRM import file, as stored when the version was made (the leads' states of that moment). */
export const outreachCrmExportResource = defineResource<'campaign_id' | 'version' | 'crm'>({
  name: 'outreach_crm_export',
  title: 'Outreach CRM import file (CSV)',
  description: "One campaign version's leads as a CSV for HubSpot, Salesforce or Pipedrive, with that CRM's field names (the columns of its crm mapping).",
  uriTemplate: 'agent-outcomes://outreach/{campaign_id}/versions/{version}/crm/{crm}.csv',
  mimeType: 'text/csv',
  scope: 'outreach:read',
  async read({ campaign_id, version, crm }, ctx) {
    const missing = new OutcomeError('not_found', `No outreach campaign ${quote(campaign_id)} version ${quote(version)} exists for this account.`);
    if (!campaignIdPattern.test(campaign_id) || !/^[1-9]\d{0,8}$/.test(version)) throw missing;
    const row = await readVersion(ctx.store, campaign_id, ctx.caller.accountId, Number(version));
    if (!row) throw missing;
    const made = row.document.exports.find((file) => file.crm === crm);
    if (!made) {
      const known = (crms as readonly string[]).includes(crm)
        ? `was exported for ${row.document.exports.map((file) => file.crm).join(', ')} only (crm)`
        : `knows no CRM ${quote(crm)}; CRMs are ${crms.join(', ')}`;
      throw new OutcomeError('not_found', `Campaign ${campaign_id} version ${version} ${known}.`);
    }
    const file = await ctx.files.forCaller(made.file_id, ctx.caller);
    return { mimeType: 'text/csv', text: new TextDecoder().decode(file.bytes) };
  },
  linkedFrom: { [build.name]: exportLinks, [revise.name]: exportLinks, [get.name]: exportLinks },
});

export const outreachResources = [outreachCrmExportResource];
