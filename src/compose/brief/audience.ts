/** Audience: who the page is for ("for busy parents", "aimed at owners of small businesses"). */
import { isNoun, termText, type Term } from './terms.js';
import { PHRASE_STOP, PROMPT_STOPWORDS } from './vocabulary.js';

/** People (and organisations) that a page can be for: the head word of an audience phrase. */
const AUDIENCE_WORDS = new Set(
  `people folks everyone everybody anyone anybody individuals adults kids children teens teenagers students parents
  moms mums mothers dads fathers families grandparents seniors retirees couples singles women men girls boys
  millennials boomers professionals beginners novices experts enthusiasts hobbyists fans lovers owners homeowners
  renters tenants landlords buyers sellers shoppers customers clients patients members subscribers readers listeners
  viewers users visitors guests travelers travellers tourists commuters locals residents neighbors neighbours
  athletes runners cyclists climbers hikers gamers players developers engineers programmers designers marketers
  founders entrepreneurs startups freelancers creators influencers artists musicians photographers writers authors
  bloggers podcasters teachers educators tutors coaches trainers nurses doctors clinicians therapists dentists
  lawyers accountants consultants agencies businesses companies brands teams managers executives leaders employees
  workers staff recruiters investors donors volunteers nonprofits charities schools churches restaurants cafes
  bakeries shops stores retailers merchants vendors makers crafters bakers chefs cooks foodies vegans vegetarians
  pets dogs cats researchers scientists academics gardeners drivers riders yogis dancers brides newlyweds expats
  immigrants veterans smbs smes enterprises organizations organisations communities groups clubs gyms salons studios
  clinics practices realtors agents brokers homebuyers learners graduates grads newcomers pros amateurs collectors
  fanatics caregivers carers doulas moms-to-be parents-to-be toddlers babies infants pupils alumni employers
  jobseekers candidates hosts planners organizers organisers landlords hoteliers contractors tradespeople
  plumbers electricians farmers growers`.split(/\s+/u),
);

/** "-ers" words that are not people, for the plural-noun fallback after "designed for" etc. */
const NOT_PEOPLE = new Set(
  `tiers newsletters posters flyers stickers burgers flowers letters papers folders orders offers covers centers
  centres banners headers footers filters printers computers chapters containers trailers markers layers numbers
  others matters sliders answers timers shakers towers waters corners headphones speakers`.split(/\s+/u),
);

type AudienceStrength = 3 | 2 | 1;
const AUDIENCE_MARKERS: Array<{ words: string[]; strength: AudienceStrength }> = [
  { words: ['aimed', 'at'], strength: 3 },
  { words: ['targeted', 'at'], strength: 3 },
  { words: ['targeted', 'to'], strength: 3 },
  { words: ['targeting'], strength: 3 },
  { words: ['target', 'audience'], strength: 3 },
  { words: ['audience'], strength: 3 },
  { words: ['geared', 'toward'], strength: 3 },
  { words: ['geared', 'towards'], strength: 3 },
  { words: ['geared', 'to'], strength: 3 },
  { words: ['catering', 'to'], strength: 3 },
  { words: ['caters', 'to'], strength: 3 },
  { words: ['tailored', 'to'], strength: 3 },
  { words: ['tailored', 'for'], strength: 3 },
  { words: ['intended', 'for'], strength: 3 },
  { words: ['meant', 'for'], strength: 3 },
  { words: ['designed', 'for'], strength: 2 },
  { words: ['built', 'for'], strength: 2 },
  { words: ['made', 'for'], strength: 2 },
  { words: ['created', 'for'], strength: 2 },
  { words: ['perfect', 'for'], strength: 2 },
  { words: ['ideal', 'for'], strength: 2 },
  { words: ['great', 'for'], strength: 2 },
  { words: ['serving'], strength: 2 },
  { words: ['for'], strength: 1 },
];

/** Audiences that no head word gives away. */
const AUDIENCE_PHRASES = new Set(['gen z', 'gen x', 'gen y', 'gen alpha', 'generation z', 'generation x', 'baby boomers', 'gen-z']);
const LEADING_DETERMINERS = new Set(['a', 'an', 'the', 'all', 'any', 'some']);
const PEOPLE_SUFFIX = /(?:ers|ors|ists|ians|ants|ents|ees|eurs)$/u;

