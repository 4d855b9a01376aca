/**
 * Orders: a completed Checkout Session of a storefront (one of its payment links, or a session
 * its buy button made) becomes one order, however often Stripe delivers the event; a product
 * with a stock loses the units sold, never below zero.
 */
import { sql } from 'kysely';
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import type { StripeEvent, StripeEventHandler, WebhookContext } from '../../src/kernel/webhook.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { catalogOf, findOffer } from './catalog.js';
import type { StorefrontDocument } from './engine.js';
import { storefrontIds } from './ids.js';
import { storefrontDb, type StorefrontOrdersTable } from './tables.js';

interface SessionObject {
  id?: string;
  payment_status?: string;
  payment_link?: string | null;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  currency?: string | null;
  customer_details?: { email?: string | null } | null;
  customer_email?: string | null;
  payment_intent?: string | null;
  subscription?: string | null;
}

/** The storefront, version and offer a session sold: from its metadata (sessions we made) or its payment link (links we made). */
async function saleOf(store: StoreHandle, session: SessionObject): Promise<{ storefrontId: string; version: number; offerId: string } | null> {
  const meta = session.metadata ?? {};
  if (meta.storefront_id && meta.offer_id && meta.version) return { storefrontId: meta.storefront_id, version: Number(meta.version), offerId: meta.offer_id };
  if (!session.payment_link) return null;
  const step = await storefrontDb(store).selectFrom('storefront_steps').selectAll().where('stripe_id', '=', session.payment_link).where('op', '=', 'payment_links.create').executeTakeFirst();
  return step ? { storefrontId: step.storefront_id, version: step.version, offerId: step.ref.replace(/^link_/, '') } : null;
}

/** The version whose stock a sale of `productName` lowers: the latest, if it still sells that product under the same id, else the sale's own. */
async function currentStockVersion(db: ReturnType<typeof storefrontDb>, storefrontId: string, soldVersion: number, productName: string, productId: string): Promise<number> {
  const latest = await db.selectFrom('storefronts').select(['version', 'document']).where('id', '=', storefrontId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (!latest || latest.version === soldVersion) return soldVersion;
  const document = JSON.parse(latest.document) as StorefrontDocument;
  const same = catalogOf(document.spec.products, document.lang).some((product) => product.product_id === productId && product.name === productName);
  return same ? latest.version : soldVersion;
}

async function sessionCompleted(event: StripeEvent, ctx: WebhookContext): Promise<void> {
  const session = event.data.object as SessionObject;
  // Paid now, or paid later (async methods report async_payment_succeeded); subscriptions complete with no_payment_required during a trial.
  if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return;
  if (!session.id) return;
  const sale = await saleOf(ctx.store, session);
  if (!sale) return;
  const db = storefrontDb(ctx.store);
  const row = await db.selectFrom('storefronts').selectAll().where('id', '=', sale.storefrontId).where('version', '=', sale.version).executeTakeFirst();
  if (!row) {
    ctx.log.warn({ storefront_id: sale.storefrontId, session: session.id }, 'a checkout names a storefront version that does not exist; nothing recorded');
    return;
  }
  const document = JSON.parse(row.document) as StorefrontDocument;
  const found = findOffer(catalogOf(document.spec.products, document.lang), sale.offerId);
  if (!found) {
    ctx.log.warn({ storefront_id: sale.storefrontId, offer_id: sale.offerId, session: session.id }, 'a checkout names an offer the storefront does not have; nothing recorded');
    return;
  }
  const order: StorefrontOrdersTable = {
    id: newId(storefrontIds.order),
    account_id: row.account_id,
    storefront_id: row.id,
    version: row.version,
    offer_id: found.offer.offer_id,
    product: found.product.name,
    variant: found.product.offers.length > 1 ? found.offer.name : null,
    quantity: 1,
    amount_total: session.amount_total ?? found.offer.amount,
    currency: (session.currency ?? found.product.currency).toUpperCase(),
    customer_email: session.customer_details?.email ?? session.customer_email ?? null,
    session_id: session.id,
    payment_intent: session.payment_intent ?? null,
    subscription: session.subscription ?? null,
    created_at: new Date(event.created * 1000).toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('storefront_orders').values(order).execute();
      // Counted against the current version's stock (a sale through an older version's link sells the same
      // goods, when the product is still there under its name); never below zero: a sale past the stock (two
      // buyers at once on a live link) is logged for the seller.
      const current = await currentStockVersion(trx, row.id, row.version, found.product.name, found.product.product_id);
      const sold = await trx
        .updateTable('storefront_stock')
        .set({ remaining: sql<number>`remaining - 1` })
        .where('storefront_id', '=', row.id)
        .where('version', '=', current)
        .where('product_id', '=', found.product.product_id)
        .where('remaining', '>', 0)
        .executeTakeFirst();
      const tracked = found.product.inventory !== undefined;
      if (tracked && sold.numUpdatedRows === 0n)
        ctx.log.warn({ storefront_id: row.id, product_id: found.product.product_id, order_id: order.id }, 'sold past the stock: the seller must restock or refund');
    });
    ctx.log.info({ storefront_id: row.id, order_id: order.id, session: session.id }, 'storefront order recorded');
  } catch (error) {
    // The same session delivered again: its order exists.
    if (!isUniqueViolation(error)) throw error;
  }
}

