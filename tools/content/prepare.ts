import { fit } from '../../src/compose/text.js';
import type { Brief } from '../../src/compose/types.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { writeTemplatePack, type KeyPoint, type TemplatePack } from './template-pack.js';
import { keyPhrases, keyPoints, mentions, salientWords } from './extract.js';
import type { Channel, RepurposeInput } from './schema.js';
import { statesFacts, writeFactPack, type FactPack } from './fact-pack.js';
import { extractFacts } from '../../src/compose/facts-extract.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { en } from '../../src/compose/frames/en.js';
import { frameLanguages, framesFor } from '../../src/compose/frames/index.js';
import { topicOf } from './topic.js';

const leadIn = /^(please\s+)?((write|create|make|draft|generate|give me|i need)\s+)?(an?\s+|some\s+)?((blog\s+)?(post|article|thread|content|piece|email|newsletter)s?\s+)?(about|on|for|covering)\s+/i;

/** The subject in a few words: the prompt without its lead-in. */
function topicOfPrompt(prompt: string): string {
  const first = prompt.split(/(?<=[.!?])\s/)[0] ?? prompt;
  return fit(first.replace(leadIn, '').replace(/[.!?]+$/, ''), 80);
}

export type PrepareInput = Pick<RepurposeInput, 'prompt' | 'source_text' | 'audience' | 'tone' | 'brand' | 'lang'> & {
  channels: Channel[];
  /** YYYY-MM-DD: dates without a year are read after it. */ today: string;
};

export interface Prepared {
  /** Sentences of source_text, or null without one. */
  sentenceCount: number | null;
  /** The source's key points, in source order, or null without a source. */
  points: KeyPoint[] | null;
  topic: string;
  keywords: string[];
  /** The template's pack: the fallback of the generation layer and the sources each channel cites. */
  template: TemplatePack;
  /** The prompt's facts (null with a source and no prompt), and the pack's language. */
  facts: FactSheet | null;
  lang: string;
  /** Example text in the template's pack, and what to supply instead. */
  placeholders: FactPack['placeholders'];
  warnings: string[];
}

/**
 * Everything a pack is written from (with the brief of the prompt, or of the source's first
 * 2,000 characters): the source's sentences, key points and key phrases, the topic and keywords,
 * and the template's pack. The costly part of repurposing (parsing and segmenting 100k
 * characters, NLP), so it runs as a compute task; the parsers and compromise load here, never
 * on the thread that serves requests.
 */
export async function prepareContent(input: PrepareInput, brief: Brief): Promise<Prepared> {
  const request = { brief, audience: input.audience ?? brief.audience, tone: input.tone ?? null, brand: input.brand ?? brief.names[0] ?? null, channels: input.channels };
  const facts = input.prompt ? extractFacts(input.prompt, { referenceDate: input.today }) : null;
  const lang = input.lang ?? facts?.lang ?? 'en';
  const frames = framesFor(lang);
  const warnings: string[] = [];
  if (!input.source_text) {
    const sheet = facts as FactSheet;
    if (statesFacts(sheet)) {
      // A prompt of facts (an announcement, an offer) is written from them, in frames of its language.
      if (!frames) warnings.push(`The template writes ${frameLanguages.join(', ')}; it wrote this pack in English, not "${lang}". Use a model (generator: "llm") for "${lang}".`);
      const pack = writeFactPack({ facts: sheet, frames: frames ?? en, brand: input.brand ?? null, channels: input.channels });
      // The subject opens with the news or the name: the words its first-40-characters check looks for.
      const named = [input.brand, sheet.business.name?.text, sheet.business.kind?.text].filter((word): word is string => Boolean(word));
      const keywords = distinct([...named, ...salientWords(pack.content.topic, 3), ...sheet.offerings.map((offering) => offering.name), ...brief.keywords]).slice(0, 8);
      return {
        sentenceCount: null,
        points: null,
        topic: pack.content.topic,
        keywords,
        template: { content: pack.content, sources: {} },
        facts: sheet,
        lang: frames ? lang : 'en',
        placeholders: pack.placeholders,
        warnings,
      };
    }
    // A topic, in the frames of the prompt's language: the lead-in's ("Escribe un hilo sobre…") when the caller named none.
    const found = await topicOf(input.prompt ?? '', { lang: facts?.lang ?? 'en', audience: input.audience ? null : brief.audience });
    const packLang = input.lang ?? found.lang ?? lang;
    const topicFrames = framesFor(packLang);
    if (!topicFrames) warnings.push(`The template writes ${frameLanguages.join(', ')}; it wrote this pack in English, not "${packLang}". Use a model (generator: "llm") for "${packLang}".`);
    const audience = input.audience ?? found.audience;
    // The whole subject for a model ("sourdough baking for beginners"); the template says the audience on its own.
    const topic = found.subject;
    // The brief's keywords are English words; in another language, the topic's own longer words.
    const keywords = distinct((topicFrames ?? en).lang === 'en' ? [...salientWords(topic, 4), ...brief.keywords] : [found.topic, ...(found.topic.match(/\p{L}{5,}/gu) ?? [])]).slice(0, 8);
    // A name in a topic prompt is as often its subject ("coding with Scratch") as a brand: the sign-off names only a brand given.
    const template = writeTemplatePack({ ...request, brand: input.brand ?? null, audience, topic: found.topic, keyPoints: null, phrases: [], frames: topicFrames ?? en });
    return { sentenceCount: null, points: null, topic, keywords, template, facts: sheet, lang: topicFrames ? packLang : 'en', placeholders: [], warnings };
  }
  const { readSource } = await import('./source.js');
  const { sentences, headings } = readSource(input.source_text);
  if (sentences.length < 3) {
    throw new OutcomeError('invalid_input', `source_text: found ${sentences.length} sentence(s); repurposing needs at least 3. For a topic, use prompt.`);
  }
  const chosen = keyPoints(sentences, 6);
  // One reading of the key points and a sample of the rest gives every phrase, ranked; each point's are those it says.
  const ranked = await keyPhrases(sentences, 200, headings, chosen);
  const phrases = ranked.slice(0, 30);
  const points = chosen.map((point) => ({ ...point, phrases: ranked.filter((phrase) => mentions(point.text, phrase)) }));
  // The topic heads a tweet and titles: a phrase of the source, never a run of its commonest words.
  const topic = input.prompt ? topicOfPrompt(input.prompt) : fit(phrases[0] ?? 'this topic', 80);
  const keywords = distinct([...salientWords(topic, 4), ...phrases.slice(0, 4), ...(input.prompt ? brief.keywords : [])]).slice(0, 8);
  // A name in a source is as often a speaker or someone quoted as the brand: the sign-off names only a brand given.
  const brand = input.brand ?? (input.prompt ? request.brand : null);
  const template = writeTemplatePack({ ...request, brand, topic, keyPoints: points, phrases });
  return { sentenceCount: sentences.length, points, topic, keywords, template, facts, lang, placeholders: [], warnings };
}

/** Without repeats, whatever their case. */
const distinct = (phrases: readonly string[]) => phrases.filter((phrase, i) => phrases.findIndex((other) => other.toLowerCase() === phrase.toLowerCase()) === i);
