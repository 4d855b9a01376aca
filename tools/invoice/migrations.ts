/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The invoice outcome's tables, and the seller profile on accounts. Never edit one that has shipped: add the next free number. */
export const invoiceMigrations: Record<string, Migration> = {
  '0003_invoices': {
    async up(db: Kysely<any>) {
      for (const column of ['seller_name', 'seller_address', 'seller_tax_id', 'seller_email']) {
        await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
      }
      await db.schema
        .createTable('invoice_drafts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('idempotency_key', 'text')
        .addColumn('input', 'text', (col) => col.notNull())
        .addColumn('computed', 'text', (col) => col.notNull())
        .addColumn('payment_link', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('invoice_id', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('invoice_drafts_key').unique().on('invoice_drafts').columns(['account_id', 'idempotency_key']).execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('draft_id', 'text', (col) => col.notNull().unique().references('invoice_drafts.id'))
        .addColumn('number', 'text', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('sequence', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('pdf_file_id', 'text', (col) => col.notNull().references('files.id'))
        .addColumn('payment_link_id', 'text')
        .addColumn('payment_link_url', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('invoices_number_unique', ['account_id', 'year', 'sequence'])
        .execute();
      await db.schema
        .createTable('invoice_counters')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('last_sequence', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('invoice_counters_pk', ['account_id', 'year'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['invoice_counters', 'invoices', 'invoice_drafts']) await db.schema.dropTable(table).execute();
      for (const column of ['seller_name', 'seller_address', 'seller_tax_id', 'seller_email']) await db.schema.alterTable('accounts').dropColumn(column).execute();
    },
  },
};
