import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { builtCli, root, startApp, tempDir, type StartedApp, storeEnv } from '../helpers.js';

type Started = StartedApp;
type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: any };

const missingJob = 'job_01aaaaaaaaaaaaaaaaaaaaaaaa';

/** The same conversation, whatever the transport. */
function conversation(name: string, connect: () => Promise<Transport>, options: { testTools: boolean }) {
  describe(`MCP over ${name}`, () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: `e2e-${name}`, version: '1.0.0' });
      await client.connect(await connect());
    });
    afterAll(() => client.close());

    it('lists the catalogue with JSON Schemas and annotations', async () => {
      const { tools } = await client.listTools();
      const status = tools.find((tool) => tool.name === 'job_status');
      expect(status?.inputSchema.required).toEqual(['job_id']);
      expect(status?.annotations?.readOnlyHint).toBe(true);
      expect(status?.outputSchema?.type).toBe('object');
      expect(tools.some((tool) => tool.name === 'test_slow_job')).toBe(options.testTools);
    });

    it('answers job_status for a missing job with an isError result carrying not_found', async () => {
      const result = (await client.callTool({ name: 'job_status', arguments: { job_id: missingJob } })) as ToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const envelope = JSON.parse(result.content[0]?.text ?? '');
      expect(envelope.error.code).toBe('not_found');
      expect(envelope.error.message).toContain(missingJob);
    });

    it('answers invalid arguments with an isError invalid_input naming the field', async () => {
      const result = (await client.callTool({ name: 'job_status', arguments: { job_id: 'nope' } })) as ToolResult;
      expect(result.isError).toBe(true);
      const envelope = JSON.parse(result.content[0]?.text ?? '');
      expect(envelope.error).toMatchObject({ code: 'invalid_input' });
      expect(envelope.error.details.issues[0].path).toBe('job_id');
    });

    it.runIf(options.testTools)('waits for a job tool, relaying progress, and returns its result', async () => {
      const progress: number[] = [];
      const result = (await client.callTool({ name: 'test_slow_job', arguments: { key: `${name}-progress`, ms: 400, steps: 4 } }, undefined, {
        onprogress: (event) => progress.push(event.progress),
      })) as ToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ key: `${name}-progress`, runs: 1, next_actions: [] });
      expect(result.content[0]?.text).toContain('Slow job (test tool): done');
      expect(JSON.parse(result.content[1]?.text ?? '')).toEqual(result.structuredContent);
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    });

    it.runIf(options.testTools)('returns a job handle past its wait, then job_status polls it to the end', async () => {
      const started = (await client.callTool({
        name: 'test_slow_job',
        arguments: { key: `${name}-handle`, ms: 2500, steps: 5 },
      })) as ToolResult;
      expect(started.isError).toBeFalsy();
      const handle = started.structuredContent;
      expect(handle.job_id).toMatch(/^job_/);
      expect(handle.next_actions[0].tool).toBe('job_status');
      expect(started.content[0]?.text).toContain('job_status');
      let status: any;
      for (let i = 0; i < 100; i++) {
        const polled = (await client.callTool({ name: 'job_status', arguments: { job_id: handle.job_id } })) as ToolResult;
        status = polled.structuredContent;
        if (status.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status.status).toBe('succeeded');
      expect(status.result).toEqual({ key: `${name}-handle`, runs: 1, next_actions: [] });
    });
  });
}

let app: Started;
beforeAll(async () => {
  app = await startApp({ MCP_JOB_WAIT_SECONDS: '1' });
});
afterAll(() => app.close());

const withKey = () => ({ requestInit: { headers: { authorization: `Bearer ${app.key}` } } });

conversation('Streamable HTTP (/mcp)', async () => new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), withKey()), { testTools: true });
conversation('Streamable HTTP (/api/agents/mcp)', async () => new StreamableHTTPClientTransport(new URL(`${app.url}/api/agents/mcp`), withKey()), {
  testTools: true,
});

// The built CLI exactly as an MCP client config runs it.
conversation(
  'stdio (built CLI)',
  async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [builtCli, 'stdio'],
      env: { PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'info' },
      stderr: 'pipe',
    }),
  { testTools: false },
);

// The same CLI code with the test tools, to drive jobs over stdio.
conversation(
  'stdio (CLI with test tools)',
  async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(root, 'test/fixtures/cli.ts'), 'stdio'],
      env: { PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'info', MCP_JOB_WAIT_SECONDS: '1', JOB_POLL_MS: '20' },
      stderr: 'pipe',
      cwd: root,
    }),
  { testTools: true },
);
