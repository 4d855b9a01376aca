import { defineTool } from '../../src/kernel/tool.js';
import { generateWidget } from './engine.js';
import { generateInputSchema, widgetKinds, widgetOutputSchema } from './schema.js';
import { widgetSummary } from './summary.js';

export default defineTool({
  name: 'widget_generate',
  title: 'Generate a landing page or widget',
  description:
    `Builds a working landing page or widget from a prompt ("a waitlist widget for our app launch", "a landing page for my dog grooming business in Austin") ` +
    `and returns its structured sections, a self-contained HTML document, an embed snippet (style-isolated) and a preview URL. Kinds: ${widgetKinds.join(', ')} ` +
    '(inferred from the prompt when absent). Waitlist, newsletter, contact, booking, lead-capture and landing pages get a real form that posts to this ' +
    'service; read what people send with widget_submissions. Pass `brand` (name, colours, font, logo_url, tone) and `content` for exact words; ' +
    'colours that fail WCAG AA contrast are adjusted and listed in meta.adjustments. Revise it in words or operations with widget_revise.',
  route: { method: 'POST', path: '/widgets/generate' },
  scope: 'widgets:write',
  cost: 1,
  effect: 'write',
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
