import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorEnvelopeSchema } from '../../src/kernel/errors.js';
import { startApp, json } from '../helpers.js';

type Started = Awaited<ReturnType<typeof startApp>>;

describe('every input schema under arbitrary input', () => {
  let app: Started;
  beforeAll(async () => {
    app = await startApp({ JOB_CONCURRENCY: '0' });
  });
  afterAll(() => app.close());

  it('never answers 5xx on REST, and every error is the envelope', async () => {
    const tools = app.catalogue.tools.filter((tool) => tool.name !== 'test_broken');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tools),
        fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.jsonValue())),
        fc.dictionary(fc.string(), fc.string()),
        fc.string(),
        async (tool, body, query, pathValue) => {
          const path = app.catalogue.routeOf(tool.name, Object.fromEntries(app.catalogue.pathParams(tool).map((p) => [p.field, pathValue || 'x']))).path;
          const payload = JSON.stringify(body) ?? 'null';
          const search = tool.route.method === 'GET' ? `?${new URLSearchParams(query).toString()}` : '';
          const response = await app.api(path + search, {
            method: tool.route.method,
            headers: { 'content-type': 'application/json' },
            body: tool.route.method === 'GET' ? undefined : payload,
          });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(errorEnvelopeSchema.safeParse(await json(response)).success).toBe(true);
          else await response.arrayBuffer();
        },
      ),
      { numRuns: 300 },
    );
  });
});
