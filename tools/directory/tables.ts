import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface DirectoriesTable {
  id: string;
  account_id: string;
  version: number;
  /** What the version was built from and what it lists (JSON): pages, index and plan are derived from it. */
  document: string;
  /** MiniSearch's toJSON of the version's listings: the one index the hosted search, the no-JS path and the browser read. */
  search_index: string;
  zip_file_id: string;
  created_at: Timestamp;
}

export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/** A listing sent through the public form, waiting for the owner's decision. */
export interface DirectorySubmissionsTable {
  id: string;
  account_id: string;
  directory_id: string;
  /** The listing's values as validated (JSON). */
  listing: string;
  status: SubmissionStatus;
  /** Why it was rejected (the owner's words), when it was. */
  reason: string | null;
  /** The version its approval made. */
  approved_version: number | null;
  listing_id: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** One paid placement (a completed checkout): one row per Checkout Session, however often Stripe delivers it. */
export interface DirectoryPaymentsTable {
  id: string;
  account_id: string;
  directory_id: string;
  listing_id: string;
  tier: string;
  session_id: string;
  amount_total: number | null;
  currency: string | null;
  /** The placement this payment bought: from when (the end of an earlier one still running) until when. */
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
}

/** A listing's placement now: written by the webhook, removed by the scheduled job when it ends. */
export interface DirectoryPlacementsTable {
  directory_id: string;
  listing_id: string;
  account_id: string;
  tier: string;
  until: Timestamp;
  updated_at: Timestamp;
}

/** One Stripe operation of a version's monetization plan, done: a resumed run skips it. */
export interface DirectoryStepsTable {
  directory_id: string;
  version: number;
  ref: string;
  op: string;
  stripe_id: string;
  url: string | null;
  created_at: Timestamp;
}

/** A listing claimed by its owner (a paid claim fee): one per listing, written once per Checkout Session by the webhook. */
export interface DirectoryClaimsTable {
  directory_id: string;
  listing_id: string;
  account_id: string;
  /** The claimant's address, as given on the claim form: the directory owner's way to reach them. */
  email: string;
  session_id: string;
  payment_intent_id: string | null;
  /** The Stripe event that recorded it. */
  event_id: string;
  amount_total: number | null;
  currency: string | null;
  claimed_at: Timestamp;
}

export interface DirectoryTables {
  directories: DirectoriesTable;
  directory_submissions: DirectorySubmissionsTable;
  directory_payments: DirectoryPaymentsTable;
  directory_placements: DirectoryPlacementsTable;
  directory_steps: DirectoryStepsTable;
  directory_claims: DirectoryClaimsTable;
}

export const directoryDb = (store: StoreHandle) => tables<DirectoryTables>(store);
