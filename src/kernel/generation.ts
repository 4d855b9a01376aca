import { z } from 'zod';

/**
 * The generation contract tools call through `ToolContext.generation` (DESIGN §8): who may write
 * copy, and what a generation request and its result look like. The generators themselves
 * live in `src/compose`.
 */

/** Who may write a result: a model when one is available (`auto`), only the deterministic template, or a model only. */
export const generatorChoices = ['auto', 'template', 'llm'] as const;
export type GeneratorChoice = (typeof generatorChoices)[number];

/** The `generator` input field of every tool that writes copy. */
export const generatorField = z.enum(generatorChoices).default('auto');

/** Who wrote it: the caller's own text, the client's model (sampling), the configured model, or the template. */
export const generatorNameSchema = z.enum(['caller', 'sampling', 'llm', 'template']);
export type GeneratorName = z.infer<typeof generatorNameSchema>;

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
