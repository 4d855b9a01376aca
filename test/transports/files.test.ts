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

  describe('a file made on its first download', () => {
    const made: string[] = [];
    let failNext = false;
    const maker = {
      name: 'test.greeting',
      async make(input: unknown) {
        made.push(JSON.stringify(input));
        // Slow enough that downloads at the same time overlap.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (failNext) {
          failNext = false;
          throw new Error('maker down');
        }
        return new TextEncoder().encode(`hello ${(input as { name: string }).name}`);
      },
    };
    const filesOf = () =>
      new Files(
        app.store,
        () => new Date(),
        () => app.url,
        { byName: new Map([[maker.name, maker]]), context: { store: app.store, compute: () => Promise.reject(new Error('unused')) } },
      );
    const caller = () => ({ accountId: app.accountId, keyId: null, scopes: ['*'] as const });
    const later = { name: 'hello.txt', contentType: 'text/plain', scope: 'invoice:read' as const, maker: maker.name };

    it('is made once however many download it at the same time, stored, then served as stored', async () => {
      const files = filesOf();
      const id = await files.saveLater({ ...later, accountId: app.accountId, input: { name: 'Ana' } });
      made.length = 0;
      const [first, second] = await Promise.all([files.forCaller(id, caller()), files.forCaller(id, caller())]);
      expect(new TextDecoder().decode(first.bytes)).toBe('hello Ana');
      expect(second.bytes).toEqual(first.bytes);
      expect(made).toEqual(['{"name":"Ana"}']);
      const row = await app.store.db.selectFrom('files').select(['bytes', 'maker', 'maker_input']).where('id', '=', id).executeTakeFirstOrThrow();
      expect([new TextDecoder().decode(row.bytes), row.maker, row.maker_input]).toEqual(['hello Ana', null, null]);
      // Another instance (a new Files) reads the stored bytes: nothing is made again.
      expect(new TextDecoder().decode((await filesOf().forCaller(id, caller())).bytes)).toBe('hello Ana');
      expect(made).toHaveLength(1);
    });

    it('is made through a share link too, and a maker that fails leaves it to be made on the next download', async () => {
      const files = filesOf();
      const id = await files.saveLater({ ...later, accountId: app.accountId, input: { name: 'Ben' } });
      const token = new URL((await files.shareUrl(id)).url).pathname.replace('/share/', '');
      failNext = true;
      await expect(files.fromShareToken(token)).rejects.toThrow('maker down');
      expect(new TextDecoder().decode((await files.fromShareToken(token)).bytes)).toBe('hello Ben');
    });

    it('refuses to save a file no module can make', async () => {
      await expect(filesOf().saveLater({ ...later, maker: 'nobody.knows', accountId: app.accountId, input: {} })).rejects.toThrow('No file maker "nobody.knows"');
    });
  });
});
