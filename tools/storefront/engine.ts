import { z } from 'zod';
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { judgeRevision, type RevisionReport } from '../../src/kernel/revision.js';
import type { GeneratorName } from '../../src/kernel/generation.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { aboutParts, factEntries, footerFacts, placeFacts, placesOf } from '../../src/compose/contract.js';
import { capitalize, fit } from '../../src/compose/text.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { grounded, removedWarning } from '../../src/compose/grounded.js';
import { en as enFrames } from '../../src/compose/frames/en.js';
import { framesFor } from '../../src/compose/frames/index.js';
import { toDecimal } from '../../src/payments/money.js';
import { requirePayments, runOperations, type StripeOperationDone } from '../../src/payments/operations.js';
import { catalogOf, productsFromFacts, type CatalogProduct } from './catalog.js';
import { checkoutPlan, offerRefs } from './plan.js';
import { checkoutActionOf, type PageInput } from './page.js';
import { storefrontIds } from './ids.js';
import type { BuildInput, ProductInput, ReviseInput, StorefrontOutput } from './schema.js';
import { storefrontDb } from './tables.js';
import { renderStorefrontTask, storefrontFactsTask } from './tasks.js';
import { storeLanguages, storeWordsFor } from './words.js';
import { mentionsReturns } from './policies.js';

/** What a version is built from: the caller's products (or the prompt's), and everything else a revision may change. */
export type StorefrontSpec = Omit<BuildInput, 'prompt' | 'execute' | 'generator' | 'products'> & { products: ProductInput[] };

export interface StorefrontDocument {
  spec: StorefrontSpec;
  prompt: string | null;
  facts: FactSheet;
  brandName: string;
  /** The page's language: the requested one when the store's words exist in it, else English. */
  lang: string;
  copy: { headline: string; subheadline: string | null; title: string; description: string };
  meta: { generator: GeneratorName; warnings: string[]; gaps: string[]; applied: string[]; unapplied: string[]; created_at: string };
}

const copySchema = z.object({
  headline: z.string().trim().min(1).max(120),
  subheadline: z.string().trim().min(1).max(300).optional(),
  title: z.string().trim().min(1).max(70),
  description: z.string().trim().min(1).max(160),
});

const systemPrompt =
  'You write the hero copy of an online shop page. Answer with one JSON object that matches the JSON Schema given, and nothing else. ' +
  'Use only the facts given: never invent prices, discounts, numbers, reviews, ratings, guarantees, shipping or return promises, or people.';

const listOf = (names: readonly string[], lang: string) => new Intl.ListFormat([lang, 'en'], { type: 'conjunction' }).format(names);

/** The template's words: the store's name and what it sells, nothing more. */
function templateCopy(brandName: string, products: readonly ProductInput[], lang: string) {
  const names = listOf(
    products.map((product) => product.name),
    lang,
  );
  return { headline: brandName, subheadline: names === brandName ? undefined : names, title: brandName.slice(0, 70), description: names.slice(0, 160) };
}

/**
 * The caller's prices as a page writes them ("€18.50", "18.50 EUR"): in the products' JSON a price and its
 * currency are separate fields, which ground no amount in that currency, so copy repeating a given price was cut.
 */
const pricesOf = (products: readonly ProductInput[], lang: string) =>
  catalogOf(products, lang)
    .flatMap((product) => product.offers.map((offer) => `${offer.name}: ${offer.formatted}, ${toDecimal(BigInt(offer.amount), product.currency)} ${product.currency}.`))
    .join('\n');

/** What the page leaves out because the caller did not give it: listed, never made up. */
function gapsOf(spec: StorefrontSpec): string[] {
  const gaps: string[] = [];
  if (!spec.policies?.shipping && spec.products.some((product) => product.shipping)) gaps.push('No shipping policy given: the page states none. Send policies.shipping in your words.');
  if (!spec.policies?.returns && !(spec.policies?.shipping && mentionsReturns(spec.policies.shipping))) gaps.push('No returns policy given: the page states none. Send policies.returns.');
  if (!spec.faq?.length) gaps.push('No FAQ given: the page has none; none is written for you.');
  if (!spec.reviews?.length) gaps.push('No reviews given: the page shows none; none is written for you.');
  for (const [index, product] of spec.products.entries()) {
    if (!product.description) gaps.push(`products[${index}] "${product.name}" has no description: the page shows its name and price only.`);
    if (!product.images?.length) gaps.push(`products[${index}] "${product.name}" has no images.`);
  }
  return gaps;
}

