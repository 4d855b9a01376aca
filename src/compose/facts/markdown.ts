/**
 * A view of the prompt for reading words: the same length as the prompt (so offsets are spans), with Markdown
 * syntax, code, images, link targets, URLs and emails blanked, and link texts kept where they stand.
 */
import { blankAll, matches } from './stated.js';

const CODE_FENCE = /```[\s\S]*?(?:```|$)/gu;
const INLINE_CODE = /`[^`\n]*`/gu;
const IMAGE = /!\[[^\]\n]*\]\([^)\n]*\)/gu;
const LINK = /\[([^\]\n]*)\]\(([^)\n]*)\)/gu;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]/gmu;
const BULLET = /^[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]/gmu;
const EMPHASIS = /\*\*|__|(?<![\p{L}\p{N}])\*(?=\S)|(?<=\S)\*(?![\p{L}\p{N}])/gu;
const QUOTE = /^[ \t]*>[ \t]?/gmu;
const URL_OR_EMAIL = /(?:https?:\/\/|www\.)[^\s<>()"'`]+|(?<![\w.%+-])[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/giu;

const spansOf = (view: string, re: RegExp): Array<{ start: number; end: number }> => [...matches(view, re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));

export function markdownView(prompt: string): string {
  let view = prompt;
  for (const re of [CODE_FENCE, INLINE_CODE, IMAGE]) view = blankAll(view, spansOf(view, re));
  const links: Array<{ start: number; end: number }> = [];
  for (const m of matches(view, LINK)) {
    const textEnd = m.index + 1 + (m[1] ?? '').length;
    links.push({ start: m.index, end: m.index + 1 }, { start: textEnd, end: m.index + m[0].length });
  }
  view = blankAll(view, links);
  return blankAll(
    view,
    [HEADING, BULLET, EMPHASIS, QUOTE, URL_OR_EMAIL].flatMap((re) => spansOf(view, re)),
  );
}
