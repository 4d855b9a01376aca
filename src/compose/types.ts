/** What a prompt says, extracted deterministically (no model): the template composer's input. */
export interface Brief {
  /** The prompt, whitespace-normalised. */
  prompt: string;
  /** Product, brand or business names: quoted phrases first, then capitalised phrases. */
  names: string[];
  prices: Array<{ text: string; amount: string; currency: string | null; per: string | null }>;
  /** "for busy parents" → "busy parents". */
  audience: string | null;
  /** "in Austin" → "Austin". */
  place: string | null;
  /** Tone words found (friendly, professional, playful, bold, minimal, luxurious, …). */
  tone: string[];
  /** #hex colours, normalised to lower-case #rrggbb, and colour names. */
  colors: Array<{ text: string; hex: string }>;
  /** "6 lessons" → {count: 6, noun: "lessons"}. */
  counts: Array<{ count: number; noun: string }>;
  /** ISO dates (YYYY-MM-DD) where the text names a calendar date. */
  dates: Array<{ text: string; iso: string }>;
  urls: string[];
  emails: string[];
  /** The most salient content words and phrases, best first. */
  keywords: string[];
  /** A niche the template composer has curated copy for (e.g. "pet_services", "fitness", "saas"), or "general". */
  niche: string;
}
