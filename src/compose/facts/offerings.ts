/**
 * Offerings with their own prices: the name is the words just before the money ("mugs ($38)", "Ethiopia Guji 12 oz
 * bag $19.50", "celebration cakes from £35"); money in a threshold, a goal, a deposit or an old price is no price.
 */
import type { Money, Offering, Stated } from '../facts.js';
import { stated } from './stated.js';
import { asksForPage, type Subject } from './subject.js';

const NOT_A_PRICE_BEFORE =
  /(?<![\p{L}])(?:over|above|more than|orders? (?:of|over)|spend|minimum|(?<!\d\s?)min\.|goal|target|raise|raised|deposit|was|statt|instead of|regularly|über|ab einem|mehr als|más de|a partir de \d|desde \d|mais de|acima de|plus de|dès \d|au-delà de|anzahlung|depósito|sinal|acompte|meta|objectif|ziel|fundraising|\d+\s?x\s+de|save|ahorra|économisez|spare|economize|up to|bis zu|hasta|até)\s*$/iu;
const NOT_A_PRICE_AFTER = /^\s*(?:por\s+(?:R\$|\$|€|£|\d)|off|de descuento|de desconto|de réduction|Rabatt|discount|goal|deposit|shipping|minimum|or more|y más|ou mais|et plus|und mehr)/iu;
const FROM = /(?:from|starting at|starts at|ab|desde|a partir de|à partir de|dès|a partir dos?)\s*$/iu;
const SHIPPING = /shipping|delivery|postage|envío|envio|entrega|Versand|Lieferung|livraison|frete|deposit|surcharge|zuschlag|suplemento|supplément/iu;
// Words that end a clause before a name ("We sell", "Prices:") or link it to its price ("for", "at").
const LEAD =
  /^(?:.*?\b(?:sell|sells|selling|(?:shop|store|boutique|stall|stand)\s+(?:for|of)|get|gets|do|offer|offers|make|makes|have|has|bake|serve|serves|include|includes|featuring|vendemos|ofrecemos|hacemos|tenemos|oferecemos|fazemos|temos|verkaufen|verkauft|bieten|bietet|anbieten|backen|backt|haben|proposons|vendons|faisons|avons|propose|vend|vende|venden|vendem|ofrece|ofrecen|oferece|oferecem)\s+)/iu;
export const ARTICLE =
  /^(?:most|all|new|nuevo|nueva|neue|neuer|nouveau|nouvelle|novo|nova|a|an|the|our|my|your|their|un|una|unos|unas|el|la|los|las|o|os|as|um|uma|le|les|des|du|der|die|das|ein|eine|einen|unsere?n?|nuestros?|nuestras?|nossos?|nossas?|nos|notre)\s+/iu;
