import { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, Store } from '../store/store.js';
import { precompiled } from '../store/store.js';
import type { JobsTable } from '../store/schema.js';
import type { Caller } from '../kernel/caller.js';
import { newId, platformIds } from '../kernel/ids.js';
import type { ErrorEnvelope } from '../kernel/errors.js';
import type { JobStatus } from '../kernel/job-handle.js';

/** A job's row, as its owner reads it; its input, which can be large, is in `job_inputs` (see `input`). */
export type JobRow = Selectable<JobsTable>;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export interface JobProgress {
  fraction: number;
  message: string | null;
}

interface QueueEvents {
  enqueued: [];
  progress: [string, JobProgress];
  settled: [JobRow];
}

export interface JobQueueOptions {
  leaseMs: number;
  maxAttempts: number;
  now?: () => Date;
  /** How often a waiter re-reads a job that another process may be running. */
  waitPollMs?: number;
  /** Runs inside the transaction that settles a job (metering commits or releases its units there). */
  onSettled?: (trx: Kysely<Database>, job: JobRow) => Promise<void>;
}

const settledStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];
export const isSettled = (status: JobStatus) => settledStatuses.includes(status);

/**
 * The durable job queue: rows in the `jobs` table, claimed under a lease. Any process on the
 * same database can enqueue, claim, renew and settle; in-process events only make waiting
 * faster, the database stays the truth.
 */
export class JobQueue {
  readonly events = new EventEmitter<QueueEvents>();
  private readonly now: () => Date;
  private readonly waitPollMs: number;
  private readonly selectOwned;

  constructor(
    private readonly store: Store,
    private readonly options: JobQueueOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.waitPollMs = options.waitPollMs ?? 250;
    this.events.setMaxListeners(0);
    // job_status is the most frequent read of all: compiled once.
    this.selectOwned = precompiled(store.db.selectFrom('jobs').selectAll().where('id', '=', '?').where('account_id', '=', '?'));
  }

  private stamp(offsetMs = 0): string {
    return new Date(this.now().getTime() + offsetMs).toISOString();
  }

  /** `id` may be chosen beforehand (with newId(platformIds.job)) so that other records can point at the job. */
  async enqueue(job: { id?: string; tool: string; input: unknown; caller: Caller; requestId?: string }): Promise<JobRow> {
    const row = await this.insert({ id: job.id, tool: job.tool, input: job.input, accountId: job.caller.accountId, requestId: job.requestId, callerScopes: job.caller.scopes });
    if (!row) throw new Error(`job ${job.id ?? ''} was not queued`);
    await this.announce();
    return row;
  }

  /**
   * Queues a job for `runAt` (now or later) under `key`: scheduling a key that was scheduled before
   * does nothing and returns false, so an event delivered twice, or seen by two instances, makes one job.
   */
  async schedule(job: { kind: string; input: unknown; accountId: string; runAt: Date; key: string }): Promise<boolean> {
    const row = await this.insert({ tool: job.kind, input: job.input, accountId: job.accountId, runAfter: job.runAt.toISOString(), scheduleKey: job.key });
    if (!row) return false;
    if (row.run_after <= this.stamp()) await this.announce();
    return true;
  }

  private async insert(job: {
    id?: string;
    tool: string;
    input: unknown;
    accountId: string;
    requestId?: string;
    runAfter?: string;
    scheduleKey?: string;
    callerScopes?: readonly string[];
  }): Promise<JobRow | undefined> {
    const at = this.stamp();
    const id = job.id ?? newId(platformIds.job);
    // V8's own serialisation (a copy, where JSON.stringify of text full of lone surrogates takes tens
    // of milliseconds), compressed on libuv's threads: a 4 MB input is a short write and the loop stays free.
    const input = await gzip(v8.serialize(job.input ?? {}));
    return this.store.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('jobs')
        .values({
          id,
          account_id: job.accountId,
          tool: job.tool,
          status: 'queued',
          progress_message: null,
          result: null,
          error: null,
          max_attempts: this.options.maxAttempts,
          lease_owner: null,
          lease_expires_at: null,
          request_id: job.requestId ?? null,
          caller_scopes: job.callerScopes ? JSON.stringify(job.callerScopes) : null,
          created_at: at,
          updated_at: at,
          started_at: null,
          finished_at: null,
          run_after: job.runAfter ?? at,
          schedule_key: job.scheduleKey ?? null,
        })
        .onConflict((conflict) => conflict.column('schedule_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) await trx.insertInto('job_inputs').values({ job_id: id, input }).execute();
      return inserted;
    });
  }

