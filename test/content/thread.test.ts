import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import twitterText from 'twitter-text';
import { segments } from '../../tools/content/segments.js';
import { fitThread } from '../../tools/content/thread.js';
import { sentencesOf } from '../../tools/content/extract.js';
import { articles } from './articles.js';

const weight = (text: string) => twitterText.parseTweet(text).weightedLength;
const unnumbered = (tweets: string[]) => tweets.map((tweet) => tweet.replace(/^\d+\/\d+ /, ''));

/**
 * The packing before words were weighed one by one, for words that fit a tweet: it weighed the
 * growing tweet again after every word (minutes on one long word), but what it gave ordinary
 * text is what fitThread must still give.
 */
function reference(tweets: readonly string[]): string[] {
  const pieces = tweets.flatMap((tweet) => {
    const packed: string[] = [];
    let current = '';
    for (const word of tweet.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (weight(candidate) <= 272) current = candidate;
      else {
        if (current) packed.push(current);
        current = word;
      }
    }
    if (current) packed.push(current);
    return packed;
  });
  return pieces.map((piece, i) => `${i + 1}/${pieces.length} ${piece}`);
}

describe('fitThread', () => {
  it('packs ordinary text exactly as before', () => {
    const words = fc.oneof(
      fc.constantFrom(
        'the',
        'bakery',
        'sourdough,',
        'Saturday.',
        '18%',
        '“quoted”',
        '#Baking',
        '@bakery',
        '$5',
        'https://example.com/a/long/path?q=1',
        'example.com',
        'x.co',
        '漢字',
        'かな',
        '한글',
        'שלום',
        'مرحبا',
        '😀',
        '👨‍👩‍👧‍👦',
        '🇺🇸',
        'café',
        'cafe\u0301',
        'https://bake.example/join',
      ),
      fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((url) => url.length <= 280),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(words, { minLength: 1, maxLength: 120 }).map((list) => list.join(' ')),
          { minLength: 1, maxLength: 8 },
        ),
        (tweets) => {
          expect(fitThread(tweets).tweets).toEqual(reference(tweets));
        },
      ),
      { numRuns: 300 },
    );
    for (const article of articles) {
      const tweets = sentencesOf(article).map((sentence) => sentence.text);
      expect(fitThread(tweets).tweets).toEqual(reference(tweets));
    }
  });

  it('splits a word too long for a tweet between graphemes, keeping every character', () => {
    const word = '👨‍👩‍👧‍👦🇺🇸é\u0301漢a.'.repeat(400);
    const { tweets, longest } = fitThread([`Before ${word} after`]);
    expect(longest).toBeLessThanOrEqual(280);
    expect(unnumbered(tweets).join('').replace(/ /g, '')).toBe(`Before${word}after`);
    for (const tweet of unnumbered(tweets)) {
      // Whole graphemes only: no family or flag cut in two, no lone surrogate.
      const slice = tweet.replace(/Before|after/g, '').trim();
      if (slice) expect(slice).toMatch(/^(👨‍👩‍👧‍👦|🇺🇸|é\u0301|漢|a|\.)+$/u);
    }
    expect(unnumbered(tweets)[0]).toBe('Before');
  });

  it('verifies every tweet: short URLs inside a long word weigh 23 each', () => {
    const word = 'x.co,'.repeat(2000);
    const { tweets, longest } = fitThread([word]);
    for (const tweet of tweets) expect(weight(tweet)).toBeLessThanOrEqual(280);
    expect(longest).toBe(Math.max(...tweets.map(weight)));
    expect(unnumbered(tweets).join('')).toBe(word);
  });

  it('fits every tweet and keeps every character, whatever the text', () => {
    const chunk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('a', '.', 'x.co', ',', '/', 'https://', '😀', '漢', '\u0301', ' '), maxLength: 600 }),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(chunk, { maxLength: 8 }).map((list) => list.join('')),
          { minLength: 1, maxLength: 4 },
        ),
        (texts) => {
          const { tweets, longest } = fitThread(texts);
          for (const [i, tweet] of tweets.entries()) {
            expect(tweet.startsWith(`${i + 1}/${tweets.length} `)).toBe(true);
            expect(weight(tweet)).toBeLessThanOrEqual(280);
          }
          expect(longest).toBe(Math.max(0, ...tweets.map(weight)));
          expect(unnumbered(tweets).join('').replace(/\s+/g, '')).toBe(texts.join('').replace(/\s+/g, ''));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('makes room for four-digit numbers', () => {
    // 272 characters fit beside "999/999 ", not beside "1000/1100 ": each word is split in two.
    const { tweets, longest } = fitThread(Array.from({ length: 1100 }, () => 'a'.repeat(272)));
    expect(tweets).toHaveLength(2200);
    expect(tweets.slice(-2)).toEqual([`2199/2200 ${'a'.repeat(270)}`, '2200/2200 aa']);
    expect(longest).toBe(280);
    for (const tweet of tweets) expect(weight(tweet)).toBeLessThanOrEqual(280);
  });
});

describe('segments', () => {
  const sentence = new Intl.Segmenter('en', { granularity: 'sentence' });
  const grapheme = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const whole = (segmenter: Intl.Segmenter, text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

  it('gives the segments of one pass over the whole text, across window edges', () => {
    const pieces = fc.constantFrom('a', 'B', ' ', '  ', '\n', '\n\n', '.', '!', '?', '...', ')', '"', 'Mr.', 'e.g.', '1.5', '😀', '👨‍👩‍👧‍👦', '🇺', '🇸', 'é', '\u0301', '漢', '。', 'שלום', '\ud800');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 3000 }), (list) => {
        const text = list.join('');
        expect([...segments(sentence, text)]).toEqual(whole(sentence, text));
        expect([...segments(grapheme, text)]).toEqual(whole(grapheme, text));
      }),
      { numRuns: 60 },
    );
    for (const text of ['é.😀'.repeat(700), '.😀'.repeat(700), `${'a'.repeat(2500)}${'Hi. '.repeat(300)}`, 'x'.repeat(5000)]) {
      expect([...segments(sentence, text)]).toEqual(whole(sentence, text));
    }
  });
});
