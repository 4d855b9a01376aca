import { defineTask, sized } from '../../src/kernel/task.js';
import { briefOf, loadBriefs } from '../../src/compose/load.js';
import { extractFacts } from '../../src/compose/facts-extract.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor } from '../../src/compose/frames/index.js';
import { inferKind, writeTemplateCopy } from './template-copy.js';
import { renderWidget } from './render.js';
import type { WidgetDraft } from './operations.js';
import type { Brand, ContentOverrides, WidgetKind } from './schema.js';

/**
 * What the prompt says (its facts, and the brief's colours and tone) and the template's copy for it, in the page's
 * language: `content.lang`, else the prompt's. Brief extraction (NLP) is the costly part.
 */
export const prepareWidgetTask = defineTask({
  name: 'widgets.prepare',
  load: loadBriefs,
  async run({ prompt, kind, brand, supplied, now }: { prompt: string; kind: WidgetKind | undefined; brand: Brand; supplied: ContentOverrides; now: string }) {
    const brief = await briefOf(prompt);
    const facts = extractFacts(prompt, { referenceDate: now.slice(0, 10) });
    const lang = supplied.lang ?? facts.lang;
    const frames = framesFor(lang);
    const resolvedKind = kind ?? inferKind(prompt);
    const toned: Brand = { ...brand, ...(brand.tone ? {} : brief.tone[0] ? { tone: brief.tone.join(' ') } : {}) };
    const template = writeTemplateCopy({ kind: resolvedKind, facts, brief, brand: toned, frames: frames ?? en, now: new Date(now), supplied });
    return { brief, facts, lang, framed: frames !== null, kind: resolvedKind, brand: toned, template };
  },
  describe: ({ prompt }) => sized('prompt', prompt.length),
});

/** The page and its embed from a version's sections and theme. */
export const renderWidgetTask = defineTask({
  name: 'widgets.render',
  run: ({ draft, widgetId, version, baseUrl }: { draft: WidgetDraft; widgetId: string; version: number; baseUrl: string }) => renderWidget(draft, widgetId, version, baseUrl),
  describe: ({ draft }) => `the page's ${draft.sections.length} sections`,
});
