/**
 * The page's subject: what a price with no name of its own is for. A quoted title ("'Ember', our cast-iron
 * skillet", „Excel für Einsteiger“) or the kind phrase the prompt opens with ("Online strength coaching by Coach
 * Dana", "Taller de cerámica para principiantes en …"). Read once per prompt.
 */
import { matches, type Taken } from './stated.js';

// A title in quotes: capitalised, at most six words, its long words capitalised or all words lowercase after the first.
const QUOTED = /(?<![\p{L}])['"“‘«„]\s?(\p{Lu}[^'"”’»“\n]{1,50}?)\s?['"”’»“](?![\p{L}])/gu;

// What a prompt opens with when it asks for a page rather than names its subject.
const REQUEST =
  /^(?:i|i'm|we|we're|our|my|me|a|an|the|this|hi|hello|hey|please|need|make|write|create|build|set|rewrite|add|update|new|simple|quick|landing|page|website|site|web|homepage|sales|booking|donation|event|post|promo|announce|announcement|storefront|waitlist|launch|help|can|could|would|necesito|quiero|preciso|página|pagina|landing|crea|crie|haz|faz|anuncia|anuncie|bitte|erstelle|webseite|seite|landingpage|onlineshop|je|nous|crée|créer|bonjour|hola|olá|oi|evento|event|événement|veranstaltung|conference|conferência|conferencia|conférence|konferenz)$/iu;
// Words that end the kind phrase: what follows is its seller, its place or its audience.
const STOP = /^(?:for|by|at|in|with|near|from|on|to|en|por|desde|em|no|na|nos|nas|à|au|aux|chez|par|avec|an|am|im|bei|für|von|vom|mit|zum|zur|—|–|-)$/iu;
// "Bootcamp page for …", "Shop-Seite": the phrase names the page, not what is sold.
const PAGE = /(?:^|-)(?:page|pages|site|website|seite|webseite|página|pagina|landing|landingpage|homepage|microsite)$/iu;
const LEADING = /^(?:book|try|join|discover|meet|a|an|the|our|my|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekly|daily)$/iu;

export interface Subject {
  start: number;
  end: number;
}

/** A title the prompt quotes, when its words read as a title (not a slogan or a price). */
function quotedTitle(view: string): Subject | undefined {
  for (const m of matches(view, QUOTED)) {
    const inner = m[1] ?? '';
    const words = inner.split(/\s+/u);
    if (words.length > 6 || /[\d$€£]/u.test(inner)) continue;
    const titled = words.every((word) => word.length <= 3 || /^[\p{Lu}\d]/u.test(word));
    const phrase = words.slice(1).every((word) => /^\p{Ll}/u.test(word));
    if (!titled && !phrase) continue;
    const start = m.index + m[0].indexOf(inner);
    return { start, end: start + inner.length };
  }
  return undefined;
}

/** The kind phrase the prompt opens with ("Handyman services in Cork"), when its first line starts with one. */
function openingKind(view: string, avoid: readonly Taken[]): Subject | undefined {
  const line = /^[\s#>*-]*([^\n.:;!?,(]+)/u.exec(view);
  if (!line?.[1]) return undefined;
  const start0 = line[0].length - line[1].length;
  const tokens = [...line[1].matchAll(/\S+/gu)];
  let first = 0;
  while (first < tokens.length && LEADING.test(tokens[first]?.[0] ?? '')) first += 1;
  if (first < tokens.length && REQUEST.test(tokens[first]?.[0] ?? '')) return undefined;
  let last = first;
  while (last < tokens.length && !STOP.test(tokens[last]?.[0] ?? '')) last += 1;
  const words = tokens.slice(first, last);
  const head = words[0];
  const tail = words.at(-1);
  if (!head || !tail || words.length > 7) return undefined;
  // A kind is lowercase after its first word ("Online strength coaching"); "Riverbend Vets" is a name.
  if (!words.slice(1).every((w) => /^[\p{Ll}-]/u.test(w[0]))) return undefined;
  if (words.some((w) => /\d|[$€£@/]/u.test(w[0]) || PAGE.test(w[0]))) return undefined;
  const start = start0 + (head.index ?? 0);
  const end = start0 + (tail.index ?? 0) + tail[0].length;
  if (avoid.some((t) => start < t.end && t.start < end)) return undefined;
  return { start, end };
}

/** "Write me a page": a phrase that asks for the page rather than names what is sold. */
export function asksForPage(phrase: string): boolean {
  const words = phrase.trim().split(/\s+/u);
  return REQUEST.test(words[0] ?? '') || words.some((word) => PAGE.test(word));
}

/** The page's subject, when the prompt shows one; `avoid` holds the business name and other facts it must not be. */
export function findSubject(view: string, avoid: readonly Taken[]): Subject | undefined {
  return quotedTitle(view) ?? openingKind(view, avoid);
}
