import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const integer = (min: number, max: number, fallback: number) => z.coerce.number().int(`must be a whole number`).min(min).max(max).default(fallback);

const defaultThreads = () => Math.max(1, os.availableParallelism() - 1);
/**
 * A thread loads every task's fonts and word lists when it starts (about 50 MB on Node 20, 56 MB on Node 24, the
 * outreach's 121k disposable domains among them): below this it could not even start.
 */
const minHeapMb = 128;
/** 1 GB a thread, unless the threads together would then take more than half the machine's memory. */
const defaultHeapMb = () => Math.max(minHeapMb, Math.min(1024, Math.floor(os.totalmem() / 2 / 1024 / 1024 / defaultThreads())));

/** Every setting, read from the environment. `agent-outcomes --help` prints these descriptions. */
export const environmentSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1').describe('Address to bind the HTTP server to.'),
  PORT: integer(0, 65535, 8787).describe('HTTP port (0 picks a free one).'),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder for the SQLite database and files.'),
  DATABASE_URL: z.string().optional().describe('PostgreSQL to share one database between instances (postgres://user:password@host:5432/db), or sqlite:FILE; default DATA_DIR/agent-outcomes.db.'),
  DATABASE_POOL_SIZE: integer(1, 1000, 10).describe("PostgreSQL connections this process may hold at once (instances × this must stay under the server's max_connections)."),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://api.example.com' })
    .optional()
    .describe('Absolute base URL used in links the API returns (default http://HOST:PORT).'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level; logs are JSON lines on stderr.'),
  JOB_CONCURRENCY: integer(0, 64, 2).describe('Jobs run at once by this process (0 = enqueue only, run none).'),
  JOB_LEASE_SECONDS: integer(1, 3600, 30).describe('A running job is re-queued when its worker has not renewed its lease for this long.'),
  JOB_MAX_ATTEMPTS: integer(1, 20, 3).describe('Times a job is started before it is failed for good.'),
  JOB_POLL_MS: integer(10, 60000, 500).describe('How often an idle worker looks for queued jobs.'),
  MCP_JOB_WAIT_SECONDS: integer(0, 300, 25).describe('How long an MCP call to a long-running tool waits for the result before returning a job handle.'),
  MCP_TOOLSETS: z.string().optional().describe('For stdio: the tool families tools/list shows (comma-separated, e.g. "invoices,content"; default all). Over HTTP: ?toolsets= on the MCP URL.'),
  SHUTDOWN_GRACE_SECONDS: integer(0, 600, 10).describe('On SIGTERM/SIGINT, how long running jobs may finish before they are returned to the queue.'),
  ALLOWED_HOSTS: z.string().optional().describe('Extra Host header names accepted when bound to loopback (comma-separated).'),
  AUTH_MAX_FAILURES: integer(1, 1_000_000, 20).describe('Failed authentications one address may make per minute before it is refused (429 rate_limited).'),
  MAX_REFUSED_CALLS: integer(1, 1_000_000, 120).describe(
    'Calls one account may have refused (4xx: invalid input, unknown ids, bodies that do not parse…) per minute before its calls get 429 rate_limited until the minute is over.',
  ),
  COMPUTE_THREADS: integer(1, 64, defaultThreads()).describe('Worker threads for CPU-heavy steps (composing, planning, rendering); default: one per core but one, which the HTTP loop keeps.'),
  COMPUTE_QUEUE: integer(1, 100_000, 256).describe('Computing steps that may wait for a thread; past that calls get 503 unavailable.'),
  COMPUTE_QUEUE_WAIT_MS: integer(100, 600_000, 15_000).describe('How long a computing step may wait for a thread before its call gets 503 unavailable.'),
  COMPUTE_HEAP_MB: integer(minHeapMb, 16_384, defaultHeapMb()).describe(
    'Heap of each compute thread; a step that needs more is stopped (422 budget_exceeded). Default: 1 GB, or less so that all threads together stay within half the memory.',
  ),
  CALL_BUDGET_MS: integer(50, 600_000, 5_000).describe('Computing time one inline call may use; past it the work is stopped and the call fails with 422 budget_exceeded (nothing charged).'),
  JOB_BUDGET_MS: integer(50, 3_600_000, 120_000).describe('Computing time one job may use (the same rule, for work run as a job).'),
  HEADERS_TIMEOUT_SECONDS: integer(1, 600, 10).describe('How long a client may take to send the request headers (408 after).'),
  REQUEST_TIMEOUT_SECONDS: integer(1, 3600, 30).describe('How long a client may take to send a whole request, body included (408 after).'),
  MAX_CONNECTIONS: integer(1, 1_000_000, 1024).describe('Open HTTP connections this process accepts at once; more are closed at once.'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|loopback|linklocal|uniquelocal|[0-9a-fA-F.:/,\s]+)$/, 'must be true, false, a hop count, or addresses/subnets (comma-separated)')
    .default('false')
    .describe("Behind a load balancer: whose X-Forwarded-For to trust for the client address (Express's trust proxy)."),
  BOOTSTRAP: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .describe('On an empty store, create a local owner account (starter plan) and a full-scope key in DATA_DIR/dev-key.'),
  AGENT_KEY: z.string().optional().describe('stdio: the agent key to act with (default: the local owner account).'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)')
    .optional()
    .describe('Stripe secret key for payment links (none: outcomes answer without links).'),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
    .optional()
    .describe("Another host for Stripe's API (a local test server); default api.stripe.com."),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be the signing secret of a Stripe webhook endpoint (whsec_…)')
    .optional()
    .describe('Signing secret of the Stripe webhook endpoint POST /webhooks/stripe (whsec_…): paid payment links mark invoices paid. Without it the endpoint answers 503.'),
  STRIPE_STARTER_PRICE: z
    .string()
    .regex(/^price_[A-Za-z0-9]+$/, 'must be the id of a recurring Stripe price (price_…)')
    .optional()
    .describe('The recurring Stripe price of the agents starter plan: with STRIPE_SECRET_KEY, the dashboard\'s "Activate starter plan" opens Stripe Checkout for it.'),
  STRIPE_TIMEOUT_SECONDS: integer(1, 50, 10).describe('Longest a payment-link call to Stripe may take, retries included; then it fails with 502 "timed out" and nothing is stored.'),
  SMTP_URL: z
    .string()
    .optional()
    .describe(
      'SMTP server that sends email (invoices, sign-in links): smtps://user:password@smtp.example.com:465 (TLS from the start) or smtp://user:password@smtp.example.com:587 (STARTTLS, required when a password goes to a host other than loopback); percent-encode @ : / in the password. Never printed.',
    ),
  SMTP_FROM: z.string().optional().describe('The From address of every email, e.g. "Acme Billing <billing@acme.example>" (required with SMTP_URL); Message-IDs are made in its domain.'),
  SMTP_TIMEOUT_SECONDS: integer(1, 300, 15).describe('Longest handing one email to the SMTP server may take, connecting included; then the send fails with 502 upstream_error.'),
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:11434/v1' })
    .optional()
    .describe('OpenAI-compatible endpoint for generated copy (OpenAI, Ollama, vLLM, LM Studio), e.g. http://localhost:11434/v1.'),
  LLM_API_KEY: z.string().optional().describe('API key for LLM_BASE_URL, if it needs one.'),
  LLM_MODEL: z.string().min(1).optional().describe('Model name at LLM_BASE_URL (required with it).'),
  LLM_TIMEOUT_SECONDS: integer(1, 600, 30).describe('How long one LLM answer may take before the template composer is used.'),
  NODE_ENV: z.string().optional().describe('"production" skips checking every tool result against its output schema.'),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Their values never appear in messages. */
