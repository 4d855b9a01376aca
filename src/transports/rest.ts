import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError } from '../kernel/errors.js';
import type { Tool } from '../kernel/tool.js';
import type { Dispatcher } from './dispatch.js';
import { callerOf, methodNotAllowed } from './http.js';

/** Longest `Prefer: wait` honoured, below common proxy and client time-outs. */
export const maxPreferWaitSeconds = 120;

/** RFC 7240 preferences this API honours. */
export function parsePrefer(header: string | undefined): { respondAsync: boolean; waitSeconds: number | undefined } {
  let respondAsync = false;
  let waitSeconds: number | undefined;
  for (const token of (header ?? '').split(',')) {
    const [name, value] = token.split('=').map((part) => part.trim().toLowerCase());
    if (name === 'respond-async') respondAsync = true;
    if (name === 'wait' && value && /^\d+$/.test(value)) waitSeconds = Math.min(Number(value), maxPreferWaitSeconds);
  }
  return { respondAsync, waitSeconds };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Query (GET, DELETE) or body, with path params filling their snake_case fields. */
function inputOf(tool: Tool, catalogue: Catalogue, req: Request): Record<string, unknown> {
  const readsQuery = tool.route.method === 'GET' || tool.route.method === 'DELETE';
  const source: unknown = readsQuery ? req.query : (req.body ?? {});
  if (!isPlainObject(source)) {
    throw new OutcomeError('invalid_input', `The request body must be a JSON object of ${tool.name}'s input fields.`);
  }
  const input: Record<string, unknown> = { ...source };
  for (const { param, field } of catalogue.pathParams(tool)) {
    const fromPath = req.params[param];
    if (field in input && input[field] !== fromPath) {
      throw new OutcomeError('invalid_input', `${field} is given both in the path ("${fromPath}") and in the ${readsQuery ? 'query' : 'body'} with another value; send it once.`);
    }
    input[field] = fromPath;
  }
  return input;
}

function toolHandler(tool: Tool, catalogue: Catalogue, dispatcher: Dispatcher): RequestHandler {
  return async (req, res) => {
    const prefer = parsePrefer(req.get('prefer'));
    const outcome = await dispatcher.call(tool, inputOf(tool, catalogue, req), {
      caller: callerOf(res),
      requestId: String(req.id),
      log: req.log,
      async: prefer.respondAsync,
      waitMs: (prefer.waitSeconds ?? 0) * 1000,
    });
    const applied = [
      ...(prefer.respondAsync ? ['respond-async'] : []),
      ...(prefer.waitSeconds !== undefined && (prefer.respondAsync || tool.mode === 'job') ? [`wait=${prefer.waitSeconds}`] : []),
    ];
    if (applied.length) res.set('Preference-Applied', applied.join(', '));
    if (outcome.kind === 'job') {
      res.status(202).location(outcome.handle.status_url).json(outcome.handle);
      return;
    }
    res.status(200).json(outcome.output);
  };
}

/** One route per tool from `tool.route`, plus 405 for the other methods of each path. */
export function restRouter(catalogue: Catalogue, dispatcher: Dispatcher): Router {
  const router = express.Router();
  const methodsByPath = new Map<string, string[]>();
  for (const tool of catalogue.tools) {
    const method = tool.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](tool.route.path, toolHandler(tool, catalogue, dispatcher));
    methodsByPath.set(tool.route.path, [...(methodsByPath.get(tool.route.path) ?? []), tool.route.method]);
  }
  for (const [path, methods] of methodsByPath) router.all(path, methodNotAllowed(methods));
  return router;
}
