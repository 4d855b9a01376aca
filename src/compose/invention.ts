/**
 * The no-invention check (DESIGN §8): which sentences of generated copy state a number, a price, a time, a name
 * or a claim of an invented kind (ratings, testimonials, statistics, policies, guarantees, awards, people) that
 * the caller's words do not. Pure and linear: a few global regex scans over the text, no NLP library.
 *
 * Decisions (the tests pin each one):
 * - Numbers compare by value: "2,900", "2.900", "2 900", "2'900" are 2900; "12.50" and "12,5" are 12.5. A lone
 *   "." or "," before three digits ("2.900") reads both ways. Digits joined by "." "," "/" into more than one
 *   group ("12.5.2027", "24/7") are several numbers, each checked.
 * - The sources ground more than they say: every digit run in them counts as a number too ("€2,900" grounds "900"),
 *   so formatting never makes a caller's number look invented, and a month's name grounds its number ("14 May 2027"
 *   grounds "14/05/2027"). Prices are strict: a price needs the same amount in
 *   the same currency in the sources ("$38" does not ground "€38", nor does a bare "38" ground "$38").
 * - A currency after an amount counts unless it opens the next amount ("Tables of 10 £1,200"). "Fr." is not read as
 *   Swiss francs: in German hours it is Friday ("Mo.–Fr. 9–18 Uhr").
 * - Percentages need a percentage of that value in the sources ("20 years" does not ground "20%").
 * - Times are clock values: "9:00", "9am", "9h", "9 Uhr", "9.00 Uhr" are 09:00, "9pm" is 21:00. A whole hour is
 *   also grounded by its bare number, so "9–14h" and "Mo–Fr 9 bis 14" ground "9:00–14:00".
 * - Numbers inside words: ordinals ("1st", "2e", "1º") and "5k" (5000) are numbers; "9am", "14h", "9h30" are times;
 *   any other mix of letters and digits ("MP3", "4K", "B2B", "3D") is a code, grounded only by the same code in the
 *   sources or the vocabulary. Number words ("three", "thousands") are not numbers; "thousands of" is a claim.
 * - Names: a capitalised word that is not the first of its sentence (or of a clause after ":", a list item, a
 *   quote) is a name; so is a word after a title ("Dr.", "Mr", "Herr", "Mme", "Sra.") and a CamelCase word
 *   ("WhatsApp") anywhere. A name is grounded by the same word in the sources in any case (a caller who wrote
 *   "sonnenkorn bakery" named it), or by the vocabulary; weekday and month names are always known. German
 *   capitalises every noun, so in German copy and in Markdown headings only titled, CamelCase and all-caps names
 *   are checked. A one-word name that opens a sentence is not seen: the price of not flagging every sentence.
 * - A claim phrase is grounded when the sources contain the same phrase of the same kind ("money-back" is grounded
 *   by "money-back", not by "guarantee"); the vocabulary grounds numbers and names, never claims.
 */
import { detectLang } from './facts/lang.js';

/** What the caller's texts say: the values the copy may repeat. Numbers, percentages and amounts are plain decimals. */
export interface Grounding {
  numbers: ReadonlySet<string>;
  percents: ReadonlySet<string>;
  /** "2900 EUR". */
  money: ReadonlySet<string>;
  /** 24-hour "HH:MM". */
  times: ReadonlySet<string>;
  /** Every word and code of the sources, lower case: what grounds a name. */
  words: ReadonlySet<string>;
  /** The proper-name tokens and multi-word names the sources write capitalised, lower case (for reports). */
  names: ReadonlySet<string>;
  /** The claim phrases the sources say, as `kind:index` into CLAIMS. */
  claims: ReadonlySet<string>;
}

export interface InventionOptions {
  /** Words and numbers the kind itself writes (labels, its fixed copy): they ground names and numbers. */
  vocabulary?: readonly string[];
  /** BCP 47 primary subtag of the copy; detected from the text when absent. */
  lang?: string;
}