const secretVariables = new Set(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'AGENT_KEY', 'LLM_API_KEY', 'DATABASE_URL', 'SMTP_URL']);

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  publicBaseUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  jobConcurrency: number;
  jobLeaseMs: number;
  jobMaxAttempts: number;
  jobPollMs: number;
  mcpJobWaitMs: number;
  /** MCP_TOOLSETS as given; checked against the catalogue's families when stdio starts. */
  mcpToolsets: string | undefined;
  shutdownGraceMs: number;
  allowedHosts: string[];
  validateOutput: boolean;
  authMaxFailures: number;
  maxRefusedCalls: number;
  compute: { threads: number; maxQueue: number; queueWaitMs: number; heapMb: number };
  callBudgetMs: number;
  jobBudgetMs: number;
  http: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  trustProxy: boolean | number | string;
  bootstrap: boolean;
  stripe: { secretKey: string; apiBase: string | undefined; timeoutMs: number } | undefined;
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Verifies Stripe's webhook signatures; never logged. */
  stripeWebhookSecret: string | undefined;
  /** The starter plan's recurring price, sold through the dashboard's Checkout (with `stripe`). */
  starterPrice: string | undefined;
  /** Email through SMTP (SMTP_URL, SMTP_FROM); the password is never logged. */
  mail: MailConfig | undefined;
  /** stdio's key; never logged. */
  agentKey: string | undefined;
}