async function writeDocument(ctx: ToolContext, spec: StorefrontSpec, prompt: string | null, facts: FactSheet, generator: BuildInput['generator'], warnings: string[]): Promise<StorefrontDocument> {
  const wanted = spec.lang ?? (prompt ? facts.lang : 'en');
  const words = storeWordsFor(wanted);
  if (!words) warnings.push(`The store's own words (buttons, headings) exist in ${storeLanguages.join(', ')}; this page uses English ones, not "${wanted}".`);
  const lang = words ? wanted : 'en';
  // Without a name, the caller's words for the business ("Kaffeerösterei am Markt") say more than a product's name.
  const kind = facts.business.kind?.text;
  const brandName = spec.brand?.name ?? facts.business.name?.text ?? (kind ? capitalize(kind) : undefined) ?? spec.products[0]?.name ?? 'Shop';
  const template = templateCopy(brandName, spec.products, lang);
  const generated = await ctx.generation.generate({
    schema: copySchema,
    name: 'storefront_copy',
    system: systemPrompt,
    prompt: [
      `Write the headline, subheadline, page title and meta description of the shop "${brandName}" in the language "${lang}".`,
      prompt ? `The request: ${prompt}` : '',
      `Its products: ${spec.products.map((product) => `${product.name}${product.description ? ` (${product.description})` : ''}`).join('; ')}.`,
      spec.brand?.tone ? `Tone: ${spec.brand.tone}.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    choice: generator,
    template: () => template,
  });
  warnings.push(...generated.warnings);
  let copy = generated.value;
  if (generated.generator !== 'template') {
    const checked = grounded(copy, [prompt ?? '', brandName, JSON.stringify(spec.products), pricesOf(spec.products, lang), JSON.stringify(spec.policies ?? {})], { lang });
    if (checked.removed.length) warnings.push(removedWarning(checked.removed));
    copy = { ...template, ...checked.value };
  }
  return {
    spec,
    prompt,
    facts,
    brandName,
    lang,
    copy: { headline: copy.headline, subheadline: copy.subheadline ?? null, title: copy.title, description: copy.description },
    meta: { generator: generated.generator, warnings, gaps: gapsOf(spec), applied: [], unapplied: [], created_at: ctx.now().toISOString() },
  };
}

async function save(ctx: ToolContext, storefrontId: string, version: number, document: StorefrontDocument, catalog: readonly CatalogProduct[]): Promise<void> {
  try {
    await storefrontDb(ctx.store)
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('storefronts')
          .values({ id: storefrontId, account_id: ctx.caller.accountId, version, document: JSON.stringify(document), created_at: document.meta.created_at })
          .execute();
        // A revision keeps what was sold: a product whose given stock is unchanged carries the units left over
        // from the version before; a new figure (a restock, or a new product) starts from that figure.
        const previous =
          version > 1
            ? await trx
                .selectFrom('storefronts')
                .select('document')
                .where('id', '=', storefrontId)
                .where('version', '=', version - 1)
                .executeTakeFirst()
            : undefined;
        const before = previous ? catalogOf((JSON.parse(previous.document) as StorefrontDocument).spec.products, document.lang) : [];
        const left = previous
          ? new Map(
              (
                await trx
                  .selectFrom('storefront_stock')
                  .selectAll()
                  .where('storefront_id', '=', storefrontId)
                  .where('version', '=', version - 1)
                  .execute()
              ).map((row) => [row.product_id, row.remaining]),
            )
          : new Map<string, number>();
        const stock = catalog
          .filter((product) => product.inventory !== undefined)
          .map((product) => {
            const same = before.find((earlier) => earlier.product_id === product.product_id && earlier.name === product.name && earlier.inventory === product.inventory);
            const remaining = same && left.has(product.product_id) ? (left.get(product.product_id) as number) : (product.inventory as number);
            return { storefront_id: storefrontId, version, product_id: product.product_id, remaining };
          });
        if (stock.length) await trx.insertInto('storefront_stock').values(stock).execute();
      });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Storefront ${storefrontId} got version ${version} from another revision meanwhile; read it with storefront_get and revise again.`);
  }
}

interface VersionRow {
  id: string;
  account_id: string;
  version: number;
  document: StorefrontDocument;
}

async function readVersion(store: StoreHandle, storefrontId: string, accountId: string | null, version?: number): Promise<VersionRow | null> {
  let query = storefrontDb(store).selectFrom('storefronts').selectAll().where('id', '=', storefrontId);
  if (accountId) query = query.where('account_id', '=', accountId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, account_id: row.account_id, version: row.version, document: JSON.parse(row.document) as StorefrontDocument } : null;
}

async function requireVersion(ctx: ToolContext, storefrontId: string, version?: number): Promise<VersionRow> {
  const row = await readVersion(ctx.store, storefrontId, ctx.caller.accountId, version);
  if (row) return row;
  if (version !== undefined && (await readVersion(ctx.store, storefrontId, ctx.caller.accountId))) throw new OutcomeError('not_found', `Storefront ${storefrontId} has no version ${version}.`);
  throw new OutcomeError('not_found', `No storefront ${storefrontId} exists for this account.`, { hint: 'Build one with storefront_build.' });
}

async function stepsOf(store: StoreHandle, storefrontId: string, version: number): Promise<StripeOperationDone[]> {
  const rows = await storefrontDb(store).selectFrom('storefront_steps').selectAll().where('storefront_id', '=', storefrontId).where('version', '=', version).execute();
  return rows.map((row) => ({ ref: row.ref, op: row.op as StripeOperationDone['op'], id: row.stripe_id, url: row.url }));
}

async function stockOf(store: StoreHandle, storefrontId: string, version: number): Promise<Record<string, number>> {
  const rows = await storefrontDb(store).selectFrom('storefront_stock').selectAll().where('storefront_id', '=', storefrontId).where('version', '=', version).execute();
  return Object.fromEntries(rows.map((row) => [row.product_id, row.remaining]));
}

const planOf = (row: VersionRow, catalog: readonly CatalogProduct[]) =>
  checkoutPlan(catalog, { storefrontId: row.id, version: row.version, mode: row.document.spec.mode, interval: row.document.spec.interval, successUrl: row.document.spec.success_url });

/** Runs a version's Stripe operations, skipping those an earlier run did; each result is stored before the next step starts. */
async function execute(ctx: ToolContext, row: VersionRow): Promise<void> {
  const catalog = catalogOf(row.document.spec.products, row.document.lang);
  const done = await stepsOf(ctx.store, row.id, row.version);
  try {
    await runOperations(ctx.payments, planOf(row, catalog), done, async (result) => {
      await storefrontDb(ctx.store)
        .insertInto('storefront_steps')
        .values({ storefront_id: row.id, version: row.version, ref: result.ref, op: result.op, stripe_id: result.id, url: result.url, created_at: ctx.now().toISOString() })
        .onConflict((conflict) => conflict.columns(['storefront_id', 'version', 'ref']).doNothing())
        .execute();
    });
  } catch (error) {
    if (error instanceof OutcomeError && error.code === 'upstream_error') {
      const made = await stepsOf(ctx.store, row.id, row.version);
      throw new OutcomeError(error.code, `${error.message} Storefront ${row.id} version ${row.version} is saved; ${made.length} of its Stripe steps are done.`, {
        details: { ...(error.details ?? {}), storefront_id: row.id, version: row.version, done: made.map((step) => step.ref) },
        hint: `Call storefront_revise with {"storefront_id": "${row.id}", "execute": true} to resume: steps already done are not repeated.`,
      });
    }
    throw error;
  }
}

/** The page input of a version: its catalogue, live links (offers without a stock to guard) and stock. */
function pageInputOf(row: VersionRow, catalog: readonly CatalogProduct[], steps: readonly StripeOperationDone[], stock: Record<string, number>, baseUrl: string): PageInput {
  const { document } = row;
  const frames = framesFor(document.lang) ?? enFrames;
  const about = aboutParts(document.facts, frames).join(' · ');
  const links = new Map(steps.filter((step) => step.op === 'payment_links.create' && step.url).map((step) => [step.ref, step.url as string]));
  const liveLinks: Record<string, string> = {};
  for (const product of catalog) {
    // A product with a stock goes through this service's checkout, which checks the stock first.
    if (product.inventory !== undefined) continue;
    for (const offer of product.offers) {
      const url = links.get(offerRefs(offer.offer_id).link);
      if (url) liveLinks[offer.offer_id] = url;
    }
  }
  return {
    storefrontId: row.id,
    baseUrl,
    lang: document.lang,
    brandName: document.brandName,
    brand: document.spec.brand ?? {},
    hero: { eyebrow: about ? fit(capitalize(about), 80) : null, headline: document.copy.headline, subheadline: document.copy.subheadline },
    footer: footerFacts(document.facts, frames),
    title: document.copy.title,
    description: document.copy.description,
    catalog,
    mode: document.spec.mode,
    interval: document.spec.interval,
    policies: document.spec.policies,
    faq: document.spec.faq,
    reviews: document.spec.reviews,
    liveLinks,
    stock,
  };
}

/** A version as the tools return it. */
async function present(ctx: ToolContext, row: VersionRow): Promise<Omit<StorefrontOutput, 'next_actions'>> {
  const { document } = row;
  const catalog = catalogOf(document.spec.products, document.lang);
  const steps = await stepsOf(ctx.store, row.id, row.version);
  const stock = await stockOf(ctx.store, row.id, row.version);
  const page = await ctx.compute(renderStorefrontTask, pageInputOf(row, catalog, steps, stock, ctx.baseUrl));
  const operations = planOf(row, catalog);
  const links = new Map(steps.map((step) => [step.ref, step.url]));
  const executed = operations.length > 0 && operations.every((operation) => links.has(operation.ref));
  const frames = framesFor(document.lang) ?? enFrames;
  const report = placeFacts(
    factEntries(document.facts, frames),
    page.sections.flatMap((section) => placesOf(section.props, section.id)),
  );
  const single = catalog.length === 1 && catalog[0]?.offers.length === 1 ? catalog[0].offers[0] : undefined;
  return {
    storefront_id: row.id,
    version: row.version,
    products: catalog.map((product) => ({
      product_id: product.product_id,
      name: product.name,
      currency: product.currency,
      offers: product.offers.map((offer) => ({ ...offer, checkout_url: links.get(offerRefs(offer.offer_id).link) ?? null })),
      inventory: stock[product.product_id] ?? null,
    })),
    sections: page.sections,
    theme: page.theme,
    html: page.html,
    embed: page.embed,
    preview_url: `${ctx.baseUrl}/s/${row.id}?v=${row.version}`,
    checkout: {
      operations: operations.map((operation) => ({ ...operation, params: operation.params as unknown as Record<string, unknown> })),
      executed,
      checkout_url: single ? (links.get(offerRefs(single.offer_id).link) ?? checkoutActionOf(ctx.baseUrl, row.id)) : checkoutActionOf(ctx.baseUrl, row.id),
      ids: Object.fromEntries(steps.map((step) => [step.ref, step.id])),
    },
    meta: {
      title: document.copy.title,
      lang: document.lang,
      generator: document.meta.generator,
      ...report,
      gaps: document.meta.gaps,
      warnings: document.meta.warnings,
      adjustments: page.adjustments,
      bytes: page.bytes,
      applied: document.meta.applied,
      unapplied: document.meta.unapplied,
      created_at: document.meta.created_at,
    },
  };
}

export async function buildStorefront(ctx: ToolContext, input: BuildInput): Promise<Omit<StorefrontOutput, 'next_actions'>> {
  if (!input.prompt && !input.products) throw new OutcomeError('invalid_input', 'Give products (name, price, currency…) or a prompt that names them with their prices.');
  const { facts, read } = await ctx.compute(storefrontFactsTask, { prompt: input.prompt, today: ctx.now().toISOString().slice(0, 10) });
  const warnings: string[] = [...read.gaps];
  let products = input.products;
  if (!products) {
    const read = productsFromFacts(facts);
    warnings.push(...read.gaps);
    if (read.products.length === 0) {
      throw new OutcomeError(
        'invalid_input',
        `products: the prompt names no product with a price and currency${read.gaps.length ? ` (${read.gaps.join(' ')})` : ''}. Give products: [{name, price, currency}].`,
      );
    }
    products = read.products;
  }
  const { prompt: _prompt, execute: _execute, generator, ...rest } = input;
  // The prompt's own shipping and returns sentences are policies the caller gave; a field given in policies wins.
  const fromPrompt = Object.entries(read.policies).filter(([field]) => !input.policies?.[field as keyof typeof read.policies]);
  for (const [field, text] of fromPrompt) warnings.push(`policies.${field} is the prompt's own sentence, printed as written: "${fit(text, 160)}". Send policies.${field} to word it otherwise.`);
  const policies = { ...Object.fromEntries(fromPrompt), ...input.policies };
  const spec: StorefrontSpec = { ...rest, products, ...(Object.keys(policies).length ? { policies } : {}) };
  // Prices are checked before anything is stored or sent to Stripe.
  catalogOf(products, spec.lang ?? 'en');
  const document = await writeDocument(ctx, spec, input.prompt ?? null, facts, generator, warnings);
  const row: VersionRow = { id: newId(storefrontIds.storefront), account_id: ctx.caller.accountId, version: 1, document };
  const catalog = catalogOf(products, document.lang);
  if (input.execute) requirePayments(ctx.payments);
  await save(ctx, row.id, row.version, document, catalog);
  if (input.execute) await execute(ctx, row);
  return present(ctx, row);
}

export async function readStorefront(ctx: ToolContext, storefrontId: string, version?: number) {
  const row = await requireVersion(ctx, storefrontId, version);
  const versions = await storefrontDb(ctx.store)
    .selectFrom('storefronts')
    .select(['version', 'created_at'])
    .where('id', '=', storefrontId)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version')
    .execute();
  return { ...(await present(ctx, row)), versions };
}

/**
 * storefront_revise: the fields given replace the latest version's, making a new version; a
 * change to nothing makes none and costs nothing. `execute` runs the (new or current) version's
 * Stripe operations, resuming a run that stopped.
 */
export async function reviseStorefront(ctx: ToolContext, input: ReviseInput): Promise<Omit<StorefrontOutput, 'next_actions'> & RevisionReport> {
  const latest = await requireVersion(ctx, input.storefront_id);
  const before = latest.document.spec;
  const applied: string[] = [];
  const unapplied: string[] = [];
  const after: StorefrontSpec = { ...before };
  for (const [field, value] of Object.entries(input.changes) as Array<[keyof StorefrontSpec, unknown]>) {
    if (value === undefined) continue;
    (after as Record<string, unknown>)[field] = value;
    applied.push(`${field} replaced`);
  }
  if (input.execute) requirePayments(ctx.payments);
  const report = judgeRevision(before, after, { applied, unapplied });
  let row = latest;
  if (report.changed) {
    catalogOf(after.products, after.lang ?? latest.document.lang);
    const document = await writeDocument(ctx, after, latest.document.prompt, latest.document.facts, input.generator, []);
    document.meta.applied = report.applied;
    document.meta.unapplied = report.unapplied;
    row = { ...latest, version: latest.version + 1, document };
    await save(ctx, row.id, row.version, document, catalogOf(after.products, document.lang));
  }
  const steps = await stepsOf(ctx.store, row.id, row.version);
  const pending = input.execute && steps.length < planOf(row, catalogOf(row.document.spec.products, row.document.lang)).length;
  if (input.execute) await execute(ctx, row);
  // Nothing changed and nothing ran: no version, no charge.
  if (!report.changed && !pending) ctx.markReplay();
  const result = await present(ctx, row);
  return { ...result, ...report, changed: report.changed || Boolean(pending), applied: [...report.applied, ...(pending ? [`ran the Stripe operations of version ${row.version}`] : [])] };
}

/** A storefront's latest (or given) version with what the hosted page and its checkout need, for anyone (no account check). */
export async function publicVersion(store: StoreHandle, storefrontId: string, version?: number) {
  const row = await readVersion(store, storefrontId, null, version);
  if (!row) return null;
  const catalog = catalogOf(row.document.spec.products, row.document.lang);
  return { row, catalog, steps: await stepsOf(store, row.id, row.version), stock: await stockOf(store, row.id, row.version) };
}

export { pageInputOf, type VersionRow };
