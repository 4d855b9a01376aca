import { recentInvoices, sellerSettings } from './dashboard.js';
import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import draft from './draft.tool.js';
import confirm from './confirm.tool.js';
import create from './create.tool.js';
import get from './get.tool.js';
import { invoiceCreditNote, invoiceList, invoiceEInvoice, invoiceMarkPaid, invoiceSend, invoiceVoid } from './lifecycle.tool.js';
import { sellerProfileGet, sellerProfileUpdate } from './seller-profile.tool.js';
import { invoiceIds } from './ids.js';
import { invoiceMigrations } from './migrations.js';
import { sellerCommand } from './seller.js';
import { invoiceResources } from './resources.js';
import { invoiceStripeEvents } from './stripe-events.js';

/** Its tables, as the module's queries see them (`tables<InvoiceTables>(ctx.store)`). */
export type { InvoiceTables } from './tables.js';

/** Invoices with a PDF and a payment link: draft, confirm (numbered, final), create in one step, read back, list; void, credit, paid; the seller profile. */
export default defineOutcome({
  name: 'invoice',
  tools: [draft, confirm, create, get, invoiceList, invoiceVoid, invoiceMarkPaid, invoiceCreditNote, invoiceSend, invoiceEInvoice, sellerProfileGet, sellerProfileUpdate],
  scopes: readWrite('invoices'),
  ids: invoiceIds,
  migrations: invoiceMigrations,
  commands: [sellerCommand],
  resources: invoiceResources,
  stripeEvents: invoiceStripeEvents,
  dashboard: { recent: [recentInvoices], settings: [sellerSettings] },
});