/** The SMTP server and the From address, as SMTP_URL and SMTP_FROM give them. */
export interface MailConfig {
  host: string;
  port: number;
  /** smtps://: TLS from the start; smtp://: STARTTLS when offered (required for credentials sent off loopback). */
  secure: boolean;
  /** Both or neither (AUTH PLAIN/LOGIN). */
  user: string | undefined;
  password: string | undefined;
  from: { name: string; address: string };
  timeoutMs: number;
}

/** Where the store lives: a SQLite file (embedded default) or a PostgreSQL database shared by instances. */
export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize: number };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function databaseOf(env: Environment): DatabaseTarget {
  const url = env.DATABASE_URL;
  if (!url) return { dialect: 'sqlite', file: path.resolve(env.DATA_DIR, 'agent-outcomes.db') };
  if (/^postgres(ql)?:/i.test(url)) {
    // Checked here so that a typo is a configuration error, not a connection failure; the URL itself is never echoed (it holds a password).
    if (!URL.canParse(url) || !new URL(url).hostname) {
      throw new ConfigError('Invalid configuration. DATABASE_URL=(value hidden): must be a URL such as postgres://user:password@host:5432/database.');
    }
    return { dialect: 'postgres', url, poolSize: env.DATABASE_POOL_SIZE };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('sqlite:')) {
    throw new ConfigError('Invalid configuration. DATABASE_URL=(value hidden): must start with postgres:// or postgresql:// (PostgreSQL), or be sqlite:FILE or a file path (SQLite).');
  }
  return { dialect: 'sqlite', file: path.resolve(url.replace(/^sqlite:(\/\/)?/, '')) };
}

function llmOf(e: Environment): Config['llm'] {
  if (!e.LLM_BASE_URL) return undefined;
  if (!e.LLM_MODEL) throw new ConfigError('Invalid configuration. LLM_MODEL: required with LLM_BASE_URL (e.g. gpt-4o-mini, llama3.1).');
  return { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 };
}

