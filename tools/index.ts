import type { Tool } from '../src/kernel/tool.js';
import jobStatus from './status/status.tool.js';
import usageGet from './usage/get.tool.js';

/** The catalogue: the only list of tools. Every transport, discovery and OpenAPI derive from it. */
export const catalogue: readonly Tool[] = [jobStatus, usageGet];
