import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { profileView, sellerProfile, sellerProfileSchema, sellerUpdateSchema, updateSeller } from './seller.js';

/** Reads the seller profile printed on the account's invoices. */
export const sellerProfileGet = defineTool({
  name: 'seller_profile_get',
  title: 'Get the seller profile',
  description:
    "Returns the account's seller profile printed on its invoices (name, address, tax and VAT ids, contact, bank details, logo, defaults) and what is still missing before an invoice can be issued.",
  route: { method: 'GET', path: '/seller-profile' },
  scope: 'invoices:read',
  cost: 0,
  effect: 'read',
  input: z.object({}),
  output: sellerProfileSchema,
  async run(_input, ctx) {
    const view = profileView(await sellerProfile(ctx.store, ctx.caller.accountId));
    return { ...view, next_actions: view.missing.length ? [ctx.nextAction('seller_profile_update', {}, `Set the seller's ${view.missing.join(' and ')}: invoices need them.`)] : [] };
  },
});

/** Sets the seller profile: the agent's way to what `agent-outcomes accounts update` does. */
export const sellerProfileUpdate = defineTool({
  name: 'seller_profile_update',
  title: 'Update the seller profile',
  description:
    'Sets who bills on every invoice of this account: name and address (required before an invoice can be issued), tax and VAT ids, email, phone, IBAN/BIC, a logo (PNG/JPEG base64), default language and payment days. Given fields change, null clears one.',
  route: { method: 'POST', path: '/seller-profile' },
  scope: 'invoices:write',
  cost: 0,
  effect: 'write',
  idempotent: true,
  input: sellerUpdateSchema,
  output: sellerProfileSchema,
  async run(input, ctx) {
    const view = profileView(await updateSeller(ctx.store, ctx.caller.accountId, input, ctx.now()));
    return { ...view, next_actions: [] };
  },
});
