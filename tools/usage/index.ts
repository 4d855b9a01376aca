import { defineOutcome } from '../../src/kernel/outcome.js';
import usageGet from './get.tool.js';

/** The platform's usage_get: the account's plan and usage this cycle. */
export default defineOutcome({ name: 'usage', tools: [usageGet] });
