import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { reviseWidget } from './engine.js';
import { reviseInputSchema, widgetOutputSchema } from './schema.js';
import { widgetSummary } from './summary.js';

export default defineTool({
  name: 'widget_revise',
  title: 'Revise a landing page or widget',
  description:
    'Changes a widget and returns it as a new version. Send `instructions` in words ("make the button green", "change the headline to \'Ship faster\'", ' +
    '"add a FAQ section", "remove the testimonials", "darker and more minimal", "move the FAQ above the pricing"), or `operations` ' +
    '(set_text, set_theme, add_section, remove_section, move_section, set_cta, set_props, set_meta), or `revert_to: N` to restore version N as a new version. ' +
    "`applied` lists what was done and `unapplied` what could not be, and why (free-form rewrites and translations need a model: the MCP client's through sampling, or LLM_BASE_URL).",
  route: { method: 'POST', path: '/widgets/revise' },
  scope: 'widgets:write',
  cost: 1,
  effect: 'write',
  input: reviseInputSchema,
  output: widgetOutputSchema.extend({
    applied: z.array(z.string()).describe('The changes made, in order.'),
    unapplied: z.array(z.string()).describe('What could not be done, and why.'),
  }),
  async run(input, ctx) {
    const widget = await reviseWidget(ctx, input);
    return {
      ...widget,
      next_actions: [
        ctx.nextAction('widget_get', { widget_id: widget.widget_id, version: widget.version - 1 }, 'Compare with the previous version.'),
        ctx.nextAction('widget_revise', { widget_id: widget.widget_id, revert_to: widget.version - 1 }, 'Undo this revision (restores the previous version as a new one).'),
      ],
    };
  },
  summarize: (widget) => `${widgetSummary(widget)} Applied: ${widget.applied.join('; ') || 'nothing'}.${widget.unapplied.length ? ` Not applied: ${widget.unapplied.join('; ')}.` : ''}`,
});
