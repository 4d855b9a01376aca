import type { ErrorEnvelope } from '../kernel/errors.js';

/** What the pool posts to a worker thread. */
export interface TaskMessage {
  /** The task's name; '' is the pool's warm-up, answered at once. */
  name: string;
  input: unknown;
  /** Set to 1 (and notified) by the worker when it starts the task: the call's budget runs from then. */
  started: Int32Array;
}

/** An expected failure (OutcomeError) crosses the thread as its envelope; anything else is thrown. */
export type TaskReply = { ok: true; value: unknown } | { ok: false; error: ErrorEnvelope };

/** What each worker thread starts with. */
export interface WorkerData {
  /** File URLs of modules exporting `tasks`, loaded besides the catalogue's. */
  extraTaskModules: readonly string[];
}
