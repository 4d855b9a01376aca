import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

/** The seller profile printed on an account's invoices: columns of the platform's accounts table. */
export interface SellerColumns {
  seller_name: string | null;
  seller_address: string | null;
  seller_tax_id: string | null;
  seller_email: string | null;
  seller_vat_id: string | null;
  seller_phone: string | null;
  seller_iban: string | null;
  seller_bic: string | null;
  /** PNG or JPEG, base64. */
  seller_logo: string | null;
  /** The invoices' default language (en, de, fr…). */
  seller_language: string | null;
  /** Default days from issue to due date. */
  seller_payment_days: number | null;
  /** ISO 3166-1 alpha-2: the seller's country, as e-invoices name it. */
  seller_country: string | null;
  /** The e-invoice made with every invoice unless it names another (facturx, xrechnung_ubl, xrechnung_cii). */
  seller_einvoice: string | null;
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
  /** Stored states; `overdue` is derived from due_date when read. */
  status: 'open' | 'paid' | 'void';
  /** The invoice as the tools return it (without its per-read share URL) as JSON. */
  document: string;
  /** The PDF: as issued, or stamped VOID once voided. */
  pdf_file_id: string;
  /** The e-invoice made at confirmation, when the invoice asked for one. */
  einvoice_file_id: string | null;
  payment_link_id: string | null;
  payment_link_url: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  /** stripe, bank_transfer, cash, card, cheque, other. */
  paid_method: string | null;
  paid_reference: string | null;
  voided_at: Timestamp | null;
  void_reason: string | null;
  /** Copied from the document for invoice_list's filters. */
  customer_name: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  total: number | null;
  /** Sum of its credit notes, minor units. */
  credited: number | null;
}

export interface CreditNotesTable {
  id: string;
  account_id: string;
  invoice_id: string;
  /** Its own gap-free series: CN-2026-0001. */
  number: string;
  year: number;
  sequence: number;
  /** Minor units credited (positive). */
  amount: number;
  reason: string;
  document: string;
  pdf_file_id: string;
  /** The e-invoice made with it, when its invoice had one. */
  einvoice_file_id: string | null;
  idempotency_key: string | null;
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
  credit_notes: CreditNotesTable;
  credit_note_counters: InvoiceCountersTable;
}

/** The database as the invoice outcome sees it: the platform's tables and its own. */
export const invoiceDb = (store: StoreHandle) => tables<InvoiceTables>(store);
