import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The width of a caption line in DejaVu Sans Bold, the font the burn-in style names, in units of
 * the ASS font size: libass sizes a font so that its ascender-to-descender height equals the size,
 * so a line `n` units wide is `n × Fontsize` pixels at PlayRes. Read from the font file (the
 * dejavu-fonts-ttf package, as Debian's fonts-dejavu-core installs it for libass) by fontkit, once
 * per process and only when a plan first writes captions: loading fontkit takes about 100 ms.
 */
export type TextWidth = (text: string) => number;

let loading: Promise<TextWidth> | undefined;

export function captionFont(): Promise<TextWidth> {
  loading ??= (async () => {
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    const dir = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
    const font = fontkit.create(readFileSync(join(dir, 'ttf/DejaVuSans-Bold.ttf')));
    const height = font.ascent - font.descent;
    const advances = new Map<number, number>();
    return (text: string) => {
      let width = 0;
      for (const char of text) {
        const code = char.codePointAt(0) as number;
        let advance = advances.get(code);
        if (advance === undefined) {
          advance = font.glyphForCodePoint(code).advanceWidth / height;
          advances.set(code, advance);
        }
        width += advance;
      }
      return width;
    };
  })();
  return loading;
}
