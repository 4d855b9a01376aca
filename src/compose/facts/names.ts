/**
 * The business's name: the capitalised run the prompt most clearly presents as a name — marked (**X**, 'X'),
 * cued ("called X", "page for X", "I'm X", "Nous sommes X"), or several capitalised words ("Hofmann & Partner").
 */
import type { Stated } from '../facts.js';
import { MONTHS, WEEKDAYS } from './calendar.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';

const ABBREVIATION = String.raw`(?:Co|Dr|Dra|St|Inc|Ltd|Mr|Ms|Mrs|Sr|Sra|Mme|Jr)\.`;
const CAP = String.raw`(?:${ABBREVIATION}|\p{Lu}[\p{L}\p{N}'’-]*|\d+\p{L}+|#\d+|\d{4})`;
const JOIN = String.raw`(?:&|and an?|and|de|del|la|las|los|le|les|des|du|da|do|dos|of|the|y|e|et|und|van|von)`;
const RUN = new RegExp(String.raw`(?<![\p{L}\p{N}'’])(?:${ABBREVIATION}|\p{Lu}[\p{L}\p{N}'’-]*)(?:\s+(?:${JOIN}\s+)*${CAP})*`, 'gu');

// Capitalised words that start sentences or name kinds of pages, never a business.
const NOT_NAMES = new Set(
  `i i'm we we're our my me a an this somos das lancement that need make write create build please hi hello hey landing page website
  site web home homepage one simple new announce announcement booking storefront bitte wir unser unsere landingpage
  seite neue página pagina une un una uma um nuestra nuestro nossa nosso notre nos crée créer faz haz cria crie crea
  quiero necesito preciso je il nous für for para pour per post quick newsletter volunteer signup anniversary
  emergency regular open opening closed call phone email book tickets ticket prices price plans services menu hours
  free new now only from all order delivery shipping contact address online launch launching join our us uk eu
  usa us-only sprechzeiten öffnungszeiten preise leistungen termine horario horarios precios servicios abrimos
  horário preços serviços horaires tarifs services ouvert fermé text visit find follow join`.split(/\s+/u),
);
// Kinds of business written before the name ("Hundeschule Pfotenglück"): the name is what follows.
const KIND_PREFIX =
  /^(?:physiotherapie|hundeschule|reinigungsservice|friseursalon|steuerberatungskanzlei|peluquería|coworking|brasserie|taquería|food truck|newsletter|restaurante|conferência|conferencia|lancement de|coworking)\s+/iu;
