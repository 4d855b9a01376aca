/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import type { Kysely, Migration } from 'kysely';

/** The outreach outcome's tables. Never edit one that has shipped: add the next free number. */
export const outreachMigrations: Record<string, Migration> = {
  '0018_outreach': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('outreach_campaigns')
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('outreach_campaigns_pk', ['id', 'version'])
        .execute();
      await db.schema
        .createTable('outreach_leads')
        .addColumn('campaign_id', 'text', (col) => col.notNull())
        .addColumn('lead_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('resume_on', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('outreach_leads_pk', ['campaign_id', 'lead_id'])
        .execute();
      await db.schema
        .createTable('outreach_suppressions')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('campaign_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('outreach_suppressions_pk', ['account_id', 'email'])
        .execute();
      await db.schema
        .createTable('outreach_unsubscribes')
        .addColumn('hash', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('campaign_id', 'text', (col) => col.notNull())
        .addColumn('lead_id', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('outreach_deliveries')
        .addColumn('campaign_id', 'text', (col) => col.notNull())
        .addColumn('lead_id', 'text', (col) => col.notNull())
        .addColumn('step_id', 'text', (col) => col.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('message_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('outreach_deliveries_pk', ['campaign_id', 'lead_id', 'step_id'])
        .execute();
      await db.schema
        .createTable('outreach_daily')
        .addColumn('campaign_id', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('sent', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('outreach_daily_pk', ['campaign_id', 'day'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['outreach_daily', 'outreach_deliveries', 'outreach_unsubscribes', 'outreach_suppressions', 'outreach_leads', 'outreach_campaigns'])
        await db.schema.dropTable(table).execute();
    },
  },
  '0020_outreach_version_changes': {
    async up(db: Kysely<any>) {
      // What each revision applied, beside its document: the version list no longer parses every version's leads.
      await db.schema.alterTable('outreach_campaigns').addColumn('changes', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('outreach_campaigns').dropColumn('changes').execute();
    },
  },
};
