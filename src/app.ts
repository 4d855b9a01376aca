import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import type { Logger } from 'pino';
import { configuredBaseUrl, urlHost, type Config } from './config.js';
import { createLogger } from './logger.js';
import { openStore, type Store } from './store/store.js';
import { Catalogue } from './kernel/catalogue.js';
import { ResourceRegistry } from './kernel/resource.js';
import { JobQueue } from './jobs/queue.js';
import { JobWorker } from './jobs/worker.js';
import { Dispatcher } from './dispatch/dispatcher.js';
import { Access } from './access/access.js';
import { Files } from './files/files.js';
import type { PaymentGateway } from './kernel/context.js';
import { openAiCompatible } from './compose/openai.js';
import { lazySmtpMailer } from './mail/mail.js';
import { CallBudget, ComputePool } from './compute/pool.js';
import type { McpDeps } from './transports/mcp.js';
import { serveStdio } from './transports/stdio.js';
import { JobTasks } from './jobs/tasks.js';
import { Outcomes, type OutcomeModule } from './kernel/outcome.js';
import type { StripeEventHandler } from './kernel/webhook.js';
import { planStripeEvents } from './access/plan-events.js';
import { DashboardSessions } from './dashboard/sessions.js';
import { outcomes as defaultModules } from '../tools/index.js';

export { defaultModules };

export interface AppOptions {
  config: Config;
  /** The outcome modules to serve (`tools/index.ts`); tests add their own. */
  modules?: readonly OutcomeModule[];
  /** Modules (file URLs) exporting `tasks` for those tools, loaded by the compute threads. */
  taskModules?: readonly string[];
  log?: Logger;
  now?: () => Date;
}

export interface App {
  config: Config;
  log: Logger;
  store: Store;
  /** What the modules declare: scopes, id prefixes, public routes, migrations, commands. */
  outcomes: Outcomes;
  catalogue: Catalogue;
  jobs: JobQueue;
  dispatcher: Dispatcher;
  worker: JobWorker;
  access: Access;
  /** The dashboard's sign-in links and sessions. */
  dashboardSessions: DashboardSessions;
  /** First start on an empty store (BOOTSTRAP): a local owner and a key; the secret is returned once. */
  bootstrap(): Promise<{ accountId: string; keyId: string; secret: string; file: string } | undefined>;
  /** Absolute base URL for links (PUBLIC_BASE_URL, else the bound address). */
  baseUrl(): string;
  /** The Express app: REST, MCP over HTTP, discovery, OpenAPI. */
  httpApp(): Promise<express.Express>;
  /** Starts the job worker and listens on HOST:PORT. */
  listen(): Promise<{ url: string; server: http.Server }>;
  /** Starts the job worker and serves MCP over stdio until stdin closes, as AGENT_KEY's account or the local owner. */
  serveStdio(): Promise<void>;
  /** Drains: stops taking work, lets running jobs finish or re-queues them, closes the database. */
  close(): Promise<void>;
}

