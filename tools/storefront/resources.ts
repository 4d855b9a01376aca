import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { storefrontIds } from './ids.js';
import { pageInputOf, publicVersion } from './engine.js';
import { renderStorefront } from './page.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const storefrontIdPattern = idPattern(storefrontIds.storefront);

const pageLinkOf = (output: Record<string, unknown>) =>
  typeof output.storefront_id === 'string' && typeof output.version === 'number'
    ? [{ storefront_id: output.storefront_id, version: String(output.version), label: `storefront-v${output.version}.html` }]
    : [];

/** One version's page, rendered again from the stored version: the tools' `html`, with the stock as it is now. */
export const storefrontPageResource = defineResource<'storefront_id' | 'version'>({
  name: 'storefront_page',
  title: 'Storefront page (HTML)',
  description: 'One version of a storefront as a complete, self-contained HTML page, as the hosted page shows it.',
  uriTemplate: 'agent-outcomes://storefronts/{storefront_id}/versions/{version}/page.html',
  mimeType: 'text/html',
  scope: 'storefront:read',
  async read({ storefront_id, version }, ctx) {
    const missing = new OutcomeError('not_found', `No storefront ${quote(storefront_id)} version ${quote(version)} exists for this account.`);
    if (!storefrontIdPattern.test(storefront_id) || !/^[1-9]\d{0,8}$/.test(version)) throw missing;
    const found = await publicVersion(ctx.store, storefront_id, Number(version));
    if (!found || found.row.account_id !== ctx.caller.accountId) throw missing;
    return { mimeType: 'text/html', text: renderStorefront(pageInputOf(found.row, found.catalog, found.steps, found.stock, ctx.baseUrl)).html };
  },
  linkedFrom: { [build.name]: pageLinkOf, [revise.name]: pageLinkOf, [get.name]: pageLinkOf },
});

export const storefrontResources = [storefrontPageResource];
