import { performance } from 'node:perf_hooks';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import { checkInputDepth } from '../kernel/json-depth.js';
import type { Caller } from '../kernel/caller.js';

export const bodyLimit = '4mb';

/** The caller that authentication resolved for this request; failing closed if none did. */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new Error('no caller was resolved for this request');
  return caller;
}

/** Sends the one error envelope with the status and headers of its code. */
export function sendErrorEnvelope(res: Response, error: OutcomeError): void {
  if (error.headers) res.set(error.headers);
  res.status(error.status).json(error.toEnvelope());
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request id, echoed as `X-Request-Id` and on every log line of the request. */
      id: string;
      /** A logger whose lines carry `req_id`. */
      log: Logger;
    }
  }
}

/** The path without its query (signed tokens) and without a share link's token, which is a credential. */
export const loggablePath = (url: string) => (url.split('?')[0] ?? '').replace(/^\/share\/[^/]+/, '/share/[token]');

/**
 * One logger per request carrying `req_id` (created on first use), echoed as `X-Request-Id`,
 * and one line per request. Written here rather than with pino-http, which cost ~40 µs a
 * request; only safe fields are logged: no headers (credentials), no query (signed tokens).
 */
export function requestLogging(log: Logger): RequestHandler {
  const logsRequests = log.isLevelEnabled('info');
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && requestIdPattern.test(given) ? given : newId(platformIds.request);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { get: () => (child ??= log.child({ req_id: id })), configurable: true });
    if (logsRequests) {
      const started = performance.now();
      res.once('finish', () => {
        const line = { method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10 };
        if (res.statusCode >= 500) req.log.error(line, 'request failed');
        else req.log.info(line, 'request completed');
      });
    }
    next();
  };
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
export const isLoopback = (host: string) => loopbackHosts.has(host) || host.startsWith('127.');

/** The name in a Host header, without its port: `localhost:8787` → `localhost`, `[::1]:80` → `[::1]`. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name?.toLowerCase();
}

/**
 * DNS-rebinding protection for a server bound to loopback: a page on another origin can
 * reach 127.0.0.1, but its requests carry the attacker's Host name.
 */
export function hostCheck(allowed: readonly string[]): RequestHandler {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', ...allowed.map((name) => name.toLowerCase())]);
  return (req, res, next) => {
    const hostname = hostnameOf(req.headers.host);
    if (hostname && names.has(hostname)) return next();
    sendErrorEnvelope(
      res,
      new OutcomeError('forbidden_host', `Host "${req.headers.host ?? ''}" is not served here.`, {
        hint: 'Call the server as localhost or 127.0.0.1, or add the name to ALLOWED_HOSTS.',
      }),
    );
  };
}

/**
 * The Origin check MCP asks of HTTP servers (against DNS rebinding and pages calling a local
 * server from a browser): a request from a browser page must come from this server's own origin,
 * from localhost when bound to loopback, or from a host in ALLOWED_HOSTS / PUBLIC_BASE_URL.
 * Requests without an Origin (agents, curl, server-side clients) pass.
 */
export function originCheck(allowed: readonly string[], loopback: boolean): RequestHandler {
  const names = new Set([...(loopback ? ['localhost', '127.0.0.1', '[::1]'] : []), ...allowed.map((name) => name.toLowerCase())]);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && (url.host === req.headers.host?.toLowerCase() || names.has(url.hostname))) return next();
    sendErrorEnvelope(
      res,
      new OutcomeError('forbidden_origin', `Requests from the web origin ${JSON.stringify(origin.slice(0, 200))} are not accepted here.`, {
        hint: "Call from a server-side client (no Origin header), from this server's own origin, or add the host to ALLOWED_HOSTS.",
      }),
    );
  };
}

/** A body this long (bytes) takes tens of milliseconds to parse and to check. */
const largeBody = 256 * 1024;

