/**
 * The prompt cut into clauses: the runs between sentence marks, commas, dashes, brackets and bullets. A dot or
 * comma inside a number ("4.9", "1,200") or after an abbreviation ("avg.", "Dr.") does not cut. Claims and the
 * business's kind are read clause by clause.
 */
import { matches } from './stated.js';

export interface Clause {
  start: number;
  end: number;
  /** The view's words for it (the prompt's, with Markdown and contacts blanked). */
  text: string;
}

const IN_NUMBER = /(?<=\d)[.,](?=\d)/gu;
const ABBREVIATION = /(?<![\p{L}])(?:avg|approx|lic|no|nr|n°|dr|dra|mr|ms|mrs|st|co|min|incl|inc|ltd|ca|etc|vs|max|tel|ex)\.(?=\s|$)/giu;

/** The view with the dots and commas that do not end a clause turned into a neutral mark (same length). */
function neutralised(view: string): string {
  return view.replace(IN_NUMBER, '\u2024').replace(ABBREVIATION, (m) => `${m.slice(0, -1)}\u2024`);
}

// "dog friendly and all our pastries …", "DBS check and pet first aid cert": "and" before a lowercase word or a
// pronoun starts a new clause; "Seattle Bride and Wedding Chicks" does not.
const CLAUSE = /[^.;:!?\n,()[\]—–·•|]+/gu;
const AND = /\s(?:and|et|y|e|und)\s(?=\p{Ll}|\d|I\s|We\s)|(?<!work(?:ed|s)?|partnered)\s(?:with|con|com|avec|mit)\s(?=\d)/gu;

export function clausesOf(view: string): Clause[] {
  const marked = neutralised(view);
  const clauses: Clause[] = [];
  for (const m of matches(marked, CLAUSE)) {
    let start = m.index;
    const end = m.index + m[0].length;
    for (const and of matches(m[0], AND)) {
      clauses.push({ start, end: m.index + and.index, text: view.slice(start, m.index + and.index) });
      start = m.index + and.index + and[0].length;
    }
    clauses.push({ start, end, text: view.slice(start, end) });
  }
  return clauses.filter((clause) => /\p{L}|\d/u.test(clause.text));
}
