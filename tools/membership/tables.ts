import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface MembershipsTable {
  id: string;
  account_id: string;
  version: number;
  /** Course, tiers, drip, brand and what the version changed (JSON): pages and plans render from it. */
  document: string;
  /** The downloadable site of this version (a file of the account). */
  zip_file_id: string;
  created_at: Timestamp;
}

/** What a Stripe plan step made: a retry skips it (one row per idempotency key). */
export interface MembershipOperationsTable {
  membership_id: string;
  account_id: string;
  idempotency_key: string;
  ref: string;
  op: string;
  stripe_id: string;
  url: string | null;
  created_at: Timestamp;
}

export type MemberStatus = 'active' | 'past_due' | 'canceled' | 'granted' | 'revoked';

export interface MembershipMembersTable {
  id: string;
  membership_id: string;
  account_id: string;
  /** Lower case: one member per address and membership. */
  email: string;
  status: MemberStatus;
  /** Day 0 of the drip for this member (ISO date). */
  start_date: string;
  tier: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** past_due: access is kept until then. */
  grace_until: Timestamp | null;
  /** The last time the member signed in or opened a page (to the hour): the inactivity email counts from it. */
  last_active_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An onboarding email owed to a member since one start: sent_at is set once the SMTP server took it. */
export interface MembershipDeliveriesTable {
  member_id: string;
  start_date: string;
  /** The email's id, or for one that can recur (payment failed, inactive) its id and what set it off. */
  delivery: string;
  email_id: string;
  /** A run sending it now: another run leaves it alone until the claim is old (a crashed run). */
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  message_id: string | null;
  created_at: Timestamp;
}

export interface MembershipProgressTable {
  member_id: string;
  lesson_id: string;
  completed_at: Timestamp;
}

/** One-time sign-in links and sessions: only SHA-256 hashes of the secrets are kept. */
export interface MembershipSecretsTable {
  hash: string;
  kind: 'link' | 'session';
  member_id: string;
  membership_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MembershipTables {
  memberships: MembershipsTable;
  membership_operations: MembershipOperationsTable;
  membership_members: MembershipMembersTable;
  membership_progress: MembershipProgressTable;
  membership_secrets: MembershipSecretsTable;
  membership_deliveries: MembershipDeliveriesTable;
}

/** The database as the membership outcome sees it: the platform's tables and its own. */
export const membershipDb = (store: StoreHandle) => tables<MembershipTables>(store);
