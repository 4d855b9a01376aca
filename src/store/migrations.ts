import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Numbered migrations, applied in order at start-up. Never edit one that has shipped:
 * add the next number. Column types are kept portable (text, integer, real).
 */
export const migrations: Record<string, Migration> = {
  '0001_jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text')
        .addColumn('tool', 'text', (col) => col.notNull())
        .addColumn('input', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('progress', 'real', (col) => col.notNull().defaultTo(0))
        .addColumn('progress_message', 'text')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('request_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'id']).execute();
      await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lease_expires_at']).execute();
      await db.schema.createIndex('jobs_account').on('jobs').columns(['account_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await sql`drop table jobs`.execute(db);
    },
  },
};
