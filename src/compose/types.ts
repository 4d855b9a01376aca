import type { z } from 'zod';

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

export type GeneratorChoice = 'auto' | 'template' | 'llm';
export type GeneratorName = 'caller' | 'sampling' | 'llm' | 'template';

/** Asks the connected MCP client's model (sampling/createMessage); present only when the client declared sampling. */
export type Sampler = (request: { system: string; prompt: string; maxTokens: number; signal?: AbortSignal }) => Promise<string>;

export interface GenerationRequest<T> {
  /** What to produce; LLM answers are validated against it. */
  schema: z.ZodType<T>;
  /** A name for the schema (OpenAI response_format json_schema.name). */
  name: string;
  /** The system instructions and the user prompt for a model. */
  system: string;
  prompt: string;
  choice: GeneratorChoice;
  /** The deterministic result, used when no model is available or a model's answers fail validation. */
  template: () => T;
  sampler?: Sampler;
  signal?: AbortSignal;
}

export interface GenerationResult<T> {
  value: T;
  generator: GeneratorName;
  warnings: string[];
}
