import type { Caller } from './caller.js';
import type { GenerationRequest, GenerationResult, Sampler } from './generation.js';
import type { JobHandle, JobStatus } from './job-handle.js';
import type { Scope } from './scopes.js';
import type { Compute } from './task.js';
import type { UsageReport } from './usage.js';
import type { NextAction } from './next-action.js';

/**
 * What tools and public routes can use, as the narrow interfaces they need. The platform's
 * services (src/store, src/jobs, src/access, src/files, src/payments) implement them; the
 * kernel knows none of those layers.
 */

/** Structured logging (pino's shape): a context object first, then the message. */
export interface Log {
  debug(context: object, message?: string): void;
  info(context: object, message?: string): void;
  warn(context: object, message?: string): void;
  error(context: object, message?: string): void;
}

/**
 * The database, opaque here: an outcome reaches its own tables through `tables<T>(store)` from
 * `src/store`, typed by the table interfaces its module declares.
 */
export interface StoreHandle {
  readonly dialect: 'sqlite' | 'postgres';
}

/** Files outcomes produce (PDFs, exports), stored per account, downloadable with a key or a signed link. */
export interface FileStore {
  /** Saves a file; `transaction` (the store's) saves it with the caller's own rows, all or nothing. */
  save(file: { accountId: string; name: string; contentType: string; scope: Scope; bytes: Uint8Array }, transaction?: unknown): Promise<string>;
  /**
   * Saves a file that is made when first downloaded, by the module's `FileMaker` named `maker` from `input`
   * (JSON); its bytes are stored then. For large files most callers never fetch (a site's zip per version).
   */
  saveLater(file: { accountId: string; name: string; contentType: string; scope: Scope; maker: string; input: unknown }): Promise<string>;
  /** The absolute URL that downloads a file with an agent key. */
  url(id: string): string;
  /** A link anyone can open until it expires. */
  shareUrl(id: string, ttlMs?: number): Promise<{ url: string; expires_at: string }>;
  /** An HMAC signature of `payload` with the server's secret: what makes a link a credential. */
  sign(payload: string): Promise<string>;
  verifySignature(payload: string, signature: string): Promise<boolean>;
  /** A file of the caller's account, if the key holds its scope; else not_found (another account's) or insufficient_scope. */
  forCaller(id: string, caller: Caller): Promise<{ name: string; content_type: string; bytes: Uint8Array }>;
}

/**
 * Makes the bytes of a file saved with `FileStore.saveLater`, on its first download. It must give the same
 * bytes for the same input whenever it runs (two first downloads at once may both make them).
 */
export interface FileMaker {
  /** Unique across modules, e.g. `directory.site_zip`. */
  name: string;
  make(input: unknown, ctx: FileMakerContext): Promise<Uint8Array>;
}

export interface FileMakerContext {
  store: StoreHandle;
  /** CPU-heavy work on a compute thread, within the inline call budget. */
  compute: Compute;
}

/** A job as job_status shows it. */
export interface JobView {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  progress_message: string | null;
  /** The result or the error envelope, as JSON. */
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** What an outcome asks of a payment processor: a link that collects one amount. */
export interface PaymentLinkRequest {
  /** Derived from the outcome's record, so that a retry after a failure never creates a second link. */
  idempotencyKey: string;
  /** Ties the link and its payments to the outcome's record, e.g. `{ invoice_id: "inv_…" }`. */
  metadata: Record<string, string>;
  /** Whether the link stops accepting payments after one completed checkout (an invoice is paid once). */
  singleUse: boolean;
  /** The name of the single line used when the lines cannot be sent one by one ("Invoice for Acme GmbH"). */
  summary: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** Integer minor units per ISO 4217 (JPY 0, USD 2, KWD 3 decimals). */
  total: number;
  /** Invoice lines; used one by one only when they add up to `total` exactly (else one summary line). */
  lines: Array<{ name: string; unitAmount: number; quantity: number }>;
}

export interface PaymentLink {
  id: string;
  url: string;
}

/** What one planned payment operation made: its id and, for links and sessions, where the customer goes. */
export interface PaymentOperationResult {
  id: string;
  url: string | null;
}

export interface PaymentGateway {
  createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink>;
  /**
   * Runs one planned operation (`products.create`, `prices.create`, `payment_links.create`,
   * `checkout.sessions.create`, `billing_portal.sessions.create`; src/payments/operations.ts)
   * with its params as the processor's API takes them, under the idempotency key.
   */
  runOperation(op: string, params: Record<string, unknown>, idempotencyKey: string): Promise<PaymentOperationResult>;
  /** Stops a payment link from taking payments (an invoice voided); safe to repeat. */
  deactivatePaymentLink(id: string): Promise<void>;
}

/** An email to send (DESIGN §9). The From address is the server's (SMTP_FROM); headers come only from these fields (`headers` from an allow-list). */
export interface MailMessage {
  /** One address per entry (`a@example.com` or `Name <a@example.com>`); at least one. */
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Uint8Array }>;
  /**
   * Extra headers, from an allow-list only: `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058
   * one-click unsubscribe, for bulk senders such as outreach). Any other name, or a value with a line
   * break, is refused with an Error (a bug in the tool, not the caller's input).
   */
  headers?: Record<string, string>;
  /**
   * Names this one intended delivery (e.g. the invoice and the request's idempotency key): the
   * same key always gives the same Message-ID, so that a retried send is recognised as the same
   * message by mail servers and clients. Different deliveries need different keys.
   */
  idempotencyKey?: string;
}

/** What the SMTP server said: recipients it took and refused (a send refused for every recipient fails instead). */
export interface MailReceipt {
  /** `<…@from-domain>`, as in the Message-ID header. */
  messageId: string;
  accepted: string[];
  rejected: string[];
}

