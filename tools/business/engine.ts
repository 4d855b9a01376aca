/**
 * Business boxes: a version is the parts other outcomes made (their ids), the parts held here
 * (positioning, offer ladder, operations, content plan, KPIs, launch plan) and what changed. A build
 * makes every part or saves nothing; a revision changes only the parts of its focus areas, each
 * through its own tool's revise path, and says what changed in each.
 */
import { extractFacts } from '../../src/compose/facts-extract.js';
import type { FactSheet } from '../../src/compose/facts.js';
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { OneAtATime } from '../../src/kernel/one-at-a-time.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { buildPack, buildPart, type Brief } from './compose.js';
import { businessIds } from './ids.js';
import { inferKind, kindProfiles, type Part } from './kinds.js';
import { overviewPage } from './page.js';
import { checkTargets, contentPlanOf, invoiceTemplatesOf, kpisOf, launchPlanOf, offerLadderOf, operationsOf, positioningOf, pricePointsOf } from './plan.js';
import type { BuildInput, BusinessKind, BusinessOutput, Component, FocusArea, PricePoint, ReviseInput } from './schema.js';
import { businessDb } from './tables.js';

type Changelog = Array<{ component: string; tool: string | null; id: string | null; from_version: number | null; to_version: number | null; changes: string[] }>;

/** What a version stores: enough to draw it and to revise it. */
interface BusinessDocument extends Omit<BusinessOutput, 'business_id' | 'version' | 'overview' | 'html'> {
  brief: Omit<Brief, 'pricePoints'> & { pricePoints: PricePoint[]; kpiTargets: Record<string, number> };
  focus_areas: FocusArea[];
  changelog: Changelog;
}

interface VersionRow {
  id: string;
  accountId: string;
  version: number;
  document: BusinessDocument;
  createdAt: string;
}

/** How many of the content plan's first posts get a pack at build: the first week's (Monday, Wednesday, Friday). */
const FIRST_WEEK_POSTS = 3;

const factsShown = (facts: FactSheet, place: string | null) => ({
  name: facts.business.name?.text ?? null,
  kind: facts.business.kind?.text ?? null,
  place,
  audience: facts.audience?.text ?? null,
  offerings: facts.offerings.map((offering) => ({ name: offering.name, price: offering.price?.text ?? null })),
  claims: facts.claims.map((claim) => claim.text),
});

const summaryOf = (kind: BusinessKind, name: string | null, place: string | null, components: readonly Component[]) =>
  `${name ?? `A ${kindProfiles[kind].label.toLowerCase()} business`}${place ? ` in ${place}` : ''}: ${kindProfiles[kind].label.toLowerCase()} box with ${components.length} parts made by their own tools (${components.map((component) => component.component.replace(/_/g, ' ')).join(', ')}).`;

/** A part that fails fails the build: nothing is saved as a box, and the parts made before it are named (they stay as standalone artifacts). */
function partFailed(label: string, error: unknown, built: readonly Component[]): never {
  if (!(error instanceof OutcomeError)) throw error;
  const kept = built.length
    ? ` The ${built.length} part(s) made before it stay as standalone artifacts, in no box: ${built.map((component) => `${component.component} ${component.id}`).join(', ')}.`
    : '';
  throw new OutcomeError(error.code, `${label} could not be made: ${error.message} No business box was saved.${kept}`, {
    details: { failed_component: label, cause: error.details ?? null, built: built.map(({ component, tool, id }) => ({ component, tool, id })) },
    hint: error.hint ?? 'Fix what the message names and call business_box_build again.',
  });
}

