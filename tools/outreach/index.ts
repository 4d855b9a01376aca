import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import build from './build.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import triage from './triage.tool.js';
import send from './send.tool.js';
import { outreachIds } from './ids.js';
import { outreachMigrations } from './migrations.js';
import { outreachRoutes } from './public.js';
import { outreachEmailTask } from './send.js';
import { outreachResources } from './resources.js';

/** Its tables, as the module's queries see them. */
export type { OutreachTables } from './tables.js';

/** Outbound campaigns: leads checked and scored, personalised cadence with QA, reply triage, CRM mappings; sending through SMTP with one-click unsubscribe. */
export default defineOutcome({
  name: 'outreach',
  tools: [build, revise, get, triage, send],
  publicRoutes: outreachRoutes,
  resources: outreachResources,
  scopes: readWrite('outreach'),
  ids: outreachIds,
  migrations: outreachMigrations,
  scheduled: [outreachEmailTask],
});
