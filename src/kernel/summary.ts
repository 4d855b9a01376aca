import type { Tool } from './tool.js';
import type { NextAction } from './next-action.js';
import type { JobHandle } from './job-handle.js';

function describeNext(actions: readonly NextAction[] | undefined): string {
  if (!actions?.length) return '';
  return ` Next: ${actions.map((action) => `${action.tool} (${action.why.replace(/\.$/, '')})`).join('; ')}.`;
}

/** The one-paragraph text an MCP client shows beside `structuredContent`. */
export function summarizeResult(tool: Tool, output: Record<string, unknown>): string {
  const custom = tool.summarize?.(output);
  if (custom) return custom;
  const fields = Object.keys(output).filter((key) => key !== 'next_actions');
  return `${tool.title}: done. The structured result has ${fields.join(', ')}.${describeNext(output.next_actions as NextAction[] | undefined)}`;
}

export function summarizeJob(handle: JobHandle): string {
  return `${handle.tool} is still working as job ${handle.job_id} (status ${handle.status}). Call job_status with job_id "${handle.job_id}" until its status is succeeded or failed; the result will be in its \`result\` field.`;
}
