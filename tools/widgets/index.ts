import { recentPages } from './dashboard.js';
import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import generate from './generate.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import submissions from './submissions.tool.js';
import { widgetIds } from './ids.js';
import { widgetMigrations } from './migrations.js';
import { widgetRoutes } from './public.js';
import { widgetResources } from './resources.js';

/** Its tables, as the module's queries see them (`tables<WidgetTables>(ctx.store)`). */
export type { WidgetTables } from './tables.js';

/** Landing pages and widgets with working forms: generate, revise, read back, collect submissions; previews and form posts for visitors. */
export default defineOutcome({
  name: 'widgets',
  tools: [generate, revise, get, submissions],
  publicRoutes: widgetRoutes,
  scopes: readWrite('widgets'),
  ids: widgetIds,
  migrations: widgetMigrations,
  resources: widgetResources,
  dashboard: { recent: [recentPages] },
});
