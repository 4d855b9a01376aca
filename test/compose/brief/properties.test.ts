import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { NICHES } from '../../../src/compose/niches.js';
import type { Brief } from '../../../src/compose/types.js';

describe('extractBrief: properties', () => {
  const tones = new Set(
    'friendly professional playful bold minimal luxurious upscale premium warm calm energetic formal casual witty elegant modern fun quirky serious confident approachable authoritative inspiring upbeat cheerful sophisticated clean simple classic timeless vintage retro rustic earthy cozy gentle soothing serene edgy punchy trustworthy empathetic caring compassionate humorous whimsical youthful sleek corporate conversational relaxed trendy futuristic exciting dramatic refined polished welcoming inviting lively vibrant cute irreverent sassy nostalgic heartfelt sincere honest direct concise informative technical academic understated urgent motivational encouraging supportive optimistic positive reassuring authentic intimate joyful quiet earnest cheeky geeky artsy chic'.split(
      ' ',
    ),
  );

  function checkInvariants(input: string, brief: Brief): void {
    for (const list of [brief.names, brief.prices, brief.tone, brief.colors, brief.counts, brief.dates, brief.urls, brief.emails, brief.keywords]) {
      expect(list.length).toBeLessThanOrEqual(10);
    }
    expect(brief.prompt.length).toBeLessThanOrEqual(10_000);
    for (const url of brief.urls) {
      expect(brief.prompt).toContain(url);
      expect(input).toContain(url);
    }
    for (const email of brief.emails) {
      expect(brief.prompt).toContain(email);
      expect(input).toContain(email);
    }
    for (const p of brief.prices) {
      expect(brief.prompt).toContain(p.text);
      expect(p.amount).toMatch(/^\d+(\.\d+)?$/);
      if (p.currency !== null) expect(p.currency).toMatch(/^[A-Z]{3}$/);
    }
    for (const c of brief.colors) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
    for (const d of brief.dates) expect(d.iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const c of brief.counts) {
      expect(Number.isInteger(c.count) && c.count > 0).toBe(true);
      expect(c.noun.length).toBeGreaterThan(0);
    }
    for (const name of brief.names) expect(name.length).toBeLessThanOrEqual(60);
    for (const t of brief.tone) expect(tones.has(t)).toBe(true);
    expect(NICHES).toContain(brief.niche);
  }

  // Fragments that reach every extractor, mixed with noise.
  const fragment = fc.oneof(
    fc.constantFrom(
      '$',
      '€1,200',
      '£9.99/month',
      '49 USD',
      '49 dollars',
      '$19,',
      '$1.5k',
      '#fff',
      '#2E7D32',
      '#12',
      'hello@acme.com',
      'a@b',
      'acme.com',
      'https://',
      'https://acme.com/x?y=1',
      'www.',
      'March',
      '14,',
      '2027',
      '2027-03-03',
      '12/05/2026',
      'for',
      'busy',
      'parents',
      'in',
      'Austin',
      ',',
      'TX',
      'Acme',
      'Cloud',
      '&',
      '"',
      "'",
      '“',
      '”',
      '«',
      '»',
      '<b>',
      '</b>',
      '&amp;',
      'a',
      'dozen',
      'three',
      'tiers',
      'per',
      'month',
      '/mo',
      'navy',
      'and',
      'cream',
      'not',
      'formal',
      'warm',
      '😀',
      '\n',
      '-',
      '—',
      'called',
      'aimed at',
      'who',
      'based in',
      'near',
      '.',
      ':',
      '6-lesson',
    ),
    fc.string({ maxLength: 8 }),
  );
  const promptLike = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(' '));
  const anyUnicode = fc.string({ unit: 'binary', maxLength: 200 });
  const loneSurrogates = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 100 });

  it('never throws and keeps its invariants on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), anyUnicode, fc.string({ unit: 'grapheme' }), loneSurrogates, promptLike), (input) => {
        checkInvariants(input, extractBrief(input));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps its invariants on long inputs', () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 500, maxLength: 3000 }).map((parts) => parts.join(' ')),
        (input) => {
          checkInvariants(input, extractBrief(input));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.oneof(promptLike, anyUnicode), (input) => {
        expect(extractBrief(input)).toEqual(extractBrief(input));
      }),
      { numRuns: 100 },
    );
  });

  it('does not throw on non-string input at run time', () => {
    for (const value of [undefined, null, 42, {}]) {
      expect(() => extractBrief(value as string)).not.toThrow();
    }
  });
});
