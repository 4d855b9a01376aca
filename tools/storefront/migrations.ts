/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The storefront outcome's tables. Never edit one that has shipped: add the next free number. */
export const storefrontMigrations: Record<string, Migration> = {
  '0014_storefront': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('storefronts')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('storefronts_pk', ['id', 'version'])
        .execute();
      await db.schema
        .createTable('storefront_steps')
        .addColumn('storefront_id', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('ref', 'text', (col) => col.notNull())
        .addColumn('op', 'text', (col) => col.notNull())
        .addColumn('stripe_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('storefront_steps_pk', ['storefront_id', 'version', 'ref'])
        .execute();
      // Webhooks find a payment link's storefront by the link's id.
      await db.schema.createIndex('storefront_steps_by_stripe_id').on('storefront_steps').column('stripe_id').execute();
      await db.schema
        .createTable('storefront_stock')
        .addColumn('storefront_id', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('product_id', 'text', (col) => col.notNull())
        .addColumn('remaining', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('storefront_stock_pk', ['storefront_id', 'version', 'product_id'])
        .execute();
      await db.schema
        .createTable('storefront_orders')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('storefront_id', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('offer_id', 'text', (col) => col.notNull())
        .addColumn('product', 'text', (col) => col.notNull())
        .addColumn('variant', 'text')
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('amount_total', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('customer_email', 'text')
        .addColumn('session_id', 'text', (col) => col.notNull().unique())
        .addColumn('payment_intent', 'text')
        .addColumn('subscription', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('storefront_orders_by_storefront').on('storefront_orders').columns(['account_id', 'storefront_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['storefront_orders', 'storefront_stock', 'storefront_steps', 'storefronts']) await db.schema.dropTable(table).execute();
    },
  },
};
