import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import orders from './orders.tool.js';
import { storefrontIds } from './ids.js';
import { storefrontMigrations } from './migrations.js';
import { storefrontStripeEvents } from './orders.js';
import { storefrontRoutes } from './public.js';
import { storefrontResources } from './resources.js';

/** Product pages and small shops that sell through a real checkout: build, revise, read, hosted pages, buy buttons, orders from Stripe's webhook. */
export default defineOutcome({
  name: 'storefront',
  tools: [build, revise, get, orders],
  publicRoutes: storefrontRoutes,
  scopes: readWrite('storefront'),
  ids: storefrontIds,
  migrations: storefrontMigrations,
  resources: storefrontResources,
  stripeEvents: storefrontStripeEvents,
});
