import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface WidgetsTable {
  id: string;
  account_id: string;
  version: number;
  kind: string;
  /** Sections, requested theme, page meta, the copy it was built from and what changed (JSON); pages render from it. */
  document: string;
  created_at: Timestamp;
}

export interface WidgetSubmissionsTable {
  id: string;
  widget_id: string;
  account_id: string;
  /** The widget version and form section the visitor filled in. */
  version: number;
  section_id: string;
  /** Field name → value (JSON). */
  fields: string;
  created_at: Timestamp;
}

export interface WidgetTables {
  widgets: WidgetsTable;
  widget_submissions: WidgetSubmissionsTable;
}

/** The database as the widgets outcome sees it: the platform's tables and its own. */
export const widgetDb = (store: StoreHandle) => tables<WidgetTables>(store);
