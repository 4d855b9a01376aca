/**
 * Listings sent through a directory's public form: checked against the same schema the build
 * publishes (a filled honeypot gets the same answer as a person and stores nothing), kept as
 * pending until the owner approves one (a new version with it, the site rebuilt) or rejects it.
 */
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { honeypotField } from '../../src/render/sections.js';
import { listingSchema, prepareValues, problemsOf, type ListingValues } from './fields.js';
import { directoryIds } from './ids.js';
import { checkListings, keyOf } from './listings.js';
import { requireVersion, saveNext } from './engine.js';
import { filterWarnings, type DirectoryDocument, type VersionRow } from './draft.js';
import type { SubmissionsInput, SubmissionView } from './schema.js';
import { directoryDb, type DirectorySubmissionsTable } from './tables.js';

/** Anything in the honeypot marks a bot. */
const filled = (value: unknown): boolean => (typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) ? value.some(filled) : value !== undefined && value !== null);

/** Pending submissions a directory keeps at most: past it, new ones are refused until the owner decides. */
export const maxPending = 500;

export type SubmitResult = { stored: boolean; id: string | null };

export async function submitListing(store: StoreHandle, row: VersionRow, body: Record<string, unknown>, now: Date): Promise<SubmitResult> {
  const honeypot = Object.hasOwn(body, honeypotField) ? body[honeypotField] : undefined;
  if (filled(honeypot)) return { stored: false, id: null };
  const { [honeypotField]: _trap, ...rest } = body;
  const fields = row.document.fields;
  const checked = listingSchema(fields).safeParse(prepareValues(fields, rest));
  if (!checked.success) {
    const problems = problemsOf(checked.error, fields);
    throw new OutcomeError('invalid_input', `The listing was not sent. ${problems.join('; ')}.`, { details: { problems } });
  }
  const db = directoryDb(store);
  const pending = await db
    .selectFrom('directory_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('directory_id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (Number(pending.count) >= maxPending) throw new OutcomeError('rate_limited', 'This directory has too many listings waiting for review; please try again later.');
  const id = newId(directoryIds.submission);
  await db
    .insertInto('directory_submissions')
    .values({
      id,
      account_id: row.accountId,
      directory_id: row.id,
      listing: JSON.stringify(checked.data),
      status: 'pending',
      reason: null,
      approved_version: null,
      listing_id: null,
      created_at: now.toISOString(),
      decided_at: null,
    })
    .execute();
  return { stored: true, id };
}

const viewOf = (row: DirectorySubmissionsTable): SubmissionView => ({
  submission_id: row.id,
  status: row.status,
  listing: JSON.parse(row.listing) as ListingValues,
  reason: row.reason,
  listing_id: row.listing_id,
  approved_version: row.approved_version,
  created_at: row.created_at,
  decided_at: row.decided_at,
});

async function pendingOne(ctx: ToolContext, directoryId: string, submissionId: string): Promise<DirectorySubmissionsTable> {
  const row = await directoryDb(ctx.store)
    .selectFrom('directory_submissions')
    .selectAll()
    .where('id', '=', submissionId)
    .where('directory_id', '=', directoryId)
    .where('account_id', '=', ctx.caller.accountId)
    .executeTakeFirst();
  if (!row) throw new OutcomeError('not_found', `Directory ${directoryId} has no submission ${submissionId}.`);
  if (row.status === 'approved' && row.approved_version === null)
    throw new OutcomeError('conflict', `Submission ${submissionId} is being approved by another call; list the approved submissions in a moment to see the version it made.`);
  if (row.status !== 'pending') throw new OutcomeError('conflict', `Submission ${submissionId} was ${row.status} already${row.decided_at ? ` on ${row.decided_at}` : ''}.`);
  return row;
}

export async function handleSubmissions(ctx: ToolContext, input: SubmissionsInput): Promise<{ submissions: SubmissionView[]; version: number | null; preview_url: string }> {
  const latest = await requireVersion(ctx, input.directory_id);
  const preview_url = `${ctx.baseUrl}/d/${latest.id}`;
  const db = directoryDb(ctx.store);
  if (input.action === 'list') {
    ctx.markReplay();
    const rows = await db
      .selectFrom('directory_submissions')
      .selectAll()
      .where('directory_id', '=', latest.id)
      .where('account_id', '=', ctx.caller.accountId)
      .where('status', '=', input.status)
      .orderBy('id')
      .limit(input.limit)
      .execute();
    return { submissions: rows.map(viewOf), version: null, preview_url };
  }
  const submission = await pendingOne(ctx, latest.id, input.submission_id as string);
  const now = ctx.now().toISOString();
  if (input.action === 'reject') {
    const rejected = await db
      .updateTable('directory_submissions')
      .set({ status: 'rejected', reason: input.reason ?? null, decided_at: now })
      .where('id', '=', submission.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(rejected.numUpdatedRows) !== 1) await decidedMeanwhile(ctx, latest.id, submission.id);
    return { submissions: [viewOf({ ...submission, status: 'rejected', reason: input.reason ?? null, decided_at: now })], version: null, preview_url };
  }
  // Claimed before anything is built: of two approvals at once, only the one whose update finds it pending rebuilds.
  const claimed = await db.updateTable('directory_submissions').set({ status: 'approved', decided_at: now }).where('id', '=', submission.id).where('status', '=', 'pending').executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) await decidedMeanwhile(ctx, latest.id, submission.id);
  try {
    return await approve(ctx, latest, submission, now, preview_url);
  } catch (error) {
    // Nothing was made: the submission waits again for a decision.
    await db
      .updateTable('directory_submissions')
      .set({ status: 'pending', decided_at: null })
      .where('id', '=', submission.id)
      .where('status', '=', 'approved')
      .where('approved_version', 'is', null)
      .execute();
    throw error;
  }
}

