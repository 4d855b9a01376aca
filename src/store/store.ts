import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, type Compilable, type Migration } from 'kysely';
import type { Logger } from 'pino';
import type { StoreHandle } from '../kernel/context.js';
import type { Database } from './schema.js';
import { platformMigrations } from './migrations.js';
import { openSqlite } from './sqlite.js';

export type { Database } from './schema.js';

/**
 * The one data-access layer. Everything reaches the database through `db` (Kysely), whose
 * query builder emits SQL for SQLite and PostgreSQL alike; `dialect` lets the few
 * dialect-specific steps (the job queue's claim) choose their form in one place.
 */
export interface Store extends StoreHandle {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the database and brings it up to date: the platform's migrations and the outcome
 * modules' (`outcomeMigrations`, from `Outcomes`), in the order of their names.
 */
export async function openStore(file: string, log: Logger, outcomeMigrations: Readonly<Record<string, Migration>>): Promise<Store> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: await openSqlite(file) }) });
  const store: Store = { db, dialect: 'sqlite', close: () => db.destroy() };
  try {
    await migrate(store, log, { ...platformMigrations, ...outcomeMigrations });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function migrate(store: Store, log: Logger, migrations: Record<string, Migration>): Promise<void> {
  // Unordered: a step split out of an earlier migration (0003_files) runs late on a database
  // made before the split, so such a step is written to be idempotent.
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info({ migration: result.migrationName }, 'applied migration');
    if (result.status === 'Error') log.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'A migration failed', { cause: error });
}

/**
 * An outcome's view of the database: the platform's tables and the ones its module declares
 * (`T`), through the same connection. The kernel hands tools an opaque `StoreHandle`; this is
 * the one place it becomes a query builder again.
 */
export const tables = <T>(store: StoreHandle) => (store as Store).db as unknown as Kysely<Database & T>;

/**
 * A hot-path query compiled once and then run with new parameter values, skipping Kysely's
 * builder and compiler (a third of a simple request's CPU). Build it with placeholder
 * values; `run` takes the real ones in the same order as they appear in the query.
 */
export function precompiled<Row>(query: Compilable<Row>) {
  const compiled = query.compile();
  return async (db: Kysely<Database>, ...parameters: unknown[]): Promise<Row[]> => {
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(`precompiled query takes ${compiled.parameters.length} parameters, got ${parameters.length}`);
    }
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/**
 * Whether a write failed on a unique or primary key: better-sqlite3's codes, node:sqlite's
 * extended result codes (SQLITE_CONSTRAINT_UNIQUE 2067, _PRIMARYKEY 1555), PostgreSQL's 23505.
 */
const uniqueViolationCodes = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return uniqueViolationCodes.has(String(code)) || (code === 'ERR_SQLITE_ERROR' && (errcode === 2067 || errcode === 1555));
}
