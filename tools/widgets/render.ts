import { checkPageSize, renderDocument, renderEmbed } from '../../src/render/page.js';
import { resolveTheme, type Theme } from '../../src/render/theme.js';
import type { WidgetDraft } from './operations.js';

export interface RenderedWidget {
  html: string;
  embed: string;
  csp: string;
  theme: Theme;
  adjustments: string[];
  bytes: { html: number; embed: number };
}

/** Where a widget's form section posts: this service, with the version and section it belongs to. */
export const formActionOf = (baseUrl: string, widgetId: string, version: number) => (sectionId: string) => `${baseUrl}/f/${widgetId}?v=${version}&s=${sectionId}`;

/** The page, the embed and the preview's CSP of one widget version; refused beyond the size budget. */
export function renderWidget(draft: WidgetDraft, widgetId: string, version: number, baseUrl: string): RenderedWidget {
  const { theme, adjustments } = resolveTheme(draft.theme);
  const spec = { title: draft.title, description: draft.description, lang: draft.lang, theme, sections: draft.sections, formAction: formActionOf(baseUrl, widgetId, version) };
  const { html, csp } = renderDocument(spec);
  const embed = renderEmbed(spec, `ao-${widgetId}`);
  const bytes = { html: checkPageSize(html, 'The page', 'Use fewer or shorter sections (FAQ answers, features, testimonials).'), embed: Buffer.byteLength(embed) };
  return { html, embed, csp, theme, adjustments, bytes };
}
