import { performance } from 'node:perf_hooks';
import { buildPlan } from '../../tools/clips/engine.js';
import { factoryInputSchema } from '../../tools/clips/schema.js';
import { asSrt, syntheticTalk } from '../clips/synthetic.js';
import { median } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

/** The whole plan (parse with the subtitle library, sentences, topics, scoring, caption packs) of a synthetic SRT talk. */
async function timePlan(minutes: number, runs: number) {
  const cues = syntheticTalk(minutes);
  // The defaults from the schema; the transcript set after it, past the 3 MB request bound, for the 30-hour point.
  const input = { ...factoryInputSchema.parse({ transcript: '[00:00:00] hello' }), transcript: asSrt(cues) };
  const words = cues.reduce((sum, cue) => sum + cue.words.length, 0);
  for (let i = 0; i < 3; i++) await buildPlan(input);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await buildPlan(input);
    samples.push(performance.now() - started);
  }
  return { ms: median(samples), cues: cues.length, words };
}

const size = (minutes: number, measured: { cues: number; words: number }) =>
  `${minutes >= 60 ? `${minutes / 60} h` : `${minutes} min`} (${measured.cues.toLocaleString('en-US')} cues, ${measured.words.toLocaleString('en-US')} words)`;

/** Rows: a three-hour transcript against its budget, and the time ratio for ten times the input, twice. */
export const clipsFactory: Benchmark = {
  name: 'clips_factory',
  async run(): Promise<Row[]> {
    const small = await timePlan(18, 30);
    const threeHours = await timePlan(180, 15);
    const thirtyHours = await timePlan(1800, 3);
    return [
      measuredRow({ name: `clips plan, ${size(180, threeHours)} SRT`, unit: 'ms', figure: threeHours.ms, budget: { on: 'figure', op: '<=', limit: 150 }, details: threeHours }),
      measuredRow({
        name: `clips plan scaling: ${size(180, threeHours)} vs 10× less`,
        unit: 'ms',
        figure: threeHours.ms,
        baseline: { name: size(18, small), figure: small.ms },
        budget: { on: 'ratio', op: '<=', limit: 12 },
      }),
      measuredRow({
        name: `clips plan scaling: ${size(1800, thirtyHours)} vs 10× less`,
        unit: 'ms',
        figure: thirtyHours.ms,
        baseline: { name: size(180, threeHours), figure: threeHours.ms },
        budget: { on: 'ratio', op: '<=', limit: 12 },
      }),
    ];
  },
};
