import { capitalize, chooser, fit, titleCase, type Chooser } from '../../src/compose/text.js';
import type { Brief } from '../../src/compose/types.js';
import { salientWords, type SourceSentence } from './extract.js';
import type { Channel, Content } from './schema.js';

/**
 * The deterministic template's content pack: curated phrasing per tone (and a
 * few niche-specific benefit lines), varied by a hash of the request so that different topics
 * read differently while the same request always gives the same pack. With source text, the
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

const nicheBenefits: Record<string, string[]> = {
  pet_services: ['Calmer, happier pets after every visit', 'Gentle handling by people who love animals', 'Appointments that fit a busy week'],
  fitness: ['Workouts that fit the time you actually have', 'Progress you can measure week by week', 'Coaching that keeps you consistent'],
  food_beverage: ['Fresh ingredients, made in small batches', 'Flavours worth coming back for', 'Easy ordering for busy days'],
  saas: ['Set up in minutes, not weeks', 'Fewer manual steps for the whole team', 'Data you can trust in one place'],
  ecommerce: ['Fast, tracked delivery', 'Easy returns if it is not right', 'Quality you can see in the details'],
  education: ['Lessons that build on each other', 'Practice with feedback at every step', 'Learn at your own pace'],
};

const genericBenefits = (topic: string) => [`A clear starting point for ${topic}`, 'Practical steps you can use this week', 'Fewer mistakes, less wasted time', 'Results you can measure'];

/** Generic points about a topic, for prompts with no source text. */
function topicPoints(topic: string, audience: string | null, tone: Tone, pick: Chooser): string[] {
  const who = audience ? ` for ${audience}` : '';
  const opener = {
    professional: [`${capitalize(topic)} matters${who} because small improvements compound over time.`, `Getting ${topic} right${who} starts with a clear goal and a simple plan.`],
    friendly: [`Here's the good news: ${topic}${who} is easier than it looks.`, `Let's be honest, ${topic}${who} can feel overwhelming at first.`],
    bold: [`Most people get ${topic} wrong${audience ? `, and ${audience} pay for it` : ''}.`, `${capitalize(topic)} is the lever almost everyone${who} ignores.`],
  }[tone];
  return [
    pick(opener),
    pick([`Start with the one problem ${topic} should solve, and write it down in a sentence.`, `Decide what success looks like before you change anything about ${topic}.`]),
    pick(['Pick one small, measurable step and do it this week.', 'Choose a single change you can test in days, not months.']),
    pick(['Track the result honestly, and keep what works.', 'Measure before and after, so the numbers tell you what to keep.']),
    pick(['Make the routine easy to repeat, because consistency beats intensity.', 'Turn what worked into a checklist you can repeat.']),
    pick([`Share what you learn about ${topic}; it helps others and sharpens your own thinking.`, `Revisit your approach to ${topic} every month and adjust.`]),
  ];
}

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

