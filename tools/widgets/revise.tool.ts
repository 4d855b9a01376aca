import { defineTool } from '../../src/kernel/tool.js';
import { revisionReportShape } from '../../src/kernel/revision.js';
import { reviseWidget } from './engine.js';
import { reviseInputSchema, widgetReadOutputSchema } from './schema.js';
import { widgetSummary } from './summary.js';

export default defineTool({
  name: 'widget_revise',
  title: 'Revise a landing page or widget',
  description:
    'Changes a widget and returns its new version (none, and no charge, when nothing changed: `changed: false`). Give one of: `instructions` in words ("make the button green", "add a FAQ section", ' +
    '"move the FAQ above the pricing"), `operations`, or `revert_to: N` (restores version N as a new one). `applied` and `unapplied` ' +
    "say what was done and what was not, and why (free-form rewrites and translations need a model: the client's through sampling, or LLM_BASE_URL).",
  route: { method: 'POST', path: '/widgets/revise' },
  scope: 'widgets:write',
  cost: 1,
  effect: 'write',
  view: 'page',
  input: reviseInputSchema,
  output: widgetReadOutputSchema.extend(revisionReportShape),
  async run(input, ctx) {
    const widget = await reviseWidget(ctx, input);
    return {
      ...widget,
      next_actions: widget.changed
        ? [
            ctx.nextAction('widget_get', { widget_id: widget.widget_id, version: widget.version - 1 }, 'Compare with the previous version.'),
            ctx.nextAction('widget_revise', { widget_id: widget.widget_id, revert_to: widget.version - 1 }, 'Undo this revision (restores the previous version as a new one).'),
          ]
        : [ctx.nextAction('widget_get', { widget_id: widget.widget_id }, 'Nothing changed (`unapplied` says why): read the page, then revise with operations that change it.')],
    };
  },
  summarize: (widget) =>
    `${widgetSummary(widget)} ${widget.changed ? `Applied: ${widget.applied.join('; ')}.` : 'Nothing changed: no new version, not charged.'}${widget.unapplied.length ? ` Not applied: ${widget.unapplied.join('; ')}.` : ''}`,
});
