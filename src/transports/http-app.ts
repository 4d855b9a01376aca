import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { restPrefix } from '../kernel/catalogue.js';
import type { PublicContext } from '../kernel/context.js';
import type { PublicRoute } from '../kernel/public-route.js';
import type { Access } from '../access/access.js';
import type { Files } from '../files/files.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { restRouter } from './rest.js';
import { mcpHttpHandler } from './mcp-http.js';
import { discoveryHandler } from './discovery.js';
import { buildOpenApi } from './openapi.js';
import { errorHandler, hostCheck, isLoopback, jsonBody, methodNotAllowed, notFound, originCheck, requestLogging } from './http.js';
import { authentication } from './auth.js';
import { fileDownload, sharedDownload } from './files.js';
import { publicErrors, publicRouter } from './public.js';
import type { McpDeps } from './mcp.js';

export interface HttpAppParts {
  config: Config;
  log: Logger;
  catalogue: Catalogue;
  dispatcher: Dispatcher;
  access: Access;
  files: Files;
  mcp: McpDeps;
  publicRoutes: readonly PublicRoute[];
  publicContext: () => PublicContext;
  baseUrl: () => string;
  /** For /healthz. */
  runningJobs: () => number;
  database: { dialect: 'sqlite' | 'postgres'; ping: () => Promise<number> };
  /** POST /webhooks/stripe (stripe-webhook.ts). */
  stripeWebhook: RequestHandler[];
  /** The account holder's pages under /dashboard (src/dashboard). */
  dashboard: express.Router;
}

/** Whether the database answers a trivial query within 2 s, and how fast. */
async function reachable(database: HttpAppParts['database']) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), 2000);
  });
  try {
    const latencyMs = await Promise.race([database.ping(), timeout]);
    return { dialect: database.dialect, reachable: true, latency_ms: latencyMs };
  } catch {
    return { dialect: database.dialect, reachable: false };
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP face of the service: REST, MCP over Streamable HTTP, discovery, OpenAPI, files, public pages. */
export function httpApp(parts: HttpAppParts): express.Express {
  const { config, log, catalogue, dispatcher, access, files } = parts;
  const app = express();
  app.disable('x-powered-by');
  // Results are generated per call; hashing every body for an ETag cost ~2% of a request.
  app.set('etag', false);
  // The client address the failed-auth throttle keys on; behind a proxy, set TRUST_PROXY.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(log));
  const knownHosts = [...config.allowedHosts, ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).hostname] : [])];
  if (isLoopback(config.host)) app.use(hostCheck(knownHosts));
  let openApi: Record<string, unknown> | undefined;
  app.get(`${restPrefix}/openapi.json`, (_req, res) => {
    openApi ??= buildOpenApi(catalogue, parts.baseUrl());
    res.json(openApi);
  });
  app.get(`${restPrefix}/mcp`, discoveryHandler(catalogue));
  // For load balancers and process managers: 503 when the database does not answer within 2 s. Never the URL or host.
  app.get('/healthz', async (_req, res) => {
    const database = await reachable(parts.database);
    res.status(database.reachable ? 200 : 503).json({ status: database.reachable ? 'ok' : 'unavailable', tools: catalogue.tools.length, jobs_running: parts.runningJobs(), database });
  });
  // Public pages and form posts (form-encoded bodies) come before the JSON-only API.
  // Stripe signs the raw bytes: this route reads its own body, before any JSON parser.
  app.post('/webhooks/stripe', ...parts.stripeWebhook);
  app.use('/dashboard', parts.dashboard);
  app.use(
    publicRouter(parts.publicRoutes, parts.publicContext, (prefix) => access.counters.rateLimitStore(prefix)),
    publicErrors(),
  );
  // Keys are checked before a body is read: an unauthenticated caller gets nothing parsed.
  const authenticated = authentication(access);
  const mcp = mcpHttpHandler(parts.mcp, log);
  const sameOrigin = originCheck(knownHosts, isLoopback(config.host));
  for (const path of ['/mcp', `${restPrefix}/mcp`]) {
    app.post(path, sameOrigin, authenticated, ...jsonBody(), mcp);
    app.all(path, methodNotAllowed(path === '/mcp' ? ['POST'] : ['GET', 'POST']));
  }
  app.get('/share/:token', sharedDownload(files));
  app.get(`${restPrefix}/files/:fileId`, authenticated, fileDownload(files));
  app.use(restPrefix, authenticated, ...jsonBody(), restRouter(catalogue, dispatcher, access));
  app.use(notFound());
  app.use(errorHandler((caller, error) => access.countRefusal(caller, error)));
  return app;
}
