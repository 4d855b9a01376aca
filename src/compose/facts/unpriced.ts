/**
 * Offerings the prompt names without a price: in a list ("Services: garden design, lawn care and patios"), next to
 * priced ones ("balayage from $220, colour correction by consultation", "Enterprise on request"), after a discount
 * ("30% off all knitwear"), among bold-named plans ("- **Multi-site** — talk to us") or free ("Free discovery call").
 */
import type { Offering } from '../facts.js';
import { ARTICLE } from './offerings.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';

const FREE_WORD = /(?<![\p{L}])(?:free|gratis|grátis|gratuit|gratuite|gratuito|gratuita|kostenlos|gratuitement)(?![\p{L}])/iu;
// A clause after a priced item, up to the next comma or sentence end: "colour correction by consultation".
const CLAUSE = /[^,;.!?\n]+/gu;
// Words that say a price is given on request: what stands before them is an offering.
const ON_REQUEST =
  /\s+(?:by consultation|on request|upon request|on application|by quote|nach Angebot|auf Anfrage|sur devis|sur demande|sob consulta|sob orçamento|a consultar|bajo pedido|a pedido|por encargo)$/iu;
// Clauses that continue a price rather than name an offering.
const NOT_AN_ITEM =
  /^(?:incl|including|includes|included|plus|with|without|min|max|minimum|maximum|all|no|free|cancel|booking|book|call|open|closed|vat|ht|tax|taxes|tva|mwst|iva|each|per|only|just|then|or|and|und|y|e|et|ou|o|oder|the|a|an|se|on|off|up|order|orders|delivery|shipping|ships|pick|collection|gift)\b/iu;

/** Unpriced items in a list of priced ones ("…, wine pairing £40, cheese board on request"). */
export function findOnRequestOfferings(prompt: string, view: string, priced: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const names = new Set(priced.map((o) => o.name.toLowerCase()));
  for (const offering of priced) {
    if (!offering.price) continue;
    // The clauses after this price, in the same sentence, up to the next price.
    const from = offering.price.span[1];
    // A bounded look ahead keeps long prompts linear.
    const ahead = view.slice(from, from + 160);
    const segment = ahead.slice(0, ahead.search(/[.;!?\n](?:\s|$)|$/u));
    let first = true;
    for (const m of matches(segment, CLAUSE)) {
      // The first clause is the price's own tail ("/month", "per person"), not an item.
      if (first) {
        first = false;
        continue;
      }
      const raw = m[0];
      const start = from + m.index + (raw.length - raw.trimStart().length);
      let text = raw.trim();
      if (/\d|[$€£]/u.test(text)) break;
      const request = ON_REQUEST.exec(text);
      if (!request) continue;
      text = text.slice(0, request.index);
      const words = text.split(/\s+/u);
      if (!/^[\p{L}]/u.test(text) || words.length > 4 || NOT_AN_ITEM.test(text) || FREE_WORD.test(text) || names.has(text.toLowerCase())) continue;
      const end = start + text.length;
      if (overlapsAny(start, end, taken)) continue;
      names.add(text.toLowerCase());
      const fact = stated(prompt, start, end);
      out.push({ ...fact, name: fact.text });
    }
  }
  return out;
}

