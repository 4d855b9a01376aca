import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema, type Clip } from '../../tools/clips/schema.js';
import { cleanSentence, hooksOf, keywordsOf, overlayOf, shorten } from '../../tools/clips/package.js';
import { hashtagOf, phrasesOf } from '../../tools/clips/phrases.js';
import { spokenStopwords } from '../../tools/clips/lexicon.js';
import { tokensOf, vocabularyOf, type Scored } from '../../tools/clips/score.js';
import { sentencesOf } from '../../tools/clips/sentences.js';
import { parseTranscript } from '../../tools/clips/transcript.js';

/** Words: titles, hooks, alternatives, hashtags and the thumbnail overlay (issue 19). */

const determiners = ['the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'some', 'any', 'every', 'no', 'another'];
const adjectives = ['dumbest', 'biggest', 'huge', 'strange', 'quiet', 'expensive', 'old', 'secret', 'best', 'worst'];
const nouns = ['book', 'premiere', 'cinema', 'projector', 'garden', 'election', 'budget', 'director', 'manager', 'microphone'];
const names = ['Star Wars', 'Stephen King', 'Secret Service', 'Brazil', 'Mongolia', 'Bell'];
const verbs = ['stops', 'broke', 'changed', 'ruined', 'won', 'explains', 'loves'];
const labels = ['Brady: ', 'Grey: ', ''];
const fillers = ['Yeah.', 'Right?', 'Mm.', 'So,', 'Yeah, yeah.', 'Okay.'];

/** Dangling at the end of a line: determiners, prepositions, conjunctions. */
const danglingEnd = new RegExp(`\\b(?:${[...determiners, 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'about', 'and', 'or', 'but'].join('|')})[.…?!]*$`, 'i');
const overlayShape = /^[\p{Lu}\p{N}]+(?:[- ][\p{Lu}\p{N}]+)*\??$/u;
const hashtagShape = /^#[\p{Lu}\p{N}][\p{L}\p{N}]*$/u;

async function clipOf(text: string) {
  const sentences = sentencesOf((await parseTranscript(text, {})).cues);
  const tokens = tokensOf(sentences);
  const clip: Scored = {
    first: 0,
    last: sentences.length - 1,
    start: sentences[0]?.start ?? 0,
    end: sentences.at(-1)?.end ?? 1,
    total: 1,
    components: { hook: 0, self_contained: 0, density: 0, pace: 0, emotion: 0, salience: 0, length: 0 },
    reasons: [],
  };
  const keywords = keywordsOf(tokens, sentences, clip, vocabularyOf(tokens).spread);
  return { keywords, hooks: hooksOf(sentences, clip, keywords) };
}

/** The words of every clip an editor sees. */
const shown = (clip: Clip) => [clip.title, clip.hook, ...clip.alternative_hooks, clip.thumbnail.overlay_text, ...clip.post_captions.flatMap((post) => post.hashtags)];

describe('the issue’s bad examples', () => {
  const episode = [
    'Brady: Yeah.',
    'Grey: Right?',
    'Brady: Stephen King’s book is the dumbest thing he ever wrote, and he knows it.',
    'Grey: He is a huge Star Wars nerd, and he won’t stop talking about the premiere.',
    'Brady: Yeah.',
    'Grey: Right?',
    'Brady: Bell stops another one at the door every single morning.',
    'Grey: Why would anyone stand outside a cinema in the snow for a film they had already seen?',
    'Brady: Because the premiere is the one night the whole town agrees on something.',
    'Grey: That is the best answer I have heard all week.',
    'Brady: Mm.',
    'Grey: Yeah, yeah.',
    'Brady: The projector broke at eleven, and the manager borrowed a light saber from a kid to calm the crowd.',
    'Grey: Almost nobody left, and at six in the morning two hundred people watched the opening crawl together.',
  ].join('\n\n');

  it('never make "Brady: Yeah. Grey: Right?", "What nobody tells you about dumbest", #Stops #Another #KingS #WonT or "BELL STOPS ANOTHER-?"', async () => {
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: episode, min_seconds: 10, max_seconds: 40, max_clips: 3 }));
    expect(plan.clips.length).toBeGreaterThan(0);
    for (const clip of plan.clips) {
      for (const words of shown(clip)) {
        expect(words).not.toMatch(/Brady:|Grey:|^(?:Yeah|Right|Mm)\b/);
        expect(words).not.toMatch(/about dumbest|about (?:huge|biggest|best)\b/i);
        expect(['#Stops', '#Another', '#KingS', '#WonT', '#Yeah', '#Right']).not.toContain(words);
        expect(words).not.toMatch(/ANOTHER-\?|[-–—]\?$/);
      }
      expect(clip.title).not.toMatch(/^[\p{L} ']+: /u);
      // The platforms' own tags (#fyp) aside.
      for (const tag of clip.post_captions.flatMap((post) => post.hashtags)) if (tag !== '#fyp') expect(tag).toMatch(hashtagShape);
      expect(clip.thumbnail.overlay_text.split(' ').length).toBeLessThanOrEqual(5);
      expect(clip.thumbnail.overlay_text).toMatch(overlayShape);
    }
    const tags = new Set(plan.clips.flatMap((clip) => clip.post_captions.flatMap((post) => post.hashtags)));
    expect([...tags].some((tag) => tag === '#StarWars' || tag === '#StephenKing')).toBe(true);
  });
});

