/**
 * Offerings with their own prices: the name is the words just before the money ("mugs ($38)", "Ethiopia Guji 12 oz
 * bag $19.50", "celebration cakes from £35"); money in a threshold, a goal, a deposit or an old price is no price.
 */
import type { Money, Offering } from '../facts.js';
import { overlapsAny, stated, type Taken } from './stated.js';

const NOT_A_PRICE_BEFORE =
  /(?<![\p{L}])(?:over|above|more than|orders? (?:of|over)|spend|minimum|(?<!\d\s?)min\.|goal|target|raise|raised|deposit|was|statt|instead of|regularly|über|ab einem|mehr als|más de|a partir de \d|desde \d|mais de|acima de|plus de|dès \d|au-delà de|anzahlung|depósito|sinal|acompte|meta|objectif|ziel|fundraising|save|ahorra|économisez|spare|economize|up to|bis zu|hasta|até)\s*$/iu;
const NOT_A_PRICE_AFTER = /^\s*(?:off|de descuento|de desconto|de réduction|Rabatt|discount|goal|deposit|shipping|minimum|or more|y más|ou mais|et plus|und mehr)/iu;
const FROM = /(?:from|starting at|starts at|ab|desde|a partir de|à partir de|dès|a partir dos?)\s*$/iu;
const SHIPPING = /shipping|delivery|postage|envío|envio|entrega|Versand|Lieferung|livraison|frete|deposit|fee\b/iu;
// Words that end a clause before a name ("We sell", "Prices:") or link it to its price ("for", "at").
const LEAD =
  /^(?:.*?\b(?:sell|sells|do|offer|offers|make|makes|have|has|bake|serve|serves|include|includes|featuring|vendemos|ofrecemos|hacemos|tenemos|oferecemos|fazemos|temos|verkaufen|bieten|anbieten|haben|proposons|vendons|faisons|avons)\s+)/iu;
const ARTICLE =
  /^(?:most|all|new|nuevo|nueva|neue|neuer|nouveau|nouvelle|novo|nova|a|an|the|our|my|un|una|unos|unas|el|la|los|las|o|os|as|um|uma|le|les|des|du|der|die|das|ein|eine|einen|unsere?n?|nuestros?|nuestras?|nossos?|nossas?|nos|notre)\s+/iu;
