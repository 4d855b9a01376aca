/**
 * A client for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM,
 * LM Studio, …) that asks for one JSON answer shaped by a JSON Schema.
 */
import { z } from 'zod';

export interface OpenAiCompatibleOptions {
  /** The API root, e.g. `http://localhost:11434/v1` (Ollama) or `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface CompletionRequest {
  system: string;
  prompt: string;
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  signal?: AbortSignal;
}

// Only what we read; providers add much more (usage, logprobs, …).
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }) })).min(1),
});

const EXCERPT_CHARS = 200;

export function openAiCompatible(options: OpenAiCompatibleOptions) {
  const { apiKey, model, timeoutMs } = options;
  const root = apiRoot(options.baseUrl);
  const endpoint = `${root}/chat/completions`;
  /** Names the model for warnings and logs; `root` carries no credentials or query. */
  const label = `model "${model}" at ${root}`;

  // Providers sometimes echo the key back ("Incorrect API key provided: sk-…").
  const fail = (message: string) => new Error(apiKey ? message.replaceAll(apiKey, '[redacted]') : message);

  async function complete(request: CompletionRequest): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const body = {
      model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.prompt },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: schemaNameFor(request.schemaName),
          schema: request.jsonSchema,
          // OpenAI's strict mode answers HTTP 400 unless every property is required and every
          // keyword is one it supports; our schemas have optional fields and minLength/maxLength.
          // Non-strict still guides the model (Ollama, vLLM and LM Studio constrain decoding to
          // the schema either way), and the caller validates every answer with Zod regardless.
          strict: false,
        },
      },
      temperature: 0.2,
    };
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;

    let status: number;
    let text: string;
    try {
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) throw fail(`Timed out after ${timeoutMs} ms.`);
      if (request.signal?.aborted) throw fail('Cancelled by the caller.');
      throw fail(`The request to ${endpoint} failed (${networkReason(error)}).`);
    }

    if (status >= 400) throw fail(`HTTP ${status}: ${excerpt(errorMessageIn(text))}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw fail(`HTTP ${status} with a body that is not JSON: ${excerpt(text)}`);
    }
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) throw fail(`The response has no choices[0].message: ${excerpt(text)}`);
    const message = parsed.data.choices[0]!.message;
    if (typeof message.content === 'string') return message.content;
    throw fail(message.refusal ? `The model refused: ${excerpt(message.refusal)}` : 'The response message has no content.');
  }

  return { label, complete };
}

/** `baseUrl` without a trailing slash, credentials, query or fragment. */
function apiRoot(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    // Not echoed: a malformed value might hold a key pasted into the wrong variable.
    throw new Error('The LLM base URL is not a valid URL; expected e.g. http://localhost:11434/v1.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The LLM base URL must use http or https, not ${url.protocol}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** OpenAI requires `^[a-zA-Z0-9_-]{1,64}$`. */
function schemaNameFor(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
}

/** OpenAI-style servers answer `{ error: { message } }`; anything else is shown as sent. */
function errorMessageIn(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text;
}

function networkReason(error: unknown): string {
  // undici reports "fetch failed" and puts the system error (ECONNREFUSED, ENOTFOUND, …) in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return '(empty body)';
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}