  /** Wakes idle workers: this process's at once, other instances' through the store (polling covers a lost notice). */
  private async announce(): Promise<void> {
    this.events.emit('enqueued');
    await this.store.notify('ao_jobs').catch(() => undefined);
  }

  /** Calls `onEnqueued` when a job is queued by this process or, on PostgreSQL, by any instance. */
  watchEnqueued(onEnqueued: () => void): () => void {
    this.events.on('enqueued', onEnqueued);
    const unlisten = this.store.listen('ao_jobs', onEnqueued);
    return () => {
      this.events.off('enqueued', onEnqueued);
      unlisten();
    };
  }

  /** The raw input a job was started with, for the worker that runs it (re-validated by it). */
  async input(id: string): Promise<unknown> {
    const row = await this.store.db.selectFrom('job_inputs').select('input').where('job_id', '=', id).executeTakeFirst();
    if (!row) throw new Error(`job ${id} has no stored input`);
    return v8.deserialize(await gunzip(row.input));
  }

  /** A job of the caller's account; another account's job does not exist for it. */
  async get(id: string, caller: Caller): Promise<JobRow | undefined> {
    const [row] = await this.selectOwned(this.store.db, id, caller.accountId);
    return row;
  }

  /**
   * Takes the queued job longest due under a lease for `owner`. The one dialect-specific step of
   * the queue: PostgreSQL needs `FOR UPDATE SKIP LOCKED` so that instances never claim the
   * same row; SQLite serialises writers, so the conditional update is already atomic.
   */
  async claim(owner: string): Promise<JobRow | undefined> {
    const at = this.stamp();
    return this.store.db
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_owner: owner,
        lease_expires_at: this.stamp(this.options.leaseMs),
        attempts: sql`attempts + 1`,
        started_at: sql`coalesce(started_at, ${at})`,
        updated_at: at,
      })
      .where('status', '=', 'queued')
      .where('id', '=', (eb) => {
        const oldest = eb.selectFrom('jobs').select('id').where('status', '=', 'queued').where('run_after', '<=', at).orderBy('run_after').orderBy('id').limit(1);
        return this.store.dialect === 'postgres' ? oldest.forUpdate().skipLocked() : oldest;
      })
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease; false when the job is no longer this owner's (re-queued or settled). */
  async renew(id: string, owner: string): Promise<boolean> {
    const result = await this.store.db
      .updateTable('jobs')
      .set({ lease_expires_at: this.stamp(this.options.leaseMs), updated_at: this.stamp() })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** False when the job is no longer this owner's (canceled, or re-queued after its lease lapsed): the worker stops it. */
  async reportProgress(id: string, owner: string, progress: JobProgress): Promise<boolean> {
    const result = await this.store.db
      .updateTable('jobs')
      .set({ progress: progress.fraction, progress_message: progress.message, updated_at: this.stamp() })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    this.events.emit('progress', id, progress);
    return true;
  }

  async succeed(id: string, owner: string, result: unknown): Promise<boolean> {
    return this.settle(id, owner, { status: 'succeeded', result: JSON.stringify(result), progress: 1 });
  }

  async fail(id: string, owner: string, error: ErrorEnvelope): Promise<boolean> {
    return this.settle(id, owner, { status: 'failed', error: JSON.stringify(error) });
  }

  private async settle(id: string, owner: string, outcome: { status: JobStatus; result?: string; error?: string; progress?: number }): Promise<boolean> {
    const at = this.stamp();
    const row = await this.store.db.transaction().execute(async (trx) => {
      const settled = await trx
        .updateTable('jobs')
        .set({ ...outcome, lease_owner: null, lease_expires_at: null, finished_at: at, updated_at: at })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .returningAll()
        .executeTakeFirst();
      if (settled) await this.options.onSettled?.(trx, settled);
      return settled;
    });
    if (row) this.events.emit('settled', row);
    return row !== undefined;
  }

  /**
   * Cancels a queued or running job of the caller's account, releasing its units in the same
   * transaction; the worker running it notices at its next lease renewal or progress report.
   * Returns the job as it now is (a settled job stays as it was), or undefined if it is not the caller's.
   */
  async cancel(id: string, caller: Caller): Promise<JobRow | undefined> {
    const at = this.stamp();
    const canceled = await this.store.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('jobs')
        .set({ status: 'canceled', lease_owner: null, lease_expires_at: null, finished_at: at, updated_at: at })
        .where('id', '=', id)
        .where('account_id', '=', caller.accountId)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (row) await this.options.onSettled?.(trx, row);
      return row;
    });
    if (!canceled) return this.get(id, caller);
    this.events.emit('settled', canceled);
    return canceled;
  }

  /** Gives a running job back to the queue without counting the attempt (graceful shutdown). */
  async release(id: string, owner: string): Promise<void> {
    await this.store.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        lease_owner: null,
        lease_expires_at: null,
        attempts: sql`case when attempts > 0 then attempts - 1 else 0 end`,
        updated_at: this.stamp(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Jobs whose worker stopped renewing (a crash, a killed process) go back to the queue;
   * those already started `max_attempts` times fail for good instead of looping.
   */
  async recoverExpired(): Promise<{ requeued: number; failed: number }> {
    const at = this.stamp();
    const expired = (status: 'queued' | 'failed', db: Kysely<Database> = this.store.db) =>
      db
        .updateTable('jobs')
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', at)
        .where('attempts', status === 'queued' ? '<' : '>=', sql<number>`max_attempts`);
    const failed = await this.store.db.transaction().execute(async (trx) => {
      const rows = await expired('failed', trx)
        .set({
          status: 'failed',
          lease_owner: null,
          lease_expires_at: null,
          finished_at: at,
          updated_at: at,
          error: JSON.stringify({
            error: {
              code: 'internal',
              message: 'The job was interrupted every time it ran (its worker stopped); it was not retried again.',
            },
          } satisfies ErrorEnvelope),
        })
        .returningAll()
        .execute();
      for (const row of rows) await this.options.onSettled?.(trx, row);
      return rows;
    });
    for (const row of failed) this.events.emit('settled', row);
    const requeued = await expired('queued').set({ status: 'queued', lease_owner: null, lease_expires_at: null, updated_at: at }).executeTakeFirst();
    const count = Number(requeued.numUpdatedRows);
    if (count > 0) await this.announce();
    return { requeued: count, failed: failed.length };
  }

  /**
   * Resolves with the job once it settles or when `ms` have passed (with its latest state).
   * Progress seen meanwhile is passed to `onProgress`, from this process's events or the database.
   */
  async waitFor(id: string, caller: Caller, ms: number, options: { onProgress?: (progress: JobProgress) => void; signal?: AbortSignal } = {}): Promise<JobRow> {
    let row = await this.get(id, caller);
    if (!row) throw new Error(`job ${id} vanished`);
    if (isSettled(row.status) || ms <= 0) return row;
    const deadline = Date.now() + ms;
    let lastProgress = -1;
    const relay = (progress: JobProgress) => {
      if (progress.fraction <= lastProgress) return;
      lastProgress = progress.fraction;
      options.onProgress?.(progress);
    };
    return new Promise<JobRow>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const stopWaiting = () => {
        clearTimeout(timer);
        this.events.off('settled', onSettled);
        this.events.off('progress', onProgress);
        options.signal?.removeEventListener('abort', onAbort);
      };
      const finish = (latest: JobRow) => {
        stopWaiting();
        resolve(latest);
      };
      // A poll swallows a failed read; only the caller's onProgress can throw there, and then the wait ends with its error.
      const fail = (error: unknown) => {
        stopWaiting();
        reject(error instanceof Error ? error : new Error(`waiting for job ${id} failed`, { cause: error }));
      };
      const onSettled = (settled: JobRow) => {
        if (settled.id === id) finish(settled);
      };
      const onProgress = (jobId: string, progress: JobProgress) => {
        if (jobId === id) relay(progress);
      };
      const onAbort = () => finish(row as JobRow);
      // Another process may be running the job: re-read it now and then.
      const poll = async () => {
        const latest = await this.get(id, caller).catch(() => undefined);
        if (latest) {
          row = latest;
          if (latest.status === 'running') relay({ fraction: latest.progress, message: latest.progress_message });
          if (isSettled(latest.status)) return finish(latest);
        }
        const left = deadline - Date.now();
        if (left <= 0) return finish(row as JobRow);
        timer = setTimeout(pollLater, Math.min(this.waitPollMs, left));
      };
      const pollLater = () => void poll().catch(fail);
      this.events.on('settled', onSettled);
      this.events.on('progress', onProgress);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(pollLater, Math.min(this.waitPollMs, ms));
    });
  }
}
