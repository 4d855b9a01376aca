import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import submissions from './submissions.tool.js';
import { directoryIds } from './ids.js';
import { directoryMigrations } from './migrations.js';
import { directoryRoutes } from './public.js';
import { directoryResources } from './resources.js';
import { directoryStripeEvents, placementEndTask } from './placements.js';
import { siteZipMaker } from './engine.js';

/** Its tables, as the module's queries see them. */
export type { DirectoryTables } from './tables.js';

/** Searchable directories: build, revise, read back, review submissions; the hosted site with search, the public submission form, paid placements from Stripe's webhook and their end on the job queue. */
export default defineOutcome({
  name: 'directory',
  tools: [build, revise, get, submissions],
  publicRoutes: directoryRoutes,
  scopes: readWrite('directory'),
  ids: directoryIds,
  migrations: directoryMigrations,
  resources: directoryResources,
  stripeEvents: directoryStripeEvents,
  scheduled: [placementEndTask],
  fileMakers: [siteZipMaker],
});
