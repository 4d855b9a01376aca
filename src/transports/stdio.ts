import type { Logger } from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Caller } from '../kernel/caller.js';
import { createMcpServer, type McpDeps } from './mcp.js';

/** MCP over stdio: stdout carries only JSON-RPC; the returned promise settles when stdin closes. */
export async function serveStdio(deps: McpDeps, caller: () => Promise<Caller | undefined>, log: Logger, toolsets?: ReadonlySet<string>): Promise<void> {
  const server = createMcpServer(deps, { caller, duplex: true, toolsets }, log);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  log.info('serving MCP over stdio');
  await closed;
  await server.close();
}