/** Sends email; failures are OutcomeErrors (502 upstream_error when the server cannot be reached, 422 when it refuses the recipients or the message). */
export interface Mailer {
  /** `signal` (the call's) gives up on a send still waiting or in progress. */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<MailReceipt>;
}

/** A job a module asks the queue to run later: an email on a member's day 3, a featured listing that ends. */
export interface ScheduledJob {
  /** A scheduled task's kind, declared by a module (`OutcomeModule.scheduled`). */
  kind: string;
  input: unknown;
  /** The account the work is for (its owner's jobs). */
  accountId: string;
  /** Not run before then; now or in the past runs it at once. */
  runAt: Date;
  /** Names this one intended run: scheduling a key again does nothing (events delivered twice, two instances). */
  key: string;
}

export interface JobScheduler {
  /** False when the key was scheduled before (nothing new was queued). */
  schedule(job: ScheduledJob): Promise<boolean>;
}

/** What a scheduled task's run can use: no caller and no request, only the platform's services. */
export interface ScheduledTaskContext {
  store: StoreHandle;
  files: FileStore;
  baseUrl: string;
  now: () => Date;
  log: Log;
  signal: AbortSignal;
  payments: PaymentGateway | null;
  mail: Mailer | null;
  jobs: JobScheduler;
}

/** What a tool's `run` can use. Built per call by the dispatcher (or the job worker). */
export interface ToolContext {
  requestId: string;
  caller: Caller;
  store: StoreHandle;
  /** The caller's jobs (job_status), and work scheduled for later. */
  jobs: { get(id: string, caller: Caller): Promise<JobView | undefined> } & JobScheduler;
  /** The caller's plan and usage (usage_get). */
  usage: { report(accountId: string): Promise<UsageReport> };
  files: FileStore;
  /**
   * The calling MCP client's own model (sampling), when the client declared the capability on
   * a connection that can carry server-to-client requests (stdio); undefined otherwise.
   */
  sampler?: Sampler;
  /**
   * The generation layer (DESIGN §8): the client's model through sampling, else the
   * OpenAI-compatible endpoint, else the request's template; reports which one wrote it.
   */
  generation: { generate<T>(request: Omit<GenerationRequest<T>, 'sampler' | 'signal'>): Promise<GenerationResult<T>> };
  /**
   * Runs a CPU-heavy task (`defineTask`) on a worker thread within the call's computing budget;
   * past the budget it is stopped and the call fails with 422 budget_exceeded.
   */
  compute: Compute;
  /** The payment processor, or null when none is configured (STRIPE_SECRET_KEY). */
  payments: PaymentGateway | null;
  /** Email through SMTP, or null when none is configured (SMTP_URL): `requireMail(ctx)` from src/mail answers 422 mail_not_configured. */
  mail: Mailer | null;
  log: Log;
  signal: AbortSignal;
  now: () => Date;
  /** Absolute base URL for links in results (`PUBLIC_BASE_URL`). */
  baseUrl: string;
  /** Reports progress (0..1) of long work; relayed as MCP progress notifications and job status. */
  progress: (fraction: number, message?: string) => Promise<void>;
  /** Says this call returned an outcome an earlier call produced (an idempotent replay): it is not charged. */
  markReplay: () => void;
  /** A next action for another tool of the catalogue, its REST route filled in from `args`. */
  nextAction: (tool: string, args: Record<string, unknown>, why: string) => NextAction;
  /**
   * Runs another tool of the catalogue inside this call, as its engine (how business-in-a-box composes
   * the other outcomes, never through HTTP): the same caller, store and budget; `input` parsed by that
   * tool's own schema (400 naming the tool's field). This call's scope covers it, and its cost: the
   * tool is neither scope-checked nor metered apart. Its result is what the tool returns to anyone.
   */
  runTool: (tool: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * The MCP resource URIs of the artifacts a tool's output names (as its result's `resource_link`s would):
   * a composing tool lists them under `components[].resources`, and its own result links them too.
   */
  resourcesOf: (tool: string, output: Record<string, unknown>) => string[];
  /** The catalogue as this call's caller sees it, and its tools called as that caller would (intent routing). */
  catalogue: CallerCatalogue;
}

/** A tool of the catalogue, as a router needs to know it. */
export interface CatalogueEntry {
  name: string;
  title: string;
  scope: string;
  cost: number;
  mode: 'sync' | 'job';
  /** Its input's top-level fields. */
  fields: readonly string[];
  /** Whether the caller's key grants its scope. */
  allowed: boolean;
}

export interface CallerCatalogue {
  tools(): readonly CatalogueEntry[];
  /** Checks an input against a tool's own schema without running it: its issues, each with its field path. */
  check(tool: string, input: Record<string, unknown>): Array<{ path: string; message: string }>;
  /**
   * Calls a tool as the caller would over REST or MCP: its scope checked against the caller's key
   * (403), its plan and units (402, 429) and metering, its input checked (400); a job tool (or a
   * long input) answers with its job handle at once. Unlike `runTool`, nothing is covered by this call.
   */
  call(tool: string, input: Record<string, unknown>): Promise<{ output: Record<string, unknown> } | { job: JobHandle }>;
}

/** What a public route's handler can use (no caller: these serve people without a key). */
export interface PublicContext {
  store: StoreHandle;
  files: FileStore;
  baseUrl: string;
  now: () => Date;
  log: Log;
  /** Checkouts started by visitors (a storefront's buy button); null without STRIPE_SECRET_KEY. */
  payments: PaymentGateway | null;
  /** Sign-in links and receipts; null without SMTP_URL. */
  mail: Mailer | null;
  /** Work for later (a member's onboarding emails). */
  jobs: JobScheduler;
}
