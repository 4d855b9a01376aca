import type { Generated } from 'kysely';

/** Timestamps are ISO 8601 UTC strings: portable across SQLite and PostgreSQL, and they sort. */
export type Timestamp = string;

export interface JobsTable {
  id: string;
  account_id: string;
  tool: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  progress: Generated<number>;
  progress_message: string | null;
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  max_attempts: number;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  request_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Not claimed before then: the time it was queued, or a scheduled job's time. */
  run_after: Timestamp;
  /** A scheduled job's key: scheduling the same key again does nothing. */
  schedule_key: string | null;
  /** The scopes of the key that queued a tool's job (JSON); null for scheduled work and older jobs. */
  caller_scopes: string | null;
}

/** An MCP task (the Tasks extension): an unguessable id a client polls, for one job of its account. */
export interface JobTasksTable {
  task_id: string;
  job_id: string;
  account_id: string;
  created_at: Timestamp;
}

/** A job's raw input, V8-serialised and gzipped, written once at enqueue; re-validated by the worker against the tool's schema. */
export interface JobInputsTable {
  job_id: string;
  input: Buffer;
}

export interface AccountsTable {
  id: string;
  name: string;
  /** 1 for the account `npm start` bootstrapped: stdio without AGENT_KEY acts for it. */
  local_owner: number;
  plan: 'starter' | 'pro' | null;
  /** Anchor of the monthly billing cycles; set when a plan is activated. */
  plan_activated_at: Timestamp | null;
  /** Per-account override of the plan's monthly unit limit. */
  unit_limit: number | null;
  /** The account holder's address for emailed dashboard sign-in links (lower case), if set. */
  email: string | null;
  /** When Stripe said the plan's payment failed (invoice.payment_failed); null while paid. */
  plan_past_due_at: Timestamp | null;
  /** A past-due plan keeps working until then; after it, metered calls answer 402. */
  plan_grace_until: Timestamp | null;
  /** The Stripe customer and subscription of a plan bought through the dashboard's checkout. */
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AgentKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** The first characters of the secret, for recognising a key in lists. */
  prefix: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface UsageCyclesTable {
  account_id: string;
  cycle_start: Timestamp;
  /** Units reserved or committed in this cycle: the number limits are checked against. */
  used: number;
}

export interface UsageEventsTable {
  id: string;
  account_id: string;
  cycle_start: Timestamp;
  tool: string;
  units: number;
  status: 'reserved' | 'committed';
  job_id: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_headers: string | null;
  /** A 'running' claim older than this was abandoned (its process died) and may be taken over. */
  locked_until: Timestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface FilesTable {
  id: string;
  account_id: string;
  name: string;
  content_type: string;
  /** The scope a key needs to download it. */
  scope: string;
  /** Empty while a maker has yet to make it. */
  bytes: Uint8Array;
  /** The FileMaker that makes it on first download, and its input (JSON); null once made, or for a file saved whole. */
  maker: string | null;
  maker_input: string | null;
  created_at: Timestamp;
}

/** Server-wide settings, such as the secret that signs share links. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Hits per key in the current window, shared by every instance (access/window-counter.ts). */
export interface ThrottlesTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** Stripe events already handled (POST /webhooks/stripe). */
export interface StripeEventsTable {
  id: string;
  type: string;
  handled_at: Timestamp;
}

/** The dashboard's one-time sign-in links and sessions, by the SHA-256 of their secret. */
export interface DashboardSecretsTable {
  hash: string;
  kind: 'link' | 'session';
  account_id: string;
  expires_at: Timestamp;
  /** When a link was spent (a link works once). */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** The platform's tables; each outcome module declares its own (`tables<T>()` in store.ts joins them). */
export interface Database {
  jobs: JobsTable;
  job_inputs: JobInputsTable;
  job_tasks: JobTasksTable;
  accounts: AccountsTable;
  agent_keys: AgentKeysTable;
  usage_cycles: UsageCyclesTable;
  usage_events: UsageEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  settings: SettingsTable;
  throttles: ThrottlesTable;
  stripe_events: StripeEventsTable;
  dashboard_secrets: DashboardSecretsTable;
}
