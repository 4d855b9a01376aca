import { performance } from 'node:perf_hooks';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';
import { p90 } from './invoice.js';

/** A prompt per kind, as an agent would send it; coaching and newsletter bring their course. */
const boxes = [
  {
    kind: 'coaching',
    prompt: 'Leadership coaching for new engineering managers in Berlin by Anna Weber. 1:1 coaching €150 per session, membership €29 a month.',
    course: { title: 'Manager Foundations', modules: [{ title: 'Start', lessons: [{ title: 'Your first 90 days' }, { title: 'Running 1:1s' }] }] },
  },
  { kind: 'agency', prompt: 'Web design agency for dentists in Austin, Pixel Tooth Studio. Websites from $2,900, care plan $149 a month.' },
  { kind: 'digital_shop', prompt: 'Lightroom presets shop by Nova Presets: Film pack $19, Portrait pack $24.' },
  {
    kind: 'newsletter',
    prompt: 'Weekly newsletter about climate tech for investors, The Carbon Brief Weekly. Paid tier $8 a month.',
    course: { title: 'The Carbon Brief Weekly', modules: [{ title: 'Issues', lessons: [{ title: 'Grid storage 101' }] }] },
  },
  { kind: 'local_service', prompt: 'Plumbing repairs in Leeds by Mike Brown Plumbing. Emergency callout £90, boiler service £75.' },
];

/**
 * Rows: business_box_build in template mode, the whole job (queued, run by the worker: every part made by
 * its own tool, stored, the overview drawn), median over the five kinds, against widget_generate of the
 * same landing page alone (one of its parts).
 */
export const businessBuild: Benchmark = {
  name: 'business',
  async run(): Promise<Row[]> {
    return withBenchApp(
      'ao-bench-business-',
      async (app, caller) => {
        await app.listen();
        const call = async (name: string, args: Record<string, unknown>) => {
          const started = performance.now();
          const outcome = await app.dispatcher.call(app.catalogue.get(name)!, args, { caller, requestId: 'bench', log: app.log, waitMs: 30_000 });
          const elapsed = performance.now() - started;
          if (outcome.kind === 'job' && outcome.handle.status !== 'succeeded') throw new Error(`${name} ended ${outcome.handle.status}: ${JSON.stringify(outcome.handle)}`);
          return elapsed;
        };
        for (const box of boxes) await call('business_box_build', { ...box, generator: 'template' });
        const build: number[] = [];
        const landing: number[] = [];
        for (let round = 0; round < 4; round++) {
          for (const box of boxes) {
            build.push(await call('business_box_build', { ...box, generator: 'template' }));
            landing.push(await call('widget_generate', { prompt: box.prompt, kind: 'landing', generator: 'template' }));
          }
        }
        return [
          measuredRow({
            name: 'business_box_build, template mode, the whole job over the five kinds (median)',
            unit: 'ms',
            figure: median(build),
            baseline: { name: 'widget_generate of its landing page alone', figure: median(landing) },
            budget: { on: 'figure', op: '<=', limit: 500 },
            details: { calls: build.length, p90_ms: p90(build), parts: '5 to 7 per box' },
          }),
        ];
      },
      { JOB_CONCURRENCY: '1', JOB_POLL_MS: '50' },
    );
  },
};
