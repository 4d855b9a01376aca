/**
 * Directories: a version is what the caller gave (title, fields, listings, brand, monetization)
 * with the search index built from it (its static site is zipped on first download); revisions and approved
 * submissions make new versions. Paid placements live beside the versions (placements.ts), so
 * a listing keeps what it paid for across versions. Composing a version, indexing it and
 * rendering its pages run on compute threads (tasks.ts); this file stores and answers.
 */
import type { FileMaker, StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { yieldToEventLoop } from '../../src/kernel/event-loop.js';
import { newId } from '../../src/kernel/ids.js';
import type { RevisionReport } from '../../src/kernel/revision.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { requirePayments, runOperations, type StripeOperationDone } from '../../src/payments/operations.js';
import { submissionJsonSchema, submissionUiSchema } from './fields.js';
import { directoryIds } from './ids.js';
import { planVersionOf, type DirectoryDocument, type VersionRow } from './draft.js';
import { specOf, type PresentedPage } from './pages.js';
import { placementsOf, claimList } from './placements.js';
import { indexOptions } from './search.js';
import type { BuildInput, DirectoryOutput, ReviseInput } from './schema.js';
import { directoryDb } from './tables.js';
import { directoryDraftTask, directoryPageTask, directoryReviseTask, directorySiteTask, directoryZipTask } from './tasks.js';

type Version = Pick<VersionRow, 'id' | 'version' | 'document'>;

/**
 * The store writes synchronously on this thread: the version row (its listings and index, a megabyte
 * for 2,000 listings) is written in a turn of the event loop of its own, so that others' requests
 * get answered before it.
 */

/** A version just saved, with its index page as built (the tools answer with it rather than load the index again) and the placements it was built with. */
export interface Saved {
  row: VersionRow;
  built: { page: PresentedPage; placements: Record<string, string> };
}

/** What the site's zip is made from on its first download: the version, and the placements and address it was built with. */
interface ZipInput {
  directoryId: string;
  version: number;
  baseUrl: string;
  placements: Record<string, string>;
}

/** A version's zipped site, made when first downloaded: most versions (one per approved submission) are never downloaded. */
export const siteZipMaker: FileMaker = {
  name: 'directory.site_zip',
  async make(input, ctx) {
    const { directoryId, version, baseUrl, placements } = input as ZipInput;
    const row = await readVersion(ctx.store, directoryId, null, version);
    if (!row) throw new Error(`Directory ${directoryId} version ${version} is gone: its zip cannot be made`);
    return ctx.compute(directoryZipTask, { row: { id: row.id, version: row.version, document: row.document, searchIndex: row.searchIndex }, baseUrl, placements });
  },
};

/** Indexes a new version and renders its index page (on a compute thread), then stores it; its zip is made on first download. */
async function save(ctx: ToolContext, accountId: string, version: Version): Promise<Saved> {
  const placements = await placementsOf(ctx.store, version.id);
  const site = await ctx.compute(directorySiteTask, { row: version, baseUrl: ctx.baseUrl, placements });
  const zip: ZipInput = { directoryId: version.id, version: version.version, baseUrl: ctx.baseUrl, placements };
  const zipFileId = await ctx.files.saveLater({
    accountId,
    name: `${version.id}-v${version.version}-site.zip`,
    contentType: 'application/zip',
    scope: 'directory:read',
    maker: siteZipMaker.name,
    input: zip,
  });
  const row: VersionRow = { ...version, accountId, searchIndex: site.searchIndex, zipFileId };
  await yieldToEventLoop();
  try {
    await directoryDb(ctx.store)
      .insertInto('directories')
      .values({
        id: row.id,
        account_id: row.accountId,
        version: row.version,
        document: JSON.stringify(row.document),
        search_index: row.searchIndex,
        zip_file_id: row.zipFileId,
        created_at: row.document.meta.created_at,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Directory ${row.id} got version ${row.version} from another change meanwhile; read it with directory_get and try again.`);
  }
  return { row, built: { page: site.page, placements } };
}

const samePlacements = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([id, tier]) => b[id] === tier);

export async function readVersion(store: StoreHandle, directoryId: string, accountId: string | null, version?: number): Promise<VersionRow | null> {
  let query = directoryDb(store).selectFrom('directories').selectAll().where('id', '=', directoryId);
  if (accountId) query = query.where('account_id', '=', accountId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  return row
    ? { id: row.id, accountId: row.account_id, version: row.version, document: JSON.parse(row.document) as DirectoryDocument, searchIndex: row.search_index, zipFileId: row.zip_file_id }
    : null;
}

export async function requireVersion(ctx: Pick<ToolContext, 'store' | 'caller'>, directoryId: string, version?: number): Promise<VersionRow> {
  const row = await readVersion(ctx.store, directoryId, ctx.caller.accountId, version);
  if (row) return row;
  if (version !== undefined && (await readVersion(ctx.store, directoryId, ctx.caller.accountId))) throw new OutcomeError('not_found', `Directory ${directoryId} has no version ${version}.`);
  throw new OutcomeError('not_found', `No directory ${directoryId} exists for this account.`, { hint: 'Build one with directory_build.' });
}

async function pendingCount(store: StoreHandle, directoryId: string): Promise<number> {
  const row = await directoryDb(store)
    .selectFrom('directory_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('directory_id', '=', directoryId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The Stripe steps a version's run has done. */
export async function stepsOf(store: StoreHandle, directoryId: string, version: number): Promise<StripeOperationDone[]> {
  const rows = await directoryDb(store).selectFrom('directory_steps').selectAll().where('directory_id', '=', directoryId).where('version', '=', version).execute();
  return rows.map((row) => ({ ref: row.ref, op: row.op as StripeOperationDone['op'], id: row.stripe_id, url: row.url }));
}

const operationsOf = (row: VersionRow, baseUrl: string) => specOf(row, baseUrl, {}).plan.operations;

/** Runs a version's Stripe operations, skipping those an earlier run did; each result is stored before the next step starts. */
async function execute(ctx: ToolContext, row: VersionRow): Promise<void> {
  const done = await stepsOf(ctx.store, row.id, planVersionOf(row));
  try {
    await runOperations(ctx.payments, operationsOf(row, ctx.baseUrl), done, async (result) => {
      await directoryDb(ctx.store)
        .insertInto('directory_steps')
        .values({ directory_id: row.id, version: planVersionOf(row), ref: result.ref, op: result.op, stripe_id: result.id, url: result.url, created_at: ctx.now().toISOString() })
        .onConflict((conflict) => conflict.columns(['directory_id', 'version', 'ref']).doNothing())
        .execute();
    });
  } catch (error) {
    if (error instanceof OutcomeError && error.code === 'upstream_error') {
      const made = await stepsOf(ctx.store, row.id, planVersionOf(row));
      throw new OutcomeError(error.code, `${error.message} Directory ${row.id} version ${row.version} is saved; ${made.length} of its Stripe steps are done.`, {
        details: { ...(error.details ?? {}), directory_id: row.id, version: row.version, done: made.map((step) => step.ref) },
        hint: `Call directory_revise with {"directory_id": "${row.id}", "changes": {}, "execute": true} to resume: steps already done are not repeated.`,
      });
    }
    throw error;
  }
}

/** A version as the tools return it, its index page rendered as served now (the page just built when the placements are still those it was built with). */
export async function present(ctx: ToolContext, row: VersionRow, built?: Saved['built']): Promise<Omit<DirectoryOutput, 'next_actions'>> {
  const { document } = row;
  const placements = await placementsOf(ctx.store, row.id, true);
  const tiers = Object.fromEntries(Object.entries(placements).map(([id, placement]) => [id, placement.tier]));
  const spec = specOf(row, ctx.baseUrl, tiers);
  const page =
    built && samePlacements(built.placements, tiers)
      ? built.page
      : await ctx.compute(directoryPageTask, { row: { id: row.id, version: row.version, document: row.document, searchIndex: row.searchIndex }, baseUrl: ctx.baseUrl, placements: tiers });
  const steps = await stepsOf(ctx.store, row.id, planVersionOf(row));
  const made = new Map(steps.map((step) => [step.ref, step.id]));
  const options = indexOptions(document.fields);
  const names = new Map(document.listings.map((listing) => [listing.listing_id, String(listing.values.name ?? '')]));
  return {
    directory_id: row.id,
    version: row.version,
    schema: { fields: document.fields },
    categories: document.categories,
    listings: {
      total: document.listings.length,
      items: page.results.map((result) => {
        const placement = placements[result.id];
        return {
          listing_id: result.id,
          name: names.get(result.id) ?? result.name,
          url: `${spec.siteUrl}/l/${result.id}`,
          placement: (placement?.tier ?? 'free') as 'free' | 'featured' | 'premium',
          placed_until: placement?.until ?? null,
        };
      }),
      claims: await claimList(ctx.store, row.id),
    },
    site: {
      html: page.html,
      search_index: {
        library: 'minisearch@7',
        url: `${spec.siteUrl}/index.json?v=${row.version}`,
        documents: document.listings.length,
        bytes: Buffer.byteLength(row.searchIndex),
        fields: options.fields,
        store_fields: options.storeFields,
      },
      preview_url: spec.siteUrl,
      zip_url: ctx.files.url(row.zipFileId),
    },
    submission: { json_schema: submissionJsonSchema(document.fields, document.title), ui_schema: submissionUiSchema(document.fields), endpoint: `${spec.siteUrl}/submit` },
    monetization: {
      currency: spec.plan.currency,
      period_days: spec.plan.period_days,
      tiers: spec.plan.tiers,
      operations: spec.plan.operations.map((operation) => ({ ...operation, params: operation.params as unknown as Record<string, unknown> })),
      executed: spec.plan.operations.length > 0 && spec.plan.operations.every((operation) => made.has(operation.ref)),
      ids: Object.fromEntries(made),
      checkout: `${spec.siteUrl}/listings/{listing_id}/feature`,
    },
    meta: { title: document.title, ...document.meta, bytes: page.bytes, pending_submissions: await pendingCount(ctx.store, row.id) },
  };
}

export async function buildDirectory(ctx: ToolContext, input: BuildInput): Promise<Omit<DirectoryOutput, 'next_actions'>> {
  if (input.execute) requirePayments(ctx.payments);
  const id = newId(directoryIds.directory);
  const document = await ctx.compute(directoryDraftTask, { input, id, now: ctx.now().toISOString() });
  const { row, built } = await save(ctx, ctx.caller.accountId, { id, version: 1, document });
  if (input.execute) await execute(ctx, row);
  return present(ctx, row, built);
}

/** A new version from the latest with `document`: its index built, its site zipped. */
export function saveNext(ctx: ToolContext, latest: VersionRow, document: DirectoryDocument): Promise<Saved> {
  const samePlan = document.title === latest.document.title && JSON.stringify(document.monetization) === JSON.stringify(latest.document.monetization);
  const plan_version = samePlan ? planVersionOf(latest) : latest.version + 1;
  return save(ctx, latest.accountId, { id: latest.id, version: latest.version + 1, document: { ...document, plan_version } });
}

/**
 * directory_revise: the changes given make a new version; a change to nothing makes none and costs
 * nothing. `execute` runs the (new or current) version's Stripe operations, resuming a run that stopped.
 */
export async function reviseDirectory(ctx: ToolContext, input: ReviseInput): Promise<Omit<DirectoryOutput, 'next_actions'> & RevisionReport> {
  const latest = await requireVersion(ctx, input.directory_id);
  if (input.execute) requirePayments(ctx.payments);
  const { document, report } = await ctx.compute(directoryReviseTask, {
    latest: { id: latest.id, version: latest.version, document: latest.document },
    changes: input.changes,
    now: ctx.now().toISOString(),
  });
  const saved = document ? await saveNext(ctx, latest, document) : null;
  const row = saved?.row ?? latest;
  const pending = input.execute && (await stepsOf(ctx.store, row.id, planVersionOf(row))).length < operationsOf(row, ctx.baseUrl).length;
  if (pending) await execute(ctx, row);
  const ran = pending ? [`ran the Stripe operations of version ${row.version}`] : [];
  if (!document) {
    // Nothing changed and nothing ran: no version, no charge.
    if (!pending) ctx.markReplay();
    return { ...(await present(ctx, row)), changed: Boolean(pending), applied: ran, unapplied: report.unapplied.length || pending ? report.unapplied : ['nothing to change'] };
  }
  return { ...(await present(ctx, row, saved?.built)), ...report, applied: [...report.applied, ...ran] };
}

export async function readDirectory(ctx: ToolContext, directoryId: string, version?: number) {
  const row = await requireVersion(ctx, directoryId, version);
  const versions = await directoryDb(ctx.store)
    .selectFrom('directories')
    .select(['version', 'created_at'])
    .where('id', '=', directoryId)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version')
    .execute();
  return { ...(await present(ctx, row)), versions };
}
