import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type App } from '../../src/app.js';
import { defineOutcome, Outcomes } from '../../src/kernel/outcome.js';
import { parseScopes, readWrite } from '../../src/kernel/scopes.js';
import { defineTool } from '../../src/kernel/tool.js';
import { outcomes } from '../../tools/index.js';
import notes from '../fixtures/notes/index.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { json, testConfig } from '../helpers.js';

/**
 * Adding an outcome is one folder and one line in the module list: the throwaway `notes`
 * module (test/fixtures/notes) gets its REST and MCP tools, its scopes, its id prefix, its
 * table and its public page from its declaration alone, with nothing under src/ touched.
 */
describe('an outcome added as one module', () => {
  let app: App;
  let url: string;
  let owner: { accountId: string; secret: string };

  beforeAll(async () => {
    app = await createApp({ config: testConfig(), modules: [...testModules, notes], taskModules: testTaskModules });
    const bootstrapped = await app.bootstrap();
    if (!bootstrapped) throw new Error('bootstrap did not run');
    owner = bootstrapped;
    ({ url } = await app.listen());
  });
  afterAll(() => app?.close());

  const call = (secret: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}/api/agents${path}`, { ...init, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' } });

  it('derives its scopes, id prefix and migration', () => {
    expect(app.outcomes.scopes).toEqual(expect.arrayContaining(['notes:read', 'notes:write']));
    expect(parseScopes('notes:write', app.outcomes.scopes)).toEqual(['notes:write']);
    expect(app.outcomes.idPrefixes.get('nte')).toBe('notes.note');
    expect(Object.keys(app.outcomes.migrations)).toContain('0100_notes');
  });

  it('serves its tools over REST and MCP discovery, behind its own scopes, and its public page', async () => {
    const writer = (await app.access.keys.create({ accountId: owner.accountId, scopes: ['notes:write'] })).secret;
    const other = (await app.access.keys.create({ accountId: owner.accountId, scopes: ['widgets:write'] })).secret;
    const added = await call(writer, '/notes', { method: 'POST', body: JSON.stringify({ text: 'Call <Ana> back' }) });
    expect(added.status).toBe(200);
    const { note_id, page_url } = await json(added);
    expect(note_id).toMatch(/^nte_[0-9a-z]{26}$/);
    // :write implies :read, and another family's key is refused.
    expect(await json(await call(writer, `/notes/${note_id}`))).toMatchObject({ note_id, text: 'Call <Ana> back' });
    expect((await call(other, `/notes/${note_id}`)).status).toBe(403);
    const listed = await json(await fetch(`${url}/api/agents/mcp`));
    expect(listed.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['note_add', 'note_get']));
    const page = await fetch(page_url.replace(/^https?:\/\/[^/]+/, url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Call &lt;Ana&gt; back');
  });
});

describe('module declarations', () => {
  const tool = (scope: `${string}:${string}`) =>
    defineTool({
      name: 'x_get',
      title: 'X',
      description: 'x',
      route: { method: 'GET', path: '/x' },
      scope,
      cost: 0,
      effect: 'read',
      input: z.object({}),
      output: z.object({}),
      run: async () => ({ next_actions: [] }),
    });

  it('refuses a tool whose scope the module does not declare, a bad id prefix or migration name', () => {
    expect(() => defineOutcome({ name: 'x', tools: [tool('x:read')] })).toThrow(/needs the scope "x:read", which the module does not declare/);
    expect(() => defineOutcome({ name: 'x', tools: [], ids: { thing: 'Thing' } })).toThrow(/2 to 4 lower-case letters/);
    expect(() => defineOutcome({ name: 'x', tools: [], migrations: { notes: { up: async () => undefined } } })).toThrow(/must be named like/);
  });

  it('refuses two modules that claim the same id prefix, migration, command or module name', () => {
    const clash = (declaration: Parameters<typeof defineOutcome>[0]) => () => new Outcomes([...outcomes, defineOutcome(declaration)]);
    expect(clash({ name: 'x', tools: [], ids: { bill: 'inv' } })).toThrow(/id prefix "inv" is declared by both invoice.invoice and x.bill/);
    expect(clash({ name: 'x', tools: [], ids: { job: 'job' } })).toThrow(/id prefix "job" is declared by both platform.job and x.job/);
    expect(clash({ name: 'x', tools: [], migrations: { '0003_invoices': { up: async () => undefined } } })).toThrow(/migration "0003_invoices" is declared by both invoice and x/);
    expect(clash({ name: 'invoice', tools: [] })).toThrow(/module "invoice" is declared by both/);
    expect(clash({ name: 'x', tools: [tool('x:read')], scopes: readWrite('x') })).not.toThrow();
  });
});
