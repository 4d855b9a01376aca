import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import { businessIds } from './ids.js';
import { businessMigrations } from './migrations.js';
import { businessOverview } from './public.js';
import { businessResources } from './resources.js';

/** Its tables, as the module's queries see them. */
export type { BusinessTables } from './tables.js';

/** Business-in-a-box: a whole business system composed from the other outcomes (each part made by its own tool), revisable by focus area. */
export default defineOutcome({
  name: 'business',
  tools: [build, revise, get],
  publicRoutes: [businessOverview],
  scopes: readWrite('business'),
  ids: businessIds,
  migrations: businessMigrations,
  resources: businessResources,
});
