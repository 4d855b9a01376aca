import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface BusinessBoxesTable {
  id: string;
  account_id: string;
  version: number;
  kind: string;
  /** Its input, facts, components (with their tools' ids), plans and what the version changed (JSON). */
  document: string;
  created_at: Timestamp;
}

export interface BusinessTables {
  business_boxes: BusinessBoxesTable;
}

export const businessDb = (store: StoreHandle) => tables<BusinessTables>(store);
