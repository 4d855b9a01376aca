import type { FileStore, StoreHandle } from './context.js';

/**
 * What an outcome module shows on the account holder's dashboard (`src/dashboard`), declared
 * next to its tools so that the dashboard names no outcome: its recent results ("Outcomes at a
 * glance") and settings the account holder edits in a form (the invoices' seller profile).
 */

/** A link of a recent result: a page anyone with the link may open, or one of the account's files (served to the signed-in holder). */
export type DashboardLink = { label: string; url: string } | { label: string; fileId: string };

export interface DashboardItem {
  id: string;
  title: string;
  /** A word or two: `paid`, `open`, `version 3`. */
  status: string;
  created_at: string;
  links: DashboardLink[];
}

export interface DashboardListContext {
  store: StoreHandle;
  files: FileStore;
  /** Absolute base URL for links. */
  baseUrl: string;
  accountId: string;
  limit: number;
}

/** A module's recent results, newest first, at most `limit`. */
export interface DashboardRecent {
  /** The heading: `Invoices`, `Pages`. */
  title: string;
  list(ctx: DashboardListContext): Promise<DashboardItem[]>;
}

export interface DashboardField {
  name: string;
  label: string;
  /** `file`: an image upload (PNG or JPEG), handed to `save` as base64. */
  type: 'text' | 'email' | 'textarea' | 'file';
  /** What the field takes, shown under it. */
  hint?: string;
  autocomplete?: string;
}

/**
 * Settings the account holder edits in a form. `save` gets the submitted fields (empty text clears
 * a field; a file field left empty keeps the file) and throws `OutcomeError('invalid_input', …)`
 * with `details.fields` (field name → what is wrong and how to fix it), shown next to each field.
 */
export interface DashboardSettings {
  /** In the URL: `/dashboard/settings/seller`. */
  id: string;
  title: string;
  description: string;
  fields: readonly DashboardField[];
  /** The current values, as text for the form (a file field: a line saying what is stored). */
  read(store: StoreHandle, accountId: string): Promise<Record<string, string>>;
  save(store: StoreHandle, accountId: string, values: Record<string, string>, now: Date): Promise<void>;
}

export interface DashboardContribution {
  recent?: readonly DashboardRecent[];
  settings?: readonly DashboardSettings[];
}
