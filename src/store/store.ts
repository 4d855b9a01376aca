import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Compilable, type Migration } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseTarget } from '../config.js';
import type { StoreHandle } from '../kernel/context.js';
import type { Database } from './schema.js';
import { platformMigrations } from './migrations.js';
import { Notifications, openPostgresPool, PortableTypes } from './postgres.js';
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
  target: DatabaseTarget;
  /** Milliseconds a trivial query takes: whether the database answers (health checks). */
  ping(): Promise<number>;
  /** Tells every instance's listeners on `channel` (PostgreSQL NOTIFY; SQLite has one process's events and polling). */
  notify(channel: StoreChannel): Promise<void>;
  listen(channel: StoreChannel, onNotify: () => void): () => void;
  close(): Promise<void>;
}

/** What instances tell each other: a job was queued (idle workers look at once). */
export type StoreChannel = 'ao_jobs';

/**
 * Opens the database and brings it up to date: the platform's migrations and the outcome
 * modules' (`outcomeMigrations`, from `Outcomes`), in the order of their names. On
 * PostgreSQL the migrator holds an advisory lock, so instances starting together migrate once.
 */
export async function openStore(target: DatabaseTarget, log: Logger, outcomeMigrations: Readonly<Record<string, Migration>>, options: { migrate?: boolean } = {}): Promise<Store> {
  const store = target.dialect === 'postgres' ? await postgresStore(target, log) : await sqliteStore(target);
  if (options.migrate === false) return store;
  try {
    await migrate(store, log, { ...platformMigrations, ...outcomeMigrations });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function sqliteStore(target: Extract<DatabaseTarget, { dialect: 'sqlite' }>): Promise<Store> {
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: await openSqlite(target.file) }) });
  return {
    db,
    dialect: 'sqlite',
    target,
    ping: () => timed(db),
    notify: async () => undefined,
    listen: () => () => undefined,
    close: () => db.destroy(),
  };
}

/** The database cannot be reached at start: the message says why (never the URL, which holds a password) and what to check. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

async function postgresStore(target: Extract<DatabaseTarget, { dialect: 'postgres' }>, log: Logger): Promise<Store> {
  const pool = await openPostgresPool(target.url, target.poolSize, log);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await timed(db);
  } catch (error) {
    await db.destroy();
    const reason = (error as Error).message || String((error as { code?: string }).code ?? error);
    throw new StoreUnavailable(
      `Cannot reach the PostgreSQL database in DATABASE_URL (${reason}). Check that the server runs and accepts connections, and the URL's host, port, user, password and database name.`,
      { cause: error },
    );
  }
  const notifications = new Notifications(target.url, log);
  return {
    db,
    dialect: 'postgres',
    target,
    ping: () => timed(db),
    notify: async (channel) => void (await sql`select pg_notify(${channel}, '')`.execute(db)),
    listen: (channel, onNotify) => notifications.listen(channel, onNotify),
    close: async () => {
      await notifications.close();
      await db.destroy();
    },
  };
}

async function timed(db: Kysely<Database>): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return Math.round((performance.now() - started) * 100) / 100;
}

/** Applies what is pending; returns the names applied now. */
export async function migrate(store: Store, log: Logger, migrations: Record<string, Migration>): Promise<string[]> {
  // Unordered: a step split out of an earlier migration (0003_files) runs late on a database
  // made before the split, so such a step is written to be idempotent.
  const db = store.dialect === 'postgres' ? store.db.withPlugin(new PortableTypes()) : store.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info({ migration: result.migrationName }, 'applied migration');
    if (result.status === 'Error') log.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'A migration failed', { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
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
