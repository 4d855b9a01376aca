import { defineTool } from '../../src/kernel/tool.js';
import { generateWidget } from './engine.js';
import { generateInputSchema, widgetOutputSchema } from './schema.js';
import { widgetSummary } from './summary.js';

export default defineTool({
  name: 'widget_generate',
  title: 'Generate a landing page or widget',
  description:
    'Builds a landing page or widget from a prompt: sections, a self-contained HTML page, an embed snippet, a preview URL. ' +
    "It states only the prompt's facts (meta.facts); your own words go in content. " +
    'Forms post here (widget_submissions). Change it with widget_revise.',
  route: { method: 'POST', path: '/widgets/generate' },
  scope: 'widgets:write',
  cost: 1,
  effect: 'write',
  view: 'page',
  input: generateInputSchema,
  output: widgetOutputSchema,
  async run(input, ctx) {
    const widget = await generateWidget(ctx, input);
    return {
      ...widget,
      next_actions: [
        ctx.nextAction(
          'widget_revise',
          { widget_id: widget.widget_id, instructions: 'make the button green; add a FAQ section' },
          'Change it in words or with operations; each revision is a new version.',
        ),
        ...(widget.meta.form ? [ctx.nextAction('widget_submissions', { widget_id: widget.widget_id }, 'Read what visitors sent through its form (also as CSV).')] : []),
      ],
    };
  },
  summarize: widgetSummary,
});
