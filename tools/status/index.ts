import { defineOutcome } from '../../src/kernel/outcome.js';
import jobStatus from './status.tool.js';

/** The platform's job_status: any outcome's long work, polled to its result. */
export default defineOutcome({ name: 'status', tools: [jobStatus] });
