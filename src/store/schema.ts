import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO 8601 UTC strings: portable across SQLite and PostgreSQL, and they sort. */
type Timestamp = string;

export interface JobsTable {
  id: string;
  account_id: string | null;
  tool: string;
  /** The caller's raw input as JSON; re-validated by the worker against the tool's schema. */
  input: string;
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
}

export interface Database {
  jobs: JobsTable;
}

export type { ColumnType };
