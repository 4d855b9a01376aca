import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type ExpressionBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './schema.js';
import { migrations } from './migrations.js';

export type { Database } from './schema.js';

/**
 * The one data-access layer. Everything reaches the database through `db` (Kysely), whose
 * query builder emits SQL for SQLite and PostgreSQL alike; `dialect` lets the few
 * dialect-specific steps (the job queue's claim) choose their form in one place.
 */
export interface Store {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

export async function openStore(file: string, log: Logger): Promise<Store> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // Several processes may share the file (CLI beside the server): wait for locks instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const store: Store = { db, dialect: 'sqlite', close: () => db.destroy() };
  try {
    await migrate(store, log);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function migrate(store: Store, log: Logger): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info({ migration: result.migrationName }, 'applied migration');
    if (result.status === 'Error') log.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** `account_id = ?`, or `IS NULL` for the local owner: every row is scoped by account. */
export function ownedBy<T extends { account_id: string | null }>(accountId: string | null) {
  return (eb: ExpressionBuilder<any, any>) =>
    accountId === null ? eb('account_id', 'is', null) : eb('account_id', '=', accountId);
}
