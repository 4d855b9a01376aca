import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { businessIds } from './ids.js';
import { overviewOf, readVersion } from './engine.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const idOf = idPattern(businessIds.business);

const overviewLinks = (output: Record<string, unknown>) =>
  typeof output.business_id === 'string' && typeof output.version === 'number' ? [{ business_id: output.business_id, version: String(output.version), label: 'overview.html' }] : [];

/** A version's overview page: every part, linked to its own page. */
export const businessOverviewResource = defineResource<'business_id' | 'version'>({
  name: 'business_overview',
  title: 'Business box overview (HTML)',
  description: 'The overview page of a business box version: each part with its id and a link to its own page, and the offer ladder.',
  uriTemplate: 'agent-outcomes://business/{business_id}/versions/{version}/overview.html',
  mimeType: 'text/html',
  scope: 'business:read',
  ttlMs: 0,
  async read({ business_id, version }, ctx) {
    const missing = new OutcomeError('not_found', `No business box ${quote(business_id)} version ${quote(version)} exists for this account.`);
    if (!idOf.test(business_id) || !/^[1-9]\d{0,8}$/.test(version)) throw missing;
    const row = await readVersion(ctx.store, business_id, ctx.caller.accountId, Number(version));
    if (!row) throw missing;
    return { mimeType: 'text/html', text: overviewOf(ctx.baseUrl, row).html };
  },
  linkedFrom: { [build.name]: overviewLinks, [revise.name]: overviewLinks, [get.name]: overviewLinks },
});

export const businessResources = [businessOverviewResource];
