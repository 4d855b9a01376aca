import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Access } from '../access/access.js';
import type { Caller } from '../kernel/caller.js';
import { fingerprint, type StoredResponse } from '../access/idempotency.js';
import { rateLimitHeaders } from '../access/usage.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { mayRunAsJob, type Tool } from '../kernel/tool.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { callerOf, methodNotAllowed } from './http.js';
import { isPlainObject } from '../kernel/unknown-fields.js';

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
    // A `:name` segment always matches one string (only `*name` wildcards give arrays), and the catalogue built the route from this very param.
    if (typeof fromPath !== 'string') throw new Error(`Route ${tool.route.path} gave no string for :${param}`);
    if (field in input && input[field] !== fromPath) {
      throw new OutcomeError('invalid_input', `${field} is given both in the path ("${fromPath}") and in the ${readsQuery ? 'query' : 'body'} with another value; send it once.`);
    }
    input[field] = fromPath;
  }
  return input;
}

/** Runs the call and renders it as status, headers and body (errors included), ready to send or store. */
async function respond(tool: Tool, catalogue: Catalogue, dispatcher: Dispatcher, req: Request, caller: Caller, signal: AbortSignal): Promise<StoredResponse> {
  const prefer = parsePrefer(req.get('prefer'));
  try {
    const outcome = await dispatcher.call(tool, inputOf(tool, catalogue, req), {
      caller,
      requestId: req.id,
      log: req.log,
      signal,
      async: prefer.respondAsync,
      waitMs: (prefer.waitSeconds ?? 0) * 1000,
    });
    const headers: Record<string, string> = outcome.usage ? rateLimitHeaders(outcome.usage, new Date()) : {};
    const applied = [...(prefer.respondAsync ? ['respond-async'] : []), ...(prefer.waitSeconds !== undefined && (prefer.respondAsync || mayRunAsJob(tool)) ? [`wait=${prefer.waitSeconds}`] : [])];
    if (applied.length) headers['Preference-Applied'] = applied.join(', ');
    if (outcome.kind === 'job') {
      return { status: 202, headers: { ...headers, Location: outcome.handle.status_url }, body: outcome.handle };
    }
    return { status: 200, headers, body: outcome.output };
  } catch (thrown) {
    const error = asOutcomeError(thrown, req.id);
    if (error.code === 'internal') req.log.error({ err: thrown, tool: tool.name }, 'tool call failed unexpectedly');
    return { status: error.status, headers: error.headers ?? {}, body: error.toEnvelope() };
  }
}

function toolHandler(tool: Tool, catalogue: Catalogue, dispatcher: Dispatcher, access: Access): RequestHandler {
  return async (req, res) => {
    const caller = callerOf(res);
    // A client that hangs up stops the work done for it (a queued job goes on: it was accepted).
    const hangUp = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort(new OutcomeError('unavailable', 'The client closed the connection before the answer.'));
    });
    const key = tool.route.method === 'POST' ? req.get('idempotency-key') : undefined;
    let response;
    if (key === undefined) response = await respond(tool, catalogue, dispatcher, req, caller, hangUp.signal);
    else {
      // The dispatcher authorizes each call; a replay skips it, so check the scope before one.
      access.authorize(tool, caller);
      response = await access.idempotency.run(caller.accountId, key, fingerprint(req.method, req.baseUrl + req.path, req.body), () => respond(tool, catalogue, dispatcher, req, caller, hangUp.signal));
    }
    res.set(response.headers);
    if ('replayed' in response && response.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(response.status).json(response.body);
  };
}

/** One route per tool from `tool.route`, plus 405 for the other methods of each path. */
export function restRouter(catalogue: Catalogue, dispatcher: Dispatcher, access: Access): Router {
  const router = express.Router();
  const methodsByPath = new Map<string, string[]>();
  for (const tool of catalogue.tools) {
    const method = tool.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](tool.route.path, toolHandler(tool, catalogue, dispatcher, access));
    methodsByPath.set(tool.route.path, [...(methodsByPath.get(tool.route.path) ?? []), tool.route.method]);
  }
  for (const [path, methods] of methodsByPath) router.all(path, methodNotAllowed(methods));
  return router;
}
