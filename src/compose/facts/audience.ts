/**
 * The audience: the people a business or product is for, as written — after "for" ("CRM for plumbers", "para
 * autónomos", "pour les jeunes parents", "happy to work with US clients"), as a line of its own ("Kids 6+ and
 * adults.", "Women 40+.") or after a label ("Schwerpunkte: Existenzgründer, Freiberufler, Ärzte").
 */
import type { Stated } from '../facts.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';
import { isPeople } from './words.js';

const FOR = /(?<![\p{L}])(?:for|para|pour|für|pra|(?:work|working)\s+with)\s+(?:(?:les|los|las|our)\s+)?(?=[\p{L}])/giu;
// One word of an audience: "busy", "parents", "&", "de", "4", "a", "12", "años", "Handwerksbetriebe".
const WORD = /[\p{L}][\p{L}'’-]*|&|\d+[+]?(?:[–-]\d+)?/uy;
// Where an audience ends: what follows is a place, a time, a price or another clause.
const END = new Set('in at every each on from by with who that and to en em à sur dans im am bei mit ab por com avec for para pour für pra'.split(' '));
const SEE = /(?:free|gratis|grátis|gratuit|gratuito|frei|kostenlos|offert)\s+$/iu;
const LABEL = /(?<![\p{L}])(?:Schwerpunkte|Zielgruppe|Target audience|Audience|Público|Público-alvo|Pour qui|Cible)\s*:\s*/gu;
const AGE_LINE = /(?:^|(?<=[.!?\n]\s{0,3}))(\p{Lu}\p{Ll}+\s+\d+\+(?:\s+(?:and|y|e|et|und)\s+\p{Ll}+)?)(?=\s*(?:[.!?\n]|$))/gu;

/** The words from `at` that read as people, with "in the EU" / "in tech" kept when that is not the place. */
function phraseAt(view: string, at: number, place: Taken | undefined): Taken | undefined {
  let pos = at;
  let end = at;
  let people = false;
  for (let count = 0; count < 6; count += 1) {
    while (view[pos] === ' ') pos += 1;
    WORD.lastIndex = pos;
    const m = WORD.exec(view);
    if (!m) break;
    const word = m[0];
    if (END.has(word.toLowerCase())) {
      // "freelancers in the EU", "women in tech": a market or a field, not the place.
      const scope = /^in\s+(?:the\s+)?(?:\p{Lu}{2,4}|\p{Ll}+)(?![\p{L}])/u.exec(view.slice(pos, pos + 20));
      if (word === 'in' && scope && people && !(place && pos + scope[0].length > place.start && pos < place.end)) end = pos + scope[0].length;
      break;
    }
    if (
      /^\d/u.test(word) &&
      !/^(?:ages|de|a|to|bis|à)$/iu.test(
        view
          .slice(Math.max(at, pos - 5), pos)
          .trim()
          .split(/\s+/u)
          .at(-1) ?? '',
      ) &&
      !/\+$/u.test(word)
    )
      break;
    if (isPeople(word) || /^(?:saas|b2b)$/iu.test(word)) people = true;
    pos += word.length;
    if (!/^(?:&|de|a|y|e)$/u.test(word)) end = pos;
  }
  return people && end > at ? { start: at, end } : undefined;
}

/** `kind`: "una app para organizar turnos de voluntarios en ONGs" — people right after the kind are its audience. */
export function findAudience(prompt: string, view: string, avoid: readonly Taken[], place: Taken | undefined, kind: Taken | undefined): Stated | undefined {
  const found: Taken[] = [];
  const afterKind = kind && /^\s+(?:in|en|em|dans|bei)\s+(?=\p{L})/u.exec(view.slice(kind.end, kind.end + 8));
  if (kind && afterKind) {
    const phrase = phraseAt(view, kind.end + afterKind[0].length, place);
    if (phrase) found.push(phrase);
  }
  for (const m of matches(view, FOR)) {
    if (SEE.test(view.slice(Math.max(0, m.index - 12), m.index))) continue;
    const phrase = phraseAt(view, m.index + m[0].length, place);
    if (phrase) found.push(phrase);
  }
  for (const m of matches(view, AGE_LINE)) {
    if (isPeople(m[1]?.split(/\s+/u)[0] ?? '')) found.push({ start: m.index, end: m.index + (m[1] ?? '').length });
  }
  for (const m of matches(view, LABEL)) {
    const list = /^[^.\n:;]{3,80}/u.exec(view.slice(m.index + m[0].length));
    if (list) found.push({ start: m.index + m[0].length, end: m.index + m[0].length + list[0].trimEnd().length });
  }
  let best: Taken | undefined;
  for (const c of found) if (!overlapsAny(c.start, c.end, avoid) && (!best || c.start < best.start)) best = c;
  return best ? stated(prompt, best.start, best.end) : undefined;
}
