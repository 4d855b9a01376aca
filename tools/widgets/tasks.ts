import { defineTask, sized } from '../../src/kernel/task.js';
import { briefOf, loadBriefs } from '../../src/compose/load.js';
import { inferKind, writeTemplateCopy } from './template-copy.js';
import { renderWidget } from './render.js';
import type { WidgetDraft } from './operations.js';
import type { Brand, ContentOverrides, WidgetKind } from './schema.js';

/** What the prompt says and the template's copy for it: brief extraction (NLP) is the costly part. */
export const prepareWidgetTask = defineTask({
  name: 'widgets.prepare',
  load: loadBriefs,
  async run({ prompt, kind, brand, supplied, now }: { prompt: string; kind: WidgetKind | undefined; brand: Brand; supplied: ContentOverrides; now: string }) {
    const brief = await briefOf(prompt);
    const resolvedKind = kind ?? inferKind(prompt);
    const toned: Brand = { ...brand, ...(brand.tone ? {} : brief.tone[0] ? { tone: brief.tone.join(' ') } : {}) };
    const template = writeTemplateCopy({ kind: resolvedKind, brief, brand: toned, now: new Date(now), supplied });
    return { brief, kind: resolvedKind, brand: toned, template };
  },
  describe: ({ prompt }) => sized('prompt', prompt.length),
});

/** The page and its embed from a version's sections and theme. */
export const renderWidgetTask = defineTask({
  name: 'widgets.render',
  run: ({ draft, widgetId, version, baseUrl }: { draft: WidgetDraft; widgetId: string; version: number; baseUrl: string }) => renderWidget(draft, widgetId, version, baseUrl),
  describe: ({ draft }) => `the page's ${draft.sections.length} sections`,
});
