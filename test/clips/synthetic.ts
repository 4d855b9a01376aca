import { timestamp } from '../../src/render/captions.js';
import { seededRandom } from '../../src/kernel/seeded-random.js';

/**
 * Deterministic synthetic talk: topics with their own vocabulary, questions, numbers, bold
 * claims and plain explanatory sentences, at ~2.7 words a second, cut into cues like captions.
 */

const topics = [
  ['sourdough', 'starter', 'flour', 'hydration', 'crumb', 'oven', 'dough', 'fermentation'],
  ['marathon', 'training', 'pace', 'mileage', 'recovery', 'injury', 'shoes', 'tempo'],
  ['pricing', 'customers', 'revenue', 'discount', 'subscription', 'churn', 'margin', 'invoice'],
  ['podcast', 'microphone', 'editing', 'guests', 'audience', 'episode', 'recording', 'interview'],
  ['garden', 'tomatoes', 'compost', 'seedlings', 'watering', 'soil', 'mulch', 'harvest'],
  ['database', 'migration', 'index', 'queries', 'latency', 'schema', 'replica', 'backup'],
];

const templates = [
  (a: string, b: string) => `The thing about ${a} is that ${b} matters more than most people expect.`,
  (a: string, b: string) => `We spent a long time talking about ${a} and how it connects to ${b}.`,
  (a: string, b: string) => `So when you look at ${a}, you start to see the ${b} problem everywhere.`,
  (a: string, b: string) => `Why does ${a} fail for so many people when ${b} is right there?`,
  (a: string, b: string) => `Here are 3 mistakes with ${a} that nobody tells you about ${b}.`,
  (a: string, b: string) => `Honestly, the ${a} part was incredible, and the ${b} part was brutal.`,
  (a: string, b: string) => `And then the ${a} changed because the ${b} was different that week.`,
  (a: string, b: string) => `It is a simple idea: measure the ${a}, then adjust the ${b} slowly.`,
  (a: string, b: string) => `You will never get ${a} right if you ignore the ${b} completely!`,
  (a: string, b: string) => `Most of the time the ${a} and the ${b} just need patience and practice.`,
];

/** A seeded generator: the same seed, the same talk. */
const random = seededRandom;

export interface SyntheticCue {
  start: number;
  end: number;
  text: string;
  words: Array<{ start: number; end: number; word: string }>;
}

/** About `minutes` of talk, changing topic every ~`topicMinutes`. */
export function syntheticTalk(minutes: number, seed = 7, topicMinutes = 6): SyntheticCue[] {
  const next = random(seed);
  const cues: SyntheticCue[] = [];
  let at = 0.5;
  let words: SyntheticCue['words'] = [];
  const end = minutes * 60;
  while (at < end) {
    const topic = topics[Math.floor(at / (topicMinutes * 60)) % topics.length] as string[];
    const pick = () => topic[Math.floor(next() * topic.length)] as string;
    const sentence = (templates[Math.floor(next() * templates.length)] as (a: string, b: string) => string)(pick(), pick());
    for (const word of sentence.split(' ')) {
      const length = 0.2 + next() * 0.2;
      words.push({ start: round(at), end: round(at + length), word });
      at += length + 0.06;
      if (words.length >= 7) {
        cues.push(cueOf(words));
        words = [];
      }
    }
    at += next() < 0.15 ? 0.9 : 0.2;
  }
  if (words.length) cues.push(cueOf(words));
  return cues;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const cueOf = (words: SyntheticCue['words']): SyntheticCue => ({ start: words[0]!.start, end: words.at(-1)!.end, text: words.map((word) => word.word).join(' '), words });

export const asSrt = (cues: readonly SyntheticCue[]) => cues.map((cue, index) => `${index + 1}\n${timestamp(cue.start * 1000, ',')} --> ${timestamp(cue.end * 1000, ',')}\n${cue.text}\n`).join('\n');

export const asVtt = (cues: readonly SyntheticCue[]) => `WEBVTT\n\n${cues.map((cue) => `${timestamp(cue.start * 1000)} --> ${timestamp(cue.end * 1000)}\n${cue.text}\n`).join('\n')}`;

export const asPlainText = (cues: readonly SyntheticCue[]) => cues.map((cue) => `[${timestamp(cue.start * 1000).slice(0, 8)}] ${cue.text}`).join('\n');