/** Another call decided the submission between reading it and updating it: its conflict, as it stands now. */
async function decidedMeanwhile(ctx: ToolContext, directoryId: string, submissionId: string): Promise<never> {
  await pendingOne(ctx, directoryId, submissionId);
  throw new OutcomeError('conflict', `Submission ${submissionId} was being decided by another call; list the submissions and try again.`);
}

/** A new version with the claimed submission listed; the submission records the version it made. */
async function approve(ctx: ToolContext, latest: VersionRow, submission: DirectorySubmissionsTable, now: string, preview_url: string) {
  // Checked again against the fields as they are now: the owner may have changed them since it was sent.
  const values = JSON.parse(submission.listing) as ListingValues;
  const { listings, rejected } = checkListings([values], latest.document.fields, []);
  const listing = listings[0];
  if (!listing)
    throw new OutcomeError('unprocessable', `Submission ${submission.id} no longer fits the directory's fields: ${rejected[0]?.reasons.join('; ') ?? 'invalid'}. Reject it, or change the fields.`);
  if (latest.document.listings.some((entry) => keyOf(entry.values) === keyOf(listing.values))) {
    throw new OutcomeError('conflict', `"${String(listing.values.name)}" is listed already; reject submission ${submission.id} or remove the listing first.`);
  }
  const listed = [...latest.document.listings, listing];
  const document: DirectoryDocument = {
    ...latest.document,
    listings: listed,
    meta: {
      ...latest.document.meta,
      missing: latest.document.meta.missing.filter((line) => !line.startsWith('listings: none given')),
      rejected: [],
      warnings: filterWarnings({ fields: latest.document.fields, listings: listed }),
      applied: [`submission ${submission.id} approved as ${listing.listing_id}`],
      unapplied: [],
      created_at: now,
    },
  };
  const { row } = await saveNext(ctx, latest, document);
  await directoryDb(ctx.store)
    .updateTable('directory_submissions')
    .set({ approved_version: row.version, listing_id: listing.listing_id })
    .where('id', '=', submission.id)
    .where('status', '=', 'approved')
    .execute();
  return { submissions: [viewOf({ ...submission, status: 'approved', decided_at: now, approved_version: row.version, listing_id: listing.listing_id })], version: row.version, preview_url };
}
