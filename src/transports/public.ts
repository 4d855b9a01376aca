import { parse as parseCookie } from 'cookie';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { ipKeyGenerator, rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import type { PublicRequest, PublicResponse, PublicRoute } from '../kernel/public-route.js';
import type { PublicContext } from '../kernel/context.js';
import { renderNotice } from '../render/page.js';
import { resolveTheme } from '../render/theme.js';
import { isPlainObject } from '../kernel/unknown-fields.js';
import { checkInputDepth } from '../kernel/json-depth.js';
import { fromHttpError } from './http.js';

/** Form posts are small: a few fields of text. */
const publicBodyLimit = '64kb';

const wantsJson = (req: Request) => req.is('application/json') === 'application/json' || req.accepts(['html', 'json']) === 'json';

let neutral: ReturnType<typeof resolveTheme>['theme'] | undefined;
/** The default theme, for error pages that belong to no widget. */
const neutralTheme = () => (neutral ??= resolveTheme({}).theme);

function send(res: Response, response: PublicResponse): void {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  if (response.setCookies?.length) res.append('Set-Cookie', response.setCookies);
  if (response.type === 'redirect') {
    // Only to http(s): a route never sends a visitor to javascript: or a relative path it did not mean.
    const location = new URL(response.location);
    if (location.protocol !== 'https:' && location.protocol !== 'http:') throw new Error(`A public route redirected to ${location.protocol}`);
    res.redirect(303, location.href);
    return;
  }
  if (response.type === 'json') {
    res.status(response.status).json(response.body);
    return;
  }
  res.set({ 'Content-Security-Policy': response.csp, 'Content-Type': 'text/html; charset=utf-8' });
  res.status(response.status).send(response.body);
}

/** Errors as the one envelope for scripts, or as a plain page for people. */
function sendErrorPage(req: Request, res: Response, error: OutcomeError): void {
  if (error.headers) res.set(error.headers);
  if (wantsJson(req)) {
    send(res, { status: error.status, type: 'json', body: error.toEnvelope() });
    return;
  }
  const title = error.status === 404 ? 'Not found' : error.status === 429 ? 'Please wait' : 'Something is not right';
  const referer = req.get('referer');
  const page = renderNotice({ title, message: error.message, lang: 'en', theme: neutralTheme(), back: referer });
  send(res, { status: error.status, type: 'html', body: page.html, csp: page.csp });
}

/** Where a limiter keeps its counts: shared by every instance on the database (a new store per limiter). */
export type LimitStoreFactory = (prefix: string) => RateLimitStore;

function limiter(route: PublicRoute, limitStore: LimitStoreFactory): RequestHandler[] {
  if (!route.rateLimit) return [];
  const { max, windowMs } = route.rateLimit;
  return [
    rateLimit({
      windowMs,
      limit: max,
      store: limitStore(`public ${route.path}`),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      // Per address and per target (one widget's form), so one busy form does not block another. Keyed on the
      // route and its decoded parameters, not the raw path: /F/x, /f/x/ and /f/%78 are the same form.
      keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? 'unknown')} ${route.path} ${JSON.stringify(req.params)}`,
      handler: (req, res) => {
        const retryAfter = Math.ceil(windowMs / 1000);
        sendErrorPage(req, res, new OutcomeError('rate_limited', `Too many submissions from this address; try again in a few minutes.`, { headers: { 'Retry-After': String(retryAfter) } }));
      },
    }),
  ];
}

/** The Cookie header's pairs; a malformed one is ignored, as browsers would. */
function cookiesOf(req: Request): Record<string, string> {
  const parsed = parseCookie(req.get('cookie') ?? '');
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Query values as single strings: a repeated parameter is refused rather than guessed at. */
function queryOf(req: Request): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value !== 'string') throw new OutcomeError('invalid_input', `The query parameter "${name}" must be given once.`);
    query[name] = value;
  }
  return query;
}

function handler(route: PublicRoute, context: () => PublicContext): RequestHandler {
  return async (req, res) => {
    try {
      const body: unknown = req.body ?? {};
      if (!isPlainObject(body)) throw new OutcomeError('invalid_input', 'The body must be form fields or a JSON object.');
      checkInputDepth(body, 'The body');
      const request: PublicRequest = {
        params: req.params as Record<string, string>,
        query: queryOf(req),
        body,
        wantsJson: wantsJson(req),
        referer: req.get('referer'),
        cookies: cookiesOf(req),
        secure: req.secure,
      };
      send(res, await route.handle(request, { ...context(), log: req.log }));
    } catch (thrown) {
      const error = asOutcomeError(thrown, req.id);
      if (error.code === 'internal') req.log.error({ err: thrown, path: route.path }, 'public route failed unexpectedly');
      sendErrorPage(req, res, error);
    }
  };
}

/** Mounts the outcomes' public routes: form-encoded or JSON bodies, CORS for posts from any site, rate limits, pages or JSON. */
export function publicRouter(routes: readonly PublicRoute[], context: () => PublicContext, limitStore: LimitStoreFactory): Router {
  const router = express.Router();
  const parseBody = [express.urlencoded({ extended: false, limit: publicBodyLimit, parameterLimit: 50 }), express.json({ limit: publicBodyLimit })];
  for (const route of routes) {
    if (route.method === 'POST') {
      // Widgets are embedded on other sites; their script posts here. No credentials are involved.
      const cors: RequestHandler = (_req, res, next) => {
        res.set({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, Accept', 'Access-Control-Max-Age': '600' });
        next();
      };
      router.options(route.path, cors, (_req, res) => void res.status(204).end());
      router.post(route.path, cors, ...limiter(route, limitStore), ...parseBody, handler(route, context));
    } else if (route.readableAnywhere) {
      const cors: RequestHandler = (_req, res, next) => {
        res.set('Access-Control-Allow-Origin', '*');
        next();
      };
      router.get(route.path, cors, handler(route, context));
    } else router.get(route.path, handler(route, context));
  }
  return router;
}

/** Body-parser and path-decoding failures on public routes (the API's mapping), answered in the route's own style. */
export function publicErrors(): express.ErrorRequestHandler {
  return (err, req, res, next) => {
    const error = fromHttpError(err, publicBodyLimit);
    if (error) sendErrorPage(req, res, error);
    else next(err);
  };
}
