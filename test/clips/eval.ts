import { readFileSync } from 'node:fs';
import { buildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema, type ClipPlan } from '../../tools/clips/schema.js';
import { sentencesOf, type Sentence } from '../../tools/clips/sentences.js';
import { parseTranscript } from '../../tools/clips/transcript.js';

/**
 * The clips evaluation: real transcripts (test/fixtures/clips-eval, sources and licences in
 * labels.json) with the moments an editor would cut, labelled by hand. For the top 5 clips of
 * each: how many labelled moments they overlap (by at least half the moment), how many start or
 * end mid-sentence, how many hold a labelled greeting, wrap-up or sign-off.
 */

const folder = new URL('../fixtures/clips-eval/', import.meta.url);

interface Span {
  start: string;
  end: string;
}
interface Labelled {
  file: string;
  title: string;
  source: string;
  license: string;
  moments: Array<Span & { why: string }>;
  housekeeping: Array<Span & { kind: string }>;
}

export interface TranscriptFigures {
  file: string;
  moments: number;
  overlapped: string[];
  clips: number;
  midSentence: string[];
  onHousekeeping: string[];
  plan: ClipPlan | Omit<ClipPlan, 'plan_id' | 'created_at'>;
}

export interface EvalFigures {
  transcripts: TranscriptFigures[];
  moments: number;
  overlapped: number;
  clips: number;
  midSentence: number;
  onHousekeeping: number;
}

export const labelled = (): Labelled[] => (JSON.parse(readFileSync(new URL('labels.json', folder), 'utf8')) as { transcripts: Labelled[] }).transcripts;

const terminal = /[.!?]["')\]”’]*$/;

/** The seconds a labelled span covers: from the sentence holding `start` to the next one holding `end`. */
function timesOf(sentences: readonly Sentence[], span: Span, file: string): [number, number] {
  const first = sentences.findIndex((sentence) => sentence.text.includes(span.start));
  const last = first < 0 ? -1 : sentences.findIndex((sentence, index) => index >= first && sentence.text.includes(span.end));
  if (first < 0 || last < 0) throw new Error(`${file}: the label ${JSON.stringify(span)} matches no sentences`);
  return [(sentences[first] as Sentence).start, (sentences[last] as Sentence).end];
}

const overlap = (a: [number, number], b: [number, number]) => Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));

export async function evaluateClips(): Promise<EvalFigures> {
  const transcripts: TranscriptFigures[] = [];
  for (const entry of labelled()) {
    const text = readFileSync(new URL(entry.file, folder), 'utf8');
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: text, max_clips: 5, title: entry.title }));
    // The same sentences the plan cut from (parsing is deterministic), to place the labels in time.
    const sentences = sentencesOf((await parseTranscript(text, {})).cues);
    const clips = plan.clips.map((clip) => ({ clip, span: [clip.start_seconds, clip.end_seconds] as [number, number] }));
    const overlapped = entry.moments
      .filter((moment) => {
        const span = timesOf(sentences, moment, entry.file);
        return clips.some(({ span: clipSpan }) => overlap(span, clipSpan) >= 0.5 * (span[1] - span[0]));
      })
      .map((moment) => moment.why);
    const housekeeping = entry.housekeeping.map((span) => timesOf(sentences, span, entry.file));
    const midSentence: string[] = [];
    const onHousekeeping: string[] = [];
    for (const { clip, span } of clips) {
      // Judged on the transcript's own punctuation, not on the scorer's view of it.
      const first = sentences.findIndex((sentence) => Math.abs(sentence.start - span[0]) < 0.002);
      const before = sentences[first - 1];
      const startsClean = first >= 0 && (!before || terminal.test(before.text) || before.speaker !== (sentences[first] as Sentence).speaker) && !/^[-–—…\p{Ll}]/u.test(clip.excerpt);
      const endsClean = terminal.test(clip.excerpt) && !/[-–—…]["')\]”’]*$/.test(clip.excerpt);
      if (!startsClean || !endsClean) midSentence.push(`${clip.id}: ${clip.excerpt.slice(0, 40)} … ${clip.excerpt.slice(-40)}`);
      if (housekeeping.some((other) => overlap(other, span) > 0.01)) onHousekeeping.push(`${clip.id}: ${clip.excerpt.slice(0, 60)}`);
    }
    transcripts.push({ file: entry.file, moments: entry.moments.length, overlapped, clips: clips.length, midSentence, onHousekeeping, plan });
  }
  const sum = (pick: (figures: TranscriptFigures) => number) => transcripts.reduce((total, figures) => total + pick(figures), 0);
  return {
    transcripts,
    moments: sum((figures) => figures.moments),
    overlapped: sum((figures) => figures.overlapped.length),
    clips: sum((figures) => figures.clips),
    midSentence: sum((figures) => figures.midSentence.length),
    onHousekeeping: sum((figures) => figures.onHousekeeping.length),
  };
}
