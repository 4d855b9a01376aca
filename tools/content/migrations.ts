/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The content outcome's tables. Never edit one that has shipped: add the next free number. */
export const contentMigrations: Record<string, Migration> = {
  '0004_content': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('content_packs')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('blocks', 'text', (col) => col.notNull())
        .addColumn('meta', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('content_packs_pk', ['id', 'version'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('content_packs').execute();
    },
  },
};
