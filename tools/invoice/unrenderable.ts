import { OutcomeError } from '../../src/kernel/errors.js';

/** What the invoice fonts cover (fonts.ts), said once for every message that refuses text. */
export const fontCoverage = 'Latin, Greek and Cyrillic (DejaVu Sans) and Japanese (Noto Sans JP: kanji, kana, full-width forms such as ￥)';

function listed(items: string[], most: number): string {
  const more = items.length > most ? ` and ${items.length - most} more` : '';
  return items.slice(0, most).join(', ') + more;
}

/**
 * The refusal of text no invoice font can draw, naming the characters (and, when known, the
 * fields they are in). Light, so that the engine can refuse a draft where requests are served.
 */
export function unrenderableError(characters: string[], fields: string[] = []): OutcomeError {
  const named = characters.map((char) => `"${char}" (U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`);
  const where = fields.length ? ` in ${listed(fields, 5)}` : '';
  // Digits of another script come from the locale's own formatting of amounts and dates, not from the caller's text.
  const digits = characters.some((char) => /\p{Nd}/u.test(char))
    ? ' The locale writes numbers with digits the fonts lack: use a locale whose numbers use Latin digits (e.g. ar-EG-u-nu-latn or en-EG for ar-EG).'
    : '';
  return new OutcomeError(
    'unprocessable',
    `The invoice PDF cannot show ${listed(named, 20)}${where}: its fonts cover ${fontCoverage}, and a character ` +
      'they cannot draw would vanish from the invoice (right-to-left scripts such as Arabic and Hebrew are not laid ' +
      `out either). Transliterate these characters (e.g. write the name in Latin letters) or remove them, then send the request again.${digits}`,
    { details: { characters, fields } },
  );
}
