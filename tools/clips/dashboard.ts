import type { DashboardRecent } from '../../src/kernel/dashboard.js';
import { clipsDb } from './tables.js';

/** The account's latest clip plans on the dashboard. */
export const recentClipPlans: DashboardRecent = {
  title: 'Clip plans',
  async list({ store, accountId, limit }) {
    const rows = await clipsDb(store).selectFrom('clip_plans').select(['id', 'plan', 'created_at']).where('account_id', '=', accountId).orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => {
      const plan = JSON.parse(row.plan) as { source?: { title?: string | null }; clips?: unknown[] };
      const clips = plan.clips?.length ?? 0;
      return { id: row.id, title: plan.source?.title || row.id, status: `${clips} clip${clips === 1 ? '' : 's'}`, created_at: row.created_at, links: [] };
    });
  },
};