const TAIL =
  /(?:\s*[-–—:=(@+]|\s+(?:for|at|is|are|cost|costs|costing|priced at|price|only|just|each|por|para|a|à|pour|für|zu|kostet|cuesta|cuestan|custa|custam|coûte|coûtent|sont|est|es|são|é|now|ahora|agora|jetzt|maintenant|then|luego|depois|puis|dann|stays|remains|starts|goes|runs|\d+))\s*$|\s+(?:in|en|em|à)\s+\p{Lu}[\p{L} .]*$/iu;
const MEASURE = /\s+(?:\d+(?:[.,]\d+)?\s*(?:oz|g|kg|ml|cl|l|lb|lbs|min\.?|Min\.?|minutes?|minutos|hrs?|h|cm|m²|pcs)\b\.?(?:\s+\p{L}+)?|\d+\s+for)\s*$|\s*\([^()]*\)\s*$/iu;
const LATER_PRICE =
  /^(?:early[ -]bird|preorder|pre-order|presale|regular|regular price|normal price|launch price|precio de lanzamiento|preço de lançamento|prix de lancement|einführungspreis|luego|then|otherwise|after|afterwards|después|depois|danach|ensuite|puis|normalmente|normally|later|full price|tuition|price|prices|preis|preise|precio|precios|preço|preços|prix|tarif|tarifs|cost)$/iu;
const UNIT = /^\s*(?:\/\s?[\p{L}]+(?:\/[\p{L}]+)?|(?:per|a|an|pro|por|par|al|la|each|c\/u)\s+(?:\d+\s+)?[\p{L}.]+(?:\s+per\s+[\p{L}]+)?|each)/iu;
const BOUNDARY = /[,;\n(|·•!?]|(?<!\d):|:(?!\d)|(?<!(?:^|\s)(?:Min|min|Std|ca|approx|oz|No|Nr|Dr|St|Co|avg))\.\s|[—–]\s|\s-\s|\s(?:and|plus|und|y|e|et|or|o|ou|oder)\s/gu;

function nameBefore(view: string, end: number, floor: number): { start: number; end: number } | null {
  const windowStart = Math.max(floor, end - 80);
  const before = view.slice(windowStart, end);
  const cuts: Array<{ at: number; end: number }> = [{ at: 0, end: 0 }];
  for (const m of before.matchAll(BOUNDARY)) {
    // "mugs ($38)": the bracket opens the price, not a new phrase.
    if (m[0] === '(' && /^\s*$/u.test(before.slice(m.index + 1))) continue;
    cuts.push({ at: m.index, end: m.index + m[0].length });
  }
  const last = cuts.at(-1) ?? { at: 0, end: 0 };
  let start = last.end;
  let text = before.slice(start);
  // "Pro: $12/month", "Massage – 45 €": the name is the phrase before the colon or dash.
  if (/^\s*$/u.test(text) && /[:—–-]/u.test(before.slice(last.at, last.end)) && cuts.length > 1) {
    start = cuts.at(-2)?.end ?? 0;
    text = before.slice(start, last.at);
  }
  const strip = (phrase: string): string => {
    for (let i = 0; i < 4; i += 1) {
      const next = phrase
        .replace(TAIL, '')
        .replace(FROM, '')
        .replace(/[\s(]+$/u, '');
      if (next === phrase) break;
      phrase = next;
    }
    return phrase;
  };
  // "mechas: desde 60 €": nothing but "from" after the colon.
  if (/^\s*$/u.test(strip(text)) && /[:—–-]/u.test(before.slice(last.at, last.end)) && cuts.length > 1) {
    start = cuts.at(-2)?.end ?? 0;
    text = before.slice(start, last.at);
  }
  // "45 min $50": a measure alone is the offering's name.
  if (strip(text).replace(MEASURE, '').trim() === '' && /\d/u.test(text)) {
    const measure = strip(text).trim();
    if (measure) return { start: windowStart + start + text.indexOf(measure), end: windowStart + start + text.indexOf(measure) + measure.length };
  }
  const leading = text.length - text.trimStart().length;
  start += leading;
  text = text.trimStart();
  for (let i = 0; i < 4; i += 1) {
    const next = text
      .replace(TAIL, '')
      .replace(FROM, '')
      .replace(MEASURE, '')
      .replace(/[\s(]+$/u, '');
    if (next === text) break;
    text = next;
  }
  const lead = LEAD.exec(text);
  let offset = 0;
  if (lead && lead[0].length < text.length) offset += lead[0].length;
  const article = ARTICLE.exec(text.slice(offset));
  if (article) offset += article[0].length;
  const name = text.slice(offset).trim();
  if (/(?:^|\s)(?:of|de|da|do|von|du)$|[()]/iu.test(name) || /^(?:in|en|em|à|at|on)\s/iu.test(name)) return null;
  if (!/\p{L}/u.test(name) || name.split(/\s+/u).length > 6 || /^(?:por|para|per|pour|für|de|the|and|of|a|an|o|e|y|et|und|le|la|el)$/iu.test(name)) return null;
  const absolute = windowStart + start + offset + text.slice(offset).indexOf(name);
  return { start: absolute, end: absolute + name.length };
}

export function findOfferings(prompt: string, view: string, money: readonly Money[]): Offering[] {
  const offerings: Offering[] = [];
  let floor = 0;
  for (const price of money) {
    const [start, end] = price.span;
    const before = view.slice(Math.max(0, start - 30), start);
    const after = view.slice(end, end + 20);
    if (NOT_A_PRICE_BEFORE.test(before.replace(/\(\s*$/u, '')) || NOT_A_PRICE_AFTER.test(after)) {
      floor = end;
      continue;
    }
    const named = nameBefore(view, start, floor);
    const previous = offerings.at(-1);
    // "$6/month or $60/year": a second price of the offering just named.
    if (!named && previous?.price && /^\s*(?:or|oder|ou|o|\/|,)\s*$/iu.test(view.slice(previous.price.span[1], start).replace(UNIT, ''))) {
      floor = end;
      const unit = UNIT.exec(after);
      offerings.push({ text: previous.text, span: previous.span, name: previous.name, price, ...(unit ? { unit: unit[0].trim() } : {}) });
      continue;
    }
    floor = end;
    if (!named) continue;
    let fact = stated(prompt, named.start, named.end);
    // "Preorder price $89 (regular $119)", "early bird €150, then €190": a second price of the same offering.
    // ...unless the first was itself a tier named for its timing ("Early-bird tickets €390, regular €590").
    const tier = previous !== undefined && /early[ -]?bird|preorder|pre-order|presale/iu.test(previous.name) && !LATER_PRICE.test(previous.name);
    if (LATER_PRICE.test(fact.text) && !tier) {
      if (!previous) continue;
      fact = { text: previous.text, span: previous.span };
    }
    if (SHIPPING.test(fact.text)) continue;
    const unit = UNIT.exec(after);
    const from = FROM.test(before.replace(/[\s(]+$/u, ' ').trimEnd() + ' ') || FROM.test(before);
    offerings.push({
      ...fact,
      name: fact.text,
      price: { ...price, ...(from ? { from: true } : {}) },
      ...(unit ? { unit: unit[0].trim() } : {}),
    });
  }
  return offerings;
}

const LIST_CUE =
  /(?:services|leistungen|servicios|serviços|prestations|we offer|we also offer|we do|also|ofrecemos|oferecemos|nous proposons|wir bieten|angebot|offering|specialties|especialidades|spécialités)\s*(?::|include|incluyen|incluem)?\s+([^.\n]+)/giu;
// A sentence that is only a list of three or more short items.
const LIST_SENTENCE =
  /(?:^|[.!?]\s+|\n)((?:[^\s,.;:!?\n][^,.;:!?\n]{0,40},\s*){2,8}[^,.;:!?\n]{1,40}?\s(?:and|y|e|et|und|&)\s[^,.;:!?\n]{1,40}|(?:[^\s,.;:!?\n][^,.;:!?\n]{0,40},\s*){2,8}[^,.;:!?\n]{1,40})(?=[.!?\n]|$)/gu;
// Lists of things that are not offerings: places, days, languages, qualities.
const LIST_STOP =
  /\b(?:licensed|insured|bonded|registered|certified|years?|jahre|años|anos|ans|monday|tuesday|wednesday|thursday|friday|saturday|sunday|english|spanish|german|french|deutsch|englisch|español|inglés|français|anglais|português|inglês)\b|^(?:we|our|i|my|no|not|free|open|closed)\b/iu;
const ITEM_SPLIT = /\s*(?:,|;|\s+(?:and|y|e|et|und|&|or|o|ou|oder)\s+)\s*/u;

/** Offerings listed without prices: after a cue ("Services: garden design, lawn care and patios") or as a sentence of their own ("Consulta, vacunas, cirugía y peluquería canina."). */
export function findListedOfferings(prompt: string, view: string, priced: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const known = new Set(priced.map((o) => o.name.toLowerCase()));
  const lists: Array<{ text: string; start: number }> = [];
  for (const m of view.matchAll(LIST_CUE)) lists.push({ text: m[1] ?? '', start: (m.index ?? 0) + m[0].length - (m[1] ?? '').length });
  for (const m of view.matchAll(LIST_SENTENCE)) lists.push({ text: m[1] ?? '', start: (m.index ?? 0) + m[0].indexOf(m[1] ?? '') });
  for (const list of lists) {
    if (overlapsAny(list.start, list.start + list.text.length, taken)) continue;
    let cursor = list.start;
    const items: Array<{ start: number; text: string }> = [];
    for (const item of list.text.split(ITEM_SPLIT)) {
      const at = view.indexOf(item, cursor);
      cursor = at + item.length;
      const clean = item
        .replace(/^(?:mostly|mainly|also|including|incl\.)\s+/iu, '')
        .replace(ARTICLE, '')
        .replace(/\s*\([^)]*\)\s*$/u, '')
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

const FREE_CLAUSE = /(?<=^|[.,;!?:\n(—–]\s*|\s(?:and|plus|y|e|et|und)\s)[^.,;!?:\n()—–]{2,60}?(?=[.,;!?\n()—–]|$)/gu;
const FREE_WORD = /(?<![\p{L}])(?:free|gratis|grátis|gratuit|gratuite|gratuito|gratuita|kostenlos|gratuitement)(?![\p{L}])/iu;
const NOT_FREE_OFFERING =
  /returns|kids|visitors|children|niños|kinder|enfants|crianças|shipping|delivery|entry|admission|parking|wi-?fi|envío|envio|frete|entrada|eintritt|versand|livraison|entrée|for (?:kids|children|under|members|seniors)|para|pour|für|to download|upgrade|^free$|cancel/iu;

/** Free offerings said in a short clause of their own: "Free 20-min discovery call", "Essai gratuit de 14 jours". */
export function findFreeOfferings(prompt: string, view: string, known: readonly Offering[], taken: readonly Taken[]): Offering[] {
  const out: Offering[] = [];
  const names = new Set(known.map((o) => o.name.toLowerCase()));
  for (const m of view.matchAll(FREE_CLAUSE)) {
    const raw = m[0];
    const clause = raw.replace(/^\s*(?:and|plus|with|a|an|y|e|et|und)\s+/iu, '').trim();
    const start = (m.index ?? 0) + raw.indexOf(clause);
    if (!FREE_WORD.test(clause) || NOT_FREE_OFFERING.test(clause) || clause.split(/\s+/u).length > 5 || clause.split(/\s+/u).length < 2) continue;
    if (overlapsAny(start, start + clause.length, taken) || names.has(clause.toLowerCase()) || /[$€£]|R\$/u.test(clause)) continue;
    const fact = stated(prompt, start, start + clause.length);
    out.push({ ...fact, name: fact.text });
  }
  return out;
}
