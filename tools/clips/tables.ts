import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface ClipPlansTable {
  id: string;
  account_id: string;
  /** The plan as clips_factory returned it (JSON). */
  plan: string;
  created_at: Timestamp;
}

export interface ClipTables {
  clip_plans: ClipPlansTable;
}

/** The database as the clips outcome sees it: the platform's tables and its own. */
export const clipsDb = (store: StoreHandle) => tables<ClipTables>(store);
