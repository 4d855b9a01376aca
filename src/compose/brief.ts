/**
 * Brief extraction: what a prompt says (names, prices, audience, place, tone, colours,
 * counts, dates, links, keywords, niche), found deterministically — regular expressions
 * for the things with a fixed shape, compromise's part-of-speech tags for the rest.
 * The template composer's only input; same prompt → same brief.
 */
// The tagger is all a brief needs (terms, tags such as Place and Organization, offsets): the 'two' build
// tags exactly as the full one and parses ~15% faster without the views (.places(), .nouns()) of 'three'.
import nlp from 'compromise/two';
import currencyCodes from 'currency-codes';
import { classifyNiche } from './niches.js';
import { COLOR_HEX } from './colors.js';
import type { Brief } from './types.js';

type Price = Brief['prices'][number];
type Color = Brief['colors'][number];
type Count = Brief['counts'][number];
type BriefDate = Brief['dates'][number];

/** Raw input beyond this is cut before any work, so a huge prompt costs no more than a long one. */
const MAX_INPUT_CHARS = 40_000;
/** The prompt kept in the brief and scanned by the regular expressions. */
const MAX_SCAN_CHARS = 10_000;
/** compromise's cost grows with the text; what a brief needs is in the first paragraphs. */
const MAX_NLP_CHARS = 2_000;
const MAX_ITEMS = 10;
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 6;

interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------------
// Vocabularies
// ---------------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  `a an the and or but nor so yet for of to in on at by with from into onto upon about above below over under
  between through during before after since until than then as if while because though although whether
  i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these
  those who whom whose which what where when why how all any both each either neither every few many more most
  much other some such no not only own same too very just also really quite rather can could will would shall
  should may might must do does did done doing is am are was were be been being have has had having get gets got
  there here up down out off again further once ever still even well etc via per vs please thanks thank hey hi
  hello ok okay yes lets let something anything everything nothing one ones`.split(/\s+/u),
);

/** Words about the deliverable, not the business: never keywords, never names on their own. */
const GENERIC = new Set(
  `landing page pages website websites site sites web webpage homepage widget widgets newsletter newsletters email
  emails template templates section sections copy copywriting content text design layout form forms button buttons
  banner banners hero header footer business businesses company brand thing things stuff way lot kind version
  create make build write generate need want help idea ideas draft description blurb tagline headline headlines
  announcement bit details info information words call action cta seo tone style vibe vibes feel look looks colour
  color colours colors palette theme font fonts image images logo link links url domain signup sign-up waitlist
  price prices card cards list lists table grid modal popup mockup wireframe example sample placeholder please
  brief prompt output result results time audience target`.split(/\s+/u),
);

/** Format words: real content, but less telling than the subject, so they rank lower. */
const WEAK = new Set(
  `course courses class classes lesson lessons event events launch app apps shop shops store stores product products
  service services tier tiers plan plans pricing offer offers program programs programme workshop workshops
  subscription subscriptions membership memberships customers clients people month months year years week weeks day
  days option options package packages page post posts blog update updates`.split(/\s+/u),
);

const VERBISH = new Set(
  `create make build write design add use include generate draft need want give show list set get keep try
  describe produce craft prepare put turn help mention highlight feature focus explain tell say ask visit contact
  targeting targeted aimed geared tailored intended designed built made based located offering providing
  featuring selling serving`.split(/\s+/u),
);

/** Platforms a prompt mentions as channels ("an Instagram caption"), not the business's own name. */
const PLATFORMS = new Set(`instagram facebook tiktok linkedin twitter youtube pinterest etsy shopify amazon google
  stripe substack mailchimp wordpress squarespace wix webflow whatsapp telegram discord slack reddit threads snapchat
  gmail outlook zoom eventbrite airbnb uber ebay notion figma canva`.split(/\s+/u));

/** Plan and tier labels: names only as part of a longer name ("Acme Pro"). */
const TIER_WORDS = new Set(`basic starter pro plus premium team business enterprise free standard growth scale
  lite personal individual family unlimited ultimate essential essentials advanced monthly annual yearly weekly daily
  lifetime`.split(/\s+/u));

const ACRONYMS = new Set(
  `ai seo cta faq api ui ux css html pdf url usd eur gbp b2b b2c saas crm diy asap fyi ok ps i pm am tbd tba eta
  roi kpi qr sms diy ceo cto cfo hr pr`.split(/\s+/u),
);

const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7,
  jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
};

const CALENDAR_WORDS = new Set([
  ...Object.keys(MONTHS),
  ...`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun today
  tomorrow tonight yesterday weekend spring summer autumn fall winter christmas easter halloween thanksgiving
  hanukkah diwali eid ramadan valentine valentines q1 q2 q3 q4`.split(/\s+/u),
]);

/** Nationalities and languages: capitalised, but neither places nor names ("our Italian restaurant"). */
const NATIONALITIES = new Set(
  `english spanish french german italian portuguese chinese mandarin cantonese japanese korean arabic hindi dutch
  russian polish swedish turkish greek hebrew latin thai vietnamese indian mexican american british irish scottish
  welsh canadian australian brazilian peruvian ethiopian moroccan lebanese persian nordic scandinavian
  mediterranean asian european african caribbean cajun filipino indonesian malaysian nepalese tibetan cuban
  argentinian colombian jamaican hawaiian texan swiss austrian belgian danish norwegian finnish ukrainian`.split(/\s+/u),
);

/** Capitalised words after "in" that are not places. */
const NOT_PLACES = new Set([
  ...CALENDAR_WORDS,
  ...NATIONALITIES,
  ...`python javascript typescript java rust go ruby php swift kotlin react
  vue angular node markdown excel figma notion canva wordpress shopify squarespace wix webflow html css sql
  the a an this our my your black white red blue green bold caps uppercase lowercase title`.split(/\s+/u),
]);

/** Last words that make a capitalised run a business, not a place ("in Acme Cloud"). */
const ORG_WORDS = new Set(
  `inc ltd llc gmbh co corp company cloud app apps labs lab studio studios bakery cafe café shop store group agency
  media night nights festival fest conference summit club academy school gym fitness spa salon clinic foundation
  kitchen bar grill co. tech software systems solutions partners collective project`.split(/\s+/u),
);

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

const TONE_WORDS: Record<string, string> = {
  friendly: 'friendly', professional: 'professional', playful: 'playful', bold: 'bold', minimal: 'minimal',
  minimalist: 'minimal', minimalistic: 'minimal', luxurious: 'luxurious', luxury: 'luxurious', luxe: 'luxurious',
  upscale: 'upscale', premium: 'premium', warm: 'warm', calm: 'calm', calming: 'calm', energetic: 'energetic',
  formal: 'formal', casual: 'casual', witty: 'witty', elegant: 'elegant', modern: 'modern', fun: 'fun',
  quirky: 'quirky', serious: 'serious', confident: 'confident', approachable: 'approachable',
  authoritative: 'authoritative', inspiring: 'inspiring', inspirational: 'inspiring', upbeat: 'upbeat',
  cheerful: 'cheerful', sophisticated: 'sophisticated', clean: 'clean', simple: 'simple', classic: 'classic',
  timeless: 'timeless', vintage: 'vintage', retro: 'retro', rustic: 'rustic', earthy: 'earthy', cozy: 'cozy',
  cosy: 'cozy', gentle: 'gentle', soothing: 'soothing', serene: 'serene', edgy: 'edgy', punchy: 'punchy',
  trustworthy: 'trustworthy', empathetic: 'empathetic', caring: 'caring', compassionate: 'compassionate',
  humorous: 'humorous', funny: 'humorous', whimsical: 'whimsical', youthful: 'youthful', sleek: 'sleek',
  corporate: 'corporate', conversational: 'conversational', relaxed: 'relaxed', 'laid-back': 'relaxed',
  'laid back': 'relaxed', trendy: 'trendy', futuristic: 'futuristic', exciting: 'exciting', dramatic: 'dramatic',
  refined: 'refined', polished: 'polished', welcoming: 'welcoming', inviting: 'inviting', lively: 'lively',
  vibrant: 'vibrant', cute: 'cute', irreverent: 'irreverent', sassy: 'sassy', nostalgic: 'nostalgic',
  heartfelt: 'heartfelt', sincere: 'sincere', honest: 'honest', direct: 'direct', concise: 'concise',
  informative: 'informative', technical: 'technical', academic: 'academic', understated: 'understated',
  urgent: 'urgent', motivational: 'motivational', motivating: 'motivational', encouraging: 'encouraging',
  supportive: 'supportive', optimistic: 'optimistic', positive: 'positive', reassuring: 'reassuring',
  authentic: 'authentic', intimate: 'intimate', joyful: 'joyful', quiet: 'quiet',
  earnest: 'earnest', cheeky: 'cheeky', geeky: 'geeky', nerdy: 'geeky', artsy: 'artsy', chic: 'chic',
};

/** Colour names that mean nothing else in a brief; the others need a colour word nearby. */
const UNAMBIGUOUS_COLORS = new Set(
  `navy teal coral turquoise burgundy maroon magenta fuchsia indigo beige taupe crimson scarlet periwinkle mauve
  cerulean chartreuse ochre lilac cyan`.split(/\s+/u),
);

/** Plain colour words: two of them listed together ("black and white") make a palette. */
const BASIC_COLORS = new Set('black white red green blue yellow orange purple pink brown gray grey gold silver navy teal'.split(' '));

const COLOR_CONTEXT = /(?<![\p{L}])(?:colou?r(?:s|ed|way|ways)?|palette|hex|accents?|backgrounds?|scheme|shades?|hues?|tints?|themed?|gradients?|tones|fonts?|borders?|buttons?|text)(?![\p{L}])/iu;

const CURRENCY_SYMBOLS: Record<string, string> = {
  'US$': 'USD', 'AU$': 'AUD', A$: 'AUD', 'CA$': 'CAD', C$: 'CAD', 'NZ$': 'NZD', 'HK$': 'HKD', S$: 'SGD',
  R$: 'BRL', 'MX$': 'MXN', $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB',
  '₺': 'TRY', '₪': 'ILS', '₫': 'VND', '₱': 'PHP', '฿': 'THB', '₦': 'NGN', '₴': 'UAH',
};

const CURRENCY_WORDS: Record<string, { currency: string | null; shift: number }> = {
  dollar: { currency: 'USD', shift: 0 }, dollars: { currency: 'USD', shift: 0 }, bucks: { currency: 'USD', shift: 0 },
  euro: { currency: 'EUR', shift: 0 }, euros: { currency: 'EUR', shift: 0 }, yen: { currency: 'JPY', shift: 0 },
  rupee: { currency: 'INR', shift: 0 }, rupees: { currency: 'INR', shift: 0 }, quid: { currency: 'GBP', shift: 0 },
  'pound sterling': { currency: 'GBP', shift: 0 }, 'pounds sterling': { currency: 'GBP', shift: 0 },
  franc: { currency: 'CHF', shift: 0 }, francs: { currency: 'CHF', shift: 0 }, cent: { currency: 'USD', shift: -2 },
  cents: { currency: 'USD', shift: -2 },
};

/** ISO 4217 codes that are also ordinary upper-case words ("ALL 3 TIERS", "3 PHP scripts"). */
const CONFUSABLE_CODES = new Set(['ALL', 'TOP', 'CUP', 'PEN', 'MOP', 'SOS', 'BOB', 'TRY', 'GEL', 'MAD', 'AMD', 'PHP', 'XXX', 'XTS']);
const CURRENCY_CODES = new Set(currencyCodes.codes().filter((code) => !CONFUSABLE_CODES.has(code)));

const PER_UNITS: Record<string, string> = {
  month: 'month', mo: 'month', mth: 'month', year: 'year', yr: 'year', annum: 'year', week: 'week', wk: 'week',
  day: 'day', night: 'night', hour: 'hour', hr: 'hour', minute: 'minute', min: 'minute', session: 'session',
  class: 'class', lesson: 'lesson', visit: 'visit', user: 'user', seat: 'seat', person: 'person', head: 'person',
  member: 'member', ticket: 'ticket', item: 'item', unit: 'unit', piece: 'piece', guest: 'guest', student: 'student',
  license: 'license', licence: 'license', page: 'page', word: 'word', box: 'box', kg: 'kg', lb: 'lb', pound: 'lb',
  dozen: 'dozen', order: 'order', project: 'project', team: 'team', location: 'location', workspace: 'workspace',
  quarter: 'quarter', semester: 'semester', term: 'term', course: 'course', walk: 'walk', groom: 'groom',
};
const PER_ADVERBS: Record<string, string> = {
  monthly: 'month', yearly: 'year', annually: 'year', weekly: 'week', daily: 'day', nightly: 'night', hourly: 'hour',
  quarterly: 'quarter',
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, hundred: 100, dozen: 12,
};

/** Nouns after a number that make it a time, a measure or money rather than a count of things. */
const NOT_COUNTED = new Set(
  `am pm a.m p.m percent per cent % x time times dollars dollar euros euro usd eur gbp pounds bucks cents yen rupees
  o'clock oclock th st nd rd k m`.split(/\s+/u),
);

