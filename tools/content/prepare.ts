import { fit } from '../../src/compose/text.js';
import type { Brief } from '../../src/compose/types.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { writeTemplatePack, type TemplatePack } from './template-pack.js';
import { keyPoints, salientWords, sentencesOf, type SourceSentence } from './extract.js';
import type { Channel, RepurposeInput } from './schema.js';

const leadIn = /^(please\s+)?((write|create|make|draft|generate|give me|i need)\s+)?(an?\s+|some\s+)?((blog\s+)?(post|article|thread|content|piece|email|newsletter)s?\s+)?(about|on|for|covering)\s+/i;

/** The subject in a few words: the prompt without its lead-in, or the source's salient words. */
function topicOf(prompt: string | undefined, source: string | undefined): string {
  if (prompt) {
    const first = prompt.split(/(?<=[.!?])\s/)[0] ?? prompt;
    return fit(first.replace(leadIn, '').replace(/[.!?]+$/, ''), 80);
  }
  // A "word" can be a 100k-letter run; the topic heads a tweet and titles, so it stays short.
  const words = salientWords(source ?? '', 3);
  return words.length ? fit(words.join(', '), 80) : 'this topic';
}

export type PrepareInput = Pick<RepurposeInput, 'prompt' | 'source_text' | 'audience' | 'tone' | 'brand'> & { channels: Channel[] };

export interface Prepared {
  /** Sentences of source_text, or null without one. */
  sentenceCount: number | null;
  /** The source's key points, in source order, or null without a source. */
  points: SourceSentence[] | null;
  topic: string;
  keywords: string[];
  /** The template's pack: the fallback of the generation layer and the sources each channel cites. */
  template: TemplatePack;
}

/**
 * Everything a pack is written from (with the brief of the prompt, or of the source's first
 * 2,000 characters): the source's sentences and key points, the topic and keywords, and the
 * template's pack. The costly part of repurposing (segmenting
 * 100k characters, NLP), so it runs as a compute task.
 */
export function prepareContent(input: PrepareInput, brief: Brief): Prepared {
  const sentences = input.source_text ? sentencesOf(input.source_text) : null;
  if (sentences && sentences.length < 3) {
    throw new OutcomeError('invalid_input', `source_text: found ${sentences.length} sentence(s); repurposing needs at least 3. For a topic, use prompt.`);
  }
  const points = sentences ? keyPoints(sentences, 6) : null;
  const topic = topicOf(input.prompt, input.source_text);
  const keywords = [...new Set([...salientWords(topic, 4), ...brief.keywords])].slice(0, 8);
  const template = writeTemplatePack({
    brief,
    topic,
    audience: input.audience ?? brief.audience,
    tone: input.tone ?? null,
    brand: input.brand ?? brief.names[0] ?? null,
    keyPoints: points,
    channels: input.channels,
  });
  return { sentenceCount: sentences?.length ?? null, points, topic, keywords, template };
}
