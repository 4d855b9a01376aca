/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The widgets outcome's tables. Never edit one that has shipped: add the next free number. */
export const widgetMigrations: Record<string, Migration> = {
  '0005_widgets': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('widgets')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('widgets_pk', ['id', 'version'])
        .execute();
      await db.schema
        .createTable('widget_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('widget_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('section_id', 'text', (col) => col.notNull())
        .addColumn('fields', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('widget_submissions_by_widget').on('widget_submissions').columns(['account_id', 'widget_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('widget_submissions').execute();
      await db.schema.dropTable('widgets').execute();
    },
  },
};
