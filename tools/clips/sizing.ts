/**
 * Which transcripts run as a job: decided on the serving thread before any parsing, so this module
 * stays light (the plan itself, with its NLP, loads only on the compute threads).
 */
import { quickDuration } from './transcript.js';
import type { FactoryInput } from './schema.js';

/** Speech longer than this runs as a job (with progress); shorter transcripts answer at once. */
const jobThresholdSeconds = 20 * 60;

/** Characters (or segments) beyond which a transcript runs as a job whatever its timestamps say: about four hours of SRT. */
const jobThresholdSize = 400_000;
const jobThresholdSegments = 5_000;

export const runsAsJob = (input: FactoryInput) => {
  const { transcript } = input;
  const large = typeof transcript === 'string' ? transcript.length > jobThresholdSize : (Array.isArray(transcript) ? transcript : transcript.segments).length > jobThresholdSegments;
  return large || quickDuration(transcript, input.duration_seconds) > jobThresholdSeconds;
};