const TAIL =
  /(?:\s*[-–—:=(@+]|\s+(?:for|at|is|are|cost|costs|costing|priced at|price|only|just|each|por|para|a|à|pour|für|zu|kostet|cuesta|cuestan|custa|custam|coûte|coûtent|sont|est|es|são|é|now|ahora|agora|jetzt|maintenant|then|luego|depois|puis|dann|(?:stays|remains|starts|goes|runs)\s+(?:at|from|for|to)))\s*$|(?<!(?:^|\s)(?:of|de|da|do|von|du|with|con|com|avec|mit))\s+\d+\s*$|\s+(?:in|en|em|à)\s+\p{Lu}[\p{L} .]*$/iu;
const MEASURE =
  /\s+(?:\d+(?:[.,]\d+)?\s*(?:oz|g|kg|ml|cl|l|lb|lbs|min\.?|Min\.?|minutes?|minutos|hrs?|h|cm|m²|pcs|weeks?|semaines?|semanas?|wochen|months?|mois|meses|monate)\b\.?(?:\s+\p{L}+)?|\d+\s+for)\s*$|\s*\([^()]*\)\s*$/iu;
const LATER_PRICE =
  /^(?:early[ -]bird|preorder|pre-order|presale|regular|regular price|normal price|launch price|precio de lanzamiento|preço de lançamento|prix de lancement|einführungspreis|luego|then|otherwise|after|afterwards|después|depois|danach|ensuite|puis|normalmente|normally|later|full price|tuition|price|prices|preis|preise|precio|precios|preço|preços|prix|tarif|tarifs|cost)$/iu;
const UNIT = /^\s*(?:\/\s?[\p{L}]+(?:\/[\p{L}]+)?|(?:per|a|an|pro|por|par|al|la|each|c\/u)\s+(?:\d+\s+)?[\p{L}.]+(?:\s+per\s+[\p{L}]+)?|each)/iu;
const BOUNDARY = /[,;\n(|·•!?]|(?<!\d):|:(?!\d)|(?<!(?:^|\s)(?:Min|min|Std|ca|approx|oz|No|Nr|Dr|St|Co|avg))\.\s|[—–]\s|\s-\s|\s(?:and|plus|und|y|e|et|or|o|ou|oder)\s/gu;

function nameBefore(view: string, end: number, floor: number): { start: number; end: number } | null {
  const windowStart = Math.max(floor, end - 80);
  // "Espresso-Bohnen (500 g) für 14,90 €": a bracket before the price, with or without the word linking it.
  const paren = /\([^()\n]*\)\s*(?:(?:for|at|für|zu|por|para|pour|à)\s*)?$/iu.exec(view.slice(windowStart, end));
  if (paren && paren.index > 0) end = windowStart + paren.index;
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
  const unlocks = /^(\S+(?:\s\S+)?)\s+(?:unlocks|unlock|adds|gives you|gets you)\s/iu.exec(text);
  if (unlocks?.[1]) text = unlocks[1];
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

/** "- subscription: 2 bags every month, $34/month": in a list line, the label before its colon names the price. */
function lineLabel(prompt: string, view: string, priceStart: number, floor: number): { start: number; end: number } | null {
  // Look back one short line at most, so that a long prompt stays linear.
  const windowStart = Math.max(0, priceStart - 120);
  const newline = view.slice(windowStart, priceStart).lastIndexOf('\n');
  if (newline < 0 && windowStart > 0) return null;
  const lineStart = newline < 0 ? 0 : windowStart + newline + 1;
  if (lineStart < floor || !/^[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]/u.test(prompt.slice(lineStart, priceStart))) return null;
  const label = /^[\s*•-]*([\p{L}][\p{L}\p{N} '’&+-]{0,38}[\p{L}\p{N}])\s*:\s/u.exec(view.slice(lineStart, priceStart));
  if (!label?.[1] || label[1].split(/\s+/u).length > 5 || LATER_PRICE.test(label[1])) return null;
  const start = lineStart + label[0].indexOf(label[1]);
  return { start, end: start + label[1].length };
}

/**
 * "Loop Socks — recycled-cotton socks, $16 a pair", "Talleres para niños de 4 a 12 años, 5 € por taller": a price
 * right after a comma prices the short phrase that opens its clause (without the audience it is for).
 */
function apposition(view: string, priceStart: number, floor: number): { start: number; end: number } | null {
  const before = view.slice(Math.max(floor, priceStart - 80), priceStart);
  const m = /(?:^|[.!?:]\s+|\n[\s*•-]*|\s[—–]\s+)([\p{L}][^,.;:!?\n—–()]{1,60}?),\s*$/u.exec(before);
  if (!m?.[1]) return null;
  const phrase = m[1].replace(/\s+(?:for|para|pour|für|per)\s.*$/iu, '');
  if (phrase.split(/\s+/u).length > 4 || /\d|[$€£+&]/u.test(phrase) || asksForPage(phrase)) return null;
  const start = priceStart - before.length + m.index + m[0].indexOf(m[1]);
  return { start, end: start + phrase.length };
}

/** A price with no name of its own, for the page's subject: none when its clause is about shipping, a deposit or a surcharge. */
function subjectFor(prompt: string, view: string, subject: Subject | undefined, priceStart: number): Offering | undefined {
  if (!subject || subject.start >= priceStart) return undefined;
  const clause = view.slice(Math.max(subject.end, priceStart - 40), priceStart);
  if (SHIPPING.test(clause)) return undefined;
  const fact = stated(prompt, subject.start, subject.end);
  return { ...fact, name: fact.text };
}

// The words between two prices of one offering: "$6/month or $60/year", "R$ 49,90 de segunda a sexta, R$ 59,90".
const SAME_OFFERING_GAP = /^[^.;!?\n:]{0,40}$/u;

export function findOfferings(prompt: string, view: string, money: readonly Money[], subject?: Subject): Offering[] {
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
    const named = nameBefore(view, start, floor) ?? lineLabel(prompt, view, start, floor);
    const previous = offerings.at(-1);
    // "$6/month or $60/year": a second price of the offering just named.
    if (!named && previous?.price && SAME_OFFERING_GAP.test(view.slice(previous.price.span[1], start)) && /,\s*$|(?:or|oder|ou|o|\/)\s*$/iu.test(view.slice(previous.price.span[1], start))) {
      floor = end;
      const unit = UNIT.exec(after);
      offerings.push({ text: previous.text, span: previous.span, name: previous.name, price, ...(unit ? { unit: unit[0].trim() } : {}) });
      continue;
    }
    const lastFloor = floor;
    floor = end;
    let fact: Stated | undefined = named ? stated(prompt, named.start, named.end) : subjectFor(prompt, view, subject, start);
    if (!fact) {
      const phrase = apposition(view, start, lastFloor);
      if (!phrase) continue;
      fact = stated(prompt, phrase.start, phrase.end);
    }
    // "Preorder price $89 (regular $119)", "early bird €150, then €190": a second price of the same offering.
    // ...unless the first was itself a tier named for its timing ("Early-bird tickets €390, regular €590").
    const tier = previous !== undefined && /early[ -]?bird|preorder|pre-order|presale/iu.test(previous.name) && !LATER_PRICE.test(previous.name);
    if (LATER_PRICE.test(fact.text) && !tier) {
      // "Preis: 149 €", "Early bird $249 until …" with nothing named before: the page's subject, or a tier of its own.
      if (previous) fact = { text: previous.text, span: previous.span };
      else if (/^(?:otherwise|sonst|sinon|si no|senão)$/iu.test(fact.text)) continue;
      else fact = subjectFor(prompt, view, subject, start) ?? (/^(?:early[ -]?bird|pre-?order|presale)$/iu.test(fact.text) ? fact : undefined);
      if (!fact) continue;
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
