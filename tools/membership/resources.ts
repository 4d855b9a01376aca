import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { membershipIds } from './ids.js';
import { requireMembership, siteOf, type MembershipDocument } from './engine.js';
import { offlinePages } from './site.js';
import { membershipDb } from './tables.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const idOf = idPattern(membershipIds.membership);

/** The pages a tool's result lists: one resource each. */
const pageLinks = (output: Record<string, unknown>) => {
  const site = output.site as { pages?: Array<{ page: string }> } | undefined;
  if (typeof output.membership_id !== 'string' || typeof output.version !== 'number' || !site?.pages) return [];
  return site.pages.map((page) => ({ membership_id: output.membership_id as string, version: String(output.version), page: page.page, label: `${page.page}.html` }));
};

export const membershipPageResource = defineResource<'membership_id' | 'version' | 'page'>({
  name: 'membership_page',
  title: 'Membership site page (HTML)',
  description: 'One page of a membership version as in its downloadable site: "index" or a lesson id (every lesson shown, as offline).',
  uriTemplate: 'agent-outcomes://memberships/{membership_id}/versions/{version}/pages/{page}.html',
  mimeType: 'text/html',
  scope: 'membership:read',
  async read({ membership_id, version, page }, ctx) {
    if (!idOf.test(membership_id)) throw new OutcomeError('not_found', `No membership ${quote(membership_id)} exists for this account.`);
    await requireMembership(ctx.store, ctx.caller.accountId, membership_id);
    const row = /^[1-9]\d{0,8}$/.test(version)
      ? await membershipDb(ctx.store)
          .selectFrom('memberships')
          .select('document')
          .where('id', '=', membership_id)
          .where('account_id', '=', ctx.caller.accountId)
          .where('version', '=', Number(version))
          .executeTakeFirst()
      : undefined;
    if (!row) throw new OutcomeError('not_found', `Membership ${membership_id} has no version ${quote(version)}.`);
    const { spec } = await siteOf(ctx.store, ctx.baseUrl, membership_id, JSON.parse(row.document) as MembershipDocument);
    const found = offlinePages(spec).find((candidate) => candidate.page === page);
    if (!found) throw new OutcomeError('not_found', `Membership ${membership_id} has no page ${quote(page)}; pages are "index" and lesson ids such as "m1-l1".`);
    return { mimeType: 'text/html', text: found.html };
  },
  linkedFrom: { [build.name]: pageLinks, [revise.name]: pageLinks, [get.name]: pageLinks },
});

export const membershipResources = [membershipPageResource];
