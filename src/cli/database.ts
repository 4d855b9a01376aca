import pino from 'pino';
import type { Config } from '../config.js';
import type { Outcomes } from '../kernel/outcome.js';
import { BackupError, backupStore, restoreStore } from '../store/backup.js';
import { platformMigrations } from '../store/migrations.js';
import { migrate, openStore } from '../store/store.js';

const where = (config: Config) => (config.database.dialect === 'sqlite' ? config.database.file : 'the PostgreSQL database in DATABASE_URL');

/** The CLI's commands on the store itself: migrations, backups and restores, for either dialect. */
export async function runDatabaseCommand(config: Config, outcomes: Outcomes, command: string, values: { out?: string; from?: string; json?: boolean }): Promise<number> {
  const print = (json: unknown, text: string) => process.stdout.write(`${values.json ? JSON.stringify(json, null, 2) : text}\n`);
  try {
    if (command === 'migrate') {
      const log = pino({ level: 'silent' });
      const store = await openStore(config.database, log, outcomes.migrations, { migrate: false });
      try {
        const applied = await migrate(store, log, { ...platformMigrations, ...outcomes.migrations });
        print({ applied }, applied.length ? `Applied ${applied.length} migration(s) to ${where(config)}: ${applied.join(', ')}.` : `${where(config)} is up to date.`);
      } finally {
        await store.close();
      }
      return 0;
    }
    if (command === 'backup') {
      if (!values.out) throw new BackupError('backup needs --out FILE, e.g. agent-outcomes backup --out backups/2026-11-23.db');
      await backupStore(config.database, values.out);
      print({ out: values.out, dialect: config.database.dialect }, `Backed up ${where(config)} to ${values.out}.`);
      return 0;
    }
    if (!values.from) throw new BackupError('restore needs --from FILE, a file made by `agent-outcomes backup`.');
    await restoreStore(config.database, values.from);
    // A backup from an older release is brought up to this one's schema.
    const store = await openStore(config.database, pino({ level: 'silent' }), outcomes.migrations);
    await store.close();
    print({ from: values.from, dialect: config.database.dialect }, `Restored ${where(config)} from ${values.from}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`agent-outcomes: ${error.message}\n`);
    return 1;
  }
}
