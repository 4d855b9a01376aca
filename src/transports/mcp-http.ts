import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { OutcomeError } from '../kernel/errors.js';
import { createMcpServer, type McpDeps } from './mcp.js';
import { callerOfAuthInfo, requestIdOfAuthInfo } from './auth.js';

/**
 * Streamable HTTP for both revisions on one endpoint: a 2026-07-28 request (its `_meta`
 * envelope) is served statelessly as that revision specifies, a 2025 one by the SDK's
 * stateless fallback; each request gets a fresh server, so any instance can answer any request.
 */
export function mcpHttpHandler(deps: McpDeps, log: Logger): RequestHandler {
  const handler = createMcpHandler(
    ({ era, authInfo, requestInfo }) => {
      const requestId = requestIdOfAuthInfo(authInfo);
      // Checked by the middleware below before the SDK sees the request.
      const toolsets = requestInfo ? new URL(requestInfo.url).searchParams.get('toolsets') : null;
      return createMcpServer(
        deps,
        {
          caller: () => Promise.resolve(callerOfAuthInfo(authInfo)),
          requestId,
          duplex: false,
          era,
          toolsets: toolsets === null ? undefined : deps.catalogue.parseToolsets(toolsets, 'toolsets'),
        },
        requestId ? log.child({ req_id: requestId }) : log,
      );
    },
    { onerror: (error) => log.debug({ err: error }, 'MCP request refused') },
  );
  const serve = toNodeHandler(handler, { onerror: (error) => log.error({ err: error }, 'MCP request failed unexpectedly') });
  return (req, res, next) => {
    const given = req.query.toolsets;
    if (given !== undefined && typeof given !== 'string') {
      next(new OutcomeError('invalid_input', 'The query parameter "toolsets" must be given once, e.g. ?toolsets=invoices,content.'));
      return;
    }
    try {
      if (given !== undefined) deps.catalogue.parseToolsets(given, 'toolsets');
    } catch (error) {
      next(error);
      return;
    }
    // The body was parsed (and its depth checked) by jsonBody; the SDK takes it as is.
    serve(req, res, req.body).catch(next);
  };
}
