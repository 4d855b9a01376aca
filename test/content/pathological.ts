/**
 * Hostile source_text shapes at the 100k-character limit, as a red team sends them: one long
 * unbroken token after a normal paragraph, URL-like runs, whitespace runs, mixed scripts and
 * broken UTF-16. Each names the text that the X thread may hold only whole (`kept`), if any.
 */

/** The schema's limit for source_text. */
export const maxSource = 100_000;

const paragraph =
  'Most small bakeries lose money on their busiest day, and they rarely notice. On a typical Saturday, a ' +
  'neighbourhood bakery sells out of its best loaves by ten in the morning. The owner sees a full shop and assumes ' +
  'the day went well.';

export interface Shape {
  name: string;
  source: string;
  /** 200, or 400 when the text has fewer than three sentences. */
  status: 200 | 400;
  /** Text the X thread holds whole or not at all (never split between tweets), whitespace aside. */
  kept?: string;
}

const whitespace = ' \t\n\u00a0\u2003\u3000';

/** The shapes at `size` characters (the limit by default; smaller to time the old code). */
export function shapes(size = maxSource): Shape[] {
  const head = `${paragraph} `;
  // `unit` repeated whole (never a surrogate pair cut in half) to fill what `head` leaves of `size`.
  const fill = (unit: string, before = '') => unit.repeat(Math.floor((size - before.length) / unit.length));
  const afterParagraph = (name: string, unit: string, separator = ''): Shape => {
    const tail = separator ? fill(unit + separator, head).trimEnd() : fill(unit, head);
    return { name, source: head + tail, status: 200, kept: tail };
  };
  const urls = Array.from({ length: Math.floor((size - head.length) / 26) }, (_, i) => `https://example.com/p${i}`).join(' ');
  const marks = `a${fill('\u0301', `${head}a`)}`;
  return [
    afterParagraph('paragraph + "a." repeated', 'a.'),
    afterParagraph('paragraph + one long word', 'abcdefghij'),
    afterParagraph('paragraph + dots', '.'),
    afterParagraph('paragraph + a URL repeated without spaces', 'https://example.com/'),
    afterParagraph('paragraph + short URLs without spaces', 'x.co,'),
    { name: 'paragraph + URLs separated by spaces', source: head + urls, status: 200, kept: urls },
    afterParagraph('paragraph + mixed scripts without spaces', '漢字かな한글😀👨‍👩‍👧‍👦🇺🇸שלוםمرحباé'),
    afterParagraph('paragraph + mixed scripts with spaces', '漢字かな 한글 😀👨‍👩‍👧‍👦 🇺🇸 שלום مرحبا é', ' '),
    afterParagraph('paragraph + 270-character URL-like words', 'é.😀'.repeat(90), ' '),
    afterParagraph('paragraph + 1000-character URL-like words', 'é.😀'.repeat(333), ' '),
    afterParagraph('paragraph + lone surrogates', 'a\ud800b\udc00'),
    { name: 'paragraph + one grapheme of combining marks', source: head + marks, status: 200, kept: marks },
    {
      name: 'sentences between whitespace runs',
      source: ['First sentence here.', 'Second sentence here.', 'Third sentence here.', 'Fourth sentence.'].join(whitespace.repeat(Math.floor(size / 30))),
      status: 200,
      kept: 'Fourth sentence.',
    },
    // Tens of thousands of sentences: the segmenter, not the thread, is under test.
    { name: 'short sentences', source: fill('Dogs bark at night. '), status: 200 },
    { name: 'one-character sentences', source: fill('.一'), status: 200 },
    { name: 'emoji after dots', source: fill('.😀'), status: 200 },
    { name: 'one long word, nothing else', source: fill('abcdefghij'), status: 400 },
    { name: 'dots, nothing else', source: fill('.'), status: 400 },
    { name: '"a." repeated, nothing else', source: fill('a.'), status: 400 },
  ];
}
