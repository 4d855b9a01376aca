import { performance } from 'node:perf_hooks';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

/** A course of 50 lessons with text, drip every 2 days, three tiers. */
const course = {
  title: 'Fifty lessons',
  modules: Array.from({ length: 5 }, (_, m) => ({
    title: `Module ${m + 1}`,
    lessons: Array.from({ length: 10 }, (_, l) => ({
      title: `Lesson ${m + 1}.${l + 1}`,
      summary: 'What this lesson covers.',
      body: `## Why\nA paragraph of lesson text.\n\n## Key points\n- One\n- Two\n\n## Exercises\n1. Try it`,
      duration_minutes: 10,
      preview: m === 0 && l === 0,
    })),
  })),
};

/** Rows: membership_build of a 50-lesson site (pages, zip, plan, onboarding) through the dispatcher. */
export const membershipBuild: Benchmark = {
  name: 'membership',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-membership-', async (app, caller) => {
      const tool = app.catalogue.get('membership_build')!;
      const input = { course, tiers: [{ name: 'Monthly', interval: 'month', price: 19 }], currency: 'EUR', drip: { mode: 'every_n_days', days: 2 } };
      const call = async () => {
        const started = performance.now();
        const outcome = await app.dispatcher.call(tool, input, { caller, requestId: 'bench', log: app.log });
        if (outcome.kind !== 'result') throw new Error('membership_build did not answer inline');
        return performance.now() - started;
      };
      for (let i = 0; i < 5; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < 30; i++) times.push(await call());
      return [measuredRow({ name: 'membership_build (50 lessons)', unit: 'ms', figure: median(times), budget: { on: 'figure', op: '<=', limit: 100 }, details: { calls: times.length } })];
    });
  },
};
