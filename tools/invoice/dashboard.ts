import type { DashboardRecent, DashboardSettings } from '../../src/kernel/dashboard.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { invoiceDb } from './tables.js';
import { profileView, sellerProfile, sellerUpdateSchema, updateSeller } from './seller.js';

/** The account's latest invoices on the dashboard: status, when paid, the PDF and the payment link. */
export const recentInvoices: DashboardRecent = {
  title: 'Invoices',
  async list({ store, accountId, limit }) {
    const rows = await invoiceDb(store)
      .selectFrom('invoices')
      .select(['id', 'number', 'status', 'document', 'pdf_file_id', 'payment_link_url', 'created_at', 'paid_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const document = JSON.parse(row.document) as { customer?: { name?: string }; totals?: { formatted?: { total?: string } } };
      const total = document.totals?.formatted?.total;
      return {
        id: row.id,
        title: [row.number, document.customer?.name, total].filter(Boolean).join(' · '),
        status: row.status === 'paid' && row.paid_at ? `paid ${row.paid_at.slice(0, 10)}` : row.status,
        created_at: row.created_at,
        links: [{ label: 'PDF', fileId: row.pdf_file_id }, ...(row.status === 'open' && row.payment_link_url ? [{ label: 'Payment link', url: row.payment_link_url }] : [])],
      };
    });
  },
};

/** The fields the dashboard's form edits; the rest of the profile (bank, defaults) stays with the tools and the CLI. */
const textFields = ['name', 'address', 'tax_id', 'vat_id', 'email'] as const;

/** The seller profile printed on invoices, edited in the dashboard: the same data and checks as seller_profile_update. */
export const sellerSettings: DashboardSettings = {
  id: 'seller',
  title: 'Seller profile',
  description: 'Who bills on every invoice of this account: the same profile as the seller_profile_get and seller_profile_update tools.',
  fields: [
    { name: 'name', label: 'Business name', type: 'text', hint: 'Required before an invoice can be issued. Up to 200 characters.', autocomplete: 'organization' },
    { name: 'address', label: 'Postal address', type: 'textarea', hint: 'Required before an invoice can be issued. One line per address line, country last.', autocomplete: 'street-address' },
    { name: 'tax_id', label: 'Tax number', type: 'text', hint: 'Optional, up to 50 characters.' },
    { name: 'vat_id', label: 'VAT ID', type: 'text', hint: 'Optional, e.g. DE123456789.' },
    { name: 'email', label: 'Billing email', type: 'email', hint: 'Optional; printed on invoices.', autocomplete: 'email' },
    { name: 'logo', label: 'Logo', type: 'file', hint: 'Optional: a PNG or JPEG of at most 200 kB. Leave empty to keep the current one.' },
  ],
  async read(store, accountId) {
    const view = profileView(await sellerProfile(store, accountId));
    return {
      name: view.name ?? '',
      address: view.address ?? '',
      tax_id: view.tax_id ?? '',
      vat_id: view.vat_id ?? '',
      email: view.email ?? '',
      logo: view.logo ? `a ${view.logo.type.toUpperCase()} of ${Math.ceil(view.logo.bytes / 1024)} kB` : '',
    };
  },
  async save(store, accountId, values, now) {
    // Empty text clears a field; an empty file input keeps the logo.
    const input: Record<string, string | null> = Object.fromEntries(textFields.map((name) => [name, values[name]?.trim() ? values[name].trim() : null]));
    if (values.logo) input.logo = values.logo;
    const parsed = sellerUpdateSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]);
        fields[name] ??= name === 'email' ? 'Enter an email address such as billing@example.com, or leave it empty.' : `${issue.message}; shorten or correct it.`;
      }
      throw new OutcomeError('invalid_input', 'Some fields need a change.', { details: { fields } });
    }
    try {
      await updateSeller(store, accountId, parsed.data, now);
    } catch (error) {
      // The logo's checks (type, size) name the field first: "logo: …".
      const field = error instanceof OutcomeError ? /^([a-z_]+): /.exec(error.message)?.[1] : undefined;
      if (error instanceof OutcomeError && error.code === 'invalid_input' && field)
        throw new OutcomeError('invalid_input', error.message, { details: { fields: { [field]: error.message.slice(field.length + 2) } } });
      throw error;
    }
  },
};
