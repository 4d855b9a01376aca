import type { TextBlock } from '../../src/render/lesson.js';

/**
 * A lesson body (Markdown the caller wrote) as text blocks, and what the caller marked in it: its
 * headings are the outline, a list under a "Key points" heading the key points, a list under an
 * "Exercises" heading the exercises. Only what the body holds: a body without such a heading has
 * none, and nothing is written in its place. Markup is never passed through (everything is text).
 */
export interface LessonText {
  blocks: TextBlock[];
  outline: Array<{ id: string; text: string }>;
  key_points: string[];
  exercises: string[];
}

// In each language a site is written in (en, de, fr, es, pt): a German course says "Kernpunkte", not "Key points".
const keyPointsHeading =
  /^(key (points|takeaways|ideas)|takeaways|in short|summary|kernpunkte|das wichtigste|wichtigste punkte|zusammenfassung|points? cl[ée]s?|l['’]essentiel|à retenir|en bref|résumé|puntos clave|ideas clave|resumen|en resumen|pontos[- ]chave|resumo|em resumo)$/i;
const exercisesHeading =
  /^(exercises?|practice|homework|assignments?|try it( yourself)?|übungen|übung|aufgaben?|hausaufgaben?|exercices?|pratique|devoirs?|ejercicios?|práctica|tareas?|exerc[íi]cios?|prática|tarefas?)$/i;

const headingLine = /^#{1,6}\s+(.+?)\s*#*$/;
const bulletLine = /^\s*[-*+]\s+(.+)$/;
const numberedLine = /^\s*\d{1,3}[.)]\s+(.+)$/;

/** Inline emphasis and code marks read as text: `**word**` → `word`. */
const plain = (text: string) => text.replace(/(\*\*|__|`)(.+?)\1/g, '$2').trim();

function parseBlocks(body: string, idPrefix: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let headings = 0;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: plain(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = headingLine.exec(line);
    const bullet = bulletLine.exec(line);
    const numbered = bullet ? null : numberedLine.exec(line);
    if (heading) {
      flush();
      headings += 1;
      blocks.push({ kind: 'heading', id: `${idPrefix}-h${headings}`, text: plain(heading[1] as string) });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(plain(((bullet ?? numbered) as RegExpExecArray)[1] as string));
    } else if (line.trim() === '') flush();
    else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks.filter((block) => block.kind !== 'paragraph' || block.text !== '');
}

/** Takes the list under a heading matching `pattern` out of the blocks (heading and list both). */
function takeList(blocks: TextBlock[], pattern: RegExp): string[] {
  const at = blocks.findIndex((block, index) => block.kind === 'heading' && pattern.test(block.text) && blocks[index + 1]?.kind === 'list');
  if (at < 0) return [];
  const [, list] = blocks.splice(at, 2) as [TextBlock, Extract<TextBlock, { kind: 'list' }>];
  return list.items;
}

export function lessonText(body: string, idPrefix: string): LessonText {
  const blocks = parseBlocks(body, idPrefix);
  const key_points = takeList(blocks, keyPointsHeading);
  const exercises = takeList(blocks, exercisesHeading);
  const outline = blocks.flatMap((block) => (block.kind === 'heading' ? [{ id: block.id, text: block.text }] : []));
  return { blocks, outline, key_points, exercises };
}
