/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The seller profile's columns added with the lifecycle (0003 made name, address, tax id and email). */
const sellerProfileColumns = ['seller_vat_id', 'seller_phone', 'seller_iban', 'seller_bic', 'seller_logo', 'seller_language'];

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
  '0011_invoice_lifecycle': {
    // Paid and void invoices, credit notes in their own gap-free series, and the fuller seller profile.
    async up(db: Kysely<any>) {
      for (const column of sellerProfileColumns) await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
      await db.schema.alterTable('accounts').addColumn('seller_payment_days', 'integer').execute();
      for (const column of ['paid_at', 'paid_method', 'paid_reference', 'voided_at', 'void_reason', 'customer_name', 'issue_date', 'due_date', 'currency']) {
        await db.schema.alterTable('invoices').addColumn(column, 'text').execute();
      }
      for (const column of ['total', 'credited']) await db.schema.alterTable('invoices').addColumn(column, 'integer').execute();
      // What invoice_list filters on, copied out of each stored document.
      const invoices = (await db.selectFrom('invoices').select(['id', 'document']).execute()) as Array<{ id: string; document: string }>;
      for (const { id, document } of invoices) {
        const stored = JSON.parse(document) as { customer: { name: string }; issue_date: string; due_date: string; currency: string; totals: { total: number } };
        await db
          .updateTable('invoices')
          .set({ customer_name: stored.customer.name, issue_date: stored.issue_date, due_date: stored.due_date, currency: stored.currency, total: stored.totals.total, credited: 0 })
          .where('id', '=', id)
          .execute();
      }
      await db.schema.createIndex('invoices_list').on('invoices').columns(['account_id', 'issue_date', 'id']).execute();
      await db.schema
        .createTable('credit_notes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id'))
        .addColumn('number', 'text', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('sequence', 'integer', (col) => col.notNull())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('pdf_file_id', 'text', (col) => col.notNull().references('files.id'))
        .addColumn('idempotency_key', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('credit_notes_number_unique', ['account_id', 'year', 'sequence'])
        .addUniqueConstraint('credit_notes_key_unique', ['account_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('credit_notes_invoice').on('credit_notes').column('invoice_id').execute();
      await db.schema
        .createTable('credit_note_counters')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('last_sequence', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('credit_note_counters_pk', ['account_id', 'year'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['credit_note_counters', 'credit_notes']) await db.schema.dropTable(table).execute();
      await db.schema.dropIndex('invoices_list').execute();
      for (const column of ['paid_at', 'paid_method', 'paid_reference', 'voided_at', 'void_reason', 'customer_name', 'issue_date', 'due_date', 'currency', 'total', 'credited']) {
        await db.schema.alterTable('invoices').dropColumn(column).execute();
      }
      for (const column of [...sellerProfileColumns, 'seller_payment_days']) await db.schema.alterTable('accounts').dropColumn(column).execute();
    },
  },
  '0012_invoice_einvoice': {
    // The e-invoice made with an invoice, and what the seller profile says about it by default.
    async up(db: Kysely<any>) {
      for (const column of ['seller_country', 'seller_einvoice']) await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
      for (const table of ['invoices', 'credit_notes'])
        await db.schema
          .alterTable(table)
          .addColumn('einvoice_file_id', 'text', (col) => col.references('files.id'))
          .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['invoices', 'credit_notes']) await db.schema.alterTable(table).dropColumn('einvoice_file_id').execute();
      for (const column of ['seller_country', 'seller_einvoice']) await db.schema.alterTable('accounts').dropColumn(column).execute();
    },
  },
};
