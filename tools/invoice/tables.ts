import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

/** The seller profile printed on an account's invoices: columns of the platform's accounts table. */
export interface SellerColumns {
  seller_name: string | null;
  seller_address: string | null;
  seller_tax_id: string | null;
  seller_email: string | null;
}

export interface InvoiceDraftsTable {
  id: string;
  account_id: string;
  /** invoice_create's idempotency_key: the same key finds the same draft. */
  idempotency_key: string | null;
  /** The validated input as JSON. */
  input: string;
  /** The computed draft (amounts, totals, warnings) as JSON. */
  computed: string;
  payment_link: number;
  status: 'draft' | 'confirming' | 'confirmed';
  /** Chosen at the first confirmation attempt, so a retried payment link names the same invoice. */
  invoice_id: string | null;
  /** While 'confirming': when an abandoned confirmation may be taken over. */
  locked_until: Timestamp | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface InvoicesTable {
  id: string;
  account_id: string;
  draft_id: string;
  number: string;
  year: number;
  sequence: number;
  status: 'open';
  /** The invoice as the tools return it (without its per-read share URL) as JSON. */
  document: string;
  pdf_file_id: string;
  payment_link_id: string | null;
  payment_link_url: string | null;
  created_at: Timestamp;
}

export interface InvoiceCountersTable {
  account_id: string;
  year: number;
  last_sequence: number;
}

export interface InvoiceTables {
  accounts: SellerColumns;
  invoice_drafts: InvoiceDraftsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
}

/** The database as the invoice outcome sees it: the platform's tables and its own. */
export const invoiceDb = (store: StoreHandle) => tables<InvoiceTables>(store);