export async function buildBusiness(ctx: ToolContext, input: BuildInput): Promise<Omit<BusinessOutput, 'next_actions'>> {
  const kind = input.kind ?? inferKind(input.prompt);
  checkTargets(kind, input.kpi_targets);
  const profile = kindProfiles[kind];
  const now = ctx.now();
  const facts = extractFacts(input.prompt, { referenceDate: now.toISOString().slice(0, 10) });
  const pricePoints = pricePointsOf(input.price_points, facts);
  const brief: Brief = { kind, prompt: input.prompt, brand: input.brand, pricePoints, ...(input.course ? { course: input.course } : {}), execute: input.execute, generator: input.generator };
  const { positioning, missing } = positioningOf(input.prompt, facts, input.brand?.name);
  const plan = contentPlanOf(facts, positioning.name, kind, now);
  // The parts that refuse a prompt lacking what they need (lessons, products) go first: they fail before anything else is made.
  const order: Array<Part | 'landing_page'> = [
    ...profile.parts.filter((part) => part === 'membership' || part === 'storefront'),
    'landing_page',
    ...profile.parts.filter((part) => part !== 'membership' && part !== 'storefront'),
  ];
  const steps = order.length + FIRST_WEEK_POSTS;
  const components: Component[] = [];
  for (const part of order) {
    try {
      components.push(await buildPart(ctx, part, brief));
    } catch (error) {
      partFailed(part, error, components);
    }
    await ctx.progress(components.length / (steps + 1), `made ${part} (${components.at(-1)?.id})`);
  }
  for (const [index, entry] of plan.slice(0, FIRST_WEEK_POSTS).entries()) {
    try {
      const pack = await buildPack(ctx, brief, index + 1, entry.topic, entry.channel);
      components.push(pack);
      entry.pack_id = pack.id;
    } catch (error) {
      partFailed(`content_pack_${index + 1}`, error, components);
    }
    await ctx.progress(components.length / (steps + 1), `made content pack ${index + 1} of ${FIRST_WEEK_POSTS}`);
  }
  const place = input.location ?? facts.place?.text ?? null;
  const document: BusinessDocument = {
    kind,
    summary: summaryOf(kind, positioning.name, place, components),
    positioning,
    offer_ladder: offerLadderOf(pricePoints),
    components,
    // Agencies and local services bill per job: an invoice template per price.
    invoice_templates: profile.invoices ? invoiceTemplatesOf(pricePoints) : [],
    operations: operationsOf(kind, profile.parts),
    content_plan: plan,
    kpis: kpisOf(kind, input.kpi_targets),
    launch_plan: launchPlanOf(kind, profile.parts),
    meta: {
      facts: factsShown(facts, place),
      missing: [...missing, ...(pricePoints.length ? [] : ['offer_ladder: no prices were given; send price_points or state prices in the prompt ("1:1 coaching €150 per session")'])],
      warnings: [],
      generator: input.generator,
      created_at: now.toISOString(),
    },
    brief: { ...brief, pricePoints, kpiTargets: input.kpi_targets ?? {} },
    focus_areas: [],
    changelog: [],
  };
  const row = await save(ctx.store, { id: newId(businessIds.business), accountId: ctx.caller.accountId, version: 1, document, createdAt: now.toISOString() });
  await ctx.progress(1, `saved business box ${row.id}`);
  return present(ctx, row);
}

async function save(store: StoreHandle, row: VersionRow): Promise<VersionRow> {
  try {
    await businessDb(store)
      .insertInto('business_boxes')
      .values({ id: row.id, account_id: row.accountId, version: row.version, kind: row.document.kind, document: JSON.stringify(row.document), created_at: row.createdAt })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Business box ${row.id} got version ${row.version} from another revision meanwhile; read it with business_box_get and try again.`);
  }
  return row;
}

/** What a preview link signs: like a widget's, the overview is shown to whom its link is given, not listed. */
export const previewPayload = (id: string, version: number) => `business-preview.${id}.${version}`;

export function overviewOf(baseUrl: string, row: VersionRow) {
  const { document } = row;
  return overviewPage({
    kind: document.kind,
    summary: document.summary,
    name: document.positioning.name,
    brand: document.brief.brand,
    components: document.components,
    ladder: document.offer_ladder,
    url: `${baseUrl}/b/${row.id}`,
  });
}

export async function present(ctx: Pick<ToolContext, 'baseUrl' | 'files'>, row: VersionRow): Promise<Omit<BusinessOutput, 'next_actions'>> {
  const { brief: _brief, focus_areas: _focus, changelog: _changes, ...document } = row.document;
  const signature = await ctx.files.sign(previewPayload(row.id, row.version));
  return {
    business_id: row.id,
    version: row.version,
    ...document,
    html: overviewOf(ctx.baseUrl, row).html,
    overview: { preview_url: `${ctx.baseUrl}/b/${row.id}?v=${row.version}&sig=${signature}`, resource: `agent-outcomes://business/${row.id}/versions/${row.version}/overview.html` },
  };
}

