import { defineTask, sized } from '../../src/kernel/task.js';
import type { FactoryInput } from './schema.js';

/**
 * The whole clip plan (parsing, sentence units, topics, scoring, caption packs), with its progress.
 * The plan's code (compromise's tagger among it) is imported by the compute threads only.
 */
export const planClipsTask = defineTask({
  name: 'clips.plan',
  load: () => import('./plan.js'),
  async run(input: FactoryInput, progress) {
    const { buildPlan } = await import('./plan.js');
    return buildPlan(input, async (fraction, message) => progress(fraction, message));
  },
  describe: ({ transcript }) =>
    typeof transcript === 'string' ? sized('transcript', transcript.length) : sized('transcript', (Array.isArray(transcript) ? transcript : transcript.segments).length, 'segments'),
});
