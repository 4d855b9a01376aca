/**
 * Picks the generator for one piece of copy (DESIGN.md §8): the MCP client's model through
 * sampling, else an OpenAI-compatible LLM, else the deterministic template. A model's answer
 * must pass the request's Zod schema, with one retry; any failure falls back to the template.
 */
import { z } from 'zod';
import { embeddable, jsonSchemaOf, type JsonSchema } from '../kernel/json-schema.js';
import type { openAiCompatible } from './openai.js';
import type { GenerationRequest, GenerationResult } from '../kernel/generation.js';

export type LlmClient = ReturnType<typeof openAiCompatible>;

/** Room for a page of copy; sampling clients require a bound. */
const SAMPLING_MAX_TOKENS = 4_000;
/** How much of a rejected answer the retry quotes back to the model. */
const QUOTED_ANSWER_CHARS = 2_000;

const NO_MODEL_WARNING =
  'No model is available, so the deterministic template wrote this. To use an LLM, set LLM_BASE_URL ' +
  '(e.g. http://localhost:11434/v1), LLM_MODEL and, if the endpoint needs one, LLM_API_KEY; ' +
  'or connect with an MCP client that supports sampling.';

/** A model the generator can ask, whatever carries the question. */
interface Model {
  generator: 'sampling' | 'llm';
  /** Says which model, in warnings. */
  label: string;
  /** `jsonSchema` is also in the prompt's text; endpoints with response_format get it there too. */
  ask(prompt: string, jsonSchema: JsonSchema): Promise<string>;
}

export async function generate<T>(request: GenerationRequest<T>, llm: LlmClient | null): Promise<GenerationResult<T>> {
  if (request.choice === 'template') return fromTemplate(request, []);
  const model = pickModel(request, llm);
  if (!model) return fromTemplate(request, request.choice === 'llm' ? [NO_MODEL_WARNING] : []);
  try {
    return { value: await askForValue(model, request), generator: model.generator, warnings: [] };
  } catch (error) {
    // A cancelled request wants no answer at all, not a template one.
    request.signal?.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    return fromTemplate(request, [`Used the deterministic template because the ${model.label} failed: ${reason}`]);
  }
}

function fromTemplate<T>(request: GenerationRequest<T>, warnings: string[]): GenerationResult<T> {
  return { value: request.template(), generator: 'template', warnings };
}

function pickModel<T>(request: GenerationRequest<T>, llm: LlmClient | null): Model | null {
  const { system, signal, sampler } = request;
  if (sampler) {
    return {
      generator: 'sampling',
      label: "MCP client's model (sampling)",
      ask: (prompt) => sampler({ system, prompt, maxTokens: SAMPLING_MAX_TOKENS, signal }),
    };
  }
  if (llm) {
    return {
      generator: 'llm',
      label: `LLM (${llm.label})`,
      ask: (prompt, jsonSchema) => llm.complete({ system, prompt, schemaName: request.name, jsonSchema, signal }),
    };
  }
  return null;
}

async function askForValue<T>(model: Model, request: GenerationRequest<T>): Promise<T> {
  // What the model writes is parsed by the schema: it is the schema's input (transforms, such as colours normalised, apply after).
  const jsonSchema = embeddable(jsonSchemaOf(request.schema, 'input'));
  // The schema goes in the text for every model: sampling has no response_format, and
  // endpoints that do not enforce one (OpenAI without strict) follow it better when shown.
  const prompt = `${request.prompt}\n\nAnswer with a single JSON object, and nothing else, that conforms to this JSON Schema:\n${JSON.stringify(jsonSchema)}`;

  const first = await model.ask(prompt, jsonSchema);
  const checked = check(first, request.schema);
  if (checked.ok) return checked.value;

  const second = await model.ask(withCorrections(prompt, first, checked.problem), jsonSchema);
  const rechecked = check(second, request.schema);
  if (rechecked.ok) return rechecked.value;
  throw new Error(`Its answer was rejected twice. ${rechecked.problem}`);
}

function withCorrections(prompt: string, answer: string, problem: string): string {
  const quoted = answer.length > QUOTED_ANSWER_CHARS ? `${answer.slice(0, QUOTED_ANSWER_CHARS)}…` : answer;
  return `${prompt}\n\nYour previous answer was:\n${quoted}\n\nIt was rejected. ${problem}\nAnswer again with one corrected JSON object.`;
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

function check<T>(answer: string, schema: z.ZodType<T>): Checked<T> {
  let json: unknown;
  try {
    json = JSON.parse(jsonIn(answer));
  } catch (error) {
    return { ok: false, problem: `It was not a JSON object (${error instanceof Error ? error.message : String(error)}).` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${z.core.toDotPath(issue.path) || '(root)'}: ${issue.message}`);
  return { ok: false, problem: `It did not match the schema: ${issues.join('; ')}.` };
}

/** The JSON object in a model's answer: past any reasoning block and code fence, outermost braces. */
function jsonIn(answer: string): string {
  // Reasoning models served by Ollama or vLLM may prefix <think>…</think>, which can hold braces.
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  return start >= 0 && end > start ? fenced.slice(start, end + 1) : fenced;
}
