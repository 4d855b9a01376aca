/**
 * The parts other outcomes make, each through its own tool (`ctx.runTool`: the same engine, checks and
 * storage as a direct call; never HTTP, never a copy of their code). Each part keeps its own id and is
 * read and revised by its own tools; the box holds the ids and what each part is for.
 */
import type { ToolContext } from '../../src/kernel/context.js';
import type { Brand } from '../../src/render/brand.js';
import { partLabels, type Part } from './kinds.js';
import type { BusinessKind, Component, FocusArea, PricePoint } from './schema.js';

/** What every part is built from: the caller's own words and prices, nothing else. */
export interface Brief {
  kind: BusinessKind;
  prompt: string;
  brand: Brand | undefined;
  pricePoints: readonly PricePoint[];
  /** The membership's course as the caller sent it (membership_build checks it). */
  course?: Record<string, unknown>;
  execute: boolean;
  generator: string;
}

/** Each part's focus areas: a revision with one of them goes through that part's own revise tool. */
export const partFocus: Record<Part | 'landing_page' | 'content_pack', readonly FocusArea[]> = {
  landing_page: ['marketing'],
  membership: ['pricing', 'retention', 'onboarding'],
  storefront: ['pricing', 'sales'],
  booking_widget: ['sales', 'onboarding'],
  quote_widget: ['sales'],
  outreach: ['sales', 'growth'],
  content_pack: ['content', 'marketing'],
};

const recurring = (point: PricePoint) => point.interval === 'month' || point.interval === 'year';

const withBrand = (brief: Brief) => (brief.brand ? { brand: brief.brand } : {});

/** The tool and input that make a part. */
export function partCall(part: Part | 'landing_page', brief: Brief): { tool: string; input: Record<string, unknown> } {
  const { prompt, pricePoints, execute, generator } = brief;
  switch (part) {
    case 'landing_page':
      return { tool: 'widget_generate', input: { prompt, kind: 'landing', generator, ...withBrand(brief) } };
    case 'booking_widget':
      return { tool: 'widget_generate', input: { prompt, kind: 'booking', generator, ...withBrand(brief) } };
    case 'quote_widget':
      return { tool: 'widget_generate', input: { prompt, kind: 'lead_capture', generator, ...withBrand(brief) } };
    case 'membership': {
      // Tiers only from the caller's recurring prices, in one currency: a free tier otherwise.
      const paid = pricePoints.filter(recurring);
      const currency = paid[0]?.currency;
      const tiers = paid.filter((point) => point.currency === currency).map((point) => ({ name: point.name, interval: point.interval, price: point.price }));
      return { tool: 'membership_build', input: { prompt, execute, generator, ...withBrand(brief), ...(brief.course ? { course: brief.course } : {}), ...(tiers.length ? { tiers, currency } : {}) } };
    }
    case 'storefront': {
      const products = pricePoints.map((point) => ({ name: point.name, price: point.price, currency: point.currency, ...(point.description ? { description: point.description } : {}) }));
      return { tool: 'storefront_build', input: { prompt, execute, generator, ...withBrand(brief), ...(products.length ? { products } : {}) } };
    }
    case 'outreach':
      return { tool: 'outreach_build', input: { prompt } };
  }
}

/** The id, version and preview URL a tool's result names. */
export function componentOf(component: string, tool: string, output: Record<string, unknown>, resources: string[], focus: readonly FocusArea[], summary: string): Component {
  const idKey = Object.keys(output).find((key) => key.endsWith('_id') && typeof output[key] === 'string');
  const site = output.site as { preview_url?: unknown } | undefined;
  const url = typeof output.preview_url === 'string' ? output.preview_url : typeof site?.preview_url === 'string' ? site.preview_url : null;
  return { component, tool, id: idKey ? (output[idKey] as string) : null, version: typeof output.version === 'number' ? output.version : null, url, resources, focus_areas: [...focus], summary };
}

export async function buildPart(ctx: ToolContext, part: Part | 'landing_page', brief: Brief): Promise<Component> {
  const { tool, input } = partCall(part, brief);
  const output = await ctx.runTool(tool, input);
  const label = part === 'landing_page' ? 'Landing page' : partLabels[part];
  return componentOf(part, tool, output, ctx.resourcesOf(tool, output), partFocus[part], `${label}, made by ${tool}.`);
}

/** A content pack for one entry of the content plan: the topic, then the caller's own words it must keep. */
export async function buildPack(ctx: ToolContext, brief: Brief, index: number, topic: string, channel: string): Promise<Component> {
  const prompt = `${topic}. ${brief.prompt}`.slice(0, 2000);
  const output = await ctx.runTool('content_repurpose', { prompt, channels: [channel], generator: brief.generator, ...(brief.brand?.name ? { brand: brief.brand.name } : {}) });
  return componentOf(
    `content_pack_${index}`,
    'content_repurpose',
    output,
    ctx.resourcesOf('content_repurpose', output),
    partFocus.content_pack,
    `Content pack for “${topic}” (${channel}), made by content_repurpose.`,
  );
}
