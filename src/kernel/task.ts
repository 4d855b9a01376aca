/**
 * A CPU-bound step of an outcome (composing copy, planning clips, rendering a PDF or a page):
 * a pure function of plain data that runs on the compute pool's worker threads, so that the
 * HTTP loop keeps answering while it works, and that can be stopped when it runs past its
 * call's time budget. Input and output cross threads by structured clone: plain objects,
 * arrays, strings, numbers, typed arrays; no functions, no class instances.
 */
export interface Task<I, O> {
  /** Unique across the catalogue, e.g. `content.prepare`; the worker finds the function by it. */
  name: string;
  /** Loads what `run` needs (fonts, NLP) when a thread starts, so that no call's budget pays for it. */
  load?: () => Promise<unknown>;
  /** `progress` reaches the call's progress (job status, MCP notifications) from the worker thread. */
  run: (input: I, progress: TaskProgress) => O | Promise<O>;
  /**
   * What about this input made it costly, for the message when it runs out of time, e.g.
   * `source_text (100,000 characters)`. Runs on the caller's thread: keep it cheap.
   */
  describe: (input: I) => string;
  /**
   * Work done once per process for every later caller (a model learnt on first use): timed by this
   * budget of its own, not charged to the budget of the call that happens to need it first.
   */
  ownBudgetMs?: number;
}

/** Reports how far a task has come (0..1), with a few words on what it is doing. */
export type TaskProgress = (fraction: number, message: string) => void;

/** Defines a task; list it in the catalogue's task list (`tools/tasks.ts`) so that workers can run it. */
export function defineTask<I, O>(task: Task<I, O>): Task<I, O> {
  if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(task.name)) {
    throw new Error(`Task name "${task.name}" must look like "outcome.step" (lowercase, dot-separated)`);
  }
  return task;
}

/** How big an input is, for `describe`: `sized('prompt', 4000)` → "prompt (4,000 characters)". */
export const sized = (what: string, count: number, unit = 'characters') => `${what} (${count.toLocaleString('en-US')} ${unit})`;

/** Runs tasks for one call, within what is left of that call's budget; their progress is the call's. */
export type Compute = <I, O>(task: Task<I, O>, input: I) => Promise<O>;