describe('titles and hooks from a clip’s own lines', () => {
  it('never title a clip with a question that only asks for assent, nor hook it with a filler', async () => {
    const { hooks } = await clipOf(
      ['Brady: You know what I’m saying?', 'Grey: The projector broke at eleven, and the manager borrowed a light saber to calm the crowd.', 'Brady: Does that make sense?'].join('\n\n'),
    );
    expect(hooks.title).not.toMatch(/saying\?|make sense\?/i);
    expect(hooks.hook).toMatch(/projector/i);
    const replies = await clipOf(['Brady: Yeah.', 'Grey: Right.', 'Brady: Mm, yeah.'].join('\n\n'));
    expect(replies.hooks.hook).not.toMatch(/^(?:Yeah|Right|Mm)\b/);
  });
});

describe('phrases and hashtags', () => {
  it('takes the core of noun phrases: no determiner, no leading adjective, the possessive split off, nothing after a preposition', () => {
    const words = (text: string) => phrasesOf(text).map((phrase) => phrase.words.join(' '));
    expect(words('Stephen King’s book is the dumbest thing he ever wrote.')).toEqual(['Stephen King', 'book']);
    expect(words('He is a huge Star Wars nerd, and he won’t stop.')).toContain('Star Wars');
    expect(words('We talked about the Venezuela elections with President Lula of Brazil.')).toEqual(['Venezuela elections', 'President Lula', 'Brazil']);
    expect(phrasesOf('Star Wars').map((phrase) => phrase.proper)).toEqual([true]);
    // The tagger reads "garden" closing "the secret garden." as a verb: a singular noun takes no bare verb.
    expect(words('The book stops the secret garden.')).toEqual(['book', 'secret garden']);
    expect(words('The kids play.')).toEqual(['kids']);
    // Units are no topic: "percent protein" and "#Degrees" say nothing.
    expect(words('Supermarket flour with eleven percent protein will spread at nineteen degrees.')).toEqual(['Supermarket flour']);
  });

  it('CamelCases hashtags without punctuation', () => {
    expect(hashtagOf(['Star', 'Wars'])).toBe('#StarWars');
    expect(hashtagOf(['Stephen', 'King'])).toBe('#StephenKing');
    expect(hashtagOf(['U.S.', 'election'])).toBe('#USElection');
    expect(hashtagOf(['running', 'mate'])).toBe('#RunningMate');
  });

  it('shows sentences without labels, directions, fillers or false starts, and shortens them at a clause, never on a function word', () => {
    expect(cleanSentence('Brady: Yeah, so the thing is — the thing is that we never knew.')).toBe('The thing is that we never knew.');
    expect(cleanSentence('[Lulu collar shake in the background] Yeah. Right. It is the best of the show.')).toBe('It is the best of the show.');
    expect(cleanSentence('Ken, too. So, can you give us an update on where Vene- — on where the U.S. stands?')).toBe('Can you give us an update on where the U.S. stands?');
    expect(cleanSentence('We are proud of the [importance] of it. (Laughter.)')).toBe('We are proud of the importance of it.');
    expect(shorten('What nobody tells you about the secret of the very long list of things we did in the summer', 40)).toBe('What nobody tells you about the secret…');
    expect(overlayOf('Bell stops another-?', [])).toBe('BELL STOPS ANOTHER?');
    // A key phrase is no question: no question mark after it.
    expect(overlayOf('Where did you study before NASA?', ['Arizona State University'])).toBe('ARIZONA STATE UNIVERSITY');
  });
});

