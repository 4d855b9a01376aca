import type { DashboardRecent } from '../../src/kernel/dashboard.js';
import { previewPayload, type WidgetDocument } from './engine.js';
import { widgetDb } from './tables.js';
import { latestPerId } from '../../src/kernel/latest.js';

/** The account's latest pages on the dashboard, each with its signed preview. */
export const recentPages: DashboardRecent = {
  title: 'Pages',
  async list({ store, files, baseUrl, accountId, limit }) {
    const rows = await widgetDb(store)
      .selectFrom('widgets')
      .select(['id', 'version', 'kind', 'document', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit * 5)
      .execute();
    return Promise.all(
      latestPerId(rows, limit).map(async (row) => {
        const document = JSON.parse(row.document) as WidgetDocument;
        const signature = await files.sign(previewPayload(row.id, row.version));
        return {
          id: row.id,
          title: document.draft.title || row.id,
          status: `${row.kind}, version ${row.version}`,
          created_at: row.created_at,
          links: [{ label: 'Preview', url: `${baseUrl}/p/${row.id}?v=${row.version}&sig=${signature}` }],
        };
      }),
    );
  },
};
