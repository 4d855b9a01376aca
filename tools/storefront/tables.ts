import type { StoreHandle } from '../../src/kernel/context.js';
import { tables } from '../../src/store/store.js';
import type { Timestamp } from '../../src/store/schema.js';

export interface StorefrontsTable {
  id: string;
  account_id: string;
  version: number;
  /** What the version was built from and what it shows (JSON): the page and the plan are derived from it. */
  document: string;
  created_at: Timestamp;
}

/** One Stripe operation of a version, once it ran: a retried run skips it, the page links to what it made. */
export interface StorefrontStepsTable {
  storefront_id: string;
  version: number;
  ref: string;
  op: string;
  stripe_id: string;
  url: string | null;
  created_at: Timestamp;
}

/** Units left of a version's product that was given an inventory. */
export interface StorefrontStockTable {
  storefront_id: string;
  version: number;
  product_id: string;
  remaining: number;
}

export interface StorefrontOrdersTable {
  id: string;
  account_id: string;
  storefront_id: string;
  version: number;
  offer_id: string;
  product: string;
  /** The variant's name, or null for a product without variants. */
  variant: string | null;
  quantity: number;
  /** Minor units, as Stripe charged them. */
  amount_total: number;
  currency: string;
  customer_email: string | null;
  /** The Checkout Session: one order per session, however often Stripe delivers its event. */
  session_id: string;
  payment_intent: string | null;
  subscription: string | null;
  created_at: Timestamp;
}

export interface StorefrontTables {
  storefronts: StorefrontsTable;
  storefront_steps: StorefrontStepsTable;
  storefront_stock: StorefrontStockTable;
  storefront_orders: StorefrontOrdersTable;
}

export const storefrontDb = (store: StoreHandle) => tables<StorefrontTables>(store);
