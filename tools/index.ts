import type { OutcomeModule } from '../src/kernel/outcome.js';
import status from './status/index.js';
import usage from './usage/index.js';
import invoice from './invoice/index.js';
import content from './content/index.js';
import widgets from './widgets/index.js';
import clips from './clips/index.js';
import storefront from './storefront/index.js';
import membership from './membership/index.js';
import outreach from './outreach/index.js';
import directory from './directory/index.js';
import business from './business/index.js';
import intent from './intent/index.js';

/**
 * The outcome modules: the only list. Tools, scopes, id prefixes, public routes, migrations and
 * commands are derived from it (`Outcomes`); every transport, discovery and OpenAPI from the tools.
 * The order is the catalogue's order.
 */
export const outcomes: readonly OutcomeModule[] = [status, usage, invoice, content, widgets, clips, storefront, membership, directory, outreach, business, intent];
