import { z } from 'zod';
import type { StoreHandle } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { OutcomeCommand } from '../../src/kernel/outcome.js';
import { quote } from '../../src/kernel/quote.js';
import { invoiceDb, type SellerColumns } from './tables.js';
import { checkLogo } from './logo.js';
import { countryCode, einvoiceFormats } from './einvoice/model.js';

/** The languages an invoice can be written in (labels, dates, numbers). */
export const invoiceLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja'] as const;

/** ISO 13616: country, check digits, then up to 30 letters and digits; the check digits verified (mod 97). */
function checkIban(value: string): string {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  const valid = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && [...(iban.slice(4) + iban.slice(0, 4))].reduce((rest, char) => (rest * (char >= 'A' ? 100 : 10) + parseInt(char, 36)) % 97, 0) === 1;
  if (!valid) throw new OutcomeError('invalid_input', `iban: ${quote(value)} is not a valid IBAN (country code, check digits, account; the check digits must match).`);
  return iban;
}

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** What seller_profile_update (and `accounts update`) take: given fields change, null clears one, absent ones stay. */
export const sellerUpdateSchema = z
  .object({
    name: nullable(z.string().trim().min(1).max(200)),
    address: nullable(z.string().trim().min(1).max(500).describe('Newline-separated lines, country last.')),
    country: nullable(countryCode),
    tax_id: nullable(z.string().trim().min(1).max(50).describe('Tax number.')),
    vat_id: nullable(z.string().trim().min(1).max(50).describe('VAT ID, e.g. DE123456789.')),
    email: nullable(z.email().max(254)),
    phone: nullable(z.string().trim().min(3).max(50)),
    iban: nullable(z.string().max(50)),
    bic: nullable(z.string().regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters, e.g. DEUTDEFF')),
    logo: nullable(z.string().max(300_000).describe('PNG or JPEG, base64, ≤ 200 kB; never a URL.')),
    language: nullable(z.enum(invoiceLanguages).describe('Default for invoices without language.')),
    payment_days: nullable(z.number().int().min(0).max(365).describe('Default net days.')),
    einvoice: nullable(z.enum(einvoiceFormats).describe('E-invoice made with every invoice by default.')),
  })
  .strict();
export type SellerUpdate = z.output<typeof sellerUpdateSchema>;

/** The profile as the tools show it: the logo by type and size, not its bytes. */
export const sellerProfileSchema = z.object({
  account_id: z.string(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  tax_id: z.string().nullable(),
  vat_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  logo: z.object({ type: z.enum(['png', 'jpeg']), bytes: z.number().int() }).nullable(),
  language: z.enum(invoiceLanguages).nullable(),
  payment_days: z.number().int().nullable(),
  einvoice: z.enum(einvoiceFormats).nullable(),
  missing: z.array(z.enum(['name', 'address'])).describe('What invoices need before one can be issued.'),
});
export type SellerProfileView = z.output<typeof sellerProfileSchema>;

/** The seller an invoice names: the account's seller profile. */
export interface SellerProfile extends SellerColumns {
  id: string;
  name: string;
}

const profileColumns = [
  'id',
  'name',
  'seller_name',
  'seller_address',
  'seller_tax_id',
  'seller_email',
  'seller_vat_id',
  'seller_phone',
  'seller_iban',
  'seller_bic',
  'seller_logo',
  'seller_language',
  'seller_payment_days',
  'seller_country',
  'seller_einvoice',
] as const;

const notFound = (id: string) => new OutcomeError('not_found', `No account ${id}; list accounts with the CLI or create one with \`agent-outcomes accounts create\`.`);

export async function sellerProfile(store: StoreHandle, accountId: string): Promise<SellerProfile> {
  const account = await invoiceDb(store).selectFrom('accounts').select(profileColumns).where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound(accountId);
  return account;
}

export function profileView(profile: SellerProfile): SellerProfileView {
  const logo = profile.seller_logo ? checkLogo(profile.seller_logo) : null;
  return {
    account_id: profile.id,
    name: profile.seller_name,
    address: profile.seller_address,
    country: profile.seller_country,
    tax_id: profile.seller_tax_id,
    vat_id: profile.seller_vat_id,
    email: profile.seller_email,
    phone: profile.seller_phone,
    iban: profile.seller_iban,
    bic: profile.seller_bic,
    logo: logo && { type: logo.type, bytes: Buffer.byteLength(logo.bytes, 'base64') },
    language: (profile.seller_language as SellerProfileView['language']) ?? null,
    payment_days: profile.seller_payment_days,
    einvoice: (profile.seller_einvoice as SellerProfileView['einvoice']) ?? null,
    missing: [...(profile.seller_name ? [] : ['name' as const]), ...(profile.seller_address ? [] : ['address' as const])],
  };
}

/** Sets the seller profile printed on an account's invoices; absent fields stay as they are, null clears one. */
export async function updateSeller(store: StoreHandle, accountId: string, update: SellerUpdate, now: Date): Promise<SellerProfile> {
  const columns: Partial<Record<(typeof profileColumns)[number], string | number | null>> = {
    seller_name: update.name,
    seller_address: update.address,
    seller_tax_id: update.tax_id,
    seller_vat_id: update.vat_id,
    seller_email: update.email,
    seller_phone: update.phone,
    seller_iban: update.iban && checkIban(update.iban),
    seller_bic: update.bic?.toUpperCase() ?? update.bic,
    seller_logo: update.logo && checkLogo(update.logo).bytes,
    seller_language: update.language,
    seller_payment_days: update.payment_days,
    seller_country: update.country,
    seller_einvoice: update.einvoice,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) {
    throw new OutcomeError('invalid_input', `Nothing to update: give at least one of ${Object.keys(sellerUpdateSchema.shape).join(', ')}.`);
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

/** `agent-outcomes accounts update`: the seller profile from the command line, checked by the same schema as the tool. */
export const sellerCommand: OutcomeCommand = {
  name: 'accounts update',
  usage:
    'accounts update --account ID [--seller-name N] [--seller-address A] [--seller-tax-id T] [--seller-vat-id V] [--seller-email E] [--seller-phone P] [--seller-iban I] [--seller-bic B] [--seller-language L] [--seller-country DE] [--seller-einvoice facturx|xrechnung_ubl|xrechnung_cii]  (printed on invoices; "\\n" separates address lines)',
  options: [
    'account',
    'seller-name',
    'seller-address',
    'seller-tax-id',
    'seller-vat-id',
    'seller-email',
    'seller-phone',
    'seller-iban',
    'seller-bic',
    'seller-language',
    'seller-country',
    'seller-einvoice',
  ],
  async run(options, store, now) {
    const accountId = options.account;
    if (!accountId) throw new OutcomeError('invalid_input', '--account is required, e.g. --account acct_….');
    const parsed = sellerUpdateSchema.safeParse({
      name: options['seller-name'],
      // Shells make real newlines awkward: "\n" in the address separates its lines.
      address: options['seller-address']?.replace(/\\n/g, '\n'),
      tax_id: options['seller-tax-id'],
      vat_id: options['seller-vat-id'],
      email: options['seller-email'],
      phone: options['seller-phone'],
      iban: options['seller-iban'],
      bic: options['seller-bic'],
      language: options['seller-language'],
      country: options['seller-country'],
      einvoice: options['seller-einvoice'],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const flag = `--seller-${String(issue?.path[0] ?? '').replaceAll('_', '-')}`;
      const value = options[flag.slice(2)];
      throw new OutcomeError('invalid_input', `${flag} ${quote(value ?? '')}: ${issue?.path[0] === 'email' ? 'is not an email address' : issue?.message}.`);
    }
    const view = profileView(await updateSeller(store, accountId, parsed.data, now()));
    return { json: { account_id: view.account_id, seller: view }, text: `Seller profile of ${view.account_id}: ${JSON.stringify(view)}` };
  },
};
