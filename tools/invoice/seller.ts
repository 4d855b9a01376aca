import type { StoreHandle } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { OutcomeCommand } from '../../src/kernel/outcome.js';
import { quote } from '../../src/kernel/quote.js';
import { invoiceDb, type SellerColumns } from './tables.js';

/** The seller an invoice names: the account's seller profile, else its name (with a warning). */
export interface SellerProfile extends SellerColumns {
  id: string;
  name: string;
}

const profileColumns = ['id', 'name', 'seller_name', 'seller_address', 'seller_tax_id', 'seller_email'] as const;

const notFound = (id: string) => new OutcomeError('not_found', `No account ${id}; list accounts with the CLI or create one with \`agent-outcomes accounts create\`.`);

export async function sellerProfile(store: StoreHandle, accountId: string): Promise<SellerProfile> {
  const account = await invoiceDb(store).selectFrom('accounts').select(profileColumns).where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound(accountId);
  return account;
}

/** Sets the seller profile printed on an account's invoices; undefined fields stay as they are. */
export async function updateSeller(store: StoreHandle, accountId: string, seller: { name?: string; address?: string; tax_id?: string; email?: string }, now: Date): Promise<SellerProfile> {
  const changes = Object.fromEntries(
    Object.entries({ seller_name: seller.name, seller_address: seller.address, seller_tax_id: seller.tax_id, seller_email: seller.email }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(changes).length === 0) {
    throw new OutcomeError('invalid_input', 'Nothing to update: give --seller-name, --seller-address, --seller-tax-id or --seller-email.');
  }
  const updated = await invoiceDb(store)
    .updateTable('accounts')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', accountId)
    .returning(profileColumns)
    .executeTakeFirst();
  if (!updated) throw notFound(accountId);
  return updated;
}

/** `agent-outcomes accounts update`: the seller profile from the command line. */
export const sellerCommand: OutcomeCommand = {
  name: 'accounts update',
  usage: 'accounts update --account ID [--seller-name N] [--seller-address A] [--seller-tax-id T] [--seller-email E]  (printed on invoices; "\\n" separates address lines)',
  options: ['account', 'seller-name', 'seller-address', 'seller-tax-id', 'seller-email'],
  async run(options, store, now) {
    const accountId = options.account;
    if (!accountId) throw new OutcomeError('invalid_input', '--account is required, e.g. --account acct_….');
    const email = options['seller-email'];
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw new OutcomeError('invalid_input', `--seller-email ${quote(email)} is not an email address.`);
    }
    const updated = await updateSeller(
      store,
      accountId,
      {
        name: options['seller-name'],
        // Shells make real newlines awkward: "\n" in the address separates its lines.
        address: options['seller-address']?.replace(/\\n/g, '\n'),
        tax_id: options['seller-tax-id'],
        email,
      },
      now(),
    );
    const seller = { name: updated.seller_name, address: updated.seller_address, tax_id: updated.seller_tax_id, email: updated.seller_email };
    return { json: { account_id: updated.id, seller }, text: `Seller profile of ${updated.id}: ${JSON.stringify(seller)}` };
  },
};