export async function readVersion(store: StoreHandle, id: string, accountId: string | null, version?: number): Promise<VersionRow | null> {
  let query = businessDb(store).selectFrom('business_boxes').selectAll().where('id', '=', id);
  if (accountId) query = query.where('account_id', '=', accountId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, accountId: row.account_id, version: row.version, document: JSON.parse(row.document) as BusinessDocument, createdAt: row.created_at } : null;
}

async function requireVersion(ctx: Pick<ToolContext, 'store' | 'caller'>, id: string, version?: number): Promise<VersionRow> {
  const row = await readVersion(ctx.store, id, ctx.caller.accountId, version);
  if (row) return row;
  if (version !== undefined && (await readVersion(ctx.store, id, ctx.caller.accountId))) throw new OutcomeError('not_found', `Business box ${id} has no version ${version}.`);
  throw new OutcomeError('not_found', `No business box ${id} exists for this account.`, { hint: 'Build one with business_box_build.' });
}

export async function readBusiness(ctx: ToolContext, id: string, version?: number) {
  const row = await requireVersion(ctx, id, version);
  const versions = await businessDb(ctx.store)
    .selectFrom('business_boxes')
    .select(['version', 'document', 'created_at'])
    .where('id', '=', id)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version')
    .execute();
  return {
    ...(await present(ctx, row)),
    versions: versions.map((entry) => {
      const document = JSON.parse(entry.document) as BusinessDocument;
      return { version: entry.version, created_at: entry.created_at, focus_areas: document.focus_areas, changelog: document.changelog };
    }),
  };
}

/** A part's new version through its own revise tool, or why it was left as it is. */
async function revisePart(
  ctx: ToolContext,
  component: Component,
  input: ReviseInput,
  focused: ReadonlySet<FocusArea>,
  plan: BusinessDocument['content_plan'],
): Promise<{ component: Component; changes: string[] } | { unapplied: string }> {
  const named = `${component.component} (${component.id})`;
  const run = async (tool: string, args: Record<string, unknown>, change: string): Promise<{ component: Component; changes: string[] } | { unapplied: string }> => {
    const output = await ctx.runTool(tool, args);
    const version = typeof output.version === 'number' ? output.version : component.version;
    if (version === component.version) {
      const reasons = Array.isArray(output.unapplied) ? output.unapplied.filter((reason): reason is string => typeof reason === 'string') : [];
      return { unapplied: `${named}: ${tool} changed nothing${reasons.length ? ` (${reasons.join('; ')})` : ''}` };
    }
    return { component: { ...component, version, resources: ctx.resourcesOf(tool, output) }, changes: [`${change} (${tool}, v${component.version ?? '?'} → v${version ?? '?'})`] };
  };
  const prices = input.price_points;
  switch (component.tool) {
    case 'widget_generate':
      if (!input.instructions) return { unapplied: `${named}: give instructions to change it (widget_revise takes them)` };
      return run('widget_revise', { widget_id: component.id, instructions: input.instructions }, `revised with your instructions`);
    case 'content_repurpose': {
      if (!input.instructions) return { unapplied: `${named}: give instructions to change it (content_revise takes them)` };
      // The pack's block is the channel its plan entry was made for.
      const channel = plan.find((entry) => entry.pack_id === component.id)?.channel ?? 'linkedin';
      return run('content_revise', { pack_id: component.id, block_id: channel, instructions: input.instructions }, `${channel} block revised with your instructions`);
    }
    case 'membership_build': {
      const paid = (prices ?? []).filter((point) => point.interval === 'month' || point.interval === 'year');
      if (!focused.has('pricing') || !paid.length) return { unapplied: `${named}: membership_revise changes it by operations; for pricing give price_points with a month or year interval` };
      const currency = paid[0]?.currency as string;
      const tiers = paid.filter((point) => point.currency === currency).map((point) => ({ name: point.name, interval: point.interval, price: point.price }));
      return run('membership_revise', { membership_id: component.id, changes: [{ op: 'set_tiers', tiers, currency }] }, `tiers set from price_points (${tiers.map((tier) => tier.name).join(', ')})`);
    }
    case 'storefront_build':
      if (!focused.has('pricing') || !prices) return { unapplied: `${named}: storefront_revise changes it by fields; for pricing give price_points` };
      return run(
        'storefront_revise',
        {
          storefront_id: component.id,
          changes: { products: prices.map((point) => ({ name: point.name, price: point.price, currency: point.currency, ...(point.description ? { description: point.description } : {}) })) },
        },
        `products set from price_points`,
      );
    default:
      return { unapplied: `${named}: its own revise tool takes field changes, not instructions; call ${component.tool?.replace(/_build$/, '_revise')} with its id` };
  }
}

