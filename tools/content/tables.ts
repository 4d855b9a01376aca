import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface ContentPacksTable {
  id: string;
  account_id: string;
  version: number;
  /** What the generator wrote (JSON); revisions edit it per channel. */
  content: string;
  /** The rendered blocks with their checks (JSON). */
  blocks: string;
  /** generator, topic, warnings, source sentence count, cta (JSON). */
  meta: string;
  created_at: Timestamp;
}

export interface ContentTables {
  content_packs: ContentPacksTable;
}

/** The database as the content outcome sees it: the platform's tables and its own. */
export const contentDb = (store: StoreHandle) => tables<ContentTables>(store);
