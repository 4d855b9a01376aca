import { defineOutcome } from '../../src/kernel/outcome.js';
import intentRoute from './route.tool.js';

/**
 * Intent routing: a command in words becomes a call of another tool of the catalogue (run with the
 * caller's key, scopes and metering), a question when it is not clear enough, or a list of what the
 * service does. Last in the catalogue: it routes to every outcome before it.
 */
export default defineOutcome({ name: 'intent', tools: [intentRoute], scopes: ['intent:run'] });