/**
 * business_box_revise: the parts tied to the focus areas change, each through its own tool; the parts
 * held here are drawn again from the new facts (prices, targets, your notes). Nothing to change makes no version.
 */
export function reviseBusiness(ctx: ToolContext, input: ReviseInput): Promise<Omit<BusinessOutput, 'next_actions'> & { changed: boolean; changelog: Changelog; unapplied: string[] }> {
  // One revision of a box at a time: a second would revise the parts again from the version the first is replacing.
  return revisions.run(input.business_id, () => revise(ctx, input));
}

const revisions = new OneAtATime();

async function revise(ctx: ToolContext, input: ReviseInput): Promise<Omit<BusinessOutput, 'next_actions'> & { changed: boolean; changelog: Changelog; unapplied: string[] }> {
  const latest = await requireVersion(ctx, input.business_id);
  checkTargets(latest.document.kind, input.kpi_targets);
  const focused = new Set(input.focus_areas);
  const document: BusinessDocument = structuredClone(latest.document);
  const changelog: Changelog = [];
  const unapplied: string[] = [];
  for (const [index, component] of document.components.entries()) {
    if (!component.focus_areas.some((area) => focused.has(area as FocusArea))) continue;
    const result = await revisePart(ctx, component, input, focused, document.content_plan);
    if ('unapplied' in result) {
      unapplied.push(result.unapplied);
      continue;
    }
    changelog.push({ component: component.component, tool: component.tool, id: component.id, from_version: component.version, to_version: result.component.version, changes: result.changes });
    document.components[index] = result.component;
  }
  const own = (component: string, changes: string[]) => changelog.push({ component, tool: null, id: null, from_version: latest.version, to_version: latest.version + 1, changes });
  if (focused.has('pricing')) {
    if (input.price_points) {
      document.offer_ladder = offerLadderOf(input.price_points);
      document.brief.pricePoints = input.price_points;
      own('offer_ladder', [`set from price_points: ${document.offer_ladder.map((rung) => `${rung.name} ${rung.price}`).join(', ')}`]);
      if (kindProfiles[document.kind].invoices) {
        document.invoice_templates = invoiceTemplatesOf(input.price_points);
        own('invoice_templates', [`one per price point: ${input.price_points.map((point) => point.name).join(', ')}`]);
      }
    } else unapplied.push('offer_ladder: give price_points to change prices');
  }
  const notes = Object.fromEntries(
    (['onboarding', 'operations', 'hiring', 'legal'] as const).filter((area) => focused.has(area) && input.instructions).map((area) => [area, input.instructions as string]),
  );
  if (Object.keys(notes).length) {
    document.operations = operationsOf(document.kind, kindProfiles[document.kind].parts, notes);
    own(
      'operations',
      Object.keys(notes).map((area) => `${area}: your note added`),
    );
  } else if (['onboarding', 'operations', 'hiring', 'legal'].some((area) => focused.has(area as FocusArea))) unapplied.push('operations: give instructions to add your note to the focused checklists');
  if (input.kpi_targets && (focused.has('growth') || focused.has('retention') || focused.has('sales') || focused.has('marketing'))) {
    document.brief.kpiTargets = { ...document.brief.kpiTargets, ...input.kpi_targets };
    document.kpis = kpisOf(document.kind, document.brief.kpiTargets);
    own(
      'kpis',
      Object.entries(input.kpi_targets).map(([id, target]) => `${id} target set to ${target}`),
    );
  }
  if (!changelog.length) {
    ctx.markReplay();
    return { ...(await present(ctx, latest)), changed: false, changelog: [], unapplied: unapplied.length ? unapplied : ['nothing to change'] };
  }
  document.focus_areas = [...focused];
  document.changelog = changelog;
  document.meta.created_at = ctx.now().toISOString();
  document.summary = summaryOf(document.kind, document.positioning.name, (document.meta.facts.place as string | null) ?? null, document.components);
  const row = await save(ctx.store, { id: latest.id, accountId: latest.accountId, version: latest.version + 1, document, createdAt: ctx.now().toISOString() });
  return { ...(await present(ctx, row)), changed: true, changelog, unapplied };
}
