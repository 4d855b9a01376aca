import type { RequestHandler } from 'express';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError } from '../kernel/errors.js';
import { sendErrorEnvelope } from './http.js';

/**
 * `GET /api/agents/mcp`: exactly the MCP `tools/list` result, for clients that read JSON.
 * An MCP client's GET asking for an event stream gets 405: this server is stateless and
 * offers no standalone stream.
 */
export function discoveryHandler(catalogue: Catalogue): RequestHandler {
  return (req, res) => {
    if (!req.accepts('application/json')) {
      sendErrorEnvelope(
        res,
        new OutcomeError('method_not_allowed', 'This MCP endpoint is stateless and offers no event stream; POST JSON-RPC to it.', {
          headers: { Allow: 'GET, POST' },
        }),
      );
      return;
    }
    res.json({ tools: catalogue.descriptors() });
  };
}
