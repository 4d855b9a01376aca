/** Text preparation: clipping, whitespace, HTML to prose, and masking what was already extracted. */

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // never split a surrogate pair
  return text.slice(0, end);
}

export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

const TAG = /<\/?[A-Za-z][A-Za-z0-9-]{0,30}(?:\s[^<>]{0,500})?\/?>|<!--|-->/gu;
const ENTITY = /&(#?[A-Za-z0-9]{2,8});/gu;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#x27': "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  yen: '¥',
};

/** The prompt as prose: tags and invisible characters out, common entities decoded. */
export function toPlainText(prompt: string): string {
  return normaliseWhitespace(
    prompt
      .replace(TAG, ' ')
      .replace(ENTITY, (match: string, name: string) => ENTITIES[name.toLowerCase()] ?? match)
      // eslint-disable-next-line no-control-regex -- C0/C1 control characters are what this strips
      .replace(/[\u0000-\u001f\u007f-\u009f]/gu, ' ')
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, ''),
  );
}

/** Blank out already-extracted strings (same length, so offsets stay put). */
export function mask(text: string, found: readonly string[]): string {
  let out = text;
  for (const item of found) {
    if (item) out = out.split(item).join(' '.repeat(item.length));
  }
  return out;
}

export const TRAILING_PUNCTUATION = /[.,;:!?'"”’»…]+$/u;

/** Cuts at a word boundary near max, so compromise never sees half a word. */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = clip(text, max);
  const space = cut.lastIndexOf(' ');
  return space > max - 200 ? cut.slice(0, space) : cut;
}
