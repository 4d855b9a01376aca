import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import members from './members.tool.js';
import { membershipIds } from './ids.js';
import { membershipMigrations } from './migrations.js';
import { membershipRoutes } from './public.js';
import { membershipResources } from './resources.js';
import { membershipStripeEvents } from './stripe-events.js';
import { onboardingEmailTask } from './delivery.js';

/** Its tables, as the module's queries see them. */
export type { MembershipTables } from './tables.js';

/** Paid course sites: build, revise, read back, manage members; the hosted site with sign-in for members; access from Stripe events. */
export default defineOutcome({
  name: 'membership',
  tools: [build, revise, get, members],
  publicRoutes: membershipRoutes,
  scopes: readWrite('membership'),
  ids: membershipIds,
  migrations: membershipMigrations,
  resources: membershipResources,
  stripeEvents: membershipStripeEvents,
  scheduled: [onboardingEmailTask],
});