export interface UnsupportedSentence {
  sentence: string;
  /** `kind "as written"`: `number "300"`, `price "€49"`, `name "Dr. Smith"`, `rating "Rated"`, `policy "money-back"`. */
  reasons: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Claim phrases of the invented kinds, en/es/pt/de/fr, matched case-insensitively between word edges.

type ClaimKind = 'rating' | 'testimonial' | 'statistic' | 'policy' | 'guarantee' | 'award' | 'people';

// prettier-ignore
const CLAIMS: Record<ClaimKind, string[]> = {
  rating: [
    String.raw`\d(?:[.,]\d)?\s?(?:/\s?(?:5|10)\s?)?stars?`, String.raw`\d(?:[.,]\d)?\s?/\s?(?:5|10)(?![/.,]?\d)`, String.raw`(?:five|four|5|4)[- ]stars?`,
    '★+', '⭐+', '☆+', 'rated', 'ratings?', 'reviews', '(?:customer|client|patient|guest|google) reviews?', 'reviewed by', String.raw`top[- ]rated`, String.raw`best[- ]rated`,
    'estrellas', String.raw`valoraci[oó]n(?:es)?`, 'valorad[oa]s?', 'reseñas?', String.raw`calificaci[oó]n(?:es)?`, 'opiniones',
    'estrelas', 'avaliaç(?:ão|ões)', 'avaliad[oa]s?',
    'sterne', 'sternen', 'bewertungen?', 'bewertet', 'rezensionen?',
    'étoiles?', String.raw`avis (?:clients?|vérifiés)`, 'évaluations?',
  ],
  testimonial: [
    'testimonials?', String.raw`(?:customers|clients|patients|guests|students) (?:say|love|rave)`, 'trusted by',
    'testimonios?', 'lo que dicen', 'clientes (?:dicen|opinan)', 'depoimentos?', 'o que dizem',
    'kundenstimmen', 'erfahrungsberichte', 'das sagen unsere', 'témoignages?', 'ils nous font confiance', 'ce que disent',
  ],
  statistic: [
    String.raw`\d+(?:[.,]\d+)?\s?%\s?(?:of|de|der|des|dos|das|du|more|less|fewer|faster|mehr|weniger|más|menos|mais|plus)`,
    String.raw`\d+(?:[.,]\d+)?[x×]`, String.raw`times (?:faster|more|better|cheaper)`, '(?:hundreds|thousands|millions) of',
    '(?:happy|satisfied) (?:customers|clients|patients|guests|students)', 'years of experience',
    '(?:cientos|miles|millones) de', 'clientes (?:satisfechos|felices)', 'años de experiencia', 'veces más',
    '(?:centenas|milhares|milhões) de', 'clientes (?:satisfeitos|felizes)', 'anos de experiência', 'vezes mais',
    '(?:hunderte|tausende|millionen) (?:von|zufriedener)', 'zufriedene[nr]? (?:kunden|patienten|gäste)', 'jahren? erfahrung', 'mal (?:schneller|mehr|besser)',
    '(?:centaines|milliers|millions) de', 'clients (?:satisfaits|heureux)', 'ans d[\'’]expérience', 'fois plus',
  ],
  policy: [
    String.raw`money[- ]back`, String.raw`refund\p{L}*`, 'free returns?', 'free (?:shipping|delivery)', 'cancel (?:any ?time|at any time)',
    'no hidden (?:fees|costs|charges)', String.raw`within \d+ (?:hours?|days?|business days|working days|minutes)`, 'no questions asked',
    String.raw`risk[- ]free`, 'free cancellation', 'no (?:commitment|contract)', '(?:return|refund|cancellation|shipping) policy',
    'reembolsos?', String.raw`devoluci[oó]n(?:es)?`, 'envío (?:gratis|gratuito)', 'cancela(?:r)? cuando quieras',
    'sin (?:costes|costos|cargos|comisiones) ocultos', 'sin (?:compromiso|permanencia)', String.raw`(?:en|dentro de) (?:menos de )?\d+ (?:horas|días)`,
    'devoluç(?:ão|ões)', '(?:frete|entrega) grátis', 'cancele quando quiser', 'sem taxas (?:ocultas|escondidas)', 'sem (?:compromisso|fidelidade)',
    String.raw`em até \d+ (?:horas|dias)`,
    String.raw`geld[- ]zurück\p{L}*`, 'rückerstattung', 'kostenlose[nr]? (?:rücksendung|rückgabe|versand|lieferung)', 'versandkostenfrei',
    'jederzeit kündbar', 'keine versteckten kosten', String.raw`innerhalb von \d+ (?:stunden|tagen|minuten)`, 'ohne vertragsbindung', 'risikofrei', 'rückgaberecht',
    String.raw`rembours\p{L}*`, 'retours? gratuits?', 'livraison (?:gratuite|offerte)', 'résiliable à tout moment', 'sans frais cachés', 'sans engagement',
    String.raw`(?:sous|en moins de) \d+ (?:heures|jours|minutes|h)`,
  ],
  guarantee: [String.raw`guarant\p{L}*`, String.raw`warrant(?:y|ies)`, String.raw`garant\p{L}*`],
  award: [
    String.raw`award[- ]winning`, 'awards?', String.raw`#\s?1`, String.raw`no\.\s?1`, 'number one', 'best in', String.raw`(?:industry|market)[- ]leading`,
    'premiad[oa]s?', 'galardonad[oa]s?', 'premios?', 'número (?:1|uno|um)', String.raw`n[º°]\s?1`, '(?:el|la) mejor de', 'líder(?:es)? en',
    'prêmios?', '(?:o|a) melhor d[aeo]', 'líder(?:es)? em',
    String.raw`preisgekrönt\p{L}*`, 'ausgezeichnet mit', 'testsieger', String.raw`nr\.\s?1`, 'nummer (?:1|eins)', 'marktführer', '(?:der|die|das) beste[n]? (?:in|im|der)',
    String.raw`primée?s?`, String.raw`récompensée?s?`, 'numéro 1', '(?:le|la) meilleure? (?:de|du|des)',
  ],
  people: [
    'our team of', String.raw`our (?:expert|experienced|certified|qualified|dedicated|friendly) (?:team|staff)`, 'founded by', 'meet (?:the|our) team',
    'nuestro equipo de', 'equipo de (?:expertos|profesionales)', 'fundad[oa] por', 'nossa equipe de', 'nosso time de', 'equipe de (?:especialistas|profissionais)',
    'unser team (?:aus|von)', 'gegründet von', 'notre équipe de', 'fondée? par',
  ],
};

// One scan for every phrase (a third of the time of one per kind); the capture group that matched names the phrase.
const PHRASES = (Object.entries(CLAIMS) as Array<[ClaimKind, string[]]>).flatMap(([kind, phrases]) => phrases.map((phrase) => ({ kind, phrase })));
const CLAIM = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${PHRASES.map(({ phrase }) => `(${phrase})`).join('|')})(?![\p{L}\p{N}])`, 'giu');

/** Every claim phrase in `text`, each with its kind and `kind:index` key. */
function claimHits(text: string): Array<{ start: number; end: number; kind: ClaimKind; key: string }> {
  const hits: Array<{ start: number; end: number; kind: ClaimKind; key: string }> = [];
  for (const m of text.matchAll(CLAIM)) {
    const index = m.findIndex((group, i) => i > 0 && group !== undefined) - 1;
    const kind = PHRASES[index]?.kind ?? 'rating';
    hits.push({ start: m.index, end: m.index + m[0].length, kind, key: `${kind}:${index}` });
  }
  return hits;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers, money, percentages, times and words, read in one scan.

// prettier-ignore
const SIGNS: Record<string, string> = {
  'US$': 'USD', 'CA$': 'CAD', C$: 'CAD', 'AU$': 'AUD', A$: 'AUD', 'NZ$': 'NZD', R$: 'BRL', 'MX$': 'MXN', $: 'USD',
  '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', chf: 'CHF',
  dollar: 'USD', dollars: 'USD', euro: 'EUR', euros: 'EUR', reais: 'BRL', real: 'BRL', pounds: 'GBP', francs: 'CHF', francos: 'CHF',
};
const CODES = 'USD|EUR|GBP|CHF|BRL|MXN|CAD|AUD|NZD|ARS|COP|CLP|PEN|UYU|JPY|INR|SEK|NOK|DKK|PLN';
const SIGN = String.raw`US\$|CA\$|C\$|AU\$|A\$|NZ\$|R\$|MX\$|\$|€|£|¥|₹`;
// Groups of three after a thousands separator, or digits with "." "," "/" between groups (decimals, dates, "24/7").
const NUM = String.raw`\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,/]\d+)*`;

// Groups: 1 sign, 2 its amount, 3 "k"; 4 code, 5 its amount; 6 a number; 7 a word.
const TOKEN = new RegExp(
  [String.raw`(${SIGN})\s?(${NUM})([kK](?![\p{L}\p{N}]))?`, String.raw`(?<![\p{L}\p{N}])(${CODES})\s?(${NUM})`, String.raw`(${NUM})`, String.raw`([\p{L}\p{M}][\p{L}\p{M}\p{N}]*)`].join('|'),
  'gu',
);
// What may follow a number, tried in order at the end of it.
const AFTER = {
  clock: /:(\d{2})(?!\d)(?:\s?(am|pm|a\.m\.|p\.m\.)(?![\p{L}]))?(?:\s?Uhr(?![\p{L}]))?/iuy,
  meridiem: /\s?(am|pm|a\.m\.|p\.m\.)(?![\p{L}])/iuy,
  hour: /\s?h(\d{2})?(?![\p{L}\p{N}])|\s?Uhr(?![\p{L}])/uy,
  // Not a sign that opens the next amount: "Tables of 10 £1,200".
  money: new RegExp(String.raw`\s?(€|£|\$|CHF|${CODES}|dollars?|euros?|reais|pounds|francs|francos)(?![\p{L}]|\s?\d)`, 'uy'),
  percent: /\s?(?:%|percent(?![\p{L}])|per cent(?![\p{L}])|por ciento(?![\p{L}])|por cento(?![\p{L}])|prozent(?![\p{L}])|pour ?cent(?![\p{L}]))/iuy,
  ordinal: /(?:st|nd|rd|th|er|re|e|ème|º|ª)(?![\p{L}\p{N}])/uy,
  thousands: /k(?![\p{L}\p{N}])/uy,
  glued: /[\p{L}\p{M}\p{N}]+/uy,
};

const SUFFIX_START = /[%€£$\p{L}]/u;
const ONLY_DIGITS = /^\d+$/u;

/** "0012" → "12", "12.50" → "12.5", "3.00" → "3". */
function canonical(whole: string, fraction = ''): string {
  const w = whole.charAt(0) === '0' ? whole.replace(/^0+(?=\d)/u, '') : whole;
  const f = fraction.endsWith('0') ? fraction.replace(/0+$/u, '') : fraction;
  return f ? `${w}.${f}` : w;
}

/** The values a written number stands for: one inner list per value, each listing the readings it may have. */
function numberValues(written: string): string[][] {
  if (ONLY_DIGITS.test(written)) return [[canonical(written)]];
  const groups = written.split(/[^\d]/u);
  const separators = written.replace(/\d/gu, '');
  if (groups.length === 1) return [[canonical(written)]];
  const [first = '', ...rest] = groups;
  const last = groups[groups.length - 1] ?? '';
  const thousands = (gs: string[]) => gs.every((g) => g.length === 3);
  if (/^[\s'’\u00a0\u202f]+$/u.test(separators) || (new Set(separators).size === 1 && groups.length > 2 && thousands(rest) && first.length <= 3)) {
    return [[canonical(groups.join(''))]];
  }
  if (groups.length === 2 && /^[.,]$/u.test(separators)) {
    const decimal = canonical(first, last);
    return [last.length === 3 && first.length <= 3 && first !== '0' ? [canonical(first + last), decimal] : [decimal]];
  }
  // "2.900,00", "2 900,50": thousands groups, then a decimal separator unlike theirs.
  const lastSep = separators.charAt(separators.length - 1);
  if (/[.,]/u.test(lastSep) && !separators.slice(0, -1).includes(lastSep) && thousands(groups.slice(1, -1)) && first.length <= 3) {
    return [[canonical(groups.slice(0, -1).join(''), last)]];
  }
  return groups.map((g) => [canonical(g)]);
}

/** A price has no third decimal: "€2.900" is 2900 only. */
const moneyAmounts = (values: string[][]): string[] => values.flatMap((alternatives) => alternatives.slice(0, 1));

const thousandsOf = (value: string): string => {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = (fraction + '000').slice(0, 3);
  return canonical(whole + digits, fraction.slice(3));
};

function clock(hour: number, minute: string, meridiem: string | undefined): string | null {
  let h = hour;
  const m = meridiem?.toLowerCase().replace(/\./gu, '');
  if (m === 'pm' && h < 12) h += 12;
  if (m === 'am' && h === 12) h = 0;
  if (h > 24 || Number(minute) > 59) return null;
  return `${String(h).padStart(2, '0')}:${minute}`;
}

/** A value the text states, as read by one scan. */
type Value =
  | { type: 'number'; values: string[][]; digits: string[] }
  | { type: 'percent'; values: string[][] }
  | { type: 'money'; amounts: string[]; currency: string }
  | { type: 'time'; time: string; hour: string }
  | { type: 'word'; written: string; word: string; code: boolean };

interface Token {
  start: number;
  end: number;
  value: Value;
}

const digitRuns = (written: string): string[] => (ONLY_DIGITS.test(written) ? [canonical(written)] : (written.match(/\d+/gu) ?? []).map((run) => canonical(run)));

/** The token a number starts at `m.index`, with what follows it. */
function numberToken(text: string, start: number, written: string): Token {
  const at = start + written.length;
  const follow = (regex: RegExp): RegExpExecArray | null => {
    regex.lastIndex = at;
    return regex.exec(text);
  };
  const values = numberValues(written);
  // Most numbers are followed by a space and a plain word: skip the suffix tries then.
  const next = text.charAt(at);
  const plain = (): Token => ({ start, end: at, value: { type: 'number', values, digits: digitRuns(written) } });
  if (next !== ':' && !SUFFIX_START.test(/\s/u.test(next) ? text.charAt(at + 1) : next)) return plain();
  const isHour = /^\d{1,2}$/u.test(written);
  const money = follow(AFTER.money);
  if (money) {
    const sign = money[1] ?? '';
    return { start, end: at + money[0].length, value: { type: 'money', amounts: moneyAmounts(values), currency: SIGNS[sign.toLowerCase()] ?? SIGNS[sign] ?? sign.toUpperCase() } };
  }
  const percent = follow(AFTER.percent);
  if (percent) return { start, end: at + percent[0].length, value: { type: 'percent', values } };
  const colon = isHour ? follow(AFTER.clock) : null;
  const time = colon ? clock(Number(written), colon[1] ?? '00', colon[2]) : null;
  if (colon && time) return { start, end: at + colon[0].length, value: { type: 'time', time, hour: canonical(written) } };
  const meridiem = isHour ? follow(AFTER.meridiem) : null;
  const pm = meridiem ? clock(Number(written), '00', meridiem[1]) : null;
  if (meridiem && pm) return { start, end: at + meridiem[0].length, value: { type: 'time', time: pm, hour: canonical(written) } };
  // "9.30 Uhr": the dot is the clock's.
  const dotted = /^(\d{1,2})[.:](\d{2})$/u.exec(written);
  const hour = isHour || dotted ? follow(AFTER.hour) : null;
  const hourTime = hour ? clock(Number(dotted ? dotted[1] : written), hour[1] ?? dotted?.[2] ?? '00', undefined) : null;
  if (hour && hourTime) return { start, end: at + hour[0].length, value: { type: 'time', time: hourTime, hour: canonical(dotted?.[1] ?? written) } };
  const ordinal = follow(AFTER.ordinal);
  if (ordinal) return { start, end: at + ordinal[0].length, value: { type: 'number', values, digits: digitRuns(written) } };
  const thousands = follow(AFTER.thousands);
  if (thousands) return { start, end: at + 1, value: { type: 'number', values: values.map((v) => v.map(thousandsOf)), digits: [...digitRuns(written), ...values.flat()] } };
  const glued = follow(AFTER.glued);
  if (glued) {
    const end = at + glued[0].length;
    const written = text.slice(start, end);
    return { start, end, value: { type: 'word', written, word: written.toLowerCase(), code: true } };
  }
  return plain();
}

/** Every value and word of `text`, in order. */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const start = m.index;
    if (m[7] !== undefined) {
      tokens.push({ start, end: start + m[7].length, value: { type: 'word', written: m[7], word: m[7].toLowerCase(), code: /\d/u.test(m[7]) } });
    } else if (m[6] !== undefined) {
      const token = numberToken(text, start, m[6]);
      tokens.push(token);
      TOKEN.lastIndex = token.end;
    } else {
      const written = m[2] ?? m[5] ?? '';
      const sign = m[1] ?? m[4] ?? '';
      const amounts = moneyAmounts(numberValues(written));
      const currency = SIGNS[sign] ?? sign;
      tokens.push({ start, end: start + m[0].length, value: { type: 'money', amounts: m[3] ? amounts.map(thousandsOf) : amounts, currency } });
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Grounding.

const isCapitalised = (word: string): boolean => /^[\p{Lu}\p{Lt}]/u.test(word);

/** The numbers, prices, times, names and claims the given texts state (the prompt, the caller's content, the source, the facts). */
export function groundingOf(sources: readonly string[]): Grounding {
  const g = {
    numbers: new Set<string>(),
    percents: new Set<string>(),
    money: new Set<string>(),
    times: new Set<string>(),
    words: new Set<string>(),
    names: new Set<string>(),
    claims: new Set<string>(),
  };
  for (const source of sources) {
    let run: string[] = [];
    let runEnd = -1;
    const endRun = () => {
      if (run.length > 1) g.names.add(run.join(' ').toLowerCase());
      run = [];
    };
    for (const { start, end, value } of tokensOf(source)) {
      switch (value.type) {
        case 'number':
          for (const v of [...value.values.flat(), ...value.digits]) g.numbers.add(v);
          break;
        case 'percent':
          for (const v of value.values.flat()) g.percents.add(v);
          for (const v of value.values.flat()) g.numbers.add(v);
          break;
        case 'money':
          for (const amount of value.amounts) g.money.add(`${amount} ${value.currency}`);
          for (const amount of value.amounts) g.numbers.add(amount);
          for (const v of digitRuns(source.slice(start, end))) g.numbers.add(v);
          break;
        case 'time':
          g.times.add(value.time);
          g.numbers.add(value.hour);
          for (const v of digitRuns(source.slice(start, end))) g.numbers.add(v);
          break;
        case 'word': {
          g.words.add(value.word);
          const month = MONTH_NUMBERS.get(value.word);
          if (month) g.numbers.add(month);
          const written = value.written;
          if (!isCapitalised(written)) break;
          g.names.add(value.word);
          // A multi-word name: capitalised words joined by spaces, hyphens or "&".
          if (run.length && !/^[\s\-&]+$/u.test(source.slice(runEnd, start))) endRun();
          run.push(written);
          runEnd = end;
          continue;
        }
      }
      endRun();
    }
    endRun();
    for (const hit of claimHits(source)) g.claims.add(hit.key);
  }
  return g;
}

/** Every fact's own words in a fact sheet (each `text` of a Stated, wherever it sits), to ground copy with. */
export function factTexts(facts: unknown): string[] {
  if (Array.isArray(facts)) return facts.flatMap(factTexts);
  if (facts === null || typeof facts !== 'object') return [];
  const own = 'text' in facts && typeof facts.text === 'string' ? [facts.text] : [];
  return [...own, ...Object.entries(facts).flatMap(([key, child]) => (key === 'text' || key === 'span' ? [] : factTexts(child)))];
}

// Names every page may write: weekdays and months (en, es, pt, de, fr) and their short forms.
// prettier-ignore
const KNOWN_NAMES: ReadonlySet<string> = new Set(
  `monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
  january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  lunes martes miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre
  segunda terça quarta quinta sexta janeiro fevereiro março maio junho julho setembro outubro novembro dezembro
  montag dienstag mittwoch donnerstag freitag samstag sonntag mo di mi do fr sa so januar jänner februar märz juni juli oktober dezember
  lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre octobre novembre décembre`.split(/\s+/u),
);
// A month's name grounds its number: the copy may write "14/05/2027" for the prompt's "14 May 2027".
// prettier-ignore
const MONTH_NUMBERS: ReadonlyMap<string, string> = new Map(
  [
    'january february march april may june july august september october november december',
    'jan feb mar apr may jun jul aug sep oct nov dec',
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
    'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro',
    'januar februar märz april mai juni juli august september oktober november dezember',
    'janvier février mars avril mai juin juillet août septembre octobre novembre décembre',
  ].flatMap((months) => months.split(' ').map((month, i) => [month, String(i + 1)] as const)),
);
const TITLES: ReadonlySet<string> = new Set(['dr', 'dra', 'drs', 'prof', 'mr', 'mrs', 'ms', 'mx', 'sr', 'sra', 'srta', 'herr', 'frau', 'mme', 'mlle']);

// ---------------------------------------------------------------------------------------------------------------
// Sentences.

export interface Sentence {
  /** `[start, end)` of the sentence's words, without the whitespace after it. */
  start: number;
  end: number;
  /** Where the next sentence starts: `end` plus the whitespace after the sentence. */
  next: number;
}

// prettier-ignore
const ABBREVIATIONS: ReadonlySet<string> = new Set([...TITLES,
  'st', 'nr', 'str', 'min', 'max', 'ca', 'bzw', 'inkl', 'zzgl', 'usw', 'vs', 'approx', 'tel', 'av', 'avda', 'ggf', 'evtl', 'vgl', 'jr', 'dña', 'núm', 'pág', 'cf']);
const MONTH_AFTER = /^\s+(?:jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)/iu;
const CANDIDATE_END = /[.!?…]+["'”’»)\]]*(?=\s|$)|\n/gu;
const SPACE = /\s*/uy;

/**
 * Sentences of `text`, in order, covering it: a line break always ends one; ". ! ? …" end one before whitespace,
 * except after a title or common abbreviation ("Dr.", "z.B.", "Min."), an initial ("J."), before a lower-case
 * word, and in a day-month date ("4. Januar"). Linear; Intl.Segmenter breaks after "Dr." and takes 200 ms on 100k.
 */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  SPACE.lastIndex = 0;
  SPACE.exec(text);
  let start = SPACE.lastIndex;
  CANDIDATE_END.lastIndex = start;
  for (let m = CANDIDATE_END.exec(text); m; m = CANDIDATE_END.exec(text)) {
    const end = m[0] === '\n' ? m.index : m.index + m[0].length;
    if (m[0] !== '\n' && !endsSentence(text, m.index, m[0], end)) continue;
    SPACE.lastIndex = end;
    SPACE.exec(text);
    const next = SPACE.lastIndex;
    if (end > start) sentences.push({ start, end, next });
    start = next;
    CANDIDATE_END.lastIndex = Math.max(next, m.index + 1);
  }
  if (start < text.length) sentences.push({ start, end: text.length, next: text.length });
  return sentences;
}

function endsSentence(text: string, at: number, terminator: string, end: number): boolean {
  const following = text.slice(end, end + 12);
  if (/^\s+\p{Ll}/u.test(following)) return false;
  if (terminator.charAt(0) !== '.' || terminator.length > 1) return true;
  const before = /[\p{L}\p{N}]+$/u.exec(text.slice(Math.max(0, at - 12), at))?.[0] ?? '';
  // An initial ("J. Smith") or the end of a dotted abbreviation ("e.g.", "z.B.", "U.S.").
  if (/^\p{Lu}$/u.test(before) || (/^\p{L}$/u.test(before) && text.charAt(at - 2) === '.')) return false;
  if (ABBREVIATIONS.has(before.toLowerCase())) return false;
  return !(/^\d{1,2}$/u.test(before) && MONTH_AFTER.test(following));
}

// ---------------------------------------------------------------------------------------------------------------
// The check.

/** Where `text` says what neither the grounding nor the vocabulary does, with why (`kind "as written"`). */
function unsupportedHits(text: string, grounding: Grounding, vocabulary: Grounding, lang: string, sentences: Sentence[]): Array<{ start: number; reason: string }> {
  const hits: Array<{ start: number; reason: string }> = [];
  const has = (set: (g: Grounding) => ReadonlySet<string>, value: string): boolean => set(grounding).has(value) || set(vocabulary).has(value);
  const numbers = (g: Grounding) => g.numbers;
  const percents = (g: Grounding) => g.percents;
  let s = 0;
  let previous: Token | undefined;
  for (const token of tokensOf(text)) {
    while (s < sentences.length && (sentences[s]?.end ?? 0) <= token.start) s += 1;
    const sentence = sentences[s];
    if (!sentence) break;
    if (previous && previous.start < sentence.start) previous = undefined;
    const { value, start, end } = token;
    let kind: string | null = null;
    let from = start;
    switch (value.type) {
      case 'number':
        if (!value.values.every((alts) => alts.some((v) => has(numbers, v)))) kind = 'number';
        break;
      case 'percent':
        if (!value.values.every((alts) => alts.some((v) => has(percents, v)))) kind = 'percentage';
        break;
      case 'money':
        if (!value.amounts.some((a) => has((g) => g.money, `${a} ${value.currency}`))) kind = 'price';
        break;
      case 'time':
        if (!(has((g) => g.times, value.time) || (value.time.endsWith(':00') && has(numbers, value.hour)))) kind = 'time';
        break;
      case 'word': {
        const name = nameAt(text, token, previous, sentence, lang);
        if (name !== null && !has((g) => g.words, value.word)) [kind, from] = ['name', name];
        break;
      }
    }
    if (kind) hits.push({ start, reason: `${kind} "${text.slice(from, end)}"` });
    previous = token;
  }
  for (const hit of claimHits(text)) if (!grounding.claims.has(hit.key)) hits.push({ start: hit.start, reason: `${hit.kind} "${text.slice(hit.start, hit.end)}"` });
  return hits;
}

/** When the word `token` is a name the copy must not invent, where the name starts (at its title, if any); else null. */
function nameAt(text: string, token: Token, previous: Token | undefined, sentence: Sentence, lang: string): number | null {
  if (token.value.type !== 'word') return null;
  const { written, word, code } = token.value;
  if (written === word && !code) return null; // lower case throughout: the quick way out for most words.
  if (KNOWN_NAMES.has(word) || TITLES.has(word)) return null;
  if (code || /\p{Ll}\p{Lu}/u.test(written)) return token.start; // codes and CamelCase: "B2B", "WhatsApp", "iPhone".
  if (!isCapitalised(written) || written.length < 2) return null;
  const gap = text.slice(previous ? previous.end : sentence.start, token.start);
  if (previous?.value.type === 'word' && TITLES.has(previous.value.word) && /^\.?\s+$/u.test(gap)) return previous.start;
  if (!previous || gap.includes(':') || /^[-*•–—]\s/u.test(gap)) return null;
  const allCaps = !/\p{Ll}/u.test(written);
  if ((lang === 'de' || text.charAt(sentence.start) === '#') && !allCaps) return null;
  return token.start;
}

/** Sentences of `text` that state a number, price, time, name or claim the grounding does not, with why. */
export function unsupportedClaims(text: string, grounding: Grounding, options: InventionOptions = {}): UnsupportedSentence[] {
  const found = flagged(text, grounding, groundingOf(options.vocabulary ?? []), options.lang ?? detectLang(text));
  return found.map(({ sentence, reasons }) => ({ sentence: text.slice(sentence.start, sentence.end), reasons }));
}

function flagged(text: string, grounding: Grounding, vocabulary: Grounding, lang: string): Array<{ sentence: Sentence; reasons: string[] }> {
  const sentences = sentencesOf(text);
  const reasons = new Map<number, Set<string>>();
  for (const hit of unsupportedHits(text, grounding, vocabulary, lang, sentences)) {
    const index = sentenceIndex(sentences, hit.start);
    if (index < 0) continue;
    const set = reasons.get(index) ?? new Set<string>();
    reasons.set(index, set.add(hit.reason));
  }
  return [...reasons.entries()].sort(([a], [b]) => a - b).map(([index, set]) => ({ sentence: sentences[index] as Sentence, reasons: [...set] }));
}

/** The sentence holding offset `at` (binary search), or -1 in the whitespace between sentences. */
function sentenceIndex(sentences: Sentence[], at: number): number {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sentences[mid] as Sentence;
    if (at < s.start) hi = mid - 1;
    else if (at >= s.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * `text` without its unsupported sentences; the rest is kept verbatim, paragraph breaks included. Dropping a
 * sentence can change where its neighbours' sentences end, so the check runs again until nothing is dropped
 * (twice in practice).
 */
export function withoutUnsupported(text: string, grounding: Grounding, options: InventionOptions = {}): { text: string; removed: string[] } {
  const vocabulary = groundingOf(options.vocabulary ?? []);
  const lang = options.lang ?? detectLang(text);
  const removed: string[] = [];
  let current = text;
  for (;;) {
    const drop = flagged(current, grounding, vocabulary, lang).map(({ sentence }) => sentence);
    if (drop.length === 0) return { text: current, removed };
    for (const s of drop) removed.push(current.slice(s.start, s.end));
    current = dropSentences(current, drop);
  }
}

/** `text` without the given sentences (in order); a dropped sentence's line breaks stay unless its line goes with it. */
function dropSentences(text: string, drop: Sentence[]): string {
  // Parts, not one growing string: trimming the end of a long concatenation would copy it at every drop.
  const parts: string[] = [];
  let at = 0;
  // No empty parts: the last part is what the kept text ends with.
  const push = (part: string) => part !== '' && parts.push(part);
  for (const s of drop) {
    push(text.slice(at, s.start));
    const tail = text.slice(s.end, s.next);
    const newline = tail.indexOf('\n');
    const before = parts[parts.length - 1];
    const atLineStart = before === undefined || before.endsWith('\n');
    // The last sentence goes with the breaks before it; the text's own ending (a final newline) stays.
    if (s.next >= text.length) {
      trimParts(parts, /\s/u);
      push(tail);
    } else if (newline >= 0) {
      trimParts(parts, /[^\S\n]/u);
      if (!atLineStart) push(tail.slice(newline));
    }
    at = s.next;
  }
  push(text.slice(at));
  return parts.join('');
}

/** Trims the characters `space` matches off the end of the parts, dropping the parts it empties. */
function trimParts(parts: string[], space: RegExp): void {
  for (let last = parts.pop(); last !== undefined; last = parts.pop()) {
    let end = last.length;
    while (end > 0 && space.test(last.charAt(end - 1))) end -= 1;
    if (end > 0) {
      parts.push(last.slice(0, end));
      return;
    }
  }
}
