import type { WidgetOutput } from './schema.js';

export function widgetSummary(widget: Omit<WidgetOutput, 'next_actions'>): string {
  const sections = widget.sections.map((section) => section.type).join(', ');
  const notes = [...widget.meta.adjustments, ...widget.meta.warnings];
  return (
    `Widget ${widget.widget_id} v${widget.version} (${widget.kind}, ${widget.meta.generator}): "${widget.meta.title}", sections ${sections}; ` +
    `${Math.round(widget.meta.bytes.html / 102.4) / 10} KB of HTML. Preview: ${widget.preview_url}` +
    `${widget.meta.form ? ` Form posts to ${widget.meta.form.action} (fields ${widget.meta.form.fields.join(', ')}).` : ''}${notes.length ? ` Notes: ${notes.join(' ')}` : ''}`
  );
}
