import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { asOutcomeError } from '../kernel/errors.js';
import type { JobQueue, JobRow, JobProgress } from './queue.js';

/** Runs one claimed job's tool; the worker owns the lease and the outcome. */
export type JobExecutor = (job: JobRow, run: { signal: AbortSignal; progress: (progress: JobProgress) => Promise<void> }) => Promise<unknown>;

export interface JobWorkerOptions {
  queue: JobQueue;
  execute: JobExecutor;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  log: Logger;
}

/** Why a running job's signal was aborted. */
class Interruption extends Error {
  constructor(readonly reason: 'shutdown' | 'lease_lost' | 'canceled') {
    super(reason);
  }
}

/**
 * The in-process worker: claims up to `concurrency` jobs at a time, renews their leases
 * while they run and settles each exactly once. On start it re-queues jobs whose lease
 * expired (their worker died); stop() drains.
 */
export class JobWorker {
  readonly owner = `wkr_${randomBytes(6).toString('hex')}`;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private accepting = false;
  private wake: (() => void) | undefined;
  /** A job was queued while the loop was busy claiming: look again before sleeping. */
  private woken = false;
  private unwatch: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private lastRecovery = 0;

  constructor(private readonly options: JobWorkerOptions) {}

  async start(): Promise<void> {
    if (this.accepting || this.options.concurrency === 0) return;
    this.accepting = true;
    await this.recover();
    this.unwatch = this.options.queue.watchEnqueued(this.onEnqueued);
    this.options.queue.events.on('settled', this.onSettled);
    this.loop = this.run();
  }

  private readonly onEnqueued = () => {
    this.woken = true;
    this.wake?.();
  };

  /** A job canceled in this process stops at once; one canceled elsewhere, at its next renewal or progress report. */
  private readonly onSettled = (job: JobRow) => {
    if (job.status === 'canceled') this.running.get(job.id)?.controller.abort(new Interruption('canceled'));
  };

  private async recover(): Promise<void> {
    this.lastRecovery = Date.now();
    const { requeued, failed } = await this.options.queue.recoverExpired();
    if (requeued || failed) this.options.log.warn({ requeued, failed }, 'recovered jobs whose worker stopped');
  }

  private async run(): Promise<void> {
    const { queue, concurrency, pollMs, leaseMs, log } = this.options;
    while (this.accepting) {
      try {
        if (Date.now() - this.lastRecovery > leaseMs / 2) await this.recover();
        this.woken = false;
        while (this.accepting && this.running.size < concurrency) {
          const job = await queue.claim(this.owner);
          if (!job) break;
          this.launch(job);
        }
      } catch (error) {
        log.error({ err: error }, 'job worker could not reach the queue');
      }
      if (!this.accepting) break;
      if (this.woken && this.running.size < concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.running.delete(job.id);
      this.wake?.();
    });
    this.running.set(job.id, { controller, done });
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const { queue, execute, leaseMs, log } = this.options;
    const jobLog = log.child({ job_id: job.id, tool: job.tool, attempt: job.attempts });
    const renewal = setInterval(
      () => {
        queue
          .renew(job.id, this.owner)
          .then((held) => {
            if (!held) controller.abort(new Interruption('lease_lost'));
          })
          .catch((error) => jobLog.warn({ err: error }, 'could not renew job lease'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const started = Date.now();
    try {
      const result = await execute(job, {
        signal: controller.signal,
        progress: async (progress) => {
          if (!(await queue.reportProgress(job.id, this.owner, progress))) controller.abort(new Interruption('lease_lost'));
        },
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      await queue.succeed(job.id, this.owner, result);
      jobLog.info({ ms: Date.now() - started }, 'job succeeded');
    } catch (thrown) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
      if (reason instanceof Interruption) {
        if (reason.reason === 'shutdown') await queue.release(job.id, this.owner);
        // Canceled, or no longer this worker's (its lease lapsed and it was re-queued, or it was canceled elsewhere): someone else settled it.
        if (reason.reason === 'canceled') jobLog.info('job canceled');
        else jobLog.warn({ reason: reason.reason }, "job interrupted; it is no longer this worker's");
        return;
      }
      const error = asOutcomeError(thrown, job.request_id ?? undefined);
      if (error.code === 'internal') jobLog.error({ err: thrown }, 'job failed unexpectedly');
      else jobLog.info({ code: error.code }, 'job failed');
      await queue.fail(job.id, this.owner, error.toEnvelope());
    } finally {
      clearInterval(renewal);
    }
  }

  /** Stops claiming; running jobs get `graceMs` to finish, then go back to the queue. */
  async stop(graceMs: number): Promise<void> {
    if (!this.accepting) return;
    this.accepting = false;
    this.unwatch?.();
    this.options.queue.events.off('settled', this.onSettled);
    this.wake?.();
    await this.loop;
    const all = Promise.all([...this.running.values()].map((job) => job.done));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    if ((await Promise.race([all, graceOver])) === 'timeout') {
      // Return the jobs to the queue now; a tool that ignores its signal cannot hold shutdown up.
      for (const [id, job] of this.running) {
        job.controller.abort(new Interruption('shutdown'));
        await this.options.queue.release(id, this.owner);
      }
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    }
    clearTimeout(timer);
  }

  get activeJobs(): number {
    return this.running.size;
  }
}
