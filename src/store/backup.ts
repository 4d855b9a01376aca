import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../config.js';
import { openSqlite } from './sqlite.js';

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Format = 'sqlite' | 'postgres';

/** What a backup file holds, from its first bytes: SQLite's header or pg_dump's custom-format magic. */
function formatOf(file: string): Format | undefined {
  const header = Buffer.alloc(16);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, header, 0, 16, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (header.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (header.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

/**
 * Copies the whole store into `out`. SQLite: the online backup API, consistent while the server
 * writes. PostgreSQL: `pg_dump --format=custom`, restorable with `restore` (or pg_restore).
 */
export async function backupStore(target: DatabaseTarget, out: string): Promise<void> {
  const file = path.resolve(out);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written beside its final name and renamed once complete: a failed backup never leaves a file that looks whole.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (target.dialect === 'sqlite') {
      if (!fs.existsSync(target.file)) throw new BackupError(`There is no database at ${target.file} to back up; check DATA_DIR or DATABASE_URL.`);
      const source = await openSqlite(target.file);
      try {
        await source.backup(partial);
      } finally {
        source.close();
      }
    } else {
      await postgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`], target.url);
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Replaces the store's contents with a backup made by `backupStore` for the same kind of
 * store. SQLite: the backup API again, into the live file (its lock keeps readers consistent).
 * PostgreSQL: the archive replaces the whole schema in one transaction, so a failed restore changes nothing.
 * Stop the servers first: requests meanwhile would see the old rows, then the new ones.
 */
export async function restoreStore(target: DatabaseTarget, from: string): Promise<void> {
  const file = path.resolve(from);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new BackupError(`There is no backup file at ${file}.`);
  const format = formatOf(file);
  if (!format) throw new BackupError(`${file} is not a backup made by \`agent-outcomes backup\` (neither a SQLite database nor a pg_dump custom-format archive).`);
  if (format !== target.dialect) {
    const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(
      `${file} is a ${names[format]} backup but this store is ${names[target.dialect]}; restore it into a ${names[format]} store (${format === 'sqlite' ? 'unset DATABASE_URL or use sqlite:FILE' : 'set DATABASE_URL=postgres://…'}).`,
    );
  }
  if (target.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const source = await openSqlite(file, { readOnly: true });
    try {
      await source.backup(target.file);
    } finally {
      source.close();
    }
    return;
  }
  // pg_restore --clean drops only what the archive holds: a table added by a later migration would survive while
  // kysely_migration went back, and the store could not migrate again. So the schema is emptied and the archive
  // replayed by psql in one transaction (a failure changes nothing), from a script written out whole first.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-outcomes-restore-'));
  const script = path.join(folder, 'restore.sql');
  try {
    await postgresTool('pg_restore', ['--no-owner', '--no-acl', `--file=${script}`, file], target.url);
    await postgresTool(
      'psql',
      ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--command=DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;', `--file=${script}`],
      target.url,
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';

/**
 * The connection for PostgreSQL's client tools, in their environment variables: a password in
 * the command line would show in `ps`.
 */
function connectionEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGDATABASE: databaseName(url) };
  if (parsed.hostname) env.PGHOST = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function postgresTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: connectionEnvironment(url), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' ? new BackupError(`${tool} (PostgreSQL's client tools) was not found on PATH; install the postgresql-client package matching the server's major version.`) : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}