/** Consecutive points of one speaker, together. */
function runsOf(points: readonly SourceSentence[]): SourceSentence[][] {
  const runs: SourceSentence[][] = [];
  for (const point of points) {
    const run = runs.at(-1);
    if (run && run[0]?.speaker === point.speaker) run.push(point);
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
  const tone = toneOf(request.tone, brief);
  const pick = chooser(JSON.stringify([topic, audience, tone, brand, keyPoints?.map((p) => p.index)]));
  const points = keyPoints ? keyPoints.map((p) => said([p])) : topicPoints(topic, audience, tone, pick);
  const cite = keyPoints ? keyPoints.map((p) => p.index) : [];
  /** Key point `i` quoted within `max` characters, its speaker kept. */
  const quoted = (i: number, max: number) => (keyPoints?.[i] ? said([keyPoints[i]], max) : undefined);
  const short = fit(topic, 40);
  const who = audience ? ` for ${audience}` : '';
  const sources: Partial<Record<Channel, number[]>> = {};
  const content: Content = { topic: fit(topic, 120) };
  const title = fit(titleCase(pick([`${topic}: a practical guide${who}`, `${topic}, explained${who}`, `What to know about ${topic}`])), 70);

  if (channels.includes('blog')) {
    const used = new Set<string>();
    const sections = [0, 1, 2]
      .map((group) => {
        const slice = points.slice(group * 2, group * 2 + 2);
        const cited = keyPoints?.slice(group * 2, group * 2 + 2);
        return {
          heading: cited
            ? headingOf(cited, used, `Part ${group + 1}`)
            : pick(
                [
                  ['Why it matters', 'The problem first'],
                  ['Where to start', 'A simple plan'],
                  ['Keep what works', 'Make it stick'],
                ][group] as string[],
              ),
          body: cited ? said(cited) : slice.join(' '),
        };
      })
      .filter((section) => section.body);
    content.blog = {
      title,
      meta_description: fit(`${capitalize(topic)}${who}: ${keyPoints?.[0]?.text ?? points[0] ?? ''}`, 155),
      intro: keyPoints ? (points[0] as string) : pick([`This guide walks through ${topic}${who}, step by step.`, `Here is a short, practical look at ${topic}${who}.`]),
      sections: sections.length >= 2 ? sections : [...sections, { heading: 'In short', body: points.join(' ') }],
      conclusion: keyPoints ? (points[points.length - 1] as string) : pick([`Start small with ${topic}, measure, and keep what works.`, `${capitalize(topic)} rewards steady, measured effort.`]),
    };
    sources.blog = cite;
  }
  if (channels.includes('linkedin')) {
    const hook = fit(
      pick(
        {
          professional: [`${capitalize(topic)}: what I'd tell anyone starting today.`, `Three lessons on ${topic} worth sharing.`],
          friendly: [`Let's talk about ${topic} for a minute.`, `A few things I've learned about ${topic}.`],
          bold: [`Stop overcomplicating ${topic}.`, `Unpopular opinion: ${topic} is simpler than you think.`],
        }[tone],
      ),
      140,
    );
    content.linkedin = {
      hook,
      // Each point fitted on its own line (five of 480 and the question stay within 2,500): fitting the whole would join the lines.
      body: `${(keyPoints ? keyPoints.slice(0, 5).map((point) => said([point], 480)) : points.slice(0, 5).map((point) => fit(point, 480))).map((point) => `→ ${point}`).join('\n')}\n\n${pick(['What would you add?', 'How do you approach it?', 'Agree, or not?'])}`,
      // From the source, its key phrases only: a brief of its first lines can hold a README's "Download".
      hashtags: hashtagsOf(keyPoints ? request.phrases : [...brief.keywords, ...salientWords(topic, 3)]),
    };
    sources.linkedin = cite.slice(0, 5);
  }
  if (channels.includes('email')) {
    const subject = fit(`${capitalize(short)}${pick([': a quick guide', ': what to know', ', simply'])}`, 60);
    content.email = {
      subject,
      preheader: fit(pad(`${keyPoints?.[0]?.text ?? points[0] ?? ''}`, 40, `A short, practical read on ${topic}.`), 100),
      greeting: pick({ professional: ['Hello,', 'Hi there,'], friendly: ['Hi there!', 'Hey,'], bold: ['Straight to it:', 'Quick one:'] }[tone]),
      paragraphs: points.slice(0, 3),
      signoff: brand ? `— ${brand}` : pick(['Thanks for reading.', 'Talk soon.']),
    };
    sources.email = cite.slice(0, 3);
  }
  if (channels.includes('x_thread')) {
    // Whole sentences only: a point too long for one tweet is left out, never split.
    const tweeted = keyPoints ? keyPoints.filter((point) => tweetWeightAtMost(said([point])) <= tweetRoom).slice(0, 5) : null;
    const tweets = tweeted ? tweeted.map((point) => said([point])) : points.slice(0, 5);
    const hook = tweets.length ? pick([`${capitalize(topic)} in ${Math.min(tweets.length, 5)} short points 🧵`, `A thread on ${topic}${who} 🧵`]) : `A thread on ${topic}${who} 🧵`;
    content.x_thread = { tweets: [hook, ...tweets, pick([`That's it. Save this for later.`, 'Follow for more like this.'])] };
    sources.x_thread = tweeted ? tweeted.map((point) => point.index) : [];
  }
  if (channels.includes('page_sections')) {
    const used = new Set<string>();
    const benefits = keyPoints
      ? keyPoints.slice(0, 3).map((point) => ({ title: fit(headingOf([point], used, 'Why it matters'), 80), text: said([point], 300) }))
      : (nicheBenefits[brief.niche] ?? genericBenefits(topic)).slice(0, 3).map((line, i) => ({ title: fit(line, 80), text: fit(points[i + 1] ?? line, 300) }));
    content.page_sections = {
      hero: { headline: fit(capitalize(topic), 90), subheadline: quoted(0, 200) ?? fit(points[0] ?? `Everything you need to know about ${topic}.`, 200) },
      benefits,
      faq: [
        { question: fit(`What is ${topic} about?`, 200), answer: quoted(0, 600) ?? fit(points[0] ?? capitalize(topic), 600) },
        { question: fit(audience ? `Is it right for ${audience}?` : 'Who is it for?', 200), answer: quoted(1, 600) ?? fit(points[1] ?? `Anyone who wants results from ${topic}.`, 600) },
        { question: 'How do I get started?', answer: quoted(2, 600) ?? fit(points[2] ?? 'Start with one small step this week.', 600) },
      ],
      cta: { headline: fit(pick([`Ready to get started with ${topic}?`, `Take the first step with ${topic}`]), 120), button_text: pick(['Get started', 'Learn more', 'Start today']) },
    };
    sources.page_sections = cite.slice(0, 3);
  }
  return { content, sources };
}
