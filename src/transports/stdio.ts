import type { Logger } from 'pino';
import { serveStdio as serveMcpStdio } from '@modelcontextprotocol/server/stdio';
import type { Caller } from '../kernel/caller.js';
import { createMcpServer, type McpDeps } from './mcp.js';

/**
 * MCP over stdio, either revision (an `initialize` opens a 2025 connection, a request with the
 * 2026 envelope is served statelessly); stdout carries only JSON-RPC. Settles when stdin closes.
 */
export async function serveStdio(deps: McpDeps, caller: () => Promise<Caller | undefined>, log: Logger, toolsets?: ReadonlySet<string>): Promise<void> {
  const closed = new Promise<void>((resolve) => process.stdin.once('end', () => resolve()));
  const handle = serveMcpStdio(({ era }) => createMcpServer(deps, { caller, duplex: true, era, toolsets }, log), {
    onerror: (error) => log.warn({ err: error }, 'MCP stdio message refused'),
  });
  log.info('serving MCP over stdio');
  await closed;
  await handle.close();
}
