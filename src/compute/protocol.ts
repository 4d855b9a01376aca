import type { MessagePort } from 'node:worker_threads';
import type { ErrorEnvelope } from '../kernel/errors.js';

/** What the pool posts to a worker thread. */
export interface TaskMessage {
  /** The task's name; '' is the pool's warm-up, answered at once. */
  name: string;
  input: unknown;
  /** Set to 1 (and notified) by the worker when it starts the task: the call's budget runs from then. */
  started: Int32Array;
  /** Where the task's progress reports go, when the call wants them. */
  progress?: MessagePort;
}

/** One progress report, posted on `TaskMessage.progress`. */
export interface ProgressReport {
  fraction: number;
  message: string;
}

/** An expected failure (OutcomeError) crosses the thread as its envelope; anything else is thrown. */
export type TaskReply = ({ ok: true; value: unknown } | { ok: false; error: ErrorEnvelope }) & {
  /** How long the task ran on its thread, as the thread measured it: what the call's budget is charged. */
  elapsedMs: number;
};

/** What each worker thread starts with. */
export interface WorkerData {
  /** File URLs of modules exporting `tasks`, loaded besides the catalogue's. */
  extraTaskModules: readonly string[];
}