/** Bodies are JSON objects up to 4 MB; anything else is refused with a clear status. */
export function jsonBody(): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.is(['application/json', 'application/*+json'])) return next();
    next(new OutcomeError('unsupported_media_type', `Content-Type "${req.headers['content-type'] ?? '(none)'}" is not accepted; send a JSON body with Content-Type: application/json.`));
  };
  // Depth is checked once the JSON is parsed (V8 parses any depth), before anything walks it recursively.
  // A large body took its own turn of the event loop to parse; the checks after it take the next one (yieldToEventLoop).
  const shallow: RequestHandler = (req, _res, next) => {
    const check = () => {
      checkInputDepth(req.body, 'The request body');
      next();
    };
    if (Number(req.headers['content-length'] ?? 0) < largeBody) return check();
    setImmediate(() => {
      try {
        check();
      } catch (error) {
        next(error);
      }
    });
  };
  return [requireJson, express.json({ limit: bodyLimit, type: ['application/json', 'application/*+json'] }), shallow];
}

interface BodyParserError {
  type?: string;
  status?: number;
  /** http-errors marks client errors safe to show. */
  expose?: boolean;
  /** zlib's, for a body that does not decompress (Z_DATA_ERROR, ERR__ERROR_FORMAT_…). */
  code?: string;
  message: string;
}

/** What a body parser's (or Express's path decoding) failure means for the caller; undefined for other errors. */
export function fromHttpError(err: unknown, limit = bodyLimit): OutcomeError | undefined {
  const parserError = err as BodyParserError;
  switch (parserError?.type) {
    case 'entity.too.large':
      return new OutcomeError('payload_too_large', `The request body is larger than ${limit.toUpperCase()}; send less data per call.`);
    case 'entity.parse.failed':
      return new OutcomeError('invalid_input', `The request body is not valid JSON (${parserError.message}); send a JSON object.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new OutcomeError('unsupported_media_type', `${parserError.message}; send UTF-8 JSON.`);
    case 'parameters.too.many':
      return new OutcomeError('invalid_input', `The form has too many fields (${parserError.message}).`);
    case 'request.aborted':
    case 'request.size.invalid':
      return new OutcomeError('invalid_input', `The request body was incomplete (${parserError.message}).`);
    default:
      // Express answers a path it cannot decode (malformed percent-encoding) with a 400 error.
      if (err instanceof URIError && parserError.status === 400) return new OutcomeError('invalid_input', 'The request path could not be decoded (malformed percent-encoding).');
      // A gzip/deflate/br body that does not decompress: the decoder's own error, marked safe to show.
      if (parserError?.status === 400 && parserError.expose === true && typeof parserError.code === 'string') {
        return new OutcomeError('invalid_input', `The request body could not be decompressed as its Content-Encoding says (${parserError.message}); send it uncompressed or compressed correctly.`);
      }
      return undefined;
  }
}

/**
 * The last middleware: every failure leaves as the one envelope; internals only reach the log.
 * `onRefused` hears the refusals of authenticated requests that never reached a tool (a body
 * that does not parse, decompress or fit), so that they count like refused calls.
 */
export function errorHandler(onRefused?: (caller: Caller, error: OutcomeError) => void): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const error = fromHttpError(err) ?? asOutcomeError(err, req.id);
    if (error.code === 'internal') req.log?.error({ err }, 'request failed unexpectedly');
    const caller = res.locals.caller as Caller | undefined;
    if (caller) onRefused?.(caller, error);
    if (res.headersSent) {
      res.end();
      return;
    }
    sendErrorEnvelope(res, error);
  };
}

export function notFound(): RequestHandler {
  return (req, res) => {
    sendErrorEnvelope(
      res,
      new OutcomeError('not_found', `No route ${req.method} ${req.baseUrl}${req.path}.`, {
        hint: 'The routes are listed in GET /api/agents/openapi.json; MCP clients connect to POST /mcp.',
      }),
    );
  };
}

export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  const allow = methods.join(', ');
  return (req, res) => {
    sendErrorEnvelope(
      res,
      new OutcomeError('method_not_allowed', `${req.method} is not allowed on ${req.baseUrl}${req.path}; use ${allow}.`, {
        headers: { Allow: allow },
      }),
    );
  };
}
