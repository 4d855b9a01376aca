import { performance } from 'node:perf_hooks';
import type { buildPlan as BuildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema } from '../../tools/clips/schema.js';
import { evaluateClips } from '../clips/eval.js';
import { asSrt, syntheticTalk } from '../clips/synthetic.js';
import { bundled } from './bundled.js';
import { median } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

/**
 * The whole plan (parse with the subtitle library, sentences, topics, scoring, caption packs) of a synthetic SRT talk,
 * by the code as the server's compute threads run it: bundled.
 */
async function timePlan(buildPlan: typeof BuildPlan, minutes: number, runs: number) {
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

type Measured = Awaited<ReturnType<typeof timePlan>> & { minutes: number };

/** The time of an input ten times as large, against the smaller one's: the scaling budget is a ratio of at most 12. */
const scalingRow = (large: Measured, small: Measured) =>
  measuredRow({
    name: `clips plan scaling: ${size(large.minutes, large)} vs 10× less`,
    unit: 'ms',
    figure: large.ms,
    baseline: { name: size(small.minutes, small), figure: small.ms },
    budget: { on: 'ratio', op: '<=', limit: 12 },
  });

/** Rows: a three-hour transcript against its budget, and the time ratio for ten times the input, twice. */
export const clipsFactory: Benchmark = {
  name: 'clips_factory',
  async run(): Promise<Row[]> {
    const { buildPlan } = await bundled<{ buildPlan: typeof BuildPlan }>('tools/clips/plan.ts');
    const small = await timePlan(buildPlan, 18, 30);
    const threeHours = await timePlan(buildPlan, 180, 15);
    const thirtyHours = await timePlan(buildPlan, 1800, 3);
    // Quality, on real transcripts labelled by hand (test/fixtures/clips-eval): the goals are all moments, 0 and 0.
    const quality = await evaluateClips();
    return [
      measuredRow({ name: `clips plan, ${size(180, threeHours)} SRT`, unit: 'ms', figure: threeHours.ms, budget: { on: 'figure', op: '<=', limit: 150 }, details: threeHours }),
      scalingRow({ minutes: 180, ...threeHours }, { minutes: 18, ...small }),
      scalingRow({ minutes: 1800, ...thirtyHours }, { minutes: 180, ...threeHours }),
      measuredRow({
        name: `clips eval: labelled moments the top 5 clips overlap (≥ 50%), of ${quality.moments} in ${quality.transcripts.length} real transcripts`,
        unit: 'moments',
        figure: quality.overlapped,
        // The floor test/clips/eval.test.ts holds; the goal is every moment.
        budget: { on: 'figure', op: '>=', limit: 17 },
        details: { moments: quality.moments, clips: quality.clips, overlapped: quality.transcripts.map((entry) => ({ file: entry.file, moments: entry.overlapped })) },
      }),
      measuredRow({
        name: `clips eval: clips starting or ending mid-sentence, of ${quality.clips}`,
        unit: 'clips',
        figure: quality.midSentence,
        budget: { on: 'figure', op: '<=', limit: 0 },
        details: { clips: quality.transcripts.flatMap((entry) => entry.midSentence) },
      }),
      measuredRow({
        name: `clips eval: clips on a greeting, sponsor read, wrap-up or sign-off, of ${quality.clips}`,
        unit: 'clips',
        figure: quality.onHousekeeping,
        budget: { on: 'figure', op: '<=', limit: 0 },
        details: { clips: quality.transcripts.flatMap((entry) => entry.onHousekeeping) },
      }),
    ];
  },
};
