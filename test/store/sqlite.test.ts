import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/store/sqlite.js';
import { tempDir } from '../helpers.js';

describe('the SQLite connection', () => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const builtin = major > 23 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);

  it(`runs on ${builtin ? "Node's node:sqlite" : 'better-sqlite3'} on Node ${process.versions.node}`, async () => {
    const connection = await openSqlite(path.join(tempDir(), 'x.db'));
    try {
      expect(connection.driver).toBe(builtin ? 'node:sqlite' : 'better-sqlite3');
      // Reads and writes the way Kysely's driver expects from either library: rows from readers, changes from writers, Buffers for blobs.
      expect(connection.prepare('create table t (id integer primary key, bytes blob)').reader).toBe(false);
      connection.prepare('create table t (id integer primary key, bytes blob)').run([]);
      expect(connection.prepare('insert into t (bytes) values (?)').run([Buffer.from('hi')])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
      const returning = connection.prepare('insert into t (bytes) values (?) returning id');
      expect(returning.reader).toBe(true);
      expect(returning.all([Buffer.from('yo')])).toEqual([{ id: 2 }]);
      const [row] = connection.prepare('select bytes from t where id = ?').all([1]) as { bytes: Buffer }[];
      expect(Buffer.isBuffer(row?.bytes)).toBe(true);
      expect(row?.bytes.toString()).toBe('hi');
    } finally {
      connection.close();
    }
  });
});
