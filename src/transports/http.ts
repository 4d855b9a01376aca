import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { newId } from '../kernel/ids.js';
import type { Caller } from '../access/caller.js';

export const bodyLimit = '4mb';

/** Sends the one error envelope with the status and headers of its code. */
export function sendError(res: Response, error: OutcomeError): void {
  if (error.headers) res.set(error.headers);
  res.status(error.status).json(error.toEnvelope());
}

/** The caller that access control resolved for this request; failing closed if none did. */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new Error('no caller was resolved for this request');
  return caller;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** One logger per request carrying `req_id`, echoed as `X-Request-Id`; one line per request. */
export function requestLogging(log: Logger): RequestHandler {
  return pinoHttp({
    logger: log,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'req_id' },
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && requestIdPattern.test(given) ? given : newId('request');
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Only what is safe to keep: no headers (credentials), no query strings (signed tokens).
    serializers: {
      req: (req) => ({ method: req.method, path: String(req.url).split('?')[0] }),
      res: (res) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  });
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
export const isLoopback = (host: string) => loopbackHosts.has(host) || host.startsWith('127.');

/**
 * DNS-rebinding protection for a server bound to loopback: a page on another origin can
 * reach 127.0.0.1, but its requests carry the attacker's Host name.
 */
export function hostCheck(allowed: readonly string[]): RequestHandler {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', ...allowed.map((name) => name.toLowerCase())]);
  return (req, res, next) => {
    let hostname: string | undefined;
    try {
      hostname = req.headers.host ? new URL(`http://${req.headers.host}`).hostname.toLowerCase() : undefined;
    } catch {
      hostname = undefined;
    }
    if (hostname && names.has(hostname)) return next();
    sendError(
      res,
      new OutcomeError('forbidden_host', `Host "${req.headers.host ?? ''}" is not served here.`, {
        hint: 'Call the server as localhost or 127.0.0.1, or add the name to ALLOWED_HOSTS.',
      }),
    );
  };
}

/** Bodies are JSON objects up to 4 MB; anything else is refused with a clear status. */
export function jsonBody(): RequestHandler[] {
  const requireJson: RequestHandler = (req, res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.is(['application/json', 'application/*+json'])) return next();
    sendError(
      res,
      new OutcomeError(
        'unsupported_media_type',
        `Content-Type "${req.headers['content-type'] ?? '(none)'}" is not accepted; send a JSON body with Content-Type: application/json.`,
      ),
    );
  };
  return [requireJson, express.json({ limit: bodyLimit, type: ['application/json', 'application/*+json'] })];
}

interface BodyParserError {
  type?: string;
  status?: number;
  message: string;
}

function fromHttpError(err: unknown): OutcomeError | undefined {
  const parserError = err as BodyParserError;
  switch (parserError?.type) {
    case 'entity.too.large':
      return new OutcomeError('payload_too_large', `The request body is larger than ${bodyLimit.toUpperCase()}; send less data per call.`);
    case 'entity.parse.failed':
      return new OutcomeError('invalid_input', `The request body is not valid JSON (${parserError.message}); send a JSON object.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new OutcomeError('unsupported_media_type', `${parserError.message}; send UTF-8 JSON.`);
    case 'request.aborted':
    case 'request.size.invalid':
      return new OutcomeError('invalid_input', `The request body was incomplete (${parserError.message}).`);
    default:
      return undefined;
  }
}

/** The last middleware: every failure leaves as the one envelope; internals only reach the log. */
export function errorHandler(): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const error = fromHttpError(err) ?? asOutcomeError(err, String(req.id ?? randomUUID()));
    if (error.code === 'internal') req.log?.error({ err }, 'request failed unexpectedly');
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, error);
  };
}

export function notFound(): RequestHandler {
  return (req, res) => {
    sendError(
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
    sendError(
      res,
      new OutcomeError('method_not_allowed', `${req.method} is not allowed on ${req.baseUrl}${req.path}; use ${allow}.`, {
        headers: { Allow: allow },
      }),
    );
  };
}