describe('property: hooks, alternatives, hashtags and overlays stay grammatical and clean', () => {
  const sentence = fc
    .record({
      label: fc.constantFrom(...labels),
      filler: fc.option(fc.constantFrom(...fillers), { nil: undefined }),
      d1: fc.constantFrom(...determiners),
      a1: fc.option(fc.constantFrom(...adjectives), { nil: undefined }),
      n1: fc.oneof(fc.constantFrom(...nouns), fc.constantFrom(...names)),
      verb: fc.constantFrom(...verbs),
      d2: fc.constantFrom(...determiners),
      a2: fc.option(fc.constantFrom(...adjectives), { nil: undefined }),
      n2: fc.oneof(fc.constantFrom(...nouns), fc.constantFrom(...names)),
      end: fc.constantFrom('.', '?', '!', ', and it won’t stop.'),
    })
    .map(({ label, filler, d1, a1, n1, verb, d2, a2, n2, end }) => `${label}${filler ? `${filler} ` : ''}${[d1, a1, n1, verb, d2, a2, n2].filter(Boolean).join(' ')}${end}`);

  it('holds for generated talk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sentence, { minLength: 3, maxLength: 10 }), async (lines) => {
        const { keywords, hooks } = await clipOf(lines.join('\n\n'));
        for (const alternative of hooks.alternatives) {
          expect(alternative).not.toMatch(danglingEnd);
          // A lower-case word after "about" is never an adjective ("Secret Service" is a name).
          const after = /\babout (\S+)/i.exec(alternative)?.[1]?.replace(/[^\p{L}]/gu, '');
          if (after && after === after.toLowerCase()) expect(adjectives).not.toContain(after);
          // A noun phrase ends on its noun: never "about the dumbest".
          const last =
            alternative
              .split(' ')
              .at(-1)
              ?.replace(/[^\p{L}]/gu, '')
              .toLowerCase() ?? '';
          expect(adjectives).not.toContain(last);
        }
        for (const words of [hooks.title, hooks.hook, ...hooks.alternatives]) expect(words).not.toMatch(/Brady:|Grey:/);
        for (const words of [hooks.title, hooks.hook]) expect(words).not.toMatch(danglingEnd);
        for (const keyword of keywords) {
          expect(keyword).not.toMatch(/['’]/);
          for (const word of keyword.split(' ')) expect(spokenStopwords.has(word.toLowerCase())).toBe(false);
          expect(hashtagOf(keyword.split(' '))).toMatch(hashtagShape);
          expect(hashtagOf(keyword.split(' '))).not.toMatch(/\p{Ll}S$/u);
        }
        const overlay = overlayOf(hooks.hook, keywords);
        if (overlay) {
          expect(overlay.split(' ').length).toBeLessThanOrEqual(5);
          expect(overlay).toMatch(overlayShape);
        }
      }),
      { numRuns: 60 },
    );
  });
});
