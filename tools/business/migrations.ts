/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The business-in-a-box outcome's tables. Never edit one that has shipped: add the next free number. */
export const businessMigrations: Record<string, Migration> = {
  '0023_business_boxes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('business_boxes')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('business_boxes_pk', ['id', 'version'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('business_boxes').execute();
    },
  },
};
