/** The clip plan of a transcript, computed without storage: what the compute task runs. */
import { OutcomeError } from '../../src/kernel/errors.js';
import { timestamp } from '../../src/render/captions.js';
import { captionFont } from './caption-font.js';
import { defaultLayout, ffmpegCommand } from './layout.js';
import { captionPack, hooksOf, keywordsOf, postCaptions, thumbnailBrief } from './package.js';
import { platformRules, platforms as allPlatforms } from './platforms.js';
import { selectClips, tokensOf, vocabularyOf, weights } from './score.js';
import { sentencesOf, wordCount } from './sentences.js';
import { topicsOf } from './topics.js';
import { parseTranscript, speechRate, timecode, timingOf, type Transcript } from './transcript.js';
import type { Clip, FactoryInput, ClipPlan } from './schema.js';

/** 3 MB of English prose holds about 500,000 words: more is not a transcript, and only costs seconds. */
const MAX_WORDS = 600_000;
/** Text with neither timestamps nor duration_seconds: about 6.5 hours at 150 words a minute, more than any episode; beyond, the guessed times mean nothing. */
const MAX_UNTIMED_WORDS = 60_000;
/** Speech runs at 2 to 4 words a second, the fastest rap at 7: far beyond, the timings are wrong, and every clip would carry thousands of caption cues. */
const MAX_WORDS_PER_SECOND = 15;

/** Refuses, before the costly steps, a transcript too short for a clip, too long to plan or denser than speech. */
function checkSpeech(transcript: Transcript, duration: number, input: FactoryInput): void {
  const words = wordCount(transcript.cues);
  const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (words > MAX_WORDS) {
    throw new OutcomeError('invalid_input', `The transcript has ${count(words)} words; at most ${count(MAX_WORDS)} (about 3 MB of speech) are planned at once; send it in parts.`);
  }
  if (words > MAX_UNTIMED_WORDS && timingOf(transcript, input.duration_seconds) === 'speech_rate') {
    throw new OutcomeError(
      'invalid_input',
      `The transcript has no timestamps and ${count(words)} words; without timestamps or duration_seconds at most ${count(MAX_UNTIMED_WORDS)} (about 6.5 hours of speech) are timed from the speech rate. Send timestamps, duration_seconds, or the transcript in parts.`,
    );
  }
  if (duration < input.min_seconds) {
    throw new OutcomeError('unprocessable', `The transcript covers ${duration.toFixed(1)} s of speech, less than min_seconds (${input.min_seconds}); lower min_seconds or send a longer transcript.`);
  }
  if (words > duration * MAX_WORDS_PER_SECOND) {
    const fix = transcript.estimated ? 'check duration_seconds' : 'check the timestamps';
    throw new OutcomeError('invalid_input', `The transcript has ${count(words)} words in ${count(duration)} s of speech, ${count(words / duration)} a second; speech runs at 2 to 4: ${fix}.`);
  }
}

