import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Files } from '../../src/files/files.js';
import { capturingLogger, json, startApp, type StartedApp } from '../helpers.js';

describe('file downloads', () => {
  let app: StartedApp;
  const { log, lines } = capturingLogger();
  beforeAll(async () => {
    app = await startApp({}, { log });
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const failuresOf = (requestId: string) => lines.map((line) => JSON.parse(line)).filter((line) => line.req_id === requestId && line.msg === 'request failed unexpectedly');

  it('answers an unknown file or share link with a 404 envelope', async () => {
    const owned = await app.api('/api/agents/files/file_01jdz8x4m6b3q9r2t5v7w0y1c3');
    expect(owned.status).toBe(404);
    expect((await json(owned)).error.code).toBe('not_found');
    const shared = await fetch(`${app.url}/share/not-a-token`);
    expect(shared.status).toBe(404);
    expect((await json(shared)).error.code).toBe('not_found');
  });

  it.each([
    ['an agent download', 'forCaller', (app: StartedApp) => app.api('/api/agents/files/file_01jdz8x4m6b3q9r2t5v7w0y1c3')],
    ['a share link', 'fromShareToken', (app: StartedApp) => fetch(`${app.url}/share/file_01jdz8x4m6b3q9r2t5v7w0y1c3.1.x`)],
  ] as const)('answers an unexpected failure of %s with a 500 envelope and logs it with the request id', async (_name, method, download) => {
    vi.spyOn(Files.prototype, method).mockRejectedValue(new Error('disk on fire'));
    const response = await download(app);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^req_/);
    const body = await json(response);
    expect(body.error.code).toBe('internal');
    expect(body.error.details).toEqual({ request_id: requestId });
    expect(JSON.stringify(body)).not.toContain('disk on fire');
    const [failure] = failuresOf(requestId);
    expect(failure?.err?.message).toBe('disk on fire');
  });
});
