import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger, startApp, json, testCaller, type StartedApp } from '../helpers.js';

type Started = StartedApp;

describe('REST adapter over a real socket', () => {
  let app: Started;
  const logs = capturingLogger();
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.api(`/api/agents${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await startApp({}, { log: logs.log });
  });
  afterAll(() => app.close());

  it('runs a sync tool with the body as input and returns next_actions with REST routes', async () => {
    const response = await post('/test/echo', { message: 'hi', repeat: 2 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await json(response)).toEqual({
      echoed: 'hihi',
      next_actions: [{ tool: 'test_echo', route: 'POST /api/agents/test/echo', arguments: { message: 'hi' }, why: 'Echo again.' }],
    });
  });

  it('rejects invalid input with 400 naming each field path and what is allowed', async () => {
    const response = await post('/test/echo', { message: 42, repeat: 9 });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('message:');
    expect(error.message).toContain('repeat:');
    expect(error.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['message', 'repeat']);
  });

  it('refuses unknown fields instead of dropping them, naming the fields there are', async () => {
    const response = await post('/test/echo', { message: 'hi', repeats: 2 });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.message).toContain('Unknown field "repeats" (did you mean "repeat"?); the fields are message, repeat.');
    expect(error.details.issues[0]).toMatchObject({ path: 'repeats', code: 'unrecognized_key', did_you_mean: 'repeat', allowed: ['message', 'repeat'] });
  });

  it('names an unknown field beside a missing one, as the missing one misnamed', async () => {
    const response = await post('/invoice/draft', { customer: { name: 'Acme' }, currency: 'EUR', lines: [{ description: 'x', unit_price: '1' }] });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.message).toContain('line_items: Invalid input: expected array, received undefined; lines: unknown field.');
    expect(error.details.issues.map((issue: { path: string }) => issue.path)).toEqual(['line_items', 'lines']);
    expect(error.details.issues[1]).toMatchObject({ code: 'unrecognized_key', allowed: expect.arrayContaining(['line_items', 'customer']) });
    expect(error.details.issues[1]).not.toHaveProperty('parent');
    // A misspelling close to the field is suggested too.
    const typo = await json(await post('/test/echo', { mesage: 'hi' }));
    expect(typo.error.message).toContain('mesage: unknown field; did you mean "message"?');
  });

  it('refuses unknown nested fields with their paths, the fields there are and the closest one', async () => {
    const response = await post('/invoice/draft', {
      customer: { name: 'Acme', emial: 'typo@acme.example' },
      currency: 'EUR',
      line_items: [{ description: 'x', unit_price: '1', tax: 20, price: '2' }],
      notez: 'x',
    });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.message).toContain(
      'Unknown fields "customer.emial" (did you mean "customer.email"?), "line_items[0].tax" (did you mean "line_items[0].tax_rate"?), "line_items[0].price" (did you mean "line_items[0].unit_price"?)',
    );
    expect(error.message).toContain('"customer" takes name,');
    const byPath = Object.fromEntries(error.details.issues.map((issue: { path: string }) => [issue.path, issue]));
    expect(byPath['line_items[0].price']).toMatchObject({ did_you_mean: 'line_items[0].unit_price', allowed: expect.arrayContaining(['description', 'unit_price', 'tax_rate']) });
    expect(byPath.notez).toMatchObject({ did_you_mean: 'notes' });
    // Nothing close: no guess, still the fields there are.
    const far = await json(await post('/test/echo', { message: 'hi', zzzzzz: 1 }));
    expect(far.error.details.issues[0].did_you_mean).toBeUndefined();
    expect(far.error.message).toContain('Unknown field "zzzzzz"; the fields are message, repeat.');
    // Thousands of made-up keys, some of them long: a short refusal that names ten and counts the rest.
    const flood = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}${'x'.repeat(index % 7 === 0 ? 500 : 3)}`, 1]));
    const flooded = await post('/test/echo', { message: 'hi', ...flood });
    const text = await flooded.text();
    expect(flooded.status).toBe(400);
    expect(text.length).toBeLessThan(4000);
    expect(JSON.parse(text).error.message).toContain('and 4990 more');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await post('/test/echo', '{"message": "unterminated');
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const response = await post('/test/echo', '[1,2]');
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toMatch(/must be a JSON object/);
  });

  it('answers bodies over 4 MB with 413', async () => {
    const response = await post('/test/echo', { message: 'x'.repeat(4 * 1024 * 1024 + 10) });
    expect(response.status).toBe(413);
    expect((await json(response)).error).toMatchObject({ code: 'payload_too_large' });
  });

  it('accepts a body just under 4 MB (then validates it)', async () => {
    const response = await post('/test/echo', { message: 'x'.repeat(4 * 1024 * 1024 - 100) });
    expect(response.status).toBe(400);
    expect((await json(response)).error.details.issues[0]).toMatchObject({ path: 'message', code: 'too_big' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await post('/test/echo', 'message=hi', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
    const { error } = await json(response);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toContain('application/json');
  });

  it('answers an unknown path with 404 and a wrong method with 405 + Allow', async () => {
    const missing = await app.api(`/api/agents/nope`);
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toMatchObject({ code: 'not_found', message: 'No route GET /api/agents/nope.' });

    const wrong = await app.api(`/api/agents/test/echo`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await json(wrong)).error.code).toBe('method_not_allowed');

    const wrongMcp = await fetch(`${app.url}/mcp`, { method: 'DELETE' });
    expect(wrongMcp.status).toBe(405);
  });

  it('hides internal errors behind a request id and logs them', async () => {
    const response = await post('/test/broken', {});
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    const { error } = JSON.parse(text);
    expect(error.code).toBe('internal');
    expect(error.details.request_id).toBe(response.headers.get('x-request-id'));
    expect(logs.lines.some((line) => line.includes('hunter2') && line.includes(error.details.request_id))).toBe(true);
  });

  it('runs a job tool as 202 + Location, then job_status polls it to the result', async () => {
    const response = await post('/test/slow', { key: 'rest-202', ms: 100 });
    expect(response.status).toBe(202);
    const handle = await json(response);
    expect(handle.tool).toBe('test_slow_job');
    expect(['queued', 'running']).toContain(handle.status);
    expect(response.headers.get('location')).toBe(handle.status_url);
    expect(handle.status_url).toBe(`${app.url}/api/agents/status/${handle.job_id}`);
    expect(handle.next_actions[0]).toMatchObject({ tool: 'job_status', arguments: { job_id: handle.job_id } });

    let status: any;
    for (let i = 0; i < 100; i++) {
      status = await json(await app.api(new URL(handle.status_url).pathname));
      if (status.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(status).toMatchObject({ job_id: handle.job_id, status: 'succeeded', progress: { fraction: 1 }, attempts: 1 });
    expect(status.result).toEqual({ key: 'rest-202', runs: 1, next_actions: [] });
    expect(Date.parse(status.finished_at)).toBeGreaterThanOrEqual(Date.parse(status.started_at));
  });

  it('Prefer: wait=N returns the result when the job finishes in time, else the handle', async () => {
    const quick = await post('/test/slow', { key: 'rest-wait', ms: 50 }, { prefer: 'wait=5' });
    expect(quick.status).toBe(200);
    expect(quick.headers.get('preference-applied')).toBe('wait=5');
    expect(await json(quick)).toEqual({ key: 'rest-wait', runs: 1, next_actions: [] });

    const slow = await post('/test/slow', { key: 'rest-wait-slow', ms: 3000 }, { prefer: 'wait=1' });
    expect(slow.status).toBe(202);
    expect((await json(slow)).status).toMatch(/queued|running/);
  });

  it('Prefer: respond-async runs a sync tool as a job', async () => {
    const response = await post('/test/echo', { message: 'later' }, { prefer: 'respond-async' });
    expect(response.status).toBe(202);
    expect(response.headers.get('preference-applied')).toBe('respond-async');
    const handle = await json(response);
    const job = await app.jobs.waitFor(handle.job_id, testCaller(app.accountId), 5000);
    expect(job.status).toBe('succeeded');
    const status = await json(await app.api(new URL(handle.status_url).pathname));
    expect(status.result.echoed).toBe('later');
  });

  it('a job that fails reports the error envelope in job_status, and through Prefer: wait', async () => {
    const response = await post('/test/slow', { key: 'rest-fail', fail: true }, { prefer: 'wait=5' });
    expect(response.status).toBe(422);
    expect((await json(response)).error).toMatchObject({ code: 'unprocessable', message: 'The job for rest-fail was asked to fail.' });
  });

  it('refuses foreign Host headers while bound to loopback (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${app.url}/api/agents/mcp`, { headers: { host: 'evil.example.com' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('puts the request id on every log line of a request', async () => {
    const response = await post('/test/broken', {}, { 'x-request-id': 'trace-me-123' });
    expect(response.headers.get('x-request-id')).toBe('trace-me-123');
    const lines = logs.lines.filter((line) => line.includes('trace-me-123'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line).req_id).toBe('trace-me-123');
  });
});
