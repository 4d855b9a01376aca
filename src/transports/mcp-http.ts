import type { RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpDeps } from './mcp.js';

/**
 * Streamable HTTP, stateless: a fresh server and transport per request, no session ids,
 * so any instance can answer any request.
 */
export function mcpHttpHandler(deps: McpDeps): RequestHandler {
  return async (req, res) => {
    const server = createMcpServer(deps, { requestId: req.id, duplex: false }, req.log);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}
