/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The clips outcome's tables. Never edit one that has shipped: add the next free number. */
export const clipMigrations: Record<string, Migration> = {
  '0006_clip_plans': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('clip_plans')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('plan', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('clip_plans').execute();
    },
  },
};
