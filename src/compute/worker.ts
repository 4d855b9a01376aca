import { OutcomeError } from '../kernel/errors.js';
import type { Task } from '../kernel/task.js';
import { workerData } from 'node:worker_threads';
import type { ProgressReport, TaskMessage, TaskReply, WorkerData } from './protocol.js';
// The worker thread's composition root: like src/app.ts, it is handed the catalogue's tasks.
import { tasks } from '../../tools/tasks.js';

const extra = await Promise.all(((workerData as WorkerData | undefined)?.extraTaskModules ?? []).map(async (url) => ((await import(url)) as { tasks: readonly Task<unknown, unknown>[] }).tasks));
const byName = new Map<string, Task<unknown, unknown>>();
for (const task of [...tasks, ...extra.flat()] as readonly Task<unknown, unknown>[]) {
  if (byName.has(task.name)) throw new Error(`Two tasks are named ${task.name}`);
  byName.set(task.name, task);
}
// What the tasks load on first use (fonts, NLP) loads now, while the thread starts: outside any call's budget.
await Promise.all([...byName.values()].map(async (task) => task.load?.()));

/** Runs one task on this worker thread (piscina calls it). */
export default async function runTask({ name, input, started, progress }: TaskMessage): Promise<TaskReply> {
  Atomics.store(started, 0, 1);
  Atomics.notify(started, 0);
  const since = performance.now();
  if (name === '') return { ok: true, value: null, elapsedMs: 0 }; // the pool's warm-up
  const task = byName.get(name);
  if (!task) throw new Error(`No task named ${name} in this worker (tools/tasks.ts lists them)`);
  const report = (fraction: number, message: string) => progress?.postMessage({ fraction, message } satisfies ProgressReport);
  try {
    const value = await task.run(input, report);
    return { ok: true, value, elapsedMs: performance.now() - since };
  } catch (error) {
    if (error instanceof OutcomeError) return { ok: false, error: error.toEnvelope(), elapsedMs: performance.now() - since };
    throw error;
  } finally {
    progress?.close();
  }
}
