/**
 * The fact sheet a prompt becomes (issue 14): typed facts, each with the span of the prompt it
 * came from, so that generated copy can be checked against them (every fact placed, none altered,
 * nothing invented). This file holds the shape only; the labelled prompt set in
 * test/fixtures/facts/ is written against it.
 */

/** Where in the prompt a fact was read: `[start, end)` in UTF-16 code units of the prompt as given. */
export type Span = readonly [start: number, end: number];

/** A fact as the prompt states it. `text` is the prompt's own words for it (`prompt.slice(...span)`). */
export interface Stated {
  text: string;
  span: Span;
}

export interface Money extends Stated {
  /** A plain decimal: "38", "2900", "12.50". */
  amount: string;
  /** ISO 4217 when the prompt says or shows it ("$" alone is USD), else null. */
  currency: string | null;
  /** "from €2,900" → true: a starting price, not a fixed one. */
  from?: boolean;
}

export interface Offering extends Stated {
  /** As the caller calls it: "Invisalign", "handmade mugs". */
  name: string;
  price?: Money;
  /** "per hour", "a month", "per person": the unit the price is for. */
  unit?: string;
  description?: string;
}

/** A change the caller announces: "now opens on Saturdays (9:00–14:00)", "20% off until May 1". */
export interface News extends Stated {
  what: string;
  /** ISO date it takes effect, when stated. */
  from?: string;
  until?: string;
}

export interface OpeningHours extends Stated {
  /** ISO weekday numbers, 1 = Monday … 7 = Sunday. */
  days: number[];
  /** 24-hour "HH:MM"; absent with `closed`. */
  opens?: string;
  closes?: string;
  closed?: boolean;
}

export interface DateFact extends Stated {
  /** YYYY-MM-DD, or YYYY-MM-DDTHH:MM when a time is given. */
  iso: string;
  /** What happens then: "launch", "deadline", "workshop". */
  what?: string;
}

/** A number or claim the caller made about themselves: "20 years in business", "500 clients". */
export interface Claim extends Stated {
  /** The number in it, when there is one, as written digits ("500", "20"). */
  number?: string;
}

/** A condition the caller set: "free shipping over $75", "limited to 12 seats", "US only". */
export interface Constraint extends Stated {
  kind: 'threshold' | 'limit' | 'region' | 'eligibility' | 'other';
}

export interface FactSheet {
  business: { name?: Stated; kind?: Stated };
  offerings: Offering[];
  news: News[];
  place?: Stated;
  /** A street address as written: "Calle Mayor 12, 28013 Madrid". */
  address?: Stated;
  hours: OpeningHours[];
  dates: DateFact[];
  audience?: Stated;
  contacts: { emails: Stated[]; phones: Stated[]; urls: Stated[] };
  /** BCP 47 codes of the languages the business works in, when stated ("we speak English and Spanish"). */
  languages: string[];
  claims: Claim[];
  constraints: Constraint[];
  /** The prompt's own language (BCP 47 primary subtag): "en", "es", "pt", "de", "fr". */
  lang: string;
}

/** The fields the labelled set measures, and the goals issue 14 sets for them. */
export const measuredFields = ['business.name', 'offerings.name', 'offerings.price', 'dates', 'hours', 'address', 'contacts', 'business.kind', 'place', 'audience', 'claims'] as const;
export type MeasuredField = (typeof measuredFields)[number];
export const factGoals = { precision: 0.95, recall: 0.9 } as const;

/**
 * Fields the labelled set also scores, printed without a goal: `claims.number` (a claim's number with its words) and
 * `languages` (the codes) have too few labels for a goal to mean something, so they are read, not gated.
 */
export const reportedFields = ['claims.number', 'languages'] as const;
export type ReportedField = (typeof reportedFields)[number];
export type ScoredField = MeasuredField | ReportedField;