// "30% off all knitwear", "-30 % sur le linge de lit", "40% en toda la colección de otoño-invierno".
const DISCOUNT =
  /(?<![\p{L}\p{N}])-?\d{1,2}\s?%\s*(?:(?:off|de descuento|de desconto|de réduction|Rabatt)\s+(?:(?:on|sur|en|auf|em|in|na|no)\s+)?|(?:on|sur|en|auf|em|na|no)\s+)(?:all|everything|every|our|the|toda la|todo el|todas las|todos los|toda a|todo o|todas as|todos os|tout le|toute la|tous les|toutes les|le|la|les|l'|alle|unsere|das|die|den)?\s*([\p{L}][\p{L}'’-]*(?:\s+(?:de|del|da|do|des|du|von)?\s*[\p{L}][\p{L}'’-]*){0,2})/giu;
// What follows the discounted goods: a seller, a place, a date ("knitwear at Wool & Wren", "linge de lit du 13 janvier").
const DISCOUNT_END = /\s+(?:at|from|until|till|in|chez|ab|bis|vom|del|du|à|com|con|with|for|para|pour|für|sur|na|no|em|en|when|this|and|y|et|und)(?=\s|$)/iu;

/** The goods a discount is on: the offering of a sale announcement. */
export function findDiscountedOfferings(prompt: string, view: string, known: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const names = new Set(known.map((o) => o.name.toLowerCase()));
  for (const m of matches(view, DISCOUNT)) {
    let text = m[1] ?? '';
    // Cut the phrase at the first word that starts what follows it: a place, a date, a seller.
    const cut = DISCOUNT_END.exec(text);
    if (cut) text = text.slice(0, cut.index);
    text = text.replace(/\s+(?:de|del|da|do|des|du|von)$/iu, '');
    // "50% off em todo o site": a discount on the whole shop names no goods.
    if (text.length < 3 || /^(?:everything|all|off|on|de|code|discount|descuento|rabatt|réduction|site|website|store|storewide|shop|loja|tienda|sitio|boutique|magasin|sortiment|of|the)$/iu.test(text))
      continue;
    const start = m.index + m[0].lastIndexOf(m[1] ?? '');
    const end = start + text.length;
    if (overlapsAny(start, end, taken) || names.has(text.toLowerCase())) continue;
    names.add(text.toLowerCase());
    const fact = stated(prompt, start, end);
    out.push({ ...fact, name: fact.text });
  }
  return out;
}

const BOLD_BULLET = /^[ \t]*[-*+][ \t]+\*\*([^*\n]{1,40})\*\*/gmu;

/** In a list of bold-named plans where some are priced, the unpriced bold names are plans too ("**Free** for up to 10 staff"). */
export function findBoldListOfferings(prompt: string, known: readonly Offering[]): Offering[] {
  const bullets = [...matches(prompt, BOLD_BULLET)].map((m) => {
    const start = m.index + m[0].indexOf('**') + 2;
    return { start, end: start + (m[1] ?? '').length };
  });
  const isKnown = (b: { start: number; end: number }): boolean => known.some((o) => o.span[0] === b.start && o.span[1] === b.end);
  if (!bullets.some((b) => isKnown(b) && known.some((o) => o.span[0] === b.start && o.price))) return [];
  return bullets
    .filter((b) => !isKnown(b))
    .map((b) => {
      const fact = stated(prompt, b.start, b.end);
      return { ...fact, name: fact.text };
    });
}

const LIST_CUE =
  /(?:services|leistungen|servicios|serviços|prestations|we offer|we also offer|we do|also|ofrecemos|oferecemos|nous proposons|wir bieten|angebot|offering|specialties|especialidades|spécialités)\s*(?::|include|incluyen|incluem)?\s+([^.\n]+)/giu;
// A sentence that is only a list of three or more short items.
const LIST_SENTENCE =
  /(?:^|[.!?]\s+|\n)((?:[^\s,.;:!?\n][^,.;:!?\n]{0,40},\s*){2,8}[^,.;:!?\n]{1,40}?\s(?:and|y|e|et|und|&)\s[^,.;:!?\n]{1,40}|(?:[^\s,.;:!?\n][^,.;:!?\n]{0,40},\s*){2,8}[^,.;:!?\n]{1,40})(?=[.!?\n]|$)/gu;
// "Lena Park Photography — weddings, elopements and family sessions": a lowercase list after a dash, with "and".
const DASH_LIST = /\s[—–]\s((?:\p{Ll}[^,.;:!?\n—–]{0,40},\s*){1,8}\p{Ll}[^,.;:!?\n—–]{0,40}?\s(?:and|y|e|et|und|&)\s\p{Ll}[^,.;:!?\n—–]{0,60})(?=[.!?\n]|$)/gu;
// Lists of things that are not offerings: places, days, languages, qualities.
const LIST_STOP =
  /\b(?:licensed|insured|bonded|registered|certified|years?|jahre|años|anos|ans|monday|tuesday|wednesday|thursday|friday|saturday|sunday|english|spanish|german|french|deutsch|englisch|español|inglés|français|anglais|português|inglês)\b|^(?:we|our|i|my|no|not|free|open|closed)\b/iu;
// "70s and 80s denim": a bare number or decade before "and" shares the noun after it; no split there.
const ITEM_SPLIT = /\s*(?:,|;|(?<!(?:^|[\s,])\d+s?)\s+(?:and|y|e|et|und|&|or|o|ou|oder)\s+)\s*/u;

// "family sessions across the Pacific Northwest": the place an item is offered in is not its name.
const PLACE_AFTER = /\s+(?:across|throughout|around|in|near)\s+(?:the\s+)?\p{Lu}.*$/u;

/** "Leistungen: Hausinstallation, E-Check, Wallbox-Montage ab 890 €": a cued list up to its first item that holds another fact. */
function untilTaken(list: { text: string; start: number }, taken: readonly Taken[]): { text: string; start: number } {
  const end = list.start + list.text.length;
  let first = end;
  for (const t of taken) if (t.start < first && t.end > list.start && t.start < end) first = Math.max(list.start, t.start);
  if (first === end) return list;
  const head = list.text.slice(0, first - list.start);
  const lastSeparator = [...head.matchAll(new RegExp(ITEM_SPLIT.source, 'gu'))].at(-1);
  return { text: lastSeparator ? head.slice(0, lastSeparator.index) : '', start: list.start };
}

/** Offerings listed without prices: after a cue ("Services: garden design, lawn care and patios") or as a sentence of their own ("Consulta, vacunas, cirugía y peluquería canina."). */
export function findListedOfferings(prompt: string, view: string, priced: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const known = new Set(priced.map((o) => o.name.toLowerCase()));
  const lists: Array<{ text: string; start: number }> = [];
  for (const m of view.matchAll(LIST_CUE)) {
    const list = { text: m[1] ?? '', start: (m.index ?? 0) + m[0].length - (m[1] ?? '').length };
    // Only a list the cue introduces with a colon is cut short where a priced item starts.
    lists.push(/:\s*$/u.test(m[0].slice(0, m[0].length - list.text.length)) ? untilTaken(list, taken) : list);
  }
  for (const re of [LIST_SENTENCE, DASH_LIST]) for (const m of view.matchAll(re)) lists.push({ text: m[1] ?? '', start: (m.index ?? 0) + m[0].indexOf(m[1] ?? '') });
  for (const list of lists) {
    if (list.text === '' || overlapsAny(list.start, list.start + list.text.length, taken)) continue;
    let cursor = list.start;
    const items: Array<{ start: number; text: string }> = [];
    for (const item of list.text.split(ITEM_SPLIT)) {
      const at = view.indexOf(item, cursor);
      cursor = at + item.length;
      const clean = item
        .replace(/^(?:mostly|mainly|also|including|incl\.)\s+/iu, '')
        .replace(ARTICLE, '')
        .replace(/\s*\([^)]*\)\s*$/u, '')
        .replace(PLACE_AFTER, '')
        .trim();
      items.push({ start: at + item.indexOf(clean), text: clean });
    }
    const good = (text: string): boolean => text.length > 1 && text.split(/\s+/u).length <= 5 && /^[\p{L}\d]/u.test(text) && !/[$€£()]|R\$|\d(?!0?s\b)/u.test(text) && !LIST_STOP.test(text);
    if (!items.every((item) => good(item.text)) && items.length >= 3) continue;
    for (const item of items) {
      if (!good(item.text) || known.has(item.text.toLowerCase())) continue;
      known.add(item.text.toLowerCase());
      const fact = stated(prompt, item.start, item.start + item.text.length);
      out.push({ ...fact, name: fact.text });
    }
  }
  return out;
}

// A free offering's clause stands between two of these (a colon may open one but not close it).
const CLAUSE_EDGE = /[.,;!?:\n()—–]/gu;
const AND = /\s(?:and|plus|y|e|et|und)\s/gu;

/**
 * The short clauses of the view (2 to 60 characters between two edges, or after "and"), read segment by segment
 * so that a long prompt stays linear; only segments that `keep` accepts are looked into.
 */
function* shortClauses(view: string, keep: (segment: string) => boolean): Generator<{ start: number; text: string }> {
  let from = 0;
  const edges = [...view.matchAll(CLAUSE_EDGE)].map((m) => m.index ?? 0);
  edges.push(view.length);
  for (const edge of edges) {
    const start = from;
    from = edge + 1;
    if (view[edge] === ':' || edge - start < 2 || !keep(view.slice(start, edge))) continue;
    const starts = [start, start + (view.slice(start, edge).length - view.slice(start, edge).trimStart().length)];
    for (const m of view.slice(start, edge).matchAll(AND)) starts.push(start + (m.index ?? 0) + m[0].length);
    const first = starts.find((s) => edge - s >= 2 && edge - s <= 60);
    if (first !== undefined) yield { start: first, text: view.slice(first, edge) };
  }
}

const NOT_FREE_OFFERING =
  /returns|kids|visitors|children|niños|kinder|enfants|crianças|shipping|delivery|entry|admission|parking|wi-?fi|envío|envio|frete|entrada|eintritt|versand|livraison|entrée|for (?:kids|children|under|members|seniors)|para|pour|für|to download|upgrade|^free$|cancel/iu;

/** Free offerings said in a short clause of their own: "Free 20-min discovery call", "Essai gratuit de 14 jours". */
export function findFreeOfferings(prompt: string, view: string, known: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const names = new Set(known.map((o) => o.name.toLowerCase()));
  for (const { start: at, text: raw } of shortClauses(view, (segment) => FREE_WORD.test(segment))) {
    const clause = raw.replace(/^\s*(?:and|plus|with|a|an|y|e|et|und)\s+/iu, '').trim();
    const start = at + raw.indexOf(clause);
    if (!FREE_WORD.test(clause) || NOT_FREE_OFFERING.test(clause) || clause.split(/\s+/u).length > 5 || clause.split(/\s+/u).length < 2) continue;
    if (overlapsAny(start, start + clause.length, taken) || names.has(clause.toLowerCase()) || /[$€£]|R\$/u.test(clause)) continue;
    const fact = stated(prompt, start, start + clause.length);
    out.push({ ...fact, name: fact.text });
  }
  return out;
}
