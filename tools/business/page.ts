/**
 * The overview page of a business box: what it is, each part with a link to its own page, the offer
 * ladder. Drawn with the shared page renderer and its sections (same CSP, escaping and size budget as
 * every generated page); served at /b/:businessId and returned as the tools' `overview.html`.
 */
import { themeOf } from '../../src/render/brand.js';
import { checkPageSize, renderDocument, type RenderedPage } from '../../src/render/page.js';
import type { Section } from '../../src/render/sections.js';
import { resolveTheme } from '../../src/render/theme.js';
import { kindProfiles } from './kinds.js';
import type { BusinessKind, BusinessOutput, Component } from './schema.js';
import type { Brand } from '../../src/render/brand.js';

export interface OverviewSpec {
  kind: BusinessKind;
  summary: string;
  name: string | null;
  brand: Brand | undefined;
  components: readonly Component[];
  ladder: BusinessOutput['offer_ladder'];
  url: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function overviewPage(spec: OverviewSpec): RenderedPage & { bytes: number } {
  const title = spec.name ?? kindProfiles[spec.kind].label;
  const linked = spec.components.filter((component) => component.url);
  const sections: Section[] = [
    { id: 'header', type: 'header', props: { brand: clip(title, 80), links: [] } },
    { id: 'hero', type: 'hero', props: { eyebrow: `${kindProfiles[spec.kind].label} · business in a box`, headline: clip(title, 120), subheadline: clip(spec.summary, 300) } },
    {
      id: 'parts',
      type: 'features',
      props: {
        heading: 'What this business runs on',
        items: spec.components
          .slice(0, 9)
          .map((component) => ({ title: clip(component.component.replace(/_/g, ' '), 80), text: clip(`${component.summary}${component.id ? ` Id: ${component.id}.` : ''}`, 300) })),
      },
    },
    ...(spec.ladder.length
      ? [
          {
            id: 'offers',
            type: 'offerings' as const,
            props: {
              heading: 'Offer ladder',
              items: spec.ladder.map((rung) => ({
                name: clip(rung.name, 80),
                price: clip(rung.price, 40),
                unit: rung.interval === 'one_time' ? undefined : clip(`per ${rung.interval}`, 30),
                description: rung.description ? clip(rung.description, 300) : undefined,
              })),
            },
          },
        ]
      : []),
    {
      id: 'footer',
      type: 'footer',
      props: {
        text: 'Each part has its own page and its own tools: open it below.',
        links: linked.slice(0, 8).map((component) => ({ text: clip(component.component.replace(/_/g, ' '), 60), url: component.url as string })),
      },
    },
  ];
  const rendered = renderDocument({
    title: clip(`${title}: business overview`, 120),
    description: clip(spec.summary, 300),
    lang: 'en',
    theme: resolveTheme(themeOf(spec.brand ?? {})).theme,
    sections,
    formAction: () => spec.url,
  });
  const bytes = checkPageSize(rendered.html, 'The business overview page', 'Use a shorter prompt or fewer price points.');
  return { ...rendered, bytes };
}