export const storefrontStripeEvents: Readonly<Record<string, StripeEventHandler>> = {
  'checkout.session.completed': sessionCompleted,
  'checkout.session.async_payment_succeeded': sessionCompleted,
};

export interface OrderView {
  order_id: string;
  storefront_id: string;
  version: number;
  offer_id: string;
  product: string;
  variant: string | null;
  quantity: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  stripe: { session: string; payment_intent: string | null; subscription: string | null };
  created_at: string;
}

const viewOf = (row: StorefrontOrdersTable): OrderView => ({
  order_id: row.id,
  storefront_id: row.storefront_id,
  version: row.version,
  offer_id: row.offer_id,
  product: row.product,
  variant: row.variant,
  quantity: row.quantity,
  amount_total: row.amount_total,
  currency: row.currency,
  customer_email: row.customer_email,
  stripe: { session: row.session_id, payment_intent: row.payment_intent, subscription: row.subscription },
  created_at: row.created_at,
});

/** A storefront's orders, newest first, a page at a time (the cursor is the last order id of the page before). */
export async function listOrders(ctx: ToolContext, request: { storefront_id: string; cursor?: string | undefined; limit: number }): Promise<{ orders: OrderView[]; next_cursor: string | null }> {
  const db = storefrontDb(ctx.store);
  const owned = await db.selectFrom('storefronts').select('id').where('id', '=', request.storefront_id).where('account_id', '=', ctx.caller.accountId).limit(1).executeTakeFirst();
  if (!owned) throw new OutcomeError('not_found', `No storefront ${request.storefront_id} exists for this account.`);
  let query = db.selectFrom('storefront_orders').selectAll().where('account_id', '=', ctx.caller.accountId).where('storefront_id', '=', request.storefront_id);
  if (request.cursor) query = query.where('id', '<', request.cursor);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(request.limit + 1)
    .execute();
  const page = rows.slice(0, request.limit);
  return { orders: page.map(viewOf), next_cursor: rows.length > request.limit ? (page.at(-1)?.id ?? null) : null };
}

/** Orders as CSV, one row each; cells a spreadsheet would run as formulas are escaped. */
export async function ordersCsv(orders: readonly OrderView[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify(
    orders.map((order) => [order.order_id, order.created_at, order.product, order.variant ?? '', order.quantity, order.amount_total, order.currency, order.customer_email ?? '', order.stripe.session]),
    { header: true, columns: ['order_id', 'created_at', 'product', 'variant', 'quantity', 'amount_total_minor', 'currency', 'customer_email', 'stripe_session'], escape_formulas: true },
  );
}