const smtpExample = 'smtps://user:password@smtp.example.com:465 or smtp://user:password@smtp.example.com:587';
/** `Name <address>`, `"Name" <address>` or a bare address; nothing that could end a header line. */
const fromPattern = /^(?:(?<name>"[^"\r\n]*"|[^<>"\r\n]*?)\s*<(?<angle>[^<>\s]+)>|(?<bare>[^<>\s"]+))$/;

function mailOf(e: Environment): Config['mail'] {
  if (!e.SMTP_URL) {
    if (e.SMTP_FROM) throw new ConfigError(`Invalid configuration. SMTP_FROM: set without SMTP_URL; set SMTP_URL (${smtpExample}) to send email, or unset SMTP_FROM.`);
    return undefined;
  }
  // The URL holds a password: no message quotes it, or any part of it.
  const refuse = (what: string) => new ConfigError(`Invalid configuration. SMTP_URL=(value hidden): ${what}.`);
  if (!URL.canParse(e.SMTP_URL)) throw refuse(`must be a URL such as ${smtpExample} (percent-encode @ : / in the password)`);
  const url = new URL(e.SMTP_URL);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw refuse(`must start with smtps:// (TLS from the start) or smtp:// (STARTTLS), e.g. ${smtpExample}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw refuse(`names no host; e.g. ${smtpExample}`);
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) throw refuse(`takes no path, query or fragment, only smtp(s)://user:password@host:port`);
  let user: string | undefined;
  let password: string | undefined;
  try {
    user = url.username ? decodeURIComponent(url.username) : undefined;
    password = url.password ? decodeURIComponent(url.password) : undefined;
  } catch {
    throw refuse('has a malformed percent-escape in its user name or password');
  }
  if ((user === undefined) !== (password === undefined)) {
    throw refuse(user ? 'has a user name but no password (smtps://user:password@host:port)' : 'has a password but no user name (smtps://user:password@host:port)');
  }
  const secure = url.protocol === 'smtps:';

  if (!e.SMTP_FROM) throw new ConfigError('Invalid configuration. SMTP_FROM: required with SMTP_URL, the From address of every email, e.g. "Acme Billing <billing@acme.example>".');
  const match = fromPattern.exec(e.SMTP_FROM.trim());
  const address = match?.groups?.angle ?? match?.groups?.bare;
  if (!address || !z.email().safeParse(address).success) {
    throw new ConfigError(`Invalid configuration. SMTP_FROM=${JSON.stringify(e.SMTP_FROM)}: must be an email address, alone or with a name: "Acme Billing <billing@acme.example>".`);
  }
  const name = (match?.groups?.name ?? '').replace(/^"(.*)"$/, '$1').trim();
  return { host, port: url.port ? Number(url.port) : secure ? 465 : 587, secure, user, password, from: { name, address }, timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000 };
}

/** Reads and validates the environment; throws ConfigError naming each bad variable and what it takes. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = secretVariables.has(name) ? '(value hidden)' : JSON.stringify(env[name]);
      return `${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}. See \`agent-outcomes --help\`.`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    database: databaseOf(e),
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
    jobPollMs: e.JOB_POLL_MS,
    mcpJobWaitMs: e.MCP_JOB_WAIT_SECONDS * 1000,
    mcpToolsets: e.MCP_TOOLSETS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    validateOutput: e.NODE_ENV !== 'production',
    authMaxFailures: e.AUTH_MAX_FAILURES,
    maxRefusedCalls: e.MAX_REFUSED_CALLS,
    compute: { threads: e.COMPUTE_THREADS, maxQueue: e.COMPUTE_QUEUE, queueWaitMs: e.COMPUTE_QUEUE_WAIT_MS, heapMb: e.COMPUTE_HEAP_MB },
    callBudgetMs: e.CALL_BUDGET_MS,
    jobBudgetMs: e.JOB_BUDGET_MS,
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      // Node requires the request time-out to be at least the headers time-out.
      requestTimeoutMs: Math.max(e.REQUEST_TIMEOUT_SECONDS, e.HEADERS_TIMEOUT_SECONDS) * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    starterPrice: e.STRIPE_STARTER_PRICE,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiBase: e.STRIPE_API_BASE, timeoutMs: e.STRIPE_TIMEOUT_SECONDS * 1000 } : undefined,
    llm: llmOf(e),
    mail: mailOf(e),
    bootstrap: e.BOOTSTRAP === 'true',
    agentKey: e.AGENT_KEY,
  };
}

/** A host as it goes in a URL: IPv6 in brackets, the any-address as loopback. */
export const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host);

/** The service's base URL before it listens (or from the CLI): PUBLIC_BASE_URL, else HOST:PORT. */
export const configuredBaseUrl = (config: Pick<Config, 'publicBaseUrl' | 'host' | 'port'>) => config.publicBaseUrl ?? `http://${urlHost(config.host)}:${config.port}`;
