import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { outcomes } from '../../tools/index.js';
import { Catalogue } from '../../src/kernel/catalogue.js';
import { toolNamePattern, defineTool } from '../../src/kernel/tool.js';
import { startApp, json, type StartedApp } from '../helpers.js';

type Started = StartedApp;

const tools = outcomes.flatMap((module) => module.tools);

describe('the catalogue contract', () => {
  let app: Started;
  let client: Client;

  beforeAll(async () => {
    app = await startApp();
    client = new Client({ name: 'contract-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('holds the production tools, each with a valid contract', () => {
    expect(tools.map((tool) => tool.name)).toContain('job_status');
    const catalogue = new Catalogue(tools);
    for (const tool of catalogue.tools) {
      expect(tool.name).toMatch(toolNamePattern);
      expect(tool.description.length, `${tool.name} description`).toBeGreaterThan(80);
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.cost).toBeGreaterThanOrEqual(0);
      expect(tool.scope).toMatch(/^([a-z]+:(read|write|run)|\*)$/);
      // Schemas convert to JSON Schema objects; output always carries next_actions.
      const [descriptor] = catalogue.descriptors().filter((d) => d.name === tool.name);
      expect(descriptor?.inputSchema.type).toBe('object');
      expect(descriptor?.outputSchema.type).toBe('object');
      expect(tool.output.shape).toHaveProperty('next_actions');
    }
  });

  it('serves every tool on its REST route (no 404/405 for the declared method)', async () => {
    for (const tool of app.catalogue.tools) {
      const path = app.catalogue.routeOf(tool.name, {}).path;
      const response = await app.api(path, {
        method: tool.route.method,
        headers: { 'content-type': 'application/json' },
        body: tool.route.method === 'GET' ? undefined : '{}',
      });
      const body = await json(response);
      const unrouted = response.status === 405 || (response.status === 404 && body.error.message.startsWith('No route'));
      expect(unrouted, `${tool.route.method} ${path} for ${tool.name}`).toBe(false);
    }
  });

  it('lists identical tools in discovery, MCP tools/list and OpenAPI', async () => {
    const discovery = await json(await fetch(`${app.url}/api/agents/mcp`));
    const listed = await client.listTools();
    expect(discovery).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(discovery.tools.map((t: { name: string }) => t.name).sort()).toEqual(app.catalogue.tools.map((t) => t.name).sort());

    const openapi = await json(await fetch(`${app.url}/api/agents/openapi.json`));
    for (const tool of app.catalogue.tools) {
      const path = app.catalogue.restPath(tool).replace(/:(\w+)/g, '{$1}');
      const operation = openapi.paths[path]?.[tool.route.method.toLowerCase()];
      expect(operation, `${tool.name} in OpenAPI`).toBeDefined();
      expect(operation.operationId).toBe(tool.name);
      expect(operation.description).toBe(tool.description);
      const descriptor = discovery.tools.find((t: { name: string }) => t.name === tool.name);
      expect(descriptor.title).toBe(tool.title);
      expect(descriptor.annotations).toEqual(tool.annotations);
    }
  });

  it('refuses to build a catalogue that breaks the contract', () => {
    const base = {
      title: 'X',
      description: 'x',
      scope: 'jobs:read' as const,
      cost: 0,
      effect: 'read' as const,
      output: z.object({}),
      run: async () => ({ next_actions: [] }),
    };
    expect(() => defineTool({ ...base, name: 'bad.name', route: { method: 'GET', path: '/x' }, input: z.object({}) })).toThrow(/must match/);
    const a = defineTool({ ...base, name: 'a', route: { method: 'GET', path: '/x/:itemId' }, input: z.object({ item_id: z.string() }) });
    const b = defineTool({ ...base, name: 'b', route: { method: 'GET', path: '/x/:otherId' }, input: z.object({ other_id: z.string() }) });
    const c = defineTool({ ...base, name: 'c', route: { method: 'GET', path: '/y/:itemId' }, input: z.object({}) });
    expect(() => new Catalogue([a, a])).toThrow(/Two tools are named a/);
    expect(() => new Catalogue([a, b])).toThrow(/is taken/);
    expect(() => new Catalogue([c])).toThrow(/needs an input field "item_id"/);
  });
});
