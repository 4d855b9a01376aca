import type { DashboardRecent } from '../../src/kernel/dashboard.js';
import { latestPerId } from '../../src/kernel/latest.js';
import { contentDb } from './tables.js';

/** The account's latest content packs on the dashboard. */
export const recentPacks: DashboardRecent = {
  title: 'Content packs',
  async list({ store, accountId, limit }) {
    const rows = await contentDb(store)
      .selectFrom('content_packs')
      .select(['id', 'version', 'content', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit * 5)
      .execute();
    return latestPerId(rows, limit).map((row) => {
      const content = JSON.parse(row.content) as { topic?: string };
      return { id: row.id, title: content.topic || row.id, status: `version ${row.version}`, created_at: row.created_at, links: [] };
    });
  },
};