/** The composition root: config → store → services → catalogue → transports. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const log = options.log ?? createLogger(config.logLevel);
  const outcomes = new Outcomes(options.modules ?? defaultModules);
  const store = await openStore(config.database, log, outcomes.migrations);
  const catalogue = new Catalogue(outcomes.tools);
  const resources = new ResourceRegistry(outcomes.resources);
  const now = options.now ?? (() => new Date());
  let boundUrl: string | undefined;
  const baseUrl = () => config.publicBaseUrl ?? boundUrl ?? configuredBaseUrl(config);
  // A 402's activation.url: the dashboard's plan page, where one is served (this process's HTTP server, or PUBLIC_BASE_URL's);
  // `stdio` alone serves none, and the CLI command in activation.how stays.
  const dashboardOrigin = () => config.publicBaseUrl ?? boundUrl;
  const access = new Access(store, now, {
    authMaxFailures: config.authMaxFailures,
    maxRefusedCalls: config.maxRefusedCalls,
    activationUrl: () => {
      const origin = dashboardOrigin();
      return origin ? `${origin}/dashboard/plan` : undefined;
    },
  });
  const dashboardSessions = new DashboardSessions(store, now);
  const compute = new ComputePool({ ...config.compute, extraTaskModules: options.taskModules, log: log.child({ component: 'compute' }) });
  const jobs = new JobQueue(store, {
    leaseMs: config.jobLeaseMs,
    maxAttempts: config.jobMaxAttempts,
    now,
    onSettled: (trx, job) => access.meter.settleJob(trx, job),
  });
  // A file made on its first download is computed within an inline call's budget, as a tool's work would be.
  const notCancelled = new AbortController().signal;
  const files = new Files(store, now, () => baseUrl(), {
    byName: outcomes.fileMakers,
    context: { store, compute: (task, input) => compute.run(task, input, new CallBudget(config.callBudgetMs, 'inline', undefined), notCancelled) },
  });
  // The Stripe SDK loads on the first payment link, not at start-up.
  let stripe: Promise<PaymentGateway> | undefined;
  const stripeConfig = config.stripe;
  const gateway = (settings: NonNullable<typeof stripeConfig>) => (stripe ??= import('./payments/stripe.js').then(({ stripeGateway }) => stripeGateway(settings)));
  const payments: PaymentGateway | null = stripeConfig
    ? {
        createPaymentLink: async (request) => (await gateway(stripeConfig)).createPaymentLink(request),
        runOperation: async (op, params, key) => (await gateway(stripeConfig)).runOperation(op, params, key),
        deactivatePaymentLink: async (id) => (await gateway(stripeConfig)).deactivatePaymentLink(id),
      }
    : null;
  // Email through SMTP_URL; nodemailer loads on the first email, not at start-up.
  const mail = config.mail ? lazySmtpMailer(config.mail, { log: log.child({ component: 'mail' }), now }) : null;
  const dispatcher = new Dispatcher({
    catalogue,
    resources,
    store,
    access,
    files,
    payments,
    mail,
    scheduled: outcomes.scheduled,
    llm: config.llm ? openAiCompatible(config.llm) : null,
    jobs,
    baseUrl,
    validateOutput: config.validateOutput,
    compute,
    callBudgetMs: config.callBudgetMs,
    jobBudgetMs: config.jobBudgetMs,
    log,
    now,
  });
  const worker = new JobWorker({
    queue: jobs,
    execute: dispatcher.executeJob,
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    log: log.child({ component: 'jobs' }),
  });
  const mcpDeps: McpDeps = { catalogue, dispatcher, resources, jobs, tasks: new JobTasks(store, now), jobWaitMs: config.mcpJobWaitMs, baseUrl };

  // Housekeeping any instance may do: settle or release reservations a crash left behind, purge old idempotency keys.
  let sweeper: NodeJS.Timeout | undefined;
  const startSweeping = async () => {
    if (sweeper) return;
    const sweep = () => Promise.all([access.sweep(), dashboardSessions.purgeExpired()]);
    await sweep();
    sweeper = setInterval(() => void sweep().catch((error) => log.warn({ err: error }, 'sweep failed')), 60_000);
    sweeper.unref();
  };

  // HTTP-only modules load on demand: `agent-outcomes stdio` starts without them.
  async function httpApp(): Promise<express.Express> {
    const [{ httpApp: assemble }, { stripeWebhook }, { dashboardRouter }] = await Promise.all([
      import('./transports/http-app.js'),
      import('./transports/stripe-webhook.js'),
      import('./dashboard/routes.js'),
    ]);
    // The platform's plan events first, then the modules' handlers for the same types (each ignores the others' checkouts).
    const stripeEvents = new Map<string, StripeEventHandler[]>(Object.entries(planStripeEvents(access.accounts)).map(([type, handler]) => [type, [handler]]));
    for (const [type, handlers] of outcomes.stripeEvents) stripeEvents.set(type, [...(stripeEvents.get(type) ?? []), ...handlers]);
    return assemble({
      config,
      log,
      catalogue,
      dispatcher,
      access,
      files,
      mcp: mcpDeps,
      publicRoutes: outcomes.publicRoutes,
      stripeWebhook: stripeWebhook({ secret: config.stripeWebhookSecret, handlers: stripeEvents, store, now, log, mail, jobs, baseUrl }),
      dashboard: dashboardRouter({
        access,
        sessions: dashboardSessions,
        store,
        files,
        scopes: outcomes.scopes,
        recent: outcomes.dashboardRecent,
        settings: outcomes.dashboardSettings,
        mail,
        payments,
        starterPrice: config.starterPrice,
        baseUrl,
        now,
      }),
      publicContext: () => ({ store, files, baseUrl: baseUrl(), now, log, payments, mail, jobs }),
      baseUrl,
      runningJobs: () => worker.activeJobs,
      database: { dialect: store.dialect, ping: () => store.ping() },
    });
  }

  let server: http.Server | undefined;
  let closing: Promise<void> | undefined;

  return {
    config,
    log,
    store,
    outcomes,
    catalogue,
    jobs,
    dispatcher,
    worker,
    access,
    dashboardSessions,
    baseUrl,
    bootstrap: () => (config.bootstrap ? access.bootstrap(config.dataDir, log) : Promise.resolve(undefined)),
    httpApp,
    async listen() {
      await startSweeping();
      await Promise.all([worker.start(), compute.warm()]);
      const { headersTimeoutMs, requestTimeoutMs, maxConnections } = config.http;
      // Seconds, not minutes: a client that stalls its headers or body is answered 408 and let go.
      // Node checks these every `connectionsCheckingInterval` (30 s by default): once a second here.
      server = http.createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1000 }, await httpApp());
      server.maxConnections = maxConnections;
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.port, config.host, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      boundUrl = `http://${urlHost(config.host)}:${port}`;
      log.info({ url: boundUrl, tools: catalogue.tools.length }, 'serving REST and MCP over HTTP');
      return { url: boundUrl, server };
    },
    async serveStdio() {
      const { agentKey } = config;
      const owner = agentKey ? undefined : await access.localOwner();
      const caller = agentKey ? () => access.keys.verify(agentKey) : async () => owner;
      if (!(await caller())) {
        throw new Error(
          agentKey
            ? 'AGENT_KEY is not a valid agent key (malformed, unknown or revoked).'
            : 'There is no local owner account: set AGENT_KEY to an agent key, or start once with BOOTSTRAP=true on an empty DATA_DIR.',
        );
      }
      const toolsets = config.mcpToolsets === undefined ? undefined : catalogue.parseToolsets(config.mcpToolsets, 'MCP_TOOLSETS');
      await startSweeping();
      await worker.start();
      await serveStdio(mcpDeps, caller, log, toolsets);
    },
    close() {
      closing ??= (async () => {
        const stopped = server
          ? new Promise<void>((resolve) => {
              server!.close(() => resolve());
              server!.closeIdleConnections();
            })
          : Promise.resolve();
        clearInterval(sweeper);
        await worker.stop(config.shutdownGraceMs);
        server?.closeAllConnections();
        await stopped;
        await compute.close();
        await mail?.close();
        await store.close();
        log.info('stopped');
        log.flush();
      })();
      return closing;
    },
  };
}