const US_STATES = new Set(
  `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA
  RI SC SD TN TX UT VT VA WA WV WI WY DC`.split(/\s+/u),
);

/** Top-level domains recognised in bare domains ("acme.com"); file extensions are deliberately absent. */
const TLDS = new Set(
  `com org net io ai co app dev xyz me info biz shop store site online tech cloud studio design art page blog news ly
  gg tv fm us uk de fr es it nl be ch at se no dk fi pl pt ie ca au nz jp in br mx eu ee lt lv cz sk hu ro gr tr il
  za sg hk kr tw cn ru ua agency media digital email health fitness coffee cafe bakery church events travel club
  academy school education center global world life live love social team today tools guru ninja space solutions
  services consulting photography photo pics gallery garden dog pet vet yoga fit run bio eco green earth money
  finance capital ventures fund church community foundation charity ngo org.uk co.uk`.split(/\s+/u),
);

// ---------------------------------------------------------------------------------------------
// Text preparation
// ---------------------------------------------------------------------------------------------

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // never split a surrogate pair
  return text.slice(0, end);
}

function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

const TAG = /<\/?[A-Za-z][A-Za-z0-9-]{0,30}(?:\s[^<>]{0,500})?\/?>|<!--|-->/gu;
const ENTITY = /&(#?[A-Za-z0-9]{2,8});/gu;
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'", ndash: '–', mdash: '—',
  hellip: '…', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', euro: '€', pound: '£', yen: '¥',
};

/** The prompt as prose: tags and invisible characters out, common entities decoded. */
function toPlainText(prompt: string): string {
  return normaliseWhitespace(
    prompt
      .replace(TAG, ' ')
      .replace(ENTITY, (match: string, name: string) => ENTITIES[name.toLowerCase()] ?? match)
      .replace(/[\u0000-\u001f\u007f-\u009f]/gu, ' ')
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, ''),
  );
}

/** Blank out already-extracted strings (same length, so offsets stay put). */
function mask(text: string, found: readonly string[]): string {
  let out = text;
  for (const item of found) {
    if (item) out = out.split(item).join(' '.repeat(item.length));
  }
  return out;
}

/** Pasted noise can hold thousands of matches; a brief needs the first few. */
const MAX_MATCHES = 100;

function* firstMatches(text: string, re: RegExp): Generator<RegExpExecArray> {
  let count = 0;
  for (const match of text.matchAll(re)) {
    yield match;
    count += 1;
    if (count >= MAX_MATCHES) return;
  }
}

const overlaps = (a: Span, spans: readonly Span[]): boolean => spans.some((b) => a.start < b.end && b.start < a.end);

