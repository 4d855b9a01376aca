import { capitalize, chooser, fit, type Chooser } from '../../src/compose/text.js';
import type { Brief } from '../../src/compose/types.js';
import { en } from '../../src/compose/frames/en.js';
import type { PageFrames } from '../../src/compose/frames/index.js';
import type { SourceSentence } from './extract.js';
import type { Channel, Content } from './schema.js';

/**
 * The deterministic template's content pack: curated phrasing per tone, in the frames of the pack's language (issue
 * 14 §4), varied by a hash of the request so that different topics read differently while the same request always
 * gives the same pack. Without source text, it is written about a topic, a noun phrase of the prompt, and says
 * nothing about it that a topic does not: a method (a goal, a step, a measure, a habit, a review). With source text, the
 * pack is built from the source's own key points and cites them: its sentences verbatim (a
 * transcript's attributed to their speaker), headings and hashtags from its key phrases, and
 * tweets of whole sentences only.
 */

/** A key point and the phrases it mentions, the source's key phrases first. */
export type KeyPoint = SourceSentence & { phrases: string[] };

export interface TemplatePackRequest {
  brief: Brief;
  /** The subject in a few words. */
  topic: string;
  audience: string | null;
  tone: string | null;
  brand: string | null;
  keyPoints: KeyPoint[] | null;
  /** The source's key phrases, best first (none without a source). */
  phrases: readonly string[];
  channels: readonly Channel[];
  /** The fixed words, in the pack's language; English when absent (a source's pack is written around its quotes in English). */
  frames?: PageFrames;
}

/** The template's pack and the source sentences each channel cites. */
export interface TemplatePack {
  content: Content;
  sources: Partial<Record<Channel, number[]>>;
}

type Tone = 'professional' | 'friendly' | 'bold';

function toneOf(tone: string | null, brief: Brief): Tone {
  const words = [tone ?? '', ...brief.tone].join(' ').toLowerCase();
  if (/bold|energetic|punchy|confident|edgy|urgent/.test(words)) return 'bold';
  if (/friendly|warm|casual|playful|fun|witty|relaxed/.test(words)) return 'friendly';
  return 'professional';
}

const pad = (text: string, min: number, filler: string) => (text.length >= min ? text : `${text} ${filler}`.trim());

type TopicWords = PageFrames['topic'];

/** Generic points about a topic, for prompts with no source text: an opener in the tone asked for, then a goal, a first step, a measure, a habit and a review. */
function topicPoints(words: TopicWords, topic: string, audience: string | null, tone: Tone, pick: Chooser): string[] {
  const { steps } = words;
  return [pick(words.openers[tone])(topic, audience), pick(steps.goal)(topic), pick(steps.step), pick(steps.measure), pick(steps.habit), pick(steps.review)(topic)];
}

/** A topic's hashtags: the whole phrase, then its longer words (no short function words of any language). */
const topicTags = (topic: string) => [topic, ...(topic.match(/\p{L}{5,}/gu) ?? [])];

function hashtagsOf(words: readonly string[]): string[] {
  const tags: string[] = [];
  for (const word of words) {
    const tag = word.replace(/[^\p{L}\p{N}]+(\p{L})?/gu, (_m, letter: string | undefined) => (letter ? letter.toUpperCase() : '')).replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    if (tag.length >= 3 && tag.length <= 30 && !tags.includes(tag)) tags.push(tag);
    if (tags.length === 3) break;
  }
  return tags;
}

/** A heading for key points: the best of their phrases not yet used, as a phrase ("Sourdough starters"). */
function headingOf(points: readonly KeyPoint[], used: Set<string>, fallback: string): string {
  const phrases = points.flatMap((point) => point.phrases).sort((a, b) => rank(points, a) - rank(points, b));
  const phrase = phrases.find((candidate) => !used.has(candidate.toLowerCase()));
  if (!phrase) return fallback;
  used.add(phrase.toLowerCase());
  return capitalize(phrase);
}
/** Where a phrase stands in its point's list: the source's key phrases come first there. */
const rank = (points: readonly KeyPoint[], phrase: string) => Math.min(...points.map((point) => (point.phrases.includes(phrase) ? point.phrases.indexOf(phrase) : Infinity)));

/** A source sentence as quoted: a transcript's with its speaker ("“…” — Maria Lopez"). */
const said = (points: readonly SourceSentence[], max = Infinity): string =>
  runsOf(points)
    .map((run) => {
      const text = run.map((point) => point.text).join(' ');
      const speaker = run[0]?.speaker;
      return speaker ? `“${fit(text, Math.max(20, max - speaker.length - 5))}” — ${speaker}` : fit(text, max);
    })
    .join(' ');

/** Points one speaker said one after the other, together: sentences said minutes apart are two quotations. */
function runsOf(points: readonly SourceSentence[]): SourceSentence[][] {
  const runs: SourceSentence[][] = [];
  for (const point of points) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && run[0]?.speaker === point.speaker && point.index === last.index + 1) run.push(point);
    else runs.push([point]);
  }
  return runs;
}

/**
 * What X will count a text as, or more: 2 for a character outside its light ranges (CJK, emoji,
 * each code point of a sequence), at least 23 for a word that may be read as a URL. An upper
 * bound without twitter-text, which loads only where tweets are rendered.
 */
function tweetWeightAtMost(text: string): number {
  let weight = 0;
  for (const word of text.split(' ')) {
    let own = 0;
    for (const char of word) {
      const code = char.codePointAt(0) as number;
      own += code <= 0x10ff || (code >= 0x2000 && code <= 0x200d) || (code >= 0x2010 && code <= 0x201f) || (code >= 0x2032 && code <= 0x2037) ? 1 : 2;
    }
    weight += /\p{L}\.\p{L}|:\/\//u.test(word) ? Math.max(own, 23) : own;
  }
  return weight + text.split(' ').length - 1;
}
/** A tweet's room once "n/N " is put in front of it (render.ts numbers the thread). */
const tweetRoom = 272;

