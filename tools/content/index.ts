import { recentPacks } from './dashboard.js';
import { defineOutcome } from '../../src/kernel/outcome.js';
import { readWrite } from '../../src/kernel/scopes.js';
import repurpose from './repurpose.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';
import { contentIds } from './ids.js';
import { contentMigrations } from './migrations.js';
import { contentResources } from './resources.js';

/** Its tables, as the module's queries see them (`tables<ContentTables>(ctx.store)`). */
export type { ContentTables } from './tables.js';

/** Multi-channel content packs from a prompt or a source text, revisable per channel. */
export default defineOutcome({
  name: 'content',
  tools: [repurpose, revise, get],
  scopes: readWrite('content'),
  ids: contentIds,
  migrations: contentMigrations,
  resources: contentResources,
  dashboard: { recent: [recentPacks] },
});
