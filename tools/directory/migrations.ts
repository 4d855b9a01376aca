/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The directory outcome's tables. Never edit one that has shipped: add the next free number. */
export const directoryMigrations: Record<string, Migration> = {
  '0017_directory': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('directories')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('search_index', 'text', (col) => col.notNull())
        .addColumn('zip_file_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('directories_pk', ['id', 'version'])
        .execute();
      await db.schema
        .createTable('directory_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('directory_id', 'text', (col) => col.notNull())
        .addColumn('listing', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('reason', 'text')
        .addColumn('approved_version', 'integer')
        .addColumn('listing_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('decided_at', 'text')
        .execute();
      await db.schema.createIndex('directory_submissions_by_directory').on('directory_submissions').columns(['account_id', 'directory_id', 'status', 'id']).execute();
      await db.schema
        .createTable('directory_payments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('directory_id', 'text', (col) => col.notNull())
        .addColumn('listing_id', 'text', (col) => col.notNull())
        .addColumn('tier', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text', (col) => col.notNull().unique())
        .addColumn('amount_total', 'integer')
        .addColumn('currency', 'text')
        .addColumn('starts_at', 'text', (col) => col.notNull())
        .addColumn('ends_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('directory_placements')
        .addColumn('directory_id', 'text', (col) => col.notNull())
        .addColumn('listing_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('tier', 'text', (col) => col.notNull())
        .addColumn('until', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('directory_placements_pk', ['directory_id', 'listing_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['directory_placements', 'directory_payments', 'directory_submissions', 'directories']) await db.schema.dropTable(table).execute();
    },
  },
  '0019_directory_operations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('directory_steps')
        .addColumn('directory_id', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('ref', 'text', (col) => col.notNull())
        .addColumn('op', 'text', (col) => col.notNull())
        .addColumn('stripe_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('directory_steps_pk', ['directory_id', 'version', 'ref'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('directory_steps').execute();
    },
  },
  '0021_directory_claims': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('directory_claims')
        .addColumn('directory_id', 'text', (col) => col.notNull())
        .addColumn('listing_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text', (col) => col.notNull().unique())
        .addColumn('payment_intent_id', 'text')
        .addColumn('event_id', 'text', (col) => col.notNull())
        .addColumn('amount_total', 'integer')
        .addColumn('currency', 'text')
        .addColumn('claimed_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('directory_claims_pk', ['directory_id', 'listing_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('directory_claims').execute();
    },
  },
};