export function writeTemplatePack(request: TemplatePackRequest): TemplatePack {
  const { brief, topic, audience, brand, keyPoints, channels } = request;
  const words = (request.frames ?? en).topic;
  const tone = toneOf(request.tone, brief);
  const pick = chooser(JSON.stringify([topic, audience, tone, brand, keyPoints?.map((p) => p.index)]));
  const points = keyPoints ? keyPoints.map((p) => said([p])) : topicPoints(words, topic, audience, tone, pick);
  const cite = keyPoints ? keyPoints.map((p) => p.index) : [];
  /** Key point `i` quoted within `max` characters, its speaker kept. */
  const quoted = (i: number, max: number) => (keyPoints?.[i] ? said([keyPoints[i]], max) : undefined);
  const short = fit(topic, 40);
  const sources: Partial<Record<Channel, number[]>> = {};
  const content: Content = { topic: fit(topic, 120) };
  const title = fit(pick(words.titles)(topic, audience), 70);

  if (channels.includes('blog')) {
    const used = new Set<string>();
    // From a source: the first point opens, the last closes, and the sections hold the ones between, each said once.
    const between = keyPoints && keyPoints.length >= 4 ? keyPoints.slice(1, -1) : keyPoints?.slice(1);
    const perSection = between && between.length >= 4 ? 2 : 1;
    const sections = [0, 1, 2]
      .map((group) => {
        const slice = points.slice(group * 2, group * 2 + 2);
        const cited = between?.slice(group * perSection, (group + 1) * perSection);
        if (cited && !cited.length) return { heading: '', body: '' };
        return {
          heading: cited ? headingOf(cited, used, `Part ${group + 1}`) : pick(words.headings[group] ?? []),
          body: cited ? said(cited) : slice.join(' '),
        };
      })
      .filter((section) => section.body);
    content.blog = {
      title,
      meta_description: fit(keyPoints ? `${capitalize(topic)}${audience ? ` for ${audience}` : ''}: ${keyPoints[0]?.text ?? ''}` : words.meta(topic, audience), 155),
      intro: keyPoints ? said(keyPoints.slice(0, 1)) : pick(words.intros)(topic, audience),
      sections: sections.length >= 2 ? sections : [...sections, { heading: 'In short', body: points.join(' ') }],
      conclusion: keyPoints ? said(keyPoints.slice(-1)) : pick(words.conclusions)(topic),
    };
    sources.blog = cite;
  }
  if (channels.includes('linkedin')) {
    content.linkedin = {
      hook: fit(pick(words.hooks[tone])(topic), 140),
      // Each point fitted on its own line (five of 480 and the question stay within 2,500): fitting the whole would join the lines.
      body: `${(keyPoints ? keyPoints.slice(0, 5).map((point) => said([point], 480)) : points.slice(0, 5).map((point) => fit(point, 480))).map((point) => `→ ${point}`).join('\n')}\n\n${pick(words.questions)}`,
      // From the source, its key phrases only: a brief of its first lines can hold a README's "Download".
      hashtags: hashtagsOf(keyPoints ? request.phrases : topicTags(topic)),
    };
    sources.linkedin = cite.slice(0, 5);
  }
  if (channels.includes('email')) {
    content.email = {
      subject: fit(pick(words.subjects)(short), 60),
      preheader: fit(pad(`${keyPoints?.[0]?.text ?? points[0] ?? ''}`, 40, words.preheader(topic)), 100),
      greeting: pick(words.greetings[tone]),
      paragraphs: points.slice(0, 3),
      signoff: brand ? `— ${brand}` : pick(words.signoffs),
    };
    sources.email = cite.slice(0, 3);
  }
  if (channels.includes('x_thread')) {
    // Whole sentences only: a point too long for one tweet is left out, never split.
    const tweeted = keyPoints ? keyPoints.filter((point) => tweetWeightAtMost(said([point])) <= tweetRoom).slice(0, 5) : null;
    const tweets = tweeted ? tweeted.map((point) => said([point])) : points.slice(0, 5);
    content.x_thread = { tweets: [pick(words.threadHooks)(topic, audience), ...tweets, pick(words.threadEnds)] };
    sources.x_thread = tweeted ? tweeted.map((point) => point.index) : [];
  }
  if (channels.includes('page_sections')) {
    const used = new Set<string>();
    const benefits = keyPoints
      ? keyPoints.slice(0, 3).map((point) => ({ title: fit(headingOf([point], used, 'Why it matters'), 80), text: said([point], 300) }))
      : words.benefits.map((line, i) => ({ title: fit(line, 80), text: fit(points[i + 1] ?? line, 300) }));
    /** The answer to the page's question `i`: the source's key point, or the topic's point. */
    const answer = (i: number) => quoted(i, 600) ?? fit(points[i] ?? pick(words.steps.step), 600);
    content.page_sections = {
      hero: { headline: fit(capitalize(topic), 90), subheadline: quoted(0, 200) ?? fit(points[0] ?? words.preheader(topic), 200) },
      benefits,
      faq: [
        { question: fit(words.faq.about(topic), 200), answer: answer(0) },
        { question: words.faq.start, answer: answer(1) },
        { question: words.faq.step, answer: answer(2) },
      ],
      cta: { headline: fit(pick(words.cta)(topic), 120), button_text: pick(words.buttons) },
    };
    sources.page_sections = cite.slice(0, 3);
  }
  return { content, sources };
}
