/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The membership outcome's tables. Never edit one that has shipped: add the next free number. */
export const membershipMigrations: Record<string, Migration> = {
  '0013_membership': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('memberships')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('zip_file_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('memberships_pk', ['id', 'version'])
        .execute();
      await db.schema
        .createTable('membership_operations')
        .addColumn('membership_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('idempotency_key', 'text', (col) => col.notNull())
        .addColumn('ref', 'text', (col) => col.notNull())
        .addColumn('op', 'text', (col) => col.notNull())
        .addColumn('stripe_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('membership_operations_pk', ['membership_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('membership_operations_by_stripe_id').on('membership_operations').column('stripe_id').execute();
      await db.schema
        .createTable('membership_members')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('membership_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('start_date', 'text', (col) => col.notNull())
        .addColumn('tier', 'text')
        .addColumn('stripe_customer_id', 'text')
        .addColumn('stripe_subscription_id', 'text')
        .addColumn('grace_until', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('membership_members_email', ['membership_id', 'email'])
        .execute();
      await db.schema.createIndex('membership_members_by_subscription').on('membership_members').column('stripe_subscription_id').execute();
      await db.schema
        .createTable('membership_progress')
        .addColumn('member_id', 'text', (col) => col.notNull())
        .addColumn('lesson_id', 'text', (col) => col.notNull())
        .addColumn('completed_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('membership_progress_pk', ['member_id', 'lesson_id'])
        .execute();
      await db.schema
        .createTable('membership_secrets')
        .addColumn('hash', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('member_id', 'text', (col) => col.notNull())
        .addColumn('membership_id', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['membership_secrets', 'membership_progress', 'membership_members', 'membership_operations', 'memberships']) await db.schema.dropTable(table).execute();
    },
  },
  '0016_membership_onboarding': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('membership_members').addColumn('last_active_at', 'text').execute();
      await db.schema
        .createTable('membership_deliveries')
        .addColumn('member_id', 'text', (col) => col.notNull())
        .addColumn('start_date', 'text', (col) => col.notNull())
        .addColumn('delivery', 'text', (col) => col.notNull())
        .addColumn('email_id', 'text', (col) => col.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('message_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('membership_deliveries_pk', ['member_id', 'start_date', 'delivery'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('membership_deliveries').execute();
      await db.schema.alterTable('membership_members').dropColumn('last_active_at').execute();
    },
  },
};