/** The whole plan, without storing it: parse, sentence units, topics, scored windows, a pack per clip. */
export async function buildPlan(input: FactoryInput, progress: (fraction: number, message: string) => Promise<void> = async () => {}): Promise<Omit<ClipPlan, 'plan_id' | 'created_at'>> {
  const transcript = await parseTranscript(input.transcript, { format: input.format, durationSeconds: input.duration_seconds });
  await progress(0.2, `parsed ${transcript.cues.length} cues (${transcript.format})`);
  // Not Math.max(...cues): past about 130,000 arguments the spread overflows the stack.
  const duration = transcript.cues.reduce((latest, cue) => Math.max(latest, cue.end), 0);
  checkSpeech(transcript, duration, input);
  const sentences = sentencesOf(transcript.cues);
  const tokens = tokensOf(sentences);
  const topics = topicsOf(sentences, tokens);
  await progress(0.45, `${sentences.length} sentences in ${(topics.at(-1) ?? 0) + 1} topics`);
  const warnings = [...transcript.warnings];
  const timing = timingOf(transcript, input.duration_seconds);
  if (timing === 'duration') warnings.push(`The transcript has no timestamps: timings are estimated from its length (${input.duration_seconds} s) and are approximate; check the cuts.`);
  if (timing === 'speech_rate') {
    warnings.push(`The transcript has no timestamps: timings are estimated at ${speechRate * 60} words a minute and are approximate; give duration_seconds (the recording's length) for closer cuts.`);
  }
  if (input.language && !/^en(?:-|$)/i.test(input.language)) {
    warnings.push(
      `Hooks, bold claims and emotion are scored with English word lists, so for "${input.language}" those components are weaker; salience, density, pace and length work in any language.`,
    );
  }
  const wanted = input.platforms ? allPlatforms.filter((platform) => input.platforms?.includes(platform)) : [...allPlatforms];
  const longest = Math.max(...wanted.map((platform) => platformRules[platform].maxSeconds));
  if (input.max_seconds > longest) warnings.push(`max_seconds ${input.max_seconds} is longer than any chosen platform allows (${longest} s); clips were kept to ${longest} s.`);
  const vocabulary = vocabularyOf(tokens);
  const scored = selectClips({ sentences, tokens, topics, vocabulary }, { minSeconds: input.min_seconds, maxSeconds: Math.min(input.max_seconds, longest), maxClips: input.max_clips });
  await progress(0.75, `scored the candidate windows; ${scored.length} clips chosen`);
  if (scored.length < input.max_clips)
    warnings.push(`Only ${scored.length} non-overlapping clip(s) of ${input.min_seconds}–${input.max_seconds} s fit this transcript without starting or ending mid-thought.`);

  const width = await captionFont();
  // The people in the frame are the recording's, not the clip's: a clip where one of two hosts talks is still shot
  // with both in view, and a blind centre crop would cut them both out.
  const labelled = [...new Set(sentences.flatMap((sentence) => (sentence.speaker ? [sentence.speaker] : [])))];
  const inFrame = labelled.length ? labelled : (input.speakers ?? []);
  const clips: Clip[] = scored.map((clip, index) => {
    const number = index + 1;
    const keywords = keywordsOf(tokens, sentences, clip, vocabulary.spread);
    const hooks = hooksOf(sentences, clip, keywords);
    const excerpt = sentences
      .slice(clip.first, clip.last + 1)
      .map((sentence) => sentence.text)
      .join(' ');
    // Who speaks: the transcript's own labels in this clip, else the caller's hint.
    const heard = [...new Set(sentences.slice(clip.first, clip.last + 1).flatMap((sentence) => (sentence.speaker ? [sentence.speaker] : [])))];
    const speakers = heard.length ? heard : (input.speakers ?? []);
    const length = clip.end - clip.start;
    const fit = wanted.map((platform) => {
      const rules = platformRules[platform];
      const fits = length <= rules.maxSeconds;
      const note = !fits
        ? `longer than the ${rules.maxSeconds} s ${rules.label} allows`
        : length > rules.preferredMaxSeconds
          ? `fits; ${rules.label} performs best under ${rules.preferredMaxSeconds} s`
          : `fits (≤ ${rules.maxSeconds} s, vertical 9:16)`;
      return { platform, fits, note };
    });
    const fitting = fit.filter((entry) => entry.fits).map((entry) => entry.platform);
    const thumbnail = thumbnailBrief(sentences, clip, hooks.hook, keywords);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const layout = input.layout ?? defaultLayout(inFrame.length);
    return {
      id: `clip_${String(number).padStart(2, '0')}`,
      rank: number,
      start_seconds: round(clip.start),
      end_seconds: round(clip.end),
      duration_seconds: round(length),
      timecode: timecode(clip.start, clip.end),
      title: hooks.title,
      hook: hooks.hook,
      alternative_hooks: hooks.alternatives,
      score: { total: clip.total, components: clip.components, weights: { ...weights }, reasons: clip.reasons },
      excerpt,
      speakers,
      platforms: fitting,
      platform_fit: fit,
      captions: captionPack(sentences, clip, width),
      post_captions: postCaptions({ hook: hooks.hook, title: hooks.title, excerpt, keywords, speakers, ...(input.title ? { sourceTitle: input.title } : {}) }, fitting),
      thumbnail: { ...thumbnail, frame_timecode: timestamp(thumbnail.frame_seconds * 1000) },
      layout,
      ffmpeg: ffmpegCommand(clip, layout, { input: 'input.mp4', captions: `clip-${number}.ass`, output: `clip-${number}.mp4` }),
    };
  });
  await progress(0.95, 'caption packs written');
  return {
    source: {
      title: input.title ?? null,
      format: transcript.format,
      duration_seconds: Math.round(duration * 1000) / 1000,
      cues: transcript.cues.length,
      sentences: sentences.length,
      topics: (topics.at(-1) ?? 0) + 1,
      words: sentences.reduce((sum, sentence) => sum + sentence.words.length, 0),
      speakers: inFrame,
      estimated_timing: transcript.estimated,
      timing,
    },
    clips,
    warnings,
  };
}
