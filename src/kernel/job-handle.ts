import { z } from 'zod';
import { nextActionSchema } from './next-action.js';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** What a long-running call answers with before its result exists (REST 202, MCP after its wait). */
export const jobHandleSchema = z.object({
  job_id: z.string().describe('Poll it with job_status.'),
  tool: z.string(),
  status: z.enum(jobStatuses),
  status_url: z.string(),
  next_actions: z.array(nextActionSchema),
});
export type JobHandle = z.infer<typeof jobHandleSchema>;
