import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readWidget } from './engine.js';
import { widgetIdSchema, widgetReadOutputSchema } from './schema.js';
import { widgetSummary } from './summary.js';

export default defineTool({
  name: 'widget_get',
  title: 'Get a landing page or widget',
  description: 'Returns a widget at its latest version, or at `version` N, with its HTML, embed, preview URL and the list of versions (what each revision changed).',
  route: { method: 'GET', path: '/widgets/:widgetId' },
  scope: 'widgets:read',
  cost: 0,
  effect: 'read',
  view: 'page',
  input: z.object({
    widget_id: widgetIdSchema,
    version: z.coerce.number().int().min(1).optional().describe('Default: the latest.'),
  }),
  output: widgetReadOutputSchema.extend({
    versions: z.array(z.object({ version: z.number().int(), created_at: z.iso.datetime(), applied: z.array(z.string()), unapplied: z.array(z.string()) })),
  }),
  async run({ widget_id, version }, ctx) {
    return { ...(await readWidget(ctx, widget_id, version)), next_actions: [] };
  },
  summarize: (widget) => `${widgetSummary(widget)} Versions: ${widget.versions.length}.`,
});
