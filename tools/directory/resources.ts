import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { directoryIds } from './ids.js';
import { readVersion } from './engine.js';
import { indexView, specOf } from './pages.js';
import { placementsOf } from './placements.js';
import { indexPage, listingPage } from './site.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const idOf = idPattern(directoryIds.directory);

const pageLinks = (output: Record<string, unknown>) =>
  typeof output.directory_id === 'string' && typeof output.version === 'number' ? [{ directory_id: output.directory_id, version: String(output.version), page: 'index', label: 'index.html' }] : [];

/** One page of a version as hosted: "index" (every listing, no query) or a listing id. */
export const directoryPageResource = defineResource<'directory_id' | 'version' | 'page'>({
  name: 'directory_page',
  title: 'Directory page (HTML)',
  description: 'One page of a directory version as hosted: "index" (the search page) or a listing id (its page), with placements as they are now.',
  uriTemplate: 'agent-outcomes://directories/{directory_id}/versions/{version}/pages/{page}.html',
  mimeType: 'text/html',
  scope: 'directory:read',
  ttlMs: 0,
  async read({ directory_id, version, page }, ctx) {
    const missing = new OutcomeError('not_found', `No directory ${quote(directory_id)} version ${quote(version)} exists for this account.`);
    if (!idOf.test(directory_id) || !/^[1-9]\d{0,8}$/.test(version)) throw missing;
    const row = await readVersion(ctx.store, directory_id, ctx.caller.accountId, Number(version));
    if (!row) throw missing;
    const placements = await placementsOf(ctx.store, row.id);
    const spec = specOf(row, ctx.baseUrl, placements);
    if (page === 'index') return { mimeType: 'text/html', text: indexPage(spec, 'hosted', indexView(row, { q: '', filters: {} }, placements)).html };
    const listing = row.document.listings.find((entry) => entry.listing_id === page);
    if (!listing) throw new OutcomeError('not_found', `Directory ${directory_id} version ${version} has no page ${quote(page)}; pages are "index" and listing ids.`);
    return { mimeType: 'text/html', text: listingPage(spec, 'hosted', listing).html };
  },
  linkedFrom: { [build.name]: pageLinks, [revise.name]: pageLinks, [get.name]: pageLinks },
});

export const directoryResources = [directoryPageResource];
