/** News ("Announce that…", "now opens on Saturdays…") and constraints ("free shipping over $75", "US only"). */
import type { Constraint, News } from '../facts.js';
import { matches, stated } from './stated.js';

const NEWS =
  /(?:announce|announcing|anuncia|anunciar|anuncie|annonce[rz]?|kündige an|ankündigen)(?:\s+(?:that|que|dass|our|nuestra|nossa|notre))?:?\s+([^.\n!]+)|(?<![\p{L}])(?:now|ahora|agora|désormais|jetzt|neu)\s+(?:opens?|open|abre|abrimos|ouvre|öffnet|offers?|ofrece|oferece|propose)[^.\n!]*/giu;
const THRESHOLD =
  /free (?:shipping|delivery)[^.,;\n]*?(?:over|above|on orders over)\s*[^\s,.;]+(?:\s+in the [A-Z]{2,3})?|(?:envío|envio|frete|livraison|Versand)\s+(?:gratis|grátis|gratuit[ea]?|kostenlos)[^.,;\n]*?(?:desde|acima de|a partir de|dès|ab|über)\s*[^\s,.;]+(?:\s*€)?/giu;
const REGION = /(?:ships?|shipping|delivers?|delivery)\s+(?:within|to|only to|in)\s+[^.,;\n]+?only|(?:ships?|shipping)\s+to\s+[A-Z][^.;\n]+?(?=[.;\n]|$)/gu;

export function findNews(prompt: string, view: string): News[] {
  const news: News[] = [];
  for (const m of matches(view, NEWS)) {
    const start = m[1] !== undefined ? m.index + m[0].lastIndexOf(m[1]) : m.index;
    const fact = stated(prompt, start, m.index + m[0].length);
    if (fact.text.length > 2) news.push({ ...fact, what: fact.text });
  }
  return news;
}

export function findConstraints(prompt: string, view: string): Constraint[] {
  const out: Constraint[] = [];
  for (const m of matches(view, THRESHOLD)) out.push({ ...stated(prompt, m.index, m.index + m[0].length), kind: 'threshold' });
  for (const m of matches(view, REGION)) out.push({ ...stated(prompt, m.index, m.index + m[0].length), kind: 'region' });
  return out;
}
