import { z } from 'zod';
import { widgetDb } from './tables.js';
import { widgetIds } from './ids.js';
import { defineTool } from '../../src/kernel/tool.js';
import { idPattern } from '../../src/kernel/ids.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { listSubmissions, submissionSchema, submissionsCsv } from './submissions.js';
import { widgetIdSchema } from './schema.js';

export default defineTool({
  name: 'widget_submissions',
  title: "Read a widget's form submissions",
  description:
    "What visitors sent through a widget's form, oldest first, `limit` at a time (pass `next_cursor` as `cursor` for more). " +
    '`format: "csv"` adds the page as CSV text (a column per field; cells a spreadsheet would run as formulas are escaped).',
  route: { method: 'GET', path: '/widgets/:widgetId/submissions' },
  scope: 'widgets:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    widget_id: widgetIdSchema,
    format: z.enum(['json', 'csv']).default('json'),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    cursor: z.string().regex(idPattern(widgetIds.submission), 'must be a next_cursor from an earlier page').optional(),
  }),
  output: z.object({
    widget_id: z.string(),
    total: z.number().int().describe('All submissions of this widget.'),
    submissions: z.array(submissionSchema),
    next_cursor: z.string().nullable(),
    csv: z.string().nullable().describe('This page as CSV when format is "csv".'),
  }),
  async run(input, ctx) {
    const exists = await widgetDb(ctx.store).selectFrom('widgets').select('id').where('id', '=', input.widget_id).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
    if (!exists) throw new OutcomeError('not_found', `No widget ${input.widget_id} exists for this account.`);
    const page = await listSubmissions(ctx.store, ctx.caller.accountId, input);
    return {
      widget_id: input.widget_id,
      ...page,
      csv: input.format === 'csv' ? await submissionsCsv(page.submissions) : null,
      next_actions: page.next_cursor
        ? [ctx.nextAction('widget_submissions', { widget_id: input.widget_id, cursor: page.next_cursor, format: input.format, limit: input.limit }, 'Read the next page.')]
        : [],
    };
  },
  summarize: (page) => `${page.total} submission(s) for ${page.widget_id}; ${page.submissions.length} in this page${page.next_cursor ? ', more after next_cursor' : ''}.`,
});