function isAudienceHead(term: Term, strength: AudienceStrength): boolean {
  if (AUDIENCE_WORDS.has(term.lower)) return true;
  if (strength === 3) return isNoun(term);
  if (strength === 2) return term.tags.has('Plural') && PEOPLE_SUFFIX.test(term.lower) && !NOT_PEOPLE.has(term.lower);
  return false;
}

/** An audience word at terms[k], possibly after one or two modifiers: "startups", "small businesses". */
function isAudienceWordAt(terms: readonly Term[], k: number): boolean {
  for (let offset = 0; offset < 3; offset += 1) {
    const term = terms[k + offset];
    if (!term) return false;
    if (AUDIENCE_WORDS.has(term.lower)) return true;
    if (!(term.tags.has('Adjective') || isNoun(term)) || (offset > 0 && !/^\s*$/u.test(terms[k + offset - 1]?.post ?? ''))) return false;
  }
  return false;
}

function audienceAt(terms: readonly Term[], j: number, strength: AudienceStrength, text: string): string | null {
  let k = j;
  // "target audience: busy parents", "audience is developers", "audience of founders"
  while (terms[k] && ['is', 'are', 'of', 'will', 'be', 'mainly', 'mostly', 'primarily'].includes(terms[k]?.lower ?? '')) k += 1;
  const phrase: Term[] = [];
  let inClause = false;
  while (k < terms.length && phrase.length < (inClause ? 10 : 6)) {
    const term = terms[k] as Term;
    const previous = phrase.at(-1) ?? terms[k - 1];
    if (phrase.length > 0 && previous && /[,.;:!?()—–"“”]/u.test(previous.post)) break;
    if (!/[\p{L}\p{N}]/u.test(term.text)) break;
    if (!inClause) {
      // "marketing teams at startups", "owners of small businesses", "parents and teachers"
      const linksAudience = ['at', 'in', 'of', 'and', 'or', '&'].includes(term.lower) && phrase.length > 0 && isAudienceWordAt(terms, k + 1);
      if (term.lower === 'who' && phrase.length > 0 && isAudienceHead(phrase.at(-1) as Term, strength)) {
        inClause = true;
      } else if (linksAudience) {
        // part of the phrase
      } else if (PHRASE_STOP.has(term.lower) || ['and', 'or', '&'].includes(term.lower)) {
        break;
      } else if (term.tags.has('Verb') && !term.tags.has('Gerund') && !term.tags.has('Adjective') && !term.tags.has('Participle') && !isNoun(term)) {
        break;
      } else if (term.tags.has('Gerund') && !isNoun(term) && !(terms[k + 1] && isNoun(terms[k + 1] as Term))) {
        break;
      }
    }
    phrase.push(term);
    k += 1;
  }
  while (phrase.length > 0 && LEADING_DETERMINERS.has(phrase[0]?.lower ?? '')) phrase.shift();
  while (phrase.length > 0 && PROMPT_STOPWORDS.has((phrase.at(-1) as Term).lower) && !AUDIENCE_WORDS.has((phrase.at(-1) as Term).lower)) phrase.pop();
  if (phrase.length === 0) return null;
  if (AUDIENCE_PHRASES.has(phrase.map((t) => t.lower).join(' '))) return termText(text, phrase);
  const whoAt = phrase.findIndex((t) => t.lower === 'who');
  const head = whoAt > 0 ? phrase[whoAt - 1] : phrase.at(-1);
  if (!head || !isAudienceHead(head, strength)) return null;
  if (strength === 1 && phrase[0]?.tags.has('Value')) return null; // "dinner for 2 people" is a party size
  const result = termText(text, phrase);
  return result || null;
}

export function findAudience(terms: readonly Term[], text: string): string | null {
  let best: { text: string; strength: AudienceStrength } | null = null;
  for (let i = 0; i < terms.length; i += 1) {
    for (const marker of AUDIENCE_MARKERS) {
      if (!marker.words.every((word, offset) => terms[i + offset]?.lower === word)) continue;
      if (best && best.strength >= marker.strength) break;
      const found = audienceAt(terms, i + marker.words.length, marker.strength, text);
      if (found) best = { text: found, strength: marker.strength };
      break;
    }
  }
  return best?.text ?? null;
}
