import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import draft from './draft.tool.js';
import confirm from './confirm.tool.js';
import create from './create.tool.js';
import get from './get.tool.js';
import { invoiceIds } from './ids.js';
import { invoiceMigrations } from './migrations.js';
import { sellerCommand } from './seller.js';
import { invoiceResources } from './resources.js';

/** Its tables, as the module's queries see them (`tables<InvoiceTables>(ctx.store)`). */
export type { InvoiceTables } from './tables.js';

/** Invoices with a PDF and a payment link: draft, confirm (numbered, final), create in one step, read back. */
export default defineOutcome({
  name: 'invoice',
  tools: [draft, confirm, create, get],
  scopes: readWrite('invoices'),
  ids: invoiceIds,
  migrations: invoiceMigrations,
  commands: [sellerCommand],
  resources: invoiceResources,
});
