import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface OutreachCampaignsTable {
  id: string;
  account_id: string;
  version: number;
  /** Spec, brief, leads, steps, QA and exports of this version (JSON). */
  document: string;
  /** `{applied, unapplied}` of this version (JSON); null on versions stored before 0020, whose document has them. */
  changes: string | null;
  created_at: Timestamp;
}

/** A lead with no row is active; `active` is a lead back from a pause (its reason kept for the record). */
export type LeadStatus = 'stopped' | 'paused' | 'active';

/** A lead whose sequence a reply, an unsubscribe or a booked meeting changed; no row: the sequence runs. */
export interface OutreachLeadsTable {
  campaign_id: string;
  lead_id: string;
  account_id: string;
  email: string;
  status: LeadStatus;
  /** The triage category, or meeting_booked. */
  reason: string;
  /** paused: the sequence picks up from this day (ISO date). */
  resume_on: string | null;
  updated_at: Timestamp;
}

/** Addresses no campaign of the account writes to again (an unsubscribe, a bounce). */
export interface OutreachSuppressionsTable {
  account_id: string;
  email: string;
  reason: string;
  campaign_id: string | null;
  created_at: Timestamp;
}

/** Unsubscribe links: only the SHA-256 hash of the token is kept. */
export interface OutreachUnsubscribesTable {
  hash: string;
  account_id: string;
  campaign_id: string;
  lead_id: string;
  email: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** One email step to one lead: claimed before it is sent, so that two runs never both send it. */
export interface OutreachDeliveriesTable {
  campaign_id: string;
  lead_id: string;
  step_id: string;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  message_id: string | null;
  created_at: Timestamp;
}

/** Emails a campaign sent on a day (in its time zone): the daily cap, held across instances. */
export interface OutreachDailyTable {
  campaign_id: string;
  day: string;
  sent: number;
}

export interface OutreachTables {
  outreach_campaigns: OutreachCampaignsTable;
  outreach_leads: OutreachLeadsTable;
  outreach_suppressions: OutreachSuppressionsTable;
  outreach_unsubscribes: OutreachUnsubscribesTable;
  outreach_deliveries: OutreachDeliveriesTable;
  outreach_daily: OutreachDailyTable;
}

/** The database as the outreach outcome sees it. */
export const outreachDb = (store: StoreHandle) => tables<OutreachTables>(store);
