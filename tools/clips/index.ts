import { recentClipPlans } from './dashboard.js';
import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import factory from './factory.tool.js';
import get from './get.tool.js';
import { clipIds } from './ids.js';
import { clipMigrations } from './migrations.js';
import { clipResources } from './resources.js';

/** Its tables, as the module's queries see them (`tables<ClipTables>(ctx.store)`). */
export type { ClipTables } from './tables.js';

/** Short-video clip plans from a transcript: moments, captions, hooks, and the cut. */
export default defineOutcome({
  name: 'clips',
  tools: [factory, get],
  scopes: readWrite('clips'),
  ids: clipIds,
  migrations: clipMigrations,
  resources: clipResources,
  dashboard: { recent: [recentClipPlans] },
});
