import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CreateMessageRequestSchema, type CreateMessageRequest } from '@modelcontextprotocol/sdk/types.js';
import { generate, type LlmClient } from '../../src/compose/generate.js';
import { openAiCompatible } from '../../src/compose/openai.js';
import type { GenerationRequest, Sampler } from '../../src/kernel/generation.js';
import { startFakeLlm, type FakeLlm, type FakeLlmAnswer } from '../fixtures/fake-llm.js';

const copySchema = z.object({
  headline: z.string().min(3).max(80),
  bullets: z.array(z.string()).min(2).max(5),
});
type Copy = z.infer<typeof copySchema>;

const templateCopy: Copy = { headline: 'Dog walking in Austin', bullets: ['Insured walkers', 'GPS-tracked walks'] };
const modelCopy: Copy = { headline: 'Happy dogs, happy Austin', bullets: ['Daily walks', 'Photo updates', 'Fully insured'] };
const invalidCopy = JSON.stringify({ headline: 'Hi', bullets: ['only one'] });

function copyRequest(overrides: Partial<GenerationRequest<Copy>> = {}): GenerationRequest<Copy> {
  return {
    schema: copySchema,
    name: 'landing_copy',
    system: 'You write landing-page copy.',
    prompt: 'A dog-walking service in Austin for busy professionals.',
    choice: 'auto',
    template: () => templateCopy,
    ...overrides,
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function fakeLlm(answers: FakeLlmAnswer[], options: { apiKey?: string; timeoutMs?: number } = {}): Promise<{ fake: FakeLlm; llm: LlmClient }> {
  const fake = await startFakeLlm({ answers });
  cleanups.push(() => fake.close());
  const llm = openAiCompatible({ baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: options.timeoutMs ?? 5_000, apiKey: options.apiKey });
  return { fake, llm };
}

/** The user message of each request the fake received. */
function promptsSent(fake: FakeLlm): string[] {
  return fake.requests.map((request) => request.messages.find((message) => message.role === 'user')?.content ?? '');
}

describe('generate with an OpenAI-compatible LLM', () => {
  it('accepts a valid JSON answer and sends a well-formed request', async () => {
    const { fake, llm } = await fakeLlm([JSON.stringify(modelCopy)]);

    const result = await generate(copyRequest(), llm);

    expect(result).toEqual({ value: modelCopy, generator: 'llm', warnings: [] });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.model).toBe('fake-model');
    expect(sent?.temperature).toBe(0.2);
    expect(sent?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent?.messages[0]?.content).toBe('You write landing-page copy.');
    expect(sent?.messages[1]?.content).toContain('A dog-walking service in Austin');
    expect(sent?.response_format.json_schema).toMatchObject({ name: 'landing_copy', strict: false });
    const schema = sent?.response_format.json_schema.schema;
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', required: ['headline', 'bullets'] });
    expect(fake.authorizations).toEqual([undefined]);
  });

  it('accepts an answer in a ```json fence with chatter around it', async () => {
    const { llm } = await fakeLlm([`Here is your copy:\n\`\`\`json\n${JSON.stringify(modelCopy, null, 2)}\n\`\`\`\nEnjoy!`]);

    const result = await generate(copyRequest(), llm);

    expect(result).toEqual({ value: modelCopy, generator: 'llm', warnings: [] });
  });

  it('retries an invalid answer once with the validation errors, and accepts the second', async () => {
    const { fake, llm } = await fakeLlm([invalidCopy, JSON.stringify(modelCopy)]);

    const result = await generate(copyRequest(), llm);

    expect(result).toEqual({ value: modelCopy, generator: 'llm', warnings: [] });
    const [first, retry] = promptsSent(fake);
    expect(first).not.toContain('rejected');
    expect(retry).toContain(invalidCopy);
    expect(retry).toMatch(/headline: Too small: expected string to have >=3 characters/);
    expect(retry).toMatch(/bullets: Too small: expected array to have >=2 items/);
  });

  it('retries an answer that is not JSON', async () => {
    const { fake, llm } = await fakeLlm(['Sorry, I cannot help with that.', JSON.stringify(modelCopy)]);

    const result = await generate(copyRequest(), llm);

    expect(result.generator).toBe('llm');
    expect(promptsSent(fake)[1]).toContain('It was not a JSON object');
  });

  it('falls back to the template with a warning when both answers are invalid', async () => {
    const { fake, llm } = await fakeLlm([invalidCopy, invalidCopy, JSON.stringify(modelCopy)]);

    const result = await generate(copyRequest(), llm);

    expect(result.value).toEqual(templateCopy);
    expect(result.generator).toBe('template');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(`LLM (model "fake-model" at ${fake.baseUrl}) failed`);
    expect(result.warnings[0]).toMatch(/rejected twice.*headline: Too small/);
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back to the template on HTTP 500, without retrying', async () => {
    const { fake, llm } = await fakeLlm([{ status: 500, body: '{"error":{"message":"model overloaded"}}' }]);

    const result = await generate(copyRequest(), llm);

    expect(result.generator).toBe('template');
    expect(result.value).toEqual(templateCopy);
    expect(result.warnings[0]).toMatch(/LLM .* failed: HTTP 500: model overloaded/);
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back on a 200 whose body is not JSON', async () => {
    const { llm } = await fakeLlm([{ status: 200, body: '<html>proxy error</html>' }]);

    const result = await generate(copyRequest(), llm);

    expect(result.generator).toBe('template');
    expect(result.warnings[0]).toContain('HTTP 200 with a body that is not JSON: <html>proxy error</html>');
  });

  it('falls back within the time-out when the LLM is too slow', async () => {
    const { llm } = await fakeLlm([{ delayMs: 5_000, content: JSON.stringify(modelCopy) }], { timeoutMs: 200 });

    const started = performance.now();
    const result = await generate(copyRequest(), llm);
    const elapsed = performance.now() - started;

    expect(result.generator).toBe('template');
    expect(result.warnings[0]).toMatch(/failed: Timed out after 200 ms/);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("stops, rather than writing a template, when the caller's signal aborts", async () => {
    const { llm } = await fakeLlm([{ delayMs: 5_000, content: JSON.stringify(modelCopy) }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);

    await expect(generate(copyRequest({ signal: controller.signal }), llm)).rejects.toThrow('job cancelled');
  });

  it('falls back when the LLM cannot be reached', async () => {
    const { fake, llm } = await fakeLlm([]);
    await fake.close();

    const result = await generate(copyRequest(), llm);

    expect(result.generator).toBe('template');
    expect(result.warnings[0]).toMatch(/The request to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions failed \(ECONNREFUSED\)/);
  });

  it('sends the API key as a bearer token and never repeats it in a warning', async () => {
    const apiKey = 'sk-test-0123456789abcdef';
    const { fake, llm } = await fakeLlm([{ status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${apiKey}.` } }) }], { apiKey });

    const result = await generate(copyRequest(), llm);

    expect(fake.authorizations).toEqual([`Bearer ${apiKey}`]);
    expect(result.generator).toBe('template');
    expect(result.warnings[0]).toContain('HTTP 401: Incorrect API key provided: [redacted]');
    expect(result.warnings.join(' ')).not.toContain(apiKey);
  });

  it("never asks a model for choice 'template'", async () => {
    const { fake, llm } = await fakeLlm([JSON.stringify(modelCopy)]);
    let sampled = 0;
    const sampler: Sampler = async () => {
      sampled += 1;
      return JSON.stringify(modelCopy);
    };

    const result = await generate(copyRequest({ choice: 'template', sampler }), llm);

    expect(result).toEqual({ value: templateCopy, generator: 'template', warnings: [] });
    expect(fake.requests).toHaveLength(0);
    expect(sampled).toBe(0);
  });

  it("uses the template with a warning for choice 'llm' when no model is configured", async () => {
    const result = await generate(copyRequest({ choice: 'llm' }), null);

    expect(result.value).toEqual(templateCopy);
    expect(result.generator).toBe('template');
    expect(result.warnings).toHaveLength(1);
    for (const needle of ['No model is available', 'LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY', 'sampling']) {
      expect(result.warnings[0]).toContain(needle);
    }
  });

  it("uses the template silently for choice 'auto' when no model is configured", async () => {
    const result = await generate(copyRequest({ choice: 'auto' }), null);

    expect(result).toEqual({ value: templateCopy, generator: 'template', warnings: [] });
  });
});

describe('generate through MCP sampling', () => {
  /**
   * A real MCP client (declaring sampling or not) linked in memory to a low-level server, and
   * the Sampler built the way the app builds it: only when the client declared sampling.
   */
  async function connectClient(options: { sampling: boolean; answers?: string[] }) {
    const received: Array<CreateMessageRequest['params']> = [];
    const answers = [...(options.answers ?? [])];
    const server = new Server({ name: 'generate-test-server', version: '1.0.0' }, { capabilities: {} });
    const client = new Client({ name: 'generate-test-client', version: '1.0.0' }, { capabilities: options.sampling ? { sampling: {} } : {} });
    if (options.sampling) {
      client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
        received.push(request.params);
        return { model: 'client-model', role: 'assistant', content: { type: 'text', text: answers.shift() ?? '' } };
      });
    }
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    cleanups.push(async () => {
      await client.close();
      await server.close();
    });

    const sampler: Sampler | undefined = server.getClientCapabilities()?.sampling
      ? (req) =>
          server
            .createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: req.prompt } }],
              systemPrompt: req.system,
              maxTokens: req.maxTokens,
            })
            .then((r) => (r.content.type === 'text' ? r.content.text : ''))
      : undefined;
    return { sampler, received };
  }

  it("uses the client's model, before a configured LLM", async () => {
    const { sampler, received } = await connectClient({ sampling: true, answers: [JSON.stringify(modelCopy)] });
    const { fake, llm } = await fakeLlm([JSON.stringify(templateCopy)]);

    const result = await generate(copyRequest({ sampler }), llm);

    expect(result).toEqual({ value: modelCopy, generator: 'sampling', warnings: [] });
    expect(fake.requests).toHaveLength(0);
    expect(received).toHaveLength(1);
    expect(received[0]?.systemPrompt).toBe('You write landing-page copy.');
    expect(received[0]?.maxTokens).toBe(4_000);
    const text = received[0]?.messages[0]?.content;
    expect(text).toMatchObject({ type: 'text' });
    // Sampling has no response_format, so the JSON Schema travels in the prompt.
    expect(text && 'text' in text ? text.text : '').toContain('"required":["headline","bullets"]');
  });

  it('retries an invalid sampling answer once, then falls back to the template with a warning', async () => {
    const { sampler, received } = await connectClient({ sampling: true, answers: [invalidCopy, invalidCopy] });

    const result = await generate(copyRequest({ choice: 'llm', sampler }), null);

    expect(result.value).toEqual(templateCopy);
    expect(result.generator).toBe('template');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/MCP client's model \(sampling\) failed: Its answer was rejected twice/);
    expect(received).toHaveLength(2);
    const retry = received[1]?.messages[0]?.content;
    expect(retry && 'text' in retry ? retry.text : '').toMatch(/headline: Too small/);
  });

  it('is not offered by a client without the sampling capability, so the LLM answers', async () => {
    const { sampler } = await connectClient({ sampling: false });
    const { fake, llm } = await fakeLlm([JSON.stringify(modelCopy)]);

    expect(sampler).toBeUndefined();
    const result = await generate(copyRequest({ sampler }), llm);

    expect(result.generator).toBe('llm');
    expect(fake.requests).toHaveLength(1);
  });
});
