/**
 * The business's kind, as written: what the prompt opens with ("Emergency plumber in Manchester", "Hundeschule
 * Pfotenglück"), what follows an article or possessive ("my pottery shop", "Belegfix, eine App für digitale
 * Belege", "I'm a career coach for women in tech") or stands beside the name ("Riverbend Vets — small animal
 * practice", "Trackwise (fleet tracking)"). A phrase ends at a preposition, a mark, or the name.
 */
import type { Stated } from '../facts.js';
import { MONTHS, WEEKDAYS } from './calendar.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';
import { isPeople, KIND_HEADS_EN, KIND_HEADS_FIRST } from './words.js';

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’&+-]*|[&+]/uy;
// Words that end a kind: what follows is its place, its name, its audience or what it does.
const STOP = new Set(
  `in at with by from on near based called named that who which is are was opening about downtown launch launching serving
  covering across around since located to of en con desde que llamado llamada por em com no na chamado chamada für mit am
  an im aus seit von namens bei à sur avec chez depuis au aux dans appelé appelée zum zur as
  sells sell offers verkauft verkaufen bietet backt vende venden ofrece oferece vend propose offre`.split(/\s+/u),
);
// Stop words after which what came is not a kind: "Weekly veggie box from …", "Online strength coaching by …".
const UNCUED = new Set(`by from that which who is are was to of since launch launching opening as que por von zum zur`.split(/\s+/u));
const FOR = new Set(['for', 'para', 'pour', 'für', 'pra']);
// Two-word runs that belong to a kind although they start with a stop word: "Coach sportif à domicile".
const KEPT = /^(?:en ligne|à domicile|a domicilio|on demand|in-house)(?![\p{L}])/iu;
const PAGE = /^(?:page|pages|site|website|microsite|landing|homepage|portfolio|seite|webseite|página|pagina|landingpage)$/iu;
// Page types that name no business: "Booking page for …", "Conference microsite".
const NOT_KIND =
  /^(?:booking|sales|donation|event|pricing|launch|signup|sign-up|portfolio|volunteer|storefront|conference|membership|waitlist|promo|anniversary|gala|valentine's|english-language|product|rewrite|pitch|post|tell|flash|quick|book|evento|lancement|announce|annonce|annoncez|anuncia|anuncie|avisa|avise|black|cyber|page|let|i|i'm|we|we're|our|my|me|a|an|the|this|hi|hello|hey|please|need|make|write|create|build|set|add|update|new|simple|landing|website|site|web|homepage|help|can|could|would|necesito|quiero|preciso|página|pagina|crea|crie|haz|faz|bitte|erstelle|webseite|seite|landingpage|onlineshop|je|nous|crée|créer|bonjour|hola|olá|oi|somos|sou|soy|wir|ich|ankündigung|event|événement|veranstaltung|announcement|promo|sign|site|pricing|homepage)$/iu;
const QUALIFIER = /^(?:small|little|tiny|new|licensed|certified|qualified|registered|free|brand-new)$/iu;
const CUISINE = /^(?:Italian|Indian|Thai|Mexican|French|Japanese|Chinese|Greek|Spanish|Vietnamese|Korean|Lebanese|Turkish|Peruvian|Ethiopian)$/u;
const TRAILING = /^(?:de|du|des|da|do|dos|das|del|of|the|e|y|and|et|&|\+|und|von|la|le|les|a|o)$/iu;

function isCalendar(word: string): boolean {
  const w = word.toLowerCase();
  return w in MONTHS || Object.values(WEEKDAYS).some((table) => w in table);
}

interface Phrase {
  words: Array<{ text: string; start: number; end: number }>;
  /** What ended it: a stop word, a mark, "name", "cap", "page", "digit" or "end". */
  stop: string;
}

/** The words of a kind phrase from `at`, up to what ends it. */
function walk(view: string, at: number, name: Taken | undefined, caps: boolean): Phrase {
  const words: Phrase['words'] = [];
  let pos = at;
  let usedFor = false;
  while (words.length < 8) {
    while (view[pos] === ' ' || view[pos] === '\t') pos += 1;
    if (name && pos >= name.start && pos < name.end) return { words, stop: 'name' };
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(view);
    if (!m) return { words, stop: view[pos] ?? 'end' };
    const text = m[0];
    const lower = text.toLowerCase();
    const kept = KEPT.exec(view.slice(pos, pos + 12));
    if (kept) {
      words.push({ text: kept[0], start: pos, end: pos + kept[0].length });
      pos += kept[0].length;
      continue;
    }
    if (FOR.has(lower) && words.length > 0 && !usedFor) {
      // "app para organizar turnos", "API for shipping labels": a purpose belongs to the kind, people do not.
      const next = /^\s+(?:(?:les|la|el|los|las|die|den)\s+)?([\p{Ll}][\p{Ll}-]*(?![\p{L}])(?:\s+[\p{Ll}-]+(?![\p{L}])){0,2})/u.exec(view.slice(pos + text.length, pos + text.length + 40));
      const people = (next?.[1] ?? '').split(/\s+/u).some((w) => isPeople(w) || /(?:ers|eurs|ores|ants|teams)$/u.test(w));
      if (next?.[1] && !people) {
        usedFor = true;
        words.push({ text, start: pos, end: pos + text.length });
        pos += text.length;
        continue;
      }
      return { words, stop: lower };
    }
    if (STOP.has(lower)) return { words, stop: lower };
    if (PAGE.test(text) || /-(?:seite|page)$/iu.test(text)) return { words, stop: 'page' };
    if (/^\d/u.test(text) && !/^\d+-\p{L}/u.test(text)) return { words, stop: 'digit' };
    if (words.length > 0 && /^\p{Lu}/u.test(text) && !caps) return { words, stop: 'cap' };
    words.push({ text, start: pos, end: pos + text.length });
    pos += text.length;
  }
  return { words, stop: 'long' };
}

function span(phrase: Phrase, qualifiers: boolean): Taken | undefined {
  const words = [...phrase.words];
  while (words.length > 1 && qualifiers && QUALIFIER.test(words[0]?.text ?? '')) words.shift();
  while (words.length > 1 && /-(?:compliant|konform)$/iu.test(words[0]?.text ?? '')) words.shift();
  while (words.length > 0 && TRAILING.test(words.at(-1)?.text ?? '')) words.pop();
  const first = words[0];
  const last = words.at(-1);
  return first && last ? { start: first.start, end: last.end } : undefined;
}

/** Whether a phrase's head word is a word for a kind of business ("… salon", "agencia de …"). */
function headed(view: string, kind: Taken): boolean {
  const words = view.slice(kind.start, kind.end).split(/\s+/u);
  const purpose = words.findIndex((w) => FOR.has(w.toLowerCase()));
  const head = (purpose > 0 ? words[purpose - 1] : words.at(-1)) ?? '';
  const compound = /(?:salon|praxis|schule|kanzlei|service|agentur|studio|laden|shop|markt|retreat|kurs|café)$/iu;
  return KIND_HEADS_EN.has(head.toLowerCase()) || KIND_HEADS_FIRST.has((words[0] ?? '').toLowerCase()) || compound.test(head) || CUISINE.test(words.join(' '));
}

/** The kind the prompt opens with, when its first words are one and not a request ("Landing page for …"). */
function opening(view: string, name: Taken | undefined): Taken | undefined {
  const at = /^[\s#>*-]*/u.exec(view)?.[0].length ?? 0;
  const phrase = walk(view, at, name, true);
  const first = phrase.words[0]?.text ?? '';
  if (!first || NOT_KIND.test(first) || isCalendar(first)) return undefined;
  if (phrase.words.some((w) => NOT_KIND.test(w.text) && !QUALIFIER.test(w.text))) return undefined;
  const text = phrase.words.map((w) => w.text).join(' ');
  // "ROOF REPAIR & GUTTERS": a shouted heading.
  if (text === text.toUpperCase() && /\p{Lu}{3}/u.test(text)) return undefined;
  const last = phrase.words.at(-1)?.end ?? at;
  const next = view.slice(last).trimStart();
  const named =
    phrase.stop === 'name' ||
    (name !== undefined && /^[\s'"“‘«„]+$/u.test(view.slice(last, name.start))) ||
    (phrase.stop === 'digit' && name !== undefined && /^\s+\S+\s+$/u.test(view.slice(last, name.start)));
  const cued = (STOP.has(phrase.stop) && !UNCUED.has(phrase.stop)) || /^[:—–(,\-'"“‘«„]$/u.test(phrase.stop) || phrase.stop === 'page';
  const forPeople = FOR.has(phrase.stop) && /^\S+\s+(?:les\s+)?\p{Ll}/u.test(next);
  if (!named && !cued && !forPeople) return undefined;
  const kind = span(phrase, true);
  // "Shipstack: API for …": one capitalised word before a mark is the name, unless it is a word for a kind.
  if (kind && phrase.words.length === 1 && !named && phrase.stop !== 'page' && /^\p{Lu}/u.test(first) && !headed(view, kind)) return undefined;
  return kind;
}

// Where an article or possessive introduces the kind: "I run a …", "page for my …", "Name, a …", "(our …".
const INTRO =
  /(?<![\p{L}])(?:para\s+o\s+nosso|para\s+a\s+nossa|(?:^|(?<=[.!?]\s))(?:our|my)|(?:i'm|i am|we're|we are|is|i run|we run|i own|i have|tengo|sou|for|para|pour|für|pra|post for)\s+(?:a|an|un|una|um|uma|une|ein|eine|einen|my|our|mi|nuestro|nuestra|minha|meu|nosso|nossa|mon|ma|notre|mein|meinen|meine|unser|unsere|unseren|o|a)|(?:para|pour)\s+(?:la|el|le)(?=\s+\p{Ll})|\(\s*(?:our|my)|[—–-]\s+(?:ihr|your|votre))\s+/giu;

function introduced(view: string, name: Taken | undefined): Taken[] {
  const found: Taken[] = [];
  for (const m of matches(view, INTRO)) {
    const phrase = walk(view, m.index + m[0].length, name, true);
    const kind = span(phrase, true);
    if (!kind || phrase.words.some((w) => PAGE.test(w.text))) continue;
    // "for a month", "para o Agendaí": a unit or a name is no kind.
    const text = view.slice(kind.start, kind.end);
    if (/^(?:month|week|year|day|hour|night|pair|box|call|while|bit|page|site|website|landing|list)$/iu.test(text) || (/^\p{Lu}/u.test(text) && /(?:para|pra)\s+(?:o|a)\s+$/iu.test(m[0]))) continue;
    if (!headed(view, kind)) continue;
    found.push(kind);
  }
  // "I sell hand-dyed yarn as Marigold Fibres", "we sell vintage clothes at markets".
  for (const m of matches(view, /(?<![\p{L}])(?:i|we)\s+(?:sell|do|offer)\s+/giu)) {
    const kind = span(walk(view, m.index + m[0].length, name, false), false);
    if (kind && (/sell\s+$/iu.test(m[0]) || headed(view, kind))) found.push(kind);
  }
  return found;
}

/** A kind standing beside the name: "Name — small animal practice,", "Name (fleet tracking)", "Name, agence de …". */
function besideName(view: string, name: Taken | undefined): Taken | undefined {
  if (!name) return undefined;
  const gap = /^(?:(?:\*\*|["”’'»“])?\s*(?:,|—|–|-|:|\(|\n[\s>*-]*)\s*|["”’'»“]\s+(?=\p{Ll}))((?:a|an|un|una|um|uma|une|ein|eine|my|our)\s+)?/u.exec(view.slice(name.end, name.end + 12));
  if (!gap) return undefined;
  const article = gap[1] !== undefined;
  const kind = span(walk(view, name.end + gap[0].length, undefined, true), article);
  return kind && headed(view, kind) ? kind : undefined;
}

export interface KindContext {
  name?: Taken;
  /** Spans a kind is never part of: the address, offerings and contacts. */
  avoid: readonly Taken[];
  /** The claims' words: "one-woman business" is a claim, not a kind. */
  claims: readonly string[];
}

/** A word for a kind right before the name: "el Restaurante Casa Pepa", "la librairie Les Mots Passants". */
function beforeName(view: string, name: Taken | undefined): Taken | undefined {
  if (!name) return undefined;
  const before = view.slice(Math.max(0, name.start - 40), name.start);
  for (const re of [/(?<![\p{L}])(\p{L}+\s+\p{Ll}+)\s+$/u, /(?<![\p{L}])(\p{L}+)\s+$/u]) {
    const m = re.exec(before);
    const words = m?.[1]?.split(/\s+/u) ?? [];
    const first = (words[0] ?? '').toLowerCase();
    if (!m?.[1] || words.some((w) => TRAILING.test(w) || STOP.has(w.toLowerCase()) || FOR.has(w.toLowerCase()))) continue;
    if (!KIND_HEADS_FIRST.has(first) || KIND_HEADS_EN.has(first)) continue;
    const start = name.start - m[0].length;
    return { start, end: start + m[1].length };
  }
  return undefined;
}

/** The earliest kind the prompt states, when it states one; a page's kind ("Retreat page") only when no other is. */
export function findKind(prompt: string, view: string, context: KindContext): Stated | undefined {
  const first = opening(view, context.name);
  const candidates = [first, besideName(view, context.name), beforeName(view, context.name), ...introduced(view, context.name)];
  let best: Taken | undefined;
  let page: Taken | undefined;
  for (const c of candidates) {
    if (!c || overlapsAny(c.start, c.end, context.avoid) || (context.name && c.start < context.name.end && context.name.start < c.end)) continue;
    if (context.claims.includes(prompt.slice(c.start, c.end))) continue;
    const pageKind = c === first && PAGE.test(view.slice(c.end).trimStart().split(/\s+/u)[0] ?? '');
    if (pageKind) page = c;
    else if (!best || c.start < best.start) best = c;
  }
  const kind = best ?? page;
  return kind ? stated(prompt, kind.start, kind.end) : undefined;
}
