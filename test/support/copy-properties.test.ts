/** The copy properties the widget and content tests assert (test/support/copy-properties.ts). */
import { describe, expect, it } from 'vitest';
import { factTexts } from '../../src/compose/invention.js';
import { labelledPrompts } from '../fixtures/facts/labelled.js';
import { copyProblems, RUN_WORDS, sentencesOfCopy, type CopyPiece } from './copy-properties.js';

const prompt = 'Landing page for Smile Studio, an orthodontist in Austin. Invisalign from €2,900, whitening $350. Open Mon–Fri 9:00-14:00.';
const problemsOf = (pieces: ReadonlyArray<string | CopyPiece>, lang = 'en', facts: string[] = []) => copyProblems(pieces, prompt, lang, { facts }).map((p) => p.problem);

describe('sentencesOfCopy', () => {
  it('splits lines and sentences, takes headings as labels, and drops list markers', () => {
    expect(sentencesOfCopy('# Smile Studio\n\nStraight teeth. Fair prices!\n- Invisalign from €2,900.\n1. Book a visit.\n')).toEqual([
      { text: 'Smile Studio', kind: 'label' },
      { text: 'Straight teeth.', kind: 'prose' },
      { text: 'Fair prices!', kind: 'prose' },
      { text: 'Invisalign from €2,900.', kind: 'prose' },
      { text: 'Book a visit.', kind: 'prose' },
    ]);
  });
});

describe('copyProblems', () => {
  it('passes good copy', () => {
    expect(problemsOf(['Smile Studio straightens teeth in Austin.', 'Invisalign starts at €2,900.', '¿Listo para sonreír?', '“Book today,” we say.', '€350 for whitening.', 'Book today! 🎉'])).toEqual(
      [],
    );
  });

  it('finds the prompt repeated verbatim, or a long run of its words outside a fact', () => {
    expect(problemsOf([`Here it is: ${prompt}`])).toEqual(['contains the prompt verbatim']);
    expect(problemsOf(['Smile Studio, an orthodontist in Austin. Invisalign from €2,900, whitening $350 and more.'])).toEqual([
      `repeats ${RUN_WORDS} words of the prompt: "smile studio an orthodontist in austin invisalign from 2 900 whitening 350"`,
    ]);
    // Eleven words of the prompt in a row are fine.
    expect(problemsOf(['Smile Studio is an orthodontist in Austin. Invisalign from €2,900, and more.'])).toEqual([]);
  });

  it('lets a long fact be quoted as the caller wrote it', () => {
    const longPrompt = 'Please announce: From 4 January 2027 the Sonnenkorn bakery opens every day from seven in the morning until two in the afternoon. Thanks!';
    const news = 'From 4 January 2027 the Sonnenkorn bakery opens every day from seven in the morning until two in the afternoon';
    const copy = [`${news}.`];
    expect(copyProblems(copy, longPrompt, 'en').map((p) => p.problem)).toHaveLength(1);
    expect(copyProblems(copy, longPrompt, 'en', { facts: [news] })).toEqual([]);
  });

  it('does not count a short prompt as parroted', () => {
    expect(copyProblems(['Welcome to the bakery in Lisbon.'], 'bakery in Lisbon', 'en')).toEqual([]);
  });

  it('finds doubled words, except those a language doubles on purpose', () => {
    expect(problemsOf(['Book the the visit.'])).toEqual(['doubled word "the the"']);
    expect(problemsOf(['The The Smile Studio.'])).toEqual(['doubled word "The The"']);
    expect(problemsOf(['Nous nous engageons.'], 'fr')).toEqual([]);
    expect(problemsOf(['Die Ärztin, die die Praxis leitet.'], 'de')).toEqual([]);
    expect(problemsOf(['Prices 10 10.'])).toEqual([]);
  });

  it.each([
    ['Hello {name}.', 'a template brace'],
    ['Price: undefined.', '"undefined"'],
    ['Call null today.', '"null"'],
    ['Only NaN left.', '"NaN"'],
    ['Book  now.', 'a double space'],
    ['Book now , please.', 'a space before "," or "."'],
    ['Book now .', 'a space before "," or "."'],
    ['Invisalign () from €2,900.', 'empty brackets'],
    [' Book now.', 'leading or trailing space'],
  ])('finds the empty slot in %j', (text, problem) => {
    expect(problemsOf([text])).toContain(problem);
    expect(problemsOf([{ text, kind: 'label' }])).toContain(problem);
  });

  it('reads "null" as the German zero', () => {
    expect(problemsOf(['Zu null Prozent Zinsen.'], 'de')).toEqual([]);
  });

  it('wants prose to start with a capital and end with a stop, and labels not', () => {
    expect(problemsOf(['book a visit.'])).toEqual(['does not start with a capital']);
    expect(problemsOf(['¿listo?'])).toEqual(['does not start with a capital']);
    expect(problemsOf(['Book a visit'])).toEqual(['does not end with . ! ? … or :']);
    expect(problemsOf(['Book a visit,'])).toEqual(['does not end with . ! ? … or :']);
    expect(problemsOf(['He said “Book now.”', 'Prices (from €350).', 'Open:', 'Wait…', '2 visits a year.'])).toEqual([]);
    expect(problemsOf([{ text: 'book now', kind: 'label' }])).toEqual([]);
  });

  it('finds nothing to fault in copy made of every labelled prompt’s facts', () => {
    for (const { id, prompt: labelled, facts } of labelledPrompts) {
      const texts = factTexts(facts);
      const pieces = texts.map((text) => ({ text, kind: 'label' as const }));
      expect(copyProblems(pieces, labelled, facts.lang, { facts: texts }), id).toEqual([]);
    }
  });
});
