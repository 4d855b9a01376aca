import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Piscina } from 'piscina';
import { OutcomeError } from '../kernel/errors.js';
import type { Task } from '../kernel/task.js';
import { MessageChannel } from 'node:worker_threads';
import type { ProgressReport, TaskMessage, TaskReply, WorkerData } from './protocol.js';

export interface ComputePoolOptions {
  /** Worker threads (COMPUTE_THREADS). */
  threads: number;
  /** Tasks that may wait for a thread; past that a call is refused at once with 503 (COMPUTE_QUEUE). */
  maxQueue: number;
  /** How long a task may wait for a thread before the call is refused with 503. */
  queueWaitMs: number;
  /** Heap of each worker thread, in MB: a task that needs more is stopped like one that runs too long. */
  heapMb: number;
  /** Modules (file URLs) whose `tasks` export the workers load besides the catalogue's (tests add theirs). */
  extraTaskModules?: readonly string[];
  log: Logger;
}

/**
 * The time one call may spend computing, across all its tasks. Only time a task spends running
 * on a worker counts: waiting for a free thread is the server's doing, not the input's.
 */
export class CallBudget {
  private spent = 0;

  constructor(
    readonly limitMs: number,
    /** Jobs may not take every thread: inline calls keep one (see ComputePool). */
    readonly lane: 'inline' | 'job',
    /** What the caller can do to get more, e.g. "run it as a job (Prefer: respond-async) for 120 s". */
    readonly escalation: string | undefined,
  ) {}

  get remainingMs(): number {
    return Math.max(0, this.limitMs - this.spent);
  }

  spend(ms: number): void {
    this.spent += ms;
  }
}

/** Where the worker entry is: beside this module from source or tsc's output, at the bundle's root when bundled. */
function workerEntry(): string {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return fileURLToPath(new URL('./worker-source.mjs', here));
  if (/\/dist\/src\/compute\/pool\.js$/.test(here)) return fileURLToPath(new URL('./worker.js', here));
  // esbuild puts this module in the CLI bundle or one of its chunks; the worker is its own entry beside the CLI.
  return fileURLToPath(new URL(here.includes('/chunks/') ? '../compute-worker.mjs' : './compute-worker.mjs', here));
}

