import type { RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OutcomeError } from '../kernel/errors.js';
import { createMcpServer, type McpDeps } from './mcp.js';

/**
 * Streamable HTTP, stateless: a fresh server and transport per request, no session ids,
 * so any instance can answer any request.
 */
export function mcpHttpHandler(deps: McpDeps): RequestHandler {
  return async (req, res, next) => {
    const given = req.query.toolsets;
    if (given !== undefined && typeof given !== 'string') {
      next(new OutcomeError('invalid_input', 'The query parameter "toolsets" must be given once, e.g. ?toolsets=invoices,content.'));
      return;
    }
    let toolsets: ReadonlySet<string> | undefined;
    try {
      toolsets = given === undefined ? undefined : deps.catalogue.parseToolsets(given, 'toolsets');
    } catch (error) {
      next(error);
      return;
    }
    const server = createMcpServer(deps, { requestId: req.id, duplex: false, toolsets }, req.log);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}