const CUE =
  /(?:(?:sell|sells|selling|trade|trading|operate|known|work|working)(?:\s+[\p{L}-]+){0,3}\s+as|name's|name is|me llamo|mi nombre es|meu nome é|je m'appelle|mein name ist|that|que|dass|called|named|llamad[ao]|chamad[ao]|appel[ée]e?s?|namens|heißt|se llama|se chama|s'appelle|for|für|para|pour|by|with|from|bei|chez|com|con|avec|i'm|i am|we're|we are|building|nous sommes|somos|sou|soy|ich bin|wir sind|je suis|de la|del|da|do|das|der|die|das)\s+(?:(?:the|our|my|unsere?|nuestr[ao]|noss[ao]|notre|la|el|o|a|le)\s+)?(?:[\p{Ll}-]+\s+){0,3}$/iu;
const PLACE_BEFORE =
  /(?<![\p{L}])(?:covering|serving|across|around|in|en|em|à|a|near|nach|de|from|at|um|im|am|an der|an die|no|na|in the|todo o|toda a|todo el|toda la|tout le|toute la|regiões|regiones|regions|régions)\s+$/iu;
// "na Loja Bambu", "Clinique vétérinaire des Tilleuls": a word for a shop or practice heads a name even after "in".
const KIND_WORDS =
  'Loja|Tienda|Boutique|Café|Cafe|Restaurante?|Bäckerei|Clínica|Clinica|Clinique|Clinic|Pharmacie|Librairie|Livraria|Librería|Panadería|Padaria|Boulangerie|Fromagerie|Pizzeria|Pizzaria|Hotel|Hôtel|Praxis|Ótica|Óptica';
const KIND_HEAD = new RegExp(`^(?:${KIND_WORDS})\\s`, 'u');
const KIND_NAME = new RegExp(String.raw`(?<![\p{L}])(?:${KIND_WORDS})(?:\s+\p{Ll}+){1,2}\s+(?:des|du|de la|de|del|da|do|dos|das)\s+\p{Lu}[\p{L}'’-]+`, 'gu');
const INDEFINITE: Record<string, RegExp> = {
  en: /(?<![\p{L}])(?:a|an)\s+$/iu,
  es: /(?<![\p{L}])(?:un|una)\s+$/iu,
  pt: /(?<![\p{L}])(?:um|uma)\s+$/iu,
  de: /(?<![\p{L}])(?:ein|eine|einen|einem)\s+$/iu,
  fr: /(?<![\p{L}])(?:un|une)\s+$/iu,
};
// Sales and holidays named like businesses: "Black Friday na Loja Bambu".
const HOLIDAY = /^(?:Black Friday|Cyber Monday|Boxing Day|Prime Day|Christmas|Navidad|Natal|Weihnachten|Noël|Easter|Ostern|Pâques|Páscoa|Semana Santa)$/u;
// Qualities ("Licensed & Insured") are not names.
const QUALITY = /^(?:licensed|insured|bonded|certified|registered|accredited|family|locally|owned|fully|trusted)$/iu;
// A quoted title in sentence case counts after the kind of thing it titles: "webinar: 'Pricing your first SaaS'".
const TITLED_KIND = /(?:webinar|course|workshop|talk|podcast|newsletter|book|class|masterclass|curso|taller|kurs|cours|atelier|livre|libro|livro|oficina)\s*:?\s*$/iu;

function isCalendar(word: string): boolean {
  const w = word.toLowerCase();
  return w in MONTHS || Object.values(WEEKDAYS).some((table) => w in table);
}

interface Candidate {
  start: number;
  end: number;
  score: number;
}

/** Names the caller marked (**X**, 'X', „X“) or wrote after a word for a shop ("Clinique vétérinaire des Tilleuls"). */
function markedNames(prompt: string, view: string, avoid: readonly Taken[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const m of matches(prompt, /\*\*([^*\n]{2,60})\*\*|(?<![\p{L}])['"“‘«„]\s?(\p{Lu}[^'"”’»“\n]{1,50}?)\s?['"”’»“](?![\p{L}])/gu)) {
    const inner = m[1] ?? m[2] ?? '';
    const start = m.index + m[0].indexOf(inner);
    // A quoted slogan ("Set up in 10 minutes") is not a name: a name capitalises its long words.
    const titled = inner.split(/\s+/u).every((word) => word.length <= 3 || /^[\p{Lu}\d]/u.test(word));
    const sentenceCase = TITLED_KIND.test(prompt.slice(Math.max(0, m.index - 20), m.index)) && !/[$€£\d]/u.test(inner);
    // "Formerly 'QuickPrint Shop', now 'Inkwell Print Co.'": the old name is not the name.
    const former = /(?<![\p{L}])(?:formerly|previously|once|was|antes|anteriormente|früher|ehemals|anciennement|ex)\s*:?\s*$/iu.test(prompt.slice(Math.max(0, m.index - 16), m.index));
    if (inner.split(/\s+/u).length <= 6 && /^\p{Lu}/u.test(inner) && (titled || sentenceCase)) candidates.push({ start, end: start + inner.length, score: former ? 0 : 6 });
  }
  for (const m of matches(view, KIND_NAME)) {
    if (!overlapsAny(m.index, m.index + m[0].length, avoid)) candidates.push({ start: m.index, end: m.index + m[0].length, score: 5 });
  }
  return candidates;
}

/** `avoid`: the spans of other facts (dates, the address); `address`: the address's, which a name often precedes. */
export function findBusinessName(prompt: string, view: string, avoid: readonly Taken[], lang: string, address?: Taken): Stated | undefined {
  const candidates: Candidate[] = markedNames(prompt, view, avoid);
  for (const m of matches(view, RUN)) {
    let start = m.index;
    let text = m[0];
    const words = text.split(/\s+/u);
    const strippable = (i: number): boolean => {
      const word = words[i] ?? '';
      if (NOT_NAMES.has(word.toLowerCase())) return true;
      if (words.length > 1 && /^(?:de|del|da|do|des|du|of|the|la|le|and|&)$/iu.test(word) && i === 0 && !/^(?:The|La|Le)$/u.test(word)) return true;
      return isCalendar(word) && (words.length === 1 || isCalendar(words[1] ?? '') || /^\d/u.test(words[1] ?? ''));
    };
    while (words.length > 0 && strippable(0)) {
      const first = words.shift() ?? '';
      start = view.indexOf(words[0] ?? '', start + first.length);
    }
    if (words.length === 0 || start < 0) continue;
    text = view.slice(start, m.index + m[0].length);
    // "Summit Roofing Co. Free Estimates": a company suffix ends the name.
    const suffix = /^.*?\b(?:Co|Inc|Ltd)\.(?=\s+\p{Lu})/u.exec(text);
    if (suffix) text = suffix[0];
    const kind = KIND_PREFIX.exec(text);
    if (kind && kind[0].length < text.length) {
      start += kind[0].length;
      text = text.slice(kind[0].length);
    }
    const possessive = /['’]s$/u.test(text);
    if (possessive) text = text.slice(0, -2);
    text = text.replace(/(?:\s+(?:&|and|de|del|la|le|des|du|da|do|of|the|y|e|et|und))+$/u, '').replace(/\d{4}$/u, (y) => (/\s/u.test(text) ? y : ''));
    const end = start + text.length;
    const n = text.split(/\s+/u).length;
    // "Friseursalon": a kind alone is no name.
    if (KIND_PREFIX.test(`${text} `) && n === 1) continue;
    if (text.length < 2 || n > 7 || overlapsAny(start, end, avoid) || words.every((w) => isCalendar(w) || /^\d/u.test(w))) continue;
    const before = view.slice(Math.max(0, start - 40), start);
    const after = view.slice(end, end + 12);
    const lineStart = /(?:^|\n)[\s#>*-]*$/u.test(view.slice(Math.max(0, m.index - 40), m.index));
    const sentenceStart = /(?:^|\n)[\s#>*-]*$/u.test(before) || /[.!?:;]\s+$/u.test(before);
    let score = 0;
    if (CUE.test(before)) score += 3;
    if (/&|\b(?:Co\.?|GmbH|Inc|Ltd|LLC|SL|Ltda|SARL)$/u.test(text)) score += 2;
    score += Math.min(n - 1, 2);
    if (lineStart && /^\s*(?:[—–:,(|]|-\s|$)/u.test(after)) score += 2;
    if (/^\s*(?:[—–]|-\s)/u.test(after) || /(?:[—–]|\s-)\s*$/u.test(before)) score += 1;
    if (/^['’]s\s/u.test(after) || possessive) score += 1;
    if (n >= 2 && /(?:,|:)\s+$/u.test(before)) score += 1;
    // "yoga Namastê em Porto Alegre", "launch of Draftpad": a name between a lowercase kind or verb and a place.
    if (/\p{Ll}\s+$/u.test(before) && /^,?\s+(?:in|en|em|à|a|im|at)\s+\p{Lu}/u.test(after)) score += 3;
    if (n >= 2 && /\(\s*$/u.test(before)) score += 2;
    // "Clayworks sells …", "Kaffeerösterei Bohnenglück verkauft …": the one who sells is the business.
    if (/^\s+(?:sells|offers|makes|bakes|roasts|verkauft|bietet|backt|röstet|vende|ofrece|oferece|hornea|vend|propose)\s/u.test(after)) score += 4;
    if (/(?:launch(?:en|ing)?|lancement|lanzamiento|lançamento|product|produto|producto|produit|of)\s*:?\s+(?:(?:de|of|du|da|do|von)\s+)?$/iu.test(before)) score += 4;
    const beforeAddress = address !== undefined && address.start > end && /^\s*[,:]\s*$/u.test(view.slice(end, address.start));
    if (beforeAddress) score += 2;
    if (sentenceStart && n === 1) score -= 2;
    // German capitalises every noun: "für Einsteiger" presents an audience, not a name.
    if (lang === 'de' && n === 1 && /(?:für|mit|von)\s+$/u.test(before)) score -= 2;
    // "B2B", "CRM", "Q2": acronyms are rarely the business.
    if (n === 1 && /^[\p{Lu}\d]{2,4}$/u.test(text)) score -= 3;
    const placeOnly = /(?<![\p{L}])(?:in|à|near|nach|covering|serving|across|around|am|an der|an die|todo o|toda a|todo el|toda la)\s+$/iu.test(before);
    // "na Loja Bambu", "at Café Luna": a shop word with a name after it is a name.
    if (n >= 2 && KIND_HEAD.test(text)) score += 1;
    if (PLACE_BEFORE.test(before) && (placeOnly || !CUE.test(before)) && !beforeAddress && !/&|\bCo\.?$/u.test(text) && !KIND_HEAD.test(text)) score -= 4;
    // "Landing Page For A Sustainable Streetwear Brand": after an indefinite article comes a kind.
    if (INDEFINITE[lang]?.test(before)) score -= 6;
    const qualities = text.split(/\s+/u).filter((w) => QUALITY.test(w)).length;
    if (qualities > 0 && qualities >= n - qualities - 1) score -= 4;
    if (words.filter(isCalendar).length >= 2 || HOLIDAY.test(text)) score -= 4;
    // "ROOF REPAIR & GUTTERS": a shouted heading, not a name.
    if (n >= 2 && text === text.toUpperCase() && /\p{Lu}{4}/u.test(text)) score -= 4;
    if (/^\s*(?:,\s*)?(?:[A-Z]{2}\s+\d{5}|\d{4,5}\b)/u.test(after)) score -= 3;
    candidates.push({ start, end, score });
  }
  let best: Candidate | undefined;
  for (const c of candidates) if (c.score >= 2 && (!best || c.score > best.score)) best = c;
  return best ? stated(prompt, best.start, best.end) : undefined;
}