const formatMs = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`);

/** Why the pool stopped a task itself (as opposed to the caller going away). */
type Stop = 'budget' | 'busy';

/**
 * CPU-bound steps of outcomes run here, on worker threads (piscina), so that one call's
 * computing never stalls the HTTP loop that answers everyone else. Each task runs within
 * what is left of its call's budget; past it the thread is terminated (piscina replaces it)
 * and the call fails with 422 budget_exceeded, naming the input that was too costly.
 */
export class ComputePool {
  private pool: Piscina | undefined;
  private loading: Promise<Piscina> | undefined;
  /** Job tasks may hold all threads but one (when there are two or more), so that inline calls never wait for a job. */
  private readonly jobLane: Lane;

  constructor(private readonly options: ComputePoolOptions) {
    this.jobLane = new Lane(Math.max(1, options.threads - 1));
  }

  /** Threads start on first use (stdio starts fast) or when `warm` is called (the HTTP server). */
  private start(): Promise<Piscina> {
    this.loading ??= import('piscina').then(({ Piscina }) => {
      const { threads, maxQueue, heapMb } = this.options;
      this.pool = new Piscina({
        filename: workerEntry(),
        minThreads: threads,
        maxThreads: threads,
        maxQueue,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: heapMb },
        workerData: { extraTaskModules: this.options.extraTaskModules ?? [] } satisfies WorkerData,
      });
      // A thread that fails outside any task (it should not) is logged; piscina replaces it.
      this.pool.on('error', (error: unknown) => this.options.log.error({ err: error }, 'compute thread failed'));
      return this.pool;
    });
    return this.loading;
  }

  /** Resolves once the threads have loaded the tasks (a no-op message per thread), so that the first call does not wait for them. */
  async warm(): Promise<void> {
    const pool = await this.start();
    const started = new Int32Array(new SharedArrayBuffer(4));
    const ping: TaskMessage = { name: '', input: null, started };
    await Promise.all(Array.from({ length: this.options.threads }, () => pool.run(ping)));
  }

  /** Runs one task within `budget`, stopped early if `signal` aborts (the caller went away); `onProgress` hears its reports. */
  async run<I, O>(task: Task<I, O>, input: I, budget: CallBudget, signal: AbortSignal, onProgress?: (report: ProgressReport) => void): Promise<O> {
    if (budget.lane === 'inline' || this.options.threads < 2) return this.runNow(task, input, budget, signal, onProgress);
    const release = await this.jobLane.enter(signal);
    try {
      return await this.runNow(task, input, budget, signal, onProgress);
    } finally {
      release();
    }
  }

  private async runNow<I, O>(task: Task<I, O>, input: I, budget: CallBudget, signal: AbortSignal, onProgress?: (report: ProgressReport) => void): Promise<O> {
    signal.throwIfAborted();
    if (budget.remainingMs <= 0) throw this.overBudget(task, input, budget);
    const pool = await this.start();
    if (pool.queueSize >= this.options.maxQueue) throw busy(this.options.queueWaitMs);
    const started = new Int32Array(new SharedArrayBuffer(4));
    const stopper = new AbortController();
    let stop: Stop | undefined;
    const halt = (why: Stop) => {
      stop ??= why;
      stopper.abort();
    };
    const onCallerAbort = () => stopper.abort();
    signal.addEventListener('abort', onCallerAbort, { once: true });
    let runningSince: number | undefined;
    let budgetTimer: NodeJS.Timeout | undefined;
    let settled = false;
    /** The thread's own measure of the run, when it answered: the loop may have seen the start late. */
    let measured: number | undefined;
    // The worker flips `started` when it picks the task up: only then does the budget run.
    const waiting = Atomics.waitAsync(started, 0, 0, this.options.queueWaitMs);
    const onStart = (outcome: string) => {
      if (settled) return;
      // A task picked up just as the wait ran out did start: its budget runs.
      if (Atomics.load(started, 0) !== 1) return outcome === 'timed-out' ? halt('busy') : undefined;
      runningSince = performance.now();
      budgetTimer = setTimeout(() => halt('budget'), budget.remainingMs);
    };
    if (waiting.async) void waiting.value.then(onStart);
    else onStart('ok');
    const channel = onProgress ? new MessageChannel() : undefined;
    channel?.port1.on('message', (report: ProgressReport) => onProgress?.(report));
    const message: TaskMessage = { name: task.name, input, started, ...(channel ? { progress: channel.port2 } : {}) };
    try {
      const reply = (await pool.run(message, { signal: stopper.signal, ...(channel ? { transferList: [channel.port2] } : {}) })) as TaskReply;
      measured = reply.elapsedMs;
      if (!reply.ok) throw OutcomeError.fromEnvelope(reply.error);
      return reply.value as O;
    } catch (error) {
      if (stop === 'budget' || isOutOfMemory(error)) {
        this.options.log.warn({ task: task.name, budget_ms: budget.limitMs, out_of_memory: isOutOfMemory(error) }, 'task stopped at its budget; its thread was replaced');
        throw this.overBudget(task, input, budget, isOutOfMemory(error));
      }
      if (stop === 'busy') throw busy(this.options.queueWaitMs);
      if (signal.aborted) throw signal.reason ?? error;
      if (error instanceof OutcomeError) throw error;
      if (isPoolFull(error)) throw busy(this.options.queueWaitMs);
      throw error;
    } finally {
      settled = true;
      channel?.port1.close();
      clearTimeout(budgetTimer);
      signal.removeEventListener('abort', onCallerAbort);
      if (measured !== undefined) budget.spend(measured);
      else if (runningSince !== undefined) budget.spend(performance.now() - runningSince);
      // Wakes the wait above if the task never started, so that nothing lingers until its time-out.
      if (Atomics.compareExchange(started, 0, 0, 2) === 0) Atomics.notify(started, 0);
    }
  }

  private overBudget<I>(task: Task<I, unknown>, input: I, budget: CallBudget, memory = false): OutcomeError {
    const what = task.describe(input);
    const limit = memory ? `more memory than a call may use (${this.options.heapMb} MB)` : `more than its ${formatMs(budget.limitMs)} of computing`;
    return new OutcomeError('budget_exceeded', `This input needed ${limit} and was stopped (${task.name}; the costly part: ${what}); nothing was charged.`, {
      details: { task: task.name, input: what, budget_ms: budget.limitMs, ...(memory ? { heap_mb: this.options.heapMb } : {}) },
      hint: `Send less (${what})${budget.escalation ? `, or ${budget.escalation}` : ''}.`,
    });
  }

  async close(): Promise<void> {
    const pool = this.pool ?? (this.loading ? await this.loading : undefined);
    await pool?.destroy();
  }
}

function busy(queueWaitMs: number): OutcomeError {
  const seconds = Math.max(1, Math.ceil(queueWaitMs / 1000));
  return new OutcomeError('unavailable', `The server is busy computing other calls; try again in ${seconds} s. Nothing was charged.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

const isOutOfMemory = (error: unknown) => (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
// piscina's own refusals when every thread is busy and its queue is full.
const isPoolFull = (error: unknown) => error instanceof Error && /task queue is at limit|all workers are busy/i.test(error.message);

/** Why `signal` aborted, as the Error a rejection carries: its reason itself when that is one (always, in this codebase). */
const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error('The call was aborted', { cause: signal.reason }));

/** A counting semaphore: at most `slots` holders at once, the others wait in order (or until their call is aborted). */
class Lane {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async enter(signal: AbortSignal): Promise<() => void> {
    if (this.held >= this.slots) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(abortReason(signal));
        };
        this.waiting.push(turn);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    } else this.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, or is given back.
      if (next) next();
      else this.held -= 1;
    };
  }
}
