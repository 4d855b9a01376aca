import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { widgetIds } from './ids.js';
import { pageOf, requireWidget } from './engine.js';
import { recentSubmissions, submissionsCsv } from './submissions.js';
import generate from './generate.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import submissions from './submissions.tool.js';

/** How many submissions an export holds: the most recent; older ones are paged with widget_submissions. */
export const exportCap = 10_000;

const widgetIdPattern = idPattern(widgetIds.widget);

function checkedWidgetId(widgetId: string): string {
  // A malformed id names no widget; refused before any query.
  if (!widgetIdPattern.test(widgetId)) throw new OutcomeError('not_found', `No widget ${quote(widgetId)} exists for this account.`);
  return widgetId;
}

/** The page a tool returned: one per widget version it shows. */
const pageLinkOf = (output: Record<string, unknown>) =>
  typeof output.widget_id === 'string' && typeof output.version === 'number' && typeof output.kind === 'string'
    ? [{ widget_id: output.widget_id, version: String(output.version), label: `${output.kind}-v${output.version}.html` }]
    : [];

export const widgetPageResource = defineResource<'widget_id' | 'version'>({
  name: 'widget_page',
  title: 'Widget page (HTML)',
  description: "One version of a landing page or widget as a complete, self-contained HTML document: the same page as the tools' `html` and the preview link.",
  uriTemplate: 'agent-outcomes://widgets/{widget_id}/versions/{version}/page.html',
  mimeType: 'text/html',
  scope: 'widgets:read',
  async read({ widget_id, version }, ctx) {
    const id = checkedWidgetId(widget_id);
    if (!/^[1-9]\d{0,8}$/.test(version)) throw new OutcomeError('not_found', `Widget ${id} has no version ${quote(version)}; versions are numbered from 1.`);
    return { mimeType: 'text/html', text: await pageOf(ctx, ctx.caller.accountId, id, Number(version)) };
  },
  linkedFrom: { [generate.name]: pageLinkOf, [revise.name]: pageLinkOf, [get.name]: pageLinkOf },
});

export const widgetSubmissionsResource = defineResource<'widget_id'>({
  name: 'widget_submissions_csv',
  title: 'Form submissions (CSV)',
  description:
    `What visitors sent through a widget's forms, one row per submission (oldest first) and one column per field; at most the ${exportCap.toLocaleString('en-US')} most recent ` +
    'submissions (page through widget_submissions for older ones). Cells a spreadsheet would run as formulas are escaped.',
  uriTemplate: 'agent-outcomes://widgets/{widget_id}/submissions.csv',
  mimeType: 'text/csv',
  scope: 'widgets:read',
  async read({ widget_id }, ctx) {
    const id = checkedWidgetId(widget_id);
    await requireWidget(ctx.store, ctx.caller.accountId, id);
    return { mimeType: 'text/csv', text: await submissionsCsv(await recentSubmissions(ctx.store, ctx.caller.accountId, id, exportCap)) };
  },
  linkedFrom: {
    // Only once there is something to export.
    [submissions.name]: (output) =>
      typeof output.widget_id === 'string' && typeof output.total === 'number' && output.total > 0 ? [{ widget_id: output.widget_id, label: `${output.widget_id}-submissions.csv` }] : [],
  },
});

export const widgetResources = [widgetPageResource, widgetSubmissionsResource];
