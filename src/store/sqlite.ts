import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The SQLite connection under Kysely. Node's built-in `node:sqlite` where Node has it (22.16
 * and later), else better-sqlite3 (Node 20). better-sqlite3 12 aborts the process on Node
 * 24.19 and later when its statements are collected as Node shuts down (its ObjectWrap meets
 * Node's new cleanup hooks), and its 13th major, which fixes that, does not run on Node 20.
 */
export interface SqliteConnection extends SqliteDatabase {
  /** Runs statements that return nothing (pragmas). */
  exec(sql: string): void;
  /** Which library serves it, for the logs. */
  readonly driver: 'node:sqlite' | 'better-sqlite3';
  /** Copies the whole database into `file` with SQLite's online backup API (consistent while others write). */
  backup(file: string): Promise<void>;
}

/** What this module uses of `node:sqlite` (the project's @types/node is Node 20's, which lacks it). */
interface NodeSqlite {
  StatementSync?: { prototype: Partial<NodeStatement> };
  backup(database: InstanceType<NodeSqlite['DatabaseSync']>, file: string): Promise<number>;
  DatabaseSync: new (
    file: string,
    options?: { readOnly?: boolean },
  ) => {
    prepare(sql: string): NodeStatement;
    exec(sql: string): void;
    close(): void;
  };
}
interface NodeStatement {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

/** node:sqlite, once it can say whether a statement returns rows (`columns()`: Node 22.16, 23.11 and later). */
function nodeSqlite(): NodeSqlite | undefined {
  const builtin = process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined;
  return typeof builtin?.StatementSync?.prototype.columns === 'function' ? builtin : undefined;
}

export async function openSqlite(file: string, options: { readOnly?: boolean } = {}): Promise<SqliteConnection> {
  const builtin = nodeSqlite();
  const connection = builtin ? fromNodeSqlite(builtin, new builtin.DatabaseSync(file, { readOnly: options.readOnly ?? false })) : await fromBetterSqlite(file, options.readOnly ?? false);
  // A file opened to be read (a backup being restored) is left exactly as it is.
  if (options.readOnly) return connection;
  connection.exec('PRAGMA journal_mode = WAL');
  // Several processes may share the file (CLI beside the server): wait for locks instead of failing.
  connection.exec('PRAGMA busy_timeout = 5000');
  connection.exec('PRAGMA foreign_keys = ON');
  connection.exec('PRAGMA synchronous = NORMAL');
  return withStatementCache(connection);
}

function fromNodeSqlite(builtin: NodeSqlite, database: InstanceType<NodeSqlite['DatabaseSync']>): SqliteConnection {
  return {
    driver: 'node:sqlite',
    backup: async (file) => void (await builtin.backup(database, file)),
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        // A statement that yields columns returns rows (SELECT, or a write with RETURNING), as better-sqlite3's `reader` says.
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters).map(withBuffers),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => mapIterator(statement.iterate(...parameters), withBuffers),
      };
    },
  };
}

async function fromBetterSqlite(file: string, readonly: boolean): Promise<SqliteConnection> {
  const { default: Database } = await import('better-sqlite3');
  const database = new Database(file, { readonly, fileMustExist: readonly });
  return {
    driver: 'better-sqlite3',
    backup: async (file) => void (await database.backup(file)),
    exec: (sql) => void database.exec(sql),
    close: () => void database.close(),
    prepare: (sql) => database.prepare(sql),
  };
}

/** node:sqlite reads blobs as Uint8Array; the rest of the code (and Express) expects Buffers, as better-sqlite3 gives. */
function withBuffers(row: unknown): unknown {
  const record = row as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return record;
}

function* mapIterator<T, U>(iterator: Iterable<T>, map: (value: T) => U): IterableIterator<U> {
  for (const value of iterator) yield map(value);
}

/**
 * Kysely's SQLite driver prepares every query anew; reusing prepared statements by their SQL
 * text saves tens of microseconds a query. Safe because the driver runs one query at a time.
 */
function withStatementCache(connection: SqliteConnection, size = 500): SqliteConnection {
  const statements = new Map<string, SqliteStatement>();
  return {
    ...connection,
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
