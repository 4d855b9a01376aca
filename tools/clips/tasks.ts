import { defineTask, sized } from '../../src/kernel/task.js';
import { buildPlan } from './plan.js';
import type { FactoryInput } from './schema.js';

/** The whole clip plan (parsing, sentence units, topics, scoring, caption packs), with its progress. */
export const planClipsTask = defineTask({
  name: 'clips.plan',
  run: (input: FactoryInput, progress) => buildPlan(input, async (fraction, message) => progress(fraction, message)),
  describe: ({ transcript }) =>
    typeof transcript === 'string' ? sized('transcript', transcript.length) : sized('transcript', (Array.isArray(transcript) ? transcript : transcript.segments).length, 'segments'),
});