const TRAILING_PUNCTUATION = /[.,;:!?'"”’»…]+$/u;

// ---------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------

const EMAIL = /(?<![\p{L}\p{N}._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\p{L}\p{N}-])/gu;
const HTTP_URL = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"'`{}|\\^[\]]{1,2000}/giu;
const BARE_DOMAIN = /(?<![\p{L}\p{N}@._/-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}([a-z]{2,24})(?![\p{L}\p{N}-])(?::\d{2,5})?(?:\/[^\s<>"'`{}|\\^[\]]{0,2000})?/giu;

function trimUrl(url: string): string {
  let out = url.replace(TRAILING_PUNCTUATION, '');
  // A closing bracket belongs to the URL only when the URL opened one: "(see acme.com/x)".
  while (/[)\]]$/u.test(out)) {
    const open = out.endsWith(')') ? '(' : '[';
    const close = out.endsWith(')') ? ')' : ']';
    if (out.split(open).length >= out.split(close).length) break;
    out = out.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return out;
}

function extractEmails(text: string): string[] {
  const out: string[] = [];
  for (const match of firstMatches(text, EMAIL)) out.push(match[0]);
  return dedupe(out, (email) => email.toLowerCase());
}

function extractUrls(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (const match of firstMatches(text, HTTP_URL)) {
    const url = trimUrl(match[0]);
    if (URL.canParse(url) && /^https?:\/\/[^/?#]*[\p{L}\p{N}]/u.test(url)) out.push(url);
  }
  rest = mask(rest, out);
  for (const match of firstMatches(rest, BARE_DOMAIN)) {
    const tld = (match[1] ?? '').toLowerCase();
    if (!TLDS.has(tld)) continue;
    const url = trimUrl(match[0]);
    // "Node.js" has no TLD here, but "e.g." shapes like "v1.co" need a letter in the name.
    if (/[\p{L}]/u.test(url.split('.')[0] ?? '')) out.push(url);
  }
  return dedupe(out, (url) => url.toLowerCase().replace(/\/$/u, ''));
}

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d{1,9}(?:[.,]\d{1,2})?`;
const MULTIPLIER = String.raw`(?:\s?(million|thousand|billion)|(k|K|m|M|mm|MM|bn)(?![\p{L}\p{N}]))?`;
const SYMBOL_ALTERNATION = Object.keys(CURRENCY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map((symbol) => symbol.replace(/\$/gu, '\\$'))
  .join('|');
const SUFFIX_SYMBOLS = '€|£|¥|₹|₩|₽|₺|₪|₫|₱|฿|₦|₴';

const PRICE_PATTERNS: Array<{ re: RegExp; priority: number; kind: 'symbol' | 'code-first' | 'code-last' | 'symbol-last' | 'word' }> = [
  { kind: 'symbol', priority: 0, re: new RegExp(String.raw`(?<![\p{L}\p{N}$€£¥])(${SYMBOL_ALTERNATION})\s?(${AMOUNT})(?!\d)${MULTIPLIER}`, 'gu') },
  { kind: 'code-first', priority: 1, re: new RegExp(String.raw`(?<![\p{L}\p{N}])([A-Z]{3})\s?(${AMOUNT})(?!\d)${MULTIPLIER}`, 'gu') },
  { kind: 'code-last', priority: 1, re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)${MULTIPLIER}\s?([A-Z]{3})(?![\p{L}\p{N}])`, 'gu') },
  { kind: 'symbol-last', priority: 2, re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)\s?(${SUFFIX_SYMBOLS})`, 'gu') },
  {
    kind: 'word',
    priority: 2,
    re: new RegExp(String.raw`(?<![\p{L}\p{N}.,#])(${AMOUNT})(?!\d)\s?(${Object.keys(CURRENCY_WORDS).sort((a, b) => b.length - a.length).join('|')})(?![\p{L}])`, 'giu'),
  },
];

const PER_UNIT_ALTERNATION = Object.keys(PER_UNITS).sort((a, b) => b.length - a.length).join('|');
const PER_AFTER = new RegExp(
  String.raw`^(?:\s*\/\s*|\s*(?<![\p{L}])per\s+|\s+(?:a|an|each|every)\s+)(${PER_UNIT_ALTERNATION})(?![\p{L}])(?:(?:\s*\/\s*|\s+per\s+)(${PER_UNIT_ALTERNATION})(?![\p{L}]))?`,
  'iu',
);
// Lower case only: "$15, Monthly $60" is a list of plans, "$9 monthly" is a unit.
const PER_ADVERB_AFTER = new RegExp(String.raw`^\s+(${Object.keys(PER_ADVERBS).join('|')})(?![\p{L}])`, 'u');
/** What may separate prices in one list: "$19, $49 and $99 per month". */
const LIST_GAP = /^\s*(?:,|\/|&|\+|or|and|to|-|–|—)?\s*(?:or|and)?\s*$/iu;

const MULTIPLIER_SHIFT: Record<string, number> = { k: 3, thousand: 3, m: 6, mm: 6, million: 6, bn: 9, billion: 9 };

/** Moves the decimal point of a plain decimal string; no floating point. */
function shiftDecimal(value: string, shift: number): string {
  let [whole = '0', fraction = ''] = value.split('.');
  if (shift > 0) {
    fraction = fraction.padEnd(shift, '0');
    whole += fraction.slice(0, shift);
    fraction = fraction.slice(shift);
  } else if (shift < 0) {
    whole = whole.padStart(-shift + 1, '0');
    fraction = whole.slice(shift) + fraction;
    whole = whole.slice(0, shift);
  }
  whole = whole.replace(/^0+(?=\d)/u, '');
  if (shift !== 0) fraction = fraction.replace(/0+$/u, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "1,200.50" / "1.200,50" / "9,99" → "1200.50" / "1200.50" / "9.99". */
function normaliseAmount(raw: string, shift: number): string {
  let value = raw;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/u.test(value)) value = value.replace(/,/gu, '');
  else if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/u.test(value)) value = value.replace(/\./gu, '').replace(',', '.');
  else value = value.replace(',', '.');
  return shiftDecimal(value, shift);
}

interface PriceMatch extends Span {
  priority: number;
  amount: string;
  currency: string | null;
}

function extractPrices(text: string): { prices: Price[]; spans: Span[] } {
  const candidates: PriceMatch[] = [];
  for (const { re, priority, kind } of PRICE_PATTERNS) {
    for (const match of firstMatches(text, re)) {
      const start = match.index;
      const end = start + match[0].length;
      let amount: string | undefined;
      let currency: string | null = null;
      let shift = 0;
      if (kind === 'symbol' || kind === 'code-first') {
        const code = match[1] ?? '';
        currency = kind === 'symbol' ? (CURRENCY_SYMBOLS[code] ?? null) : code;
        if (kind === 'code-first' && !CURRENCY_CODES.has(code)) continue;
        shift = MULTIPLIER_SHIFT[(match[3] ?? match[4] ?? '').toLowerCase()] ?? 0;
        amount = match[2];
      } else if (kind === 'code-last') {
        const code = match[4] ?? '';
        if (!CURRENCY_CODES.has(code)) continue;
        currency = code;
        shift = MULTIPLIER_SHIFT[(match[2] ?? match[3] ?? '').toLowerCase()] ?? 0;
        amount = match[1];
      } else if (kind === 'symbol-last') {
        currency = CURRENCY_SYMBOLS[match[2] ?? ''] ?? null;
        amount = match[1];
      } else {
        const word = CURRENCY_WORDS[(match[2] ?? '').toLowerCase()];
        currency = word?.currency ?? null;
        shift = word?.shift ?? 0;
        amount = match[1];
      }
      if (amount === undefined) continue;
      candidates.push({ start, end, priority, amount: normaliseAmount(amount, shift), currency });
    }
  }
  candidates.sort((a, b) => a.priority - b.priority || a.start - b.start || b.end - a.end);
  const accepted: PriceMatch[] = [];
  for (const candidate of candidates) if (!overlaps(candidate, accepted)) accepted.push(candidate);
  accepted.sort((a, b) => a.start - b.start);

  const found: Array<{ span: Span; price: Price }> = accepted.map((match) => {
    let end = match.end;
    let per: string | null = null;
    const after = text.slice(end, end + 40);
    const unit = PER_AFTER.exec(after);
    const adverb = unit ? null : PER_ADVERB_AFTER.exec(after);
    if (unit) {
      const first = PER_UNITS[(unit[1] ?? '').toLowerCase()] ?? null;
      const second = unit[2] ? (PER_UNITS[unit[2].toLowerCase()] ?? null) : null;
      per = first && second ? `${first}/${second}` : first;
      end += unit[0].length;
    } else if (adverb) {
      per = PER_ADVERBS[(adverb[1] ?? '').toLowerCase()] ?? null;
      end += adverb[0].length;
    }
    return {
      span: { start: match.start, end },
      price: { text: text.slice(match.start, end).trim(), amount: match.amount, currency: match.currency, per },
    };
  });

  // "$19, $49, $99 per month": the unit after the last price of a list applies to all of them.
  for (let i = found.length - 1; i > 0; i -= 1) {
    const current = found[i];
    const previous = found[i - 1];
    if (!current || !previous || previous.price.per !== null || current.price.per === null) continue;
    if (previous.price.currency !== current.price.currency) continue;
    if (LIST_GAP.test(text.slice(previous.span.end, current.span.start))) previous.price.per = current.price.per;
  }
  return { prices: found.map((item) => item.price), spans: found.map((item) => item.span) };
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const MONTH_ALTERNATION = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const DATE_ISO = /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/gu;
const DATE_MONTH_FIRST = new RegExp(String.raw`(?<![\p{L}])(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})(?![\p{N}])`, 'giu');
const DATE_DAY_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(${MONTH_ALTERNATION})\.?,?\s+(\d{4})(?![\p{N}])`, 'giu');
const DATE_NUMERIC = /(?<![\p{N}/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\p{N}/.-]|\.\d)/gu;
const DATE_YEAR_FIRST = /(?<![\p{N}/.])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\p{N}/])/gu;

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function extractDates(text: string): { dates: BriefDate[]; spans: Span[] } {
  const found: Array<Span & { iso: string }> = [];
  const add = (match: RegExpMatchArray, iso: string | null): void => {
    const start = match.index ?? 0;
    const span = { start, end: start + match[0].length };
    if (iso && !overlaps(span, found)) found.push({ ...span, iso });
  };
  for (const m of firstMatches(text, DATE_ISO)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of firstMatches(text, DATE_YEAR_FIRST)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of firstMatches(text, DATE_MONTH_FIRST)) add(m, isoDate(Number(m[3]), MONTHS[(m[1] ?? '').toLowerCase()] ?? 0, Number(m[2])));
  for (const m of firstMatches(text, DATE_DAY_FIRST)) add(m, isoDate(Number(m[3]), MONTHS[(m[2] ?? '').toLowerCase()] ?? 0, Number(m[1])));
  for (const m of firstMatches(text, DATE_NUMERIC)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = Number(m[4]);
    // Dots are day-first everywhere they are used; with slashes or dashes only an impossible month decides.
    if (m[2] === '.' || (a > 12 && b <= 12)) add(m, isoDate(year, b, a));
    else if (b > 12 && a <= 12) add(m, isoDate(year, a, b));
  }
  found.sort((x, y) => x.start - y.start);
  const dates = dedupe(
    found.map((span) => ({ text: text.slice(span.start, span.end), iso: span.iso })),
    (date) => date.iso,
  );
  return { dates, spans: found };
}

// ---------------------------------------------------------------------------------------------
// Colours and tone
// ---------------------------------------------------------------------------------------------

const HEX_COLOR = /(?<![\p{L}\p{N}&#])#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![\p{L}\p{N}])/gu;
const COLOR_NAME = new RegExp(
  String.raw`(?<![\p{L}-])(${Object.keys(COLOR_HEX)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[\s-]+/gu, '[\\s-]'))
    .join('|')})(?![\p{L}-])`,
  'giu',
);
/** Three-letter hex codes that are more likely hashtags or words. */
const HEX_WORDS = new Set(['add', 'bad', 'bed', 'bee', 'cab', 'dab', 'dad', 'fab', 'fed', 'ace', 'cad', 'deb', 'ebb', 'fee', 'bab']);
const NUMBERED_BEFORE = /(?<![\p{L}])(?:issue|order|ticket|number|no\.?|invoice|item|room|rank|ranked|case|pr|bug|step|episode|ep\.?|vol\.?|page|p\.)\s*$/iu;
const COLOR_LIST_GAP = /^\s*(?:,|\/|&|\+|and|or|with|plus|on)?\s*(?:and|with)?\s*$/iu;

function expandHex(hex: string): string {
  const lower = hex.toLowerCase();
  return lower.length === 3 ? [...lower].map((c) => c + c).join('') : lower;
}

/** A colour word within `reach` characters, in the same sentence. */
function hasColorContext(text: string, span: Span, reach = 40): boolean {
  const before = text.slice(Math.max(0, span.start - reach), span.start).split(/[.!?](?:\s|$)/u).at(-1) ?? '';
  const after = text.slice(span.end, span.end + reach).split(/[.!?](?:\s|$)/u)[0] ?? '';
  return COLOR_CONTEXT.test(before) || COLOR_CONTEXT.test(after);
}

function extractColors(text: string): { colors: Color[]; spans: Span[] } {
  interface Candidate extends Span {
    text: string;
    hex: string;
    sure: boolean;
    /** Never a colour by association: a proper noun ("Black Friday") or a numbered thing ("issue #123"). */
    blocked: boolean;
    basic: boolean;
  }
  const candidates: Candidate[] = [];
  for (const m of firstMatches(text, HEX_COLOR)) {
    const digits = m[1] ?? '';
    const span = { start: m.index, end: m.index + m[0].length };
    // "#123" and "#bad" are more often an issue number or a hashtag: they need a colour word close by.
    const ambiguous = /^\d+$/u.test(digits) || HEX_WORDS.has(digits.toLowerCase());
    const numbered = NUMBERED_BEFORE.test(text.slice(Math.max(0, span.start - 12), span.start));
    const sure = !ambiguous || (!numbered && hasColorContext(text, span, 24));
    candidates.push({ ...span, text: m[0], hex: `#${expandHex(digits)}`, sure, blocked: numbered, basic: false });
  }
  for (const m of firstMatches(text, COLOR_NAME)) {
    const written = m[1] ?? '';
    const key = written.toLowerCase().replace(/[\s-]+/gu, written.includes('-') && !written.includes(' ') ? '-' : ' ');
    const hex = COLOR_HEX[key] ?? COLOR_HEX[key.replace('-', ' ')];
    if (!hex) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    const before = text.slice(Math.max(0, span.start - 8), span.start).trimEnd();
    // A capital letter mid-sentence is a proper noun: "Black Friday", "Forest Green Rovers".
    const properNoun =
      /^\p{Lu}/u.test(written) && ((before !== '' && !/[.!?:;(\-–—•"“]$/u.test(before)) || /^\s\p{Lu}/u.test(text.slice(span.end, span.end + 2)));
    const sure = !properNoun && (UNAMBIGUOUS_COLORS.has(key) || key.includes(' ') || key.includes('-') || hasColorContext(text, span));
    candidates.push({ ...span, text: written, hex, sure, blocked: properNoun, basic: BASIC_COLORS.has(key) });
  }
  candidates.sort((a, b) => a.start - b.start);
  // Colours listed with a sure one are colours ("#2E7D32 and cream", "navy, gold and white"), and so
  // are plain colour words listed together ("black and white"), but not "salmon and cream cheese".
  const accepted = new Set(candidates.filter((c) => c.sure));
  candidates.forEach((candidate, i) => {
    const next = candidates[i + 1];
    if (!next || candidate.blocked || next.blocked || !COLOR_LIST_GAP.test(text.slice(candidate.end, next.start))) return;
    const anchored = accepted.has(candidate) || accepted.has(next) || (candidate.basic && next.basic);
    if (!anchored) return;
    // A run of listed colours is accepted as a whole, in both directions.
    for (let k = i; k >= 0; k -= 1) {
      const item = candidates[k];
      if (!item || item.blocked) break;
      accepted.add(item);
      const before = candidates[k - 1];
      if (!before || !COLOR_LIST_GAP.test(text.slice(before.end, item.start))) break;
    }
    accepted.add(next);
  });
  const kept = candidates.filter((c) => accepted.has(c));
  return {
    colors: dedupe(kept.map((c) => ({ text: c.text, hex: c.hex })), (c) => c.hex),
    spans: kept,
  };
}

const TONE_PATTERN = new RegExp(
  String.raw`(?<![\p{L}-])(${Object.keys(TONE_WORDS).sort((a, b) => b.length - a.length).map((w) => w.replace(/[\s-]/gu, '[\\s-]')).join('|')})(?![\p{L}-])`,
  'giu',
);
const NEGATION_BEFORE = /(?:(?<![\p{L}])(?:not|no|never|without|avoid|avoiding|less|nothing|non)|n't)\s+(?:[\p{L}']+\s+){0,2}$/iu;

interface ToneWord extends Span {
  word: string;
  /** "not too formal" */
  negated: boolean;
}

function extractTone(text: string): ToneWord[] {
  const found: ToneWord[] = [];
  for (const m of firstMatches(text, TONE_PATTERN)) {
    const start = m.index;
    const word = TONE_WORDS[(m[1] ?? '').toLowerCase().replace(/[\s-]+/gu, (sep) => (sep.includes('-') ? '-' : ' '))];
    const negated = NEGATION_BEFORE.test(text.slice(Math.max(0, start - 30), start));
    if (word) found.push({ start, end: start + m[0].length, word, negated });
    if (found.length >= 100) break;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Quoted names
// ---------------------------------------------------------------------------------------------

const QUOTED = [
  /(?<![\p{L}\p{N}])"([^"\n]{1,80})"(?![\p{L}\p{N}])/gu,
  /“([^”\n]{1,80})”/gu,
  /«([^»\n]{1,80})»/gu,
  /„([^“”\n]{1,80})[“”]/gu,
  /(?<![\p{L}\p{N}])‘([^’\n]{1,80})’(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])/gu,
];

function cleanName(raw: string): string | null {
  const name = normaliseWhitespace(raw)
    .replace(/^[\s,;:.!?'"“”‘’«»-]+|[\s,;:!?'"“”‘’«»-]+$/gu, '')
    .replace(/['’]s$/u, ''); // Acme's online store
  if (!name || name.length > MAX_NAME_CHARS || !/\p{L}/u.test(name)) return null;
  if (name.split(' ').length > MAX_NAME_WORDS) return null;
  if (/[@/]|\.[a-z]{2,}$/iu.test(name)) return null; // an email or a URL, not a name
  return name;
}

function extractQuotedNames(text: string): Array<{ name: string; start: number }> {
  const found: Array<{ name: string; start: number }> = [];
  for (const re of QUOTED) {
    for (const m of firstMatches(text, re)) {
      const name = cleanName(m[1] ?? '');
      if (name) found.push({ name, start: m.index });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// compromise terms
// ---------------------------------------------------------------------------------------------

interface Term extends Span {
  text: string;
  /** Lower case, edge punctuation removed. */
  lower: string;
  pre: string;
  post: string;
  tags: Set<string>;
  /** First word of a sentence, or right after a colon, dash, bullet or bracket. */
  initial: boolean;
}

const HARD_BREAK = /[.!?:;()[\]{}"“”«»—–•|]|\s-\s|^-|-\s*$/u;

function parseTerms(text: string): Term[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = nlp(text).json({ offset: true });
  } catch {
    return []; // compromise is a heuristic; a brief without its tags is still a brief
  }
  if (!Array.isArray(json)) return [];
  const terms: Term[] = [];
  let cursor = 0;
  for (const sentence of json as Array<{ terms?: unknown }>) {
    if (!Array.isArray(sentence?.terms)) continue;
    let firstInSentence = true;
    for (const raw of sentence.terms as Array<Record<string, unknown>>) {
      const value = typeof raw?.text === 'string' ? raw.text : '';
      if (!value) continue;
      const offset = raw.offset as { start?: unknown } | undefined;
      let start = typeof offset?.start === 'number' ? offset.start : -1;
      if (text.slice(start, start + value.length) !== value) start = text.indexOf(value, cursor);
      if (start < 0) continue;
      cursor = start + value.length;
      const pre = typeof raw.pre === 'string' ? raw.pre : '';
      const post = typeof raw.post === 'string' ? raw.post : '';
      const previous = terms.at(-1);
      terms.push({
        text: value,
        lower: value.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
        start,
        end: start + value.length,
        pre,
        post,
        tags: new Set(Array.isArray(raw.tags) ? (raw.tags as unknown[]).filter((t): t is string => typeof t === 'string') : []),
        initial: firstInSentence || previous === undefined || HARD_BREAK.test(previous.post) || HARD_BREAK.test(pre),
      });
      firstInSentence = false;
    }
  }
  return terms;
}

const isCapitalised = (term: Term): boolean =>
  /^\p{Lu}/u.test(term.text) || /^\p{Ll}{1,3}\p{Lu}\p{L}/u.test(term.text); // "Acme", "iPhone", "eBay"
const joined = (a: Term, b: Term | undefined): boolean => b !== undefined && /^\s*$/u.test(a.post) && b.pre === '';
const isNoun = (t: Term): boolean => t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Possessive');
const isFunctionWord = (t: Term): boolean =>
  ['Determiner', 'Preposition', 'Pronoun', 'Conjunction', 'Adverb', 'QuestionWord', 'Copula', 'Modal', 'Auxiliary', 'Negative'].some((tag) =>
    t.tags.has(tag),
  );
const isCommonWord = (word: string): boolean =>
  STOPWORDS.has(word) || GENERIC.has(word) || WEAK.has(word) || VERBISH.has(word) || ACRONYMS.has(word) ||
  CALENDAR_WORDS.has(word) || TIER_WORDS.has(word) || PLATFORMS.has(word) || word in TONE_WORDS || word in COLOR_HEX;

function termText(text: string, terms: readonly Term[]): string {
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) return '';
  return text.slice(first.start, last.end).replace(TRAILING_PUNCTUATION, '').trim();
}

/** Prompts typed in Title Case or CAPITALS: capitals say nothing about names there. */
function isShouting(terms: readonly Term[]): boolean {
  const words = terms.filter((t) => /\p{L}/u.test(t.text) && !STOPWORDS.has(t.lower));
  if (words.length < 4) return false;
  const capitalised = words.filter(isCapitalised);
  const commonCapitalised = capitalised.filter((t) => isCommonWord(t.lower) || t.tags.has('Verb'));
  return capitalised.length / words.length >= 0.8 && commonCapitalised.length >= 2;
}

// ---------------------------------------------------------------------------------------------
// Place
// ---------------------------------------------------------------------------------------------

const PLACE_MARKERS: Array<{ words: string[]; strength: 'strong' | 'in' | 'weak' }> = [
  { words: ['based', 'in'], strength: 'strong' },
  { words: ['based', 'out', 'of'], strength: 'strong' },
  { words: ['located', 'in'], strength: 'strong' },
  { words: ['located', 'near'], strength: 'strong' },
  { words: ['headquartered', 'in'], strength: 'strong' },
  { words: ['situated', 'in'], strength: 'strong' },
  { words: ['out', 'of'], strength: 'weak' },
  { words: ['near'], strength: 'strong' },
  { words: ['serving'], strength: 'in' },
  { words: ['in'], strength: 'in' },
  { words: ['around'], strength: 'in' },
  { words: ['across'], strength: 'in' },
  { words: ['throughout'], strength: 'in' },
  { words: ['from'], strength: 'weak' },
  { words: ['at'], strength: 'weak' },
];

interface PlaceFound {
  text: string;
  terms: Term[];
  score: number;
}

/** "austin, tx" and "AUSTIN" → "Austin, TX" and "Austin"; mixed case is kept as written. */
function placeCase(text: string): string {
  const mixed = /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text);
  if (mixed) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/, (\p{L}{2})$/u, (m, code: string) => (US_STATES.has(code.toUpperCase()) ? `, ${code.toUpperCase()}` : m));
}

/** A capitalised (or compromise-tagged) place run starting at terms[j], with ", Germany"/", TX" tails. */
function placeRun(terms: readonly Term[], j: number): Term[] {
  let k = j;
  if (terms[k]?.lower === 'the') k += 1;
  const run: Term[] = [];
  let tails = 0;
  let tail = false;
  const isState = (term: Term): boolean => US_STATES.has(term.text.toUpperCase());
  while (k < terms.length) {
    const term = terms[k];
    if (!term) break;
    const placeLike = (isCapitalised(term) || term.tags.has('Place')) && !NOT_PLACES.has(term.lower) && /\p{L}/u.test(term.text);
    const connector = run.length > 0 && ['of', 'de', 'del', 'upon', 'on', 'la', 'le', 'am', 'sur'].includes(term.text) && joined(term, terms[k + 1]) && isCapitalised(terms[k + 1] as Term);
    if (!placeLike && !connector && !tail) break;
    tail = false;
    run.push(term);
    const next = terms[k + 1];
    if (joined(term, next)) {
      // "Manchester and Salford": a second place joined by "and" once the first is a known place.
      const and = next && (next.lower === 'and' || next.text === '&') && run.some((t) => t.tags.has('Place'));
      const after = terms[k + 2];
      if (and && !(after && joined(next, after) && isCapitalised(after) && !ORG_WORDS.has(after.lower))) break;
      k += and ? 2 : 1;
      if (and) run.push(next);
      continue;
    }
    // "Berlin, Germany" and "Austin, TX": one more comma-separated part when it is clearly a place.
    if (next && tails < 2 && /^,\s*$/u.test(term.post) && next.pre === '' && (next.tags.has('Place') || isState(next))) {
      tails += 1;
      tail = true;
      k += 1;
      continue;
    }
    break;
  }
  while (run.length > 0) {
    const last = run.at(-1) as Term;
    if (isCapitalised(last) || last.tags.has('Place') || (run.length > 1 && isState(last))) break;
    run.pop();
  }
  return run.length > 4 + tails ? [] : run;
}

function findPlace(terms: readonly Term[], text: string, nameSpans: readonly Span[]): PlaceFound | null {
  let best: PlaceFound | null = null;
  const consider = (found: PlaceFound): void => {
    if (!best || found.score > best.score) best = found;
  };
  for (let i = 0; i < terms.length; i += 1) {
    for (const marker of PLACE_MARKERS) {
      if (!marker.words.every((word, offset) => terms[i + offset]?.lower === word)) continue;
      const run = placeRun(terms, i + marker.words.length);
      if (run.length === 0) continue;
      const tagged = run.some((t) => t.tags.has('Place')) && !run.some((t) => t.tags.has('Organization'));
      const orgLike = ORG_WORDS.has((run.at(-1) as Term).lower) || run.some((t) => t.tags.has('Organization'));
      const allCaps = run.every((t) => isCapitalised(t) || t.tags.has('Place'));
      let score = 0;
      if (marker.strength === 'strong') score = tagged || (allCaps && !orgLike) ? 3 : 0;
      else if (marker.strength === 'in') score = tagged ? 3 : allCaps && !orgLike && run.every((t) => isCapitalised(t)) ? 2 : 0;
      else score = tagged ? 2 : 0;
      if (score > 0) consider({ text: placeCase(termText(text, run)), terms: run, score });
      break;
    }
  }
  if (best) return best;
  // No marker: a place compromise recognises on its own, unless it is part of a name ("Berlin Jazz Night").
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i];
    if (!term?.tags.has('Place') || term.tags.has('Organization') || NOT_PLACES.has(term.lower) || overlaps(term, nameSpans)) continue;
    if (!isCapitalised(term)) continue;
    const run = placeRun(terms, i);
    if (run.length > 0 && !overlaps({ start: run[0]?.start ?? 0, end: run.at(-1)?.end ?? 0 }, nameSpans)) {
      return { text: placeCase(termText(text, run)), terms: run, score: 1 };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Audience
// ---------------------------------------------------------------------------------------------

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

const AUDIENCE_STOP = new Set(
  `in at near on with from by based located called named that which to priced costing this next per where when
  because so but via using featuring including like such during before after within about whose plus than
  starting launching is are was were will would should can could has have had`.split(/\s+/u),
);
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
    if (!(term.tags.has('Adjective') || isNoun(term)) || offset > 0 && !/^\s*$/u.test(terms[k + offset - 1]?.post ?? '')) return false;
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
      } else if (AUDIENCE_STOP.has(term.lower) || ['and', 'or', '&'].includes(term.lower)) {
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
  while (phrase.length > 0 && (STOPWORDS.has((phrase.at(-1) as Term).lower) && !AUDIENCE_WORDS.has((phrase.at(-1) as Term).lower))) phrase.pop();
  if (phrase.length === 0) return null;
  if (AUDIENCE_PHRASES.has(phrase.map((t) => t.lower).join(' '))) return termText(text, phrase);
  const whoAt = phrase.findIndex((t) => t.lower === 'who');
  const head = whoAt > 0 ? phrase[whoAt - 1] : phrase.at(-1);
  if (!head || !isAudienceHead(head, strength)) return null;
  if (strength === 1 && phrase[0]?.tags.has('Value')) return null; // "dinner for 2 people" is a party size
  const result = termText(text, phrase);
  return result || null;
}

function findAudience(terms: readonly Term[], text: string): string | null {
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

// ---------------------------------------------------------------------------------------------
// Capitalised names
// ---------------------------------------------------------------------------------------------

const NAME_CONNECTORS = new Set(['&', '+', 'of', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'del', "'n'", "n'", '’n’']);

interface NameFound extends Span {
  name: string;
  words: number;
}

function capitalisedNames(terms: readonly Term[], text: string): NameFound[] {
  const found: NameFound[] = [];
  let i = 0;
  while (i < terms.length) {
    const start = terms[i] as Term;
    if (!isCapitalised(start)) {
      i += 1;
      continue;
    }
    const run: Term[] = [start];
    let j = i;
    while (j + 1 < terms.length) {
      const current = terms[j] as Term;
      const next = terms[j + 1];
      if (!next || !joined(current, next) || next.initial) break;
      if (isCapitalised(next) || /^\p{N}+\p{Lu}+$/u.test(next.text)) {
        run.push(next);
        j += 1;
      } else if (NAME_CONNECTORS.has(next.text.toLowerCase()) && joined(next, terms[j + 2]) && isCapitalised(terms[j + 2] as Term) && !(terms[j + 2] as Term).initial) {
        run.push(next, terms[j + 2] as Term);
        j += 2;
      } else {
        break;
      }
    }
    i = j + 1;

    // "Create Acme Cloud…": a sentence-initial verb or function word is not part of the name.
    while (run.length > 0) {
      const first = run[0] as Term;
      const drop =
        NAME_CONNECTORS.has(first.lower) || first.lower === 'the' || ACRONYMS.has(first.lower) ||
        (first.initial && (isFunctionWord(first) || VERBISH.has(first.lower) || STOPWORDS.has(first.lower) || GENERIC.has(first.lower) ||
          (first.tags.has('Verb') && !first.tags.has('Noun'))));
      if (!drop) break;
      run.shift();
    }
    while (run.length > 0) {
      const last = run.at(-1) as Term;
      if (!NAME_CONNECTORS.has(last.lower) && !ACRONYMS.has(last.lower) && !CALENDAR_WORDS.has(last.lower)) break;
      run.pop();
    }
    if (run.length === 0 || run.length > MAX_NAME_WORDS) continue;
    const first = run[0] as Term;
    if (run.every((t) => t.tags.has('Place')) && !run.some((t) => t.tags.has('Organization'))) continue;
    if (run.every((t) => isCommonWord(t.lower) || NAME_CONNECTORS.has(t.lower))) continue;
    if (run.length === 1) {
      if (first.lower.length < 2 || isCommonWord(first.lower) || NATIONALITIES.has(first.lower) || first.tags.has('Value') || CURRENCY_CODES.has(first.text)) continue;
      // A lone sentence-initial word is only a name when something says so: "Nimbus is a…", an organisation tag.
      const at = terms.indexOf(first);
      const next = terms[at + 1];
      const afterNext = terms[at + 2];
      const introduced = (next?.lower === 'is' || next?.lower === 'are') && ['a', 'an', 'the', 'our', 'my'].includes(afterNext?.lower ?? '');
      if (first.initial && !first.tags.has('Organization') && !introduced) continue;
    }
    const name = cleanName(termText(text, run));
    if (name) found.push({ name, start: first.start, end: (run.at(-1) as Term).end, words: run.length });
  }
  return found;
}

/** "a bakery called sweet crumbs": lower-case names after "called"/"named". */
function calledNames(terms: readonly Term[], text: string): NameFound[] {
  const found: NameFound[] = [];
  terms.forEach((term, i) => {
    if (!['called', 'named', 'titled', 'dubbed'].includes(term.lower) || /[,.;:!?]/u.test(term.post)) return;
    const run: Term[] = [];
    for (let k = i + 1; k < terms.length && run.length < 4; k += 1) {
      const next = terms[k] as Term;
      if (/^["'“‘«]/u.test(next.pre)) return; // quoted: the quote pass has it
      if (run.length === 0 && next.lower === 'the') continue;
      if (AUDIENCE_STOP.has(next.lower) || ['for', 'and', 'or', 'with', 'a', 'an'].includes(next.lower) || !/\p{L}/u.test(next.text)) break;
      run.push(next);
      if (!/^\s*$/u.test(next.post)) break;
    }
    if (run.length === 0 || run.every((t) => isCommonWord(t.lower))) return;
    const name = cleanName(termText(text, run));
    if (name) found.push({ name, start: (run[0] as Term).start, end: (run.at(-1) as Term).end, words: run.length });
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------------------------

function pluralise(noun: string): string {
  const irregular: Record<string, string> = { person: 'people', child: 'children', man: 'men', woman: 'women', foot: 'feet', tooth: 'teeth', mouse: 'mice' };
  const words = noun.split(' ');
  const last = words.pop() ?? '';
  let plural = irregular[last];
  if (!plural) {
    if (/[^aeiou]y$/u.test(last)) plural = `${last.slice(0, -1)}ies`;
    else if (/(?:s|x|z|ch|sh)$/u.test(last)) plural = `${last}es`;
    else plural = `${last}s`;
  }
  return [...words, plural].join(' ');
}

function numberValue(terms: readonly Term[], i: number): { value: number; nounAt: number } | null {
  const term = terms[i] as Term;
  const next = terms[i + 1];
  if (term.tags.has('Money') || term.tags.has('Percent') || term.tags.has('Ordinal') || term.tags.has('Fraction')) return null;
  let value: number | undefined;
  const digits = term.text.replace(/^[(["'“‘]+|[)\]"'”’,;:!?]+$/gu, ''); // compromise keeps "(" on "(4 sessions"
  if (/^\d{1,3}(?:,\d{3})+$|^\d{1,7}$/u.test(digits)) value = Number(digits.replace(/,/gu, ''));
  else if (term.lower === 'dozen') {
    const before = terms[i - 1];
    if (before && (before.lower in NUMBER_WORDS || /^\d+$/u.test(before.text))) return null; // "two dozen": counted at "two"
    if (before?.lower !== 'a' && before?.lower !== 'one') return null;
    value = terms[i - 2]?.lower === 'half' ? 6 : 12;
  } else value = NUMBER_WORDS[term.lower];
  if (value === undefined || value < 1) return null;
  let nounAt = i + 1;
  if (next?.lower === 'dozen' && term.lower !== 'dozen') {
    value *= 12;
    nounAt += 1;
  }
  if (terms[nounAt]?.lower === 'of' && (term.lower === 'dozen' || next?.lower === 'dozen')) nounAt += 1;
  return { value, nounAt };
}

/** Counts, each with the span of its number words ("a dozen", "6"), which are not keywords. */
function findCounts(terms: readonly Term[], consumed: readonly Span[]): Array<Count & { number: Span }> {
  const counts: Array<Count & { number: Span }> = [];
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i] as Term;
    if (overlaps(term, consumed)) continue;
    const number = numberValue(terms, i);
    if (!number) continue;
    const { value, nounAt } = number;
    const first = terms[nounAt];
    if (!first || overlaps(first, consumed)) continue;
    const hyphenated = term.post === '-' && first.pre === '';
    let noun: string | null = null;
    if (hyphenated) {
      if (term.lower === 'one') continue; // one-time, one-off, one-stop
      // "a 6-lesson course": the count is of lessons.
      if (isNoun(first) && !NOT_COUNTED.has(first.lower) && !CALENDAR_WORDS.has(first.lower) || /^(?:week|day|month|hour|minute|year)$/u.test(first.lower)) {
        noun = value === 1 ? first.lower : pluralise(first.lower);
      }
    } else {
      if (!/^\s*$/u.test(term.post) && term.lower !== 'dozen' && terms[i + 1]?.lower !== 'dozen') continue;
      const phrase: Term[] = [];
      let k = nounAt;
      while (k < terms.length && phrase.length < 4) {
        const candidate = terms[k] as Term;
        if (overlaps(candidate, consumed) || !/^[\p{L}][\p{L}'’-]*$/u.test(candidate.text)) break;
        // compromise reads "two dozen cupcakes" as a verb; right after a number it is a plural noun.
        const misreadPlural = k === nounAt && candidate.tags.has('PresentTense') && /s$/u.test(candidate.lower);
        if (misreadPlural) candidate.tags.add('Noun');
        const usable = isNoun(candidate) || candidate.tags.has('Adjective') || candidate.tags.has('Gerund');
        if (!usable || candidate.tags.has('Value') || candidate.tags.has('Month') || candidate.tags.has('WeekDay') || STOPWORDS.has(candidate.lower)) break;
        phrase.push(candidate);
        if (!joined(candidate, terms[k + 1])) break;
        k += 1;
      }
      // Trim to the compound noun: "6 short lessons" → "lessons", "3 pricing tiers" → "pricing tiers".
      while (phrase.length > 0 && !isNoun(phrase.at(-1) as Term)) phrase.pop();
      while (phrase.length > 1 && (phrase[0] as Term).tags.has('Adjective') && !isNoun(phrase[0] as Term)) phrase.shift();
      const head = phrase.at(-1);
      if (!head || NOT_COUNTED.has(head.lower) || CALENDAR_WORDS.has(head.lower)) continue;
      if (value >= 1900 && value <= 2100 && !head.tags.has('Plural')) continue; // a year, not a count
      noun = phrase.map((t) => t.lower).join(' ');
    }
    const numberStart = terms[i - 1]?.lower === 'a' && term.lower === 'dozen' ? (terms[i - 2]?.lower === 'half' ? terms[i - 2] : terms[i - 1]) : term;
    const numberEnd = (hyphenated ? first : terms[nounAt - 1]) ?? term;
    if (noun) counts.push({ count: value, noun, number: { start: numberStart?.start ?? term.start, end: numberEnd.end } });
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Keywords
// ---------------------------------------------------------------------------------------------

const GENERIC_ADJECTIVES = new Set(
  `new great good best nice awesome amazing beautiful quick short long big little first next own various different
  cool perfect lovely stunning sleek simple basic main full complete whole certain special`.split(/\s+/u),
);

function isKeywordTerm(term: Term, excluded: readonly Span[]): boolean {
  if (overlaps(term, excluded)) return false;
  if (!/^\p{L}[\p{L}\p{N}'’-]*$/u.test(term.text) || term.lower.length < 2) return false;
  if (STOPWORDS.has(term.lower) || GENERIC.has(term.lower) || VERBISH.has(term.lower) || ACRONYMS.has(term.lower) || CALENDAR_WORDS.has(term.lower)) return false;
  if (PLATFORMS.has(term.lower) || CURRENCY_CODES.has(term.text) || (isCapitalised(term) && !term.initial && term.lower in COLOR_HEX)) return false; // "Black Friday"
  if (term.tags.has('Value') || term.tags.has('Date') || term.tags.has('Money') || term.tags.has('Url') || term.tags.has('Email')) return false;
  if (isFunctionWord(term) || term.tags.has('Possessive') || term.tags.has('Expression')) return false;
  return isNoun(term) || term.tags.has('Adjective') || term.tags.has('Gerund');
}

function findKeywords(terms: readonly Term[], excluded: readonly Span[], shouting: boolean): string[] {
  interface Phrase {
    text: string;
    score: number;
    first: number;
  }
  const phrases = new Map<string, Phrase>();
  const components: string[] = [];
  const wordOf = (t: Term): string => (!shouting && /^\p{Lu}{2,}$/u.test(t.text) ? t.text : t.lower);
  // "recipes" and "recipe", "note-taking" and "note taking" are one keyword.
  const keyOf = (text: string): string =>
    text
      .toLowerCase()
      .split(/[\s-]+/u)
      .map((w) => w.replace(/(?:es|s)$/u, ''))
      .join(' ');
  let i = 0;
  while (i < terms.length) {
    const run: Term[] = [];
    while (i < terms.length && isKeywordTerm(terms[i] as Term, excluded)) {
      const current = terms[i] as Term;
      run.push(current);
      i += 1;
      const next = terms[i];
      if (!next || next.pre !== '' || !(/^\s*$/u.test(current.post) || current.post === '-')) break;
    }
    if (run.length === 0) {
      i += 1;
      continue;
    }
    // A trailing gerund is a noun in "dog grooming" but a verb in "students preparing for…".
    const after = terms[i];
    const verbal = after !== undefined && (isFunctionWord(after) || after.tags.has('Possessive'));
    // "a plumbing company", "a catering business": the -ing word is the subject when a noun follows it.
    const nominal = run.length === 1 && /ing$/u.test((run[0] as Term).lower) && after !== undefined && isNoun(after) && joined(run[0] as Term, after);
    if (nominal) (run[0] as Term).tags.add('Noun');
    while (run.length > 0 && !isNoun(run.at(-1) as Term) && !(run.length > 1 && (run.at(-1) as Term).tags.has('Gerund') && !verbal)) run.pop();
    while (run.length > 0 && (run.at(-1) as Term).tags.has('Gerund') && verbal && run.length > 1) run.pop();
    while (run.length > 0 && (GENERIC_ADJECTIVES.has((run[0] as Term).lower) || (!isNoun(run[0] as Term) && run.length === 1))) run.shift();
    const phrase = run.slice(-3);
    if (phrase.length === 0 || !phrase.some(isNoun)) continue;
    const text = phrase.map((t, k) => wordOf(t) + (k < phrase.length - 1 ? (t.post === '-' ? '-' : ' ') : '')).join('');
    const key = keyOf(text);
    if (phrase.length === 1 && TIER_WORDS.has((phrase[0] as Term).lower)) continue;
    const weak = phrase.every((t) => WEAK.has(t.lower));
    const existing = phrases.get(key);
    if (existing) existing.score += 2;
    else phrases.set(key, { text, score: 2 + phrase.length - (weak ? 3 : 0), first: (phrase[0] as Term).start });
    if (phrase.length > 1) {
      phrase.forEach((t, k) => {
        const inCompound = t.post === '-' || phrase[k - 1]?.post === '-';
        const plainNoun = isNoun(t) && !t.tags.has('Gerund') && !t.tags.has('Adjective');
        if (plainNoun && !WEAK.has(t.lower) && !TIER_WORDS.has(t.lower) && !inCompound) components.push(wordOf(t));
      });
    }
  }
  const ranked = [...phrases.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((p) => p.text);
  const seen = new Set(ranked.map(keyOf));
  for (const word of components) {
    const key = keyOf(word);
    if (!seen.has(key)) {
      seen.add(key);
      ranked.push(word);
    }
  }
  return ranked.slice(0, MAX_ITEMS);
}

// ---------------------------------------------------------------------------------------------
// The brief
// ---------------------------------------------------------------------------------------------

function dedupe<T>(items: readonly T[], key: (item: T) => string, max = MAX_ITEMS): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/** Cuts at a word boundary near max, so compromise never sees half a word. */
function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = clip(text, max);
  const space = cut.lastIndexOf(' ');
  return space > max - 200 ? cut.slice(0, space) : cut;
}

/** Extracts a brief from a prompt. Never throws; same prompt → same brief. */
export function extractBrief(prompt: string): Brief {
  const input = typeof prompt === 'string' ? prompt : '';
  const normalised = clip(normaliseWhitespace(clip(input, MAX_INPUT_CHARS)), MAX_SCAN_CHARS);
  try {
    return analyse(normalised);
  } catch {
    // A heuristic must not take the composer down with it: an empty brief still composes.
    return {
      prompt: normalised, names: [], prices: [], audience: null, place: null, tone: [], colors: [], counts: [], dates: [], urls: [],
      emails: [], keywords: [], niche: 'general',
    };
  }
}

function analyse(normalised: string): Brief {
  const emails = extractEmails(normalised);
  const urls = extractUrls(mask(normalised, emails));
  const text = mask(toPlainText(normalised), [...urls, ...emails]);

  const { prices, spans: priceSpans } = extractPrices(text);
  const { dates, spans: dateSpans } = extractDates(text);
  const { colors, spans: colorSpans } = extractColors(text);
  const toneWords = extractTone(text);
  const quoted = extractQuotedNames(text);

  const nlpText = clipAtWord(text, MAX_NLP_CHARS);
  const terms = parseTerms(nlpText);
  const consumed = [...priceSpans, ...dateSpans, ...colorSpans];

  const shouting = isShouting(terms);
  const called = calledNames(terms, nlpText);
  const capitalised = shouting ? [] : capitalisedNames(terms, nlpText);
  const place = findPlace(terms, nlpText, capitalised.filter((n) => n.words > 1));
  const placeKey = place?.text.toLowerCase();
  const audience = findAudience(terms, nlpText);
  const names = rankNames([
    ...quoted.map((q) => q.name),
    ...called.map((n) => n.name),
    ...capitalised
      .filter((n) => !place || !overlaps(n, place.terms))
      .filter((n) => n.name.toLowerCase() !== placeKey && n.name.toLowerCase() !== audience?.toLowerCase())
      .sort((a, b) => Number(b.words > 1) - Number(a.words > 1) || a.start - b.start)
      .map((n) => n.name),
  ]);

  const countsFound = findCounts(terms, consumed);
  const counts = dedupe(
    countsFound.map(({ count, noun }) => ({ count, noun })),
    (c) => `${c.count} ${c.noun}`,
  );

  const nameSpans: Span[] = [...capitalised, ...called];
  // "Fun Run" is a name, not a tone.
  const tone = dedupe(
    toneWords.filter((t) => !t.negated && !overlaps(t, capitalised.filter((n) => n.words > 1))).map((t) => t.word),
    (t) => t,
  );
  const keywordExclusions: Span[] = [...consumed, ...toneWords, ...nameSpans, ...(place?.terms ?? []), ...countsFound.map((c) => c.number)];
  for (const q of quoted) {
    const at = nlpText.indexOf(q.name);
    if (at >= 0) keywordExclusions.push({ start: at, end: at + q.name.length });
  }
  const keywords = findKeywords(terms, keywordExclusions, shouting);

  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
  const niche = classifyNiche(words.slice(0, 2_000));

  return {
    prompt: normalised,
    names,
    prices: dedupe(prices.filter((p) => normalised.includes(p.text)), (p) => `${p.text}|${p.amount}|${p.currency}|${p.per}`),
    audience,
    place: place?.text ?? null,
    tone,
    colors,
    counts,
    dates,
    urls: urls.slice(0, MAX_ITEMS),
    emails: emails.slice(0, MAX_ITEMS),
    keywords,
    niche,
  };
}

/** Best first, without repeats, and without a name that an earlier one already contains ("Acme" after "Acme Cloud"). */
function rankNames(candidates: readonly string[]): string[] {
  const unique = dedupe(candidates, (name) => name.toLowerCase());
  const words = (name: string): string => ` ${name.toLowerCase().split(/[^\p{L}\p{N}&]+/u).filter(Boolean).join(' ')} `;
  return unique.filter((name, i) => !unique.slice(0, i).some((earlier) => words(earlier).includes(words(name))));
}
