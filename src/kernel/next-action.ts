import { z } from 'zod';

/** A follow-up call an agent can make next, with its REST equivalent. */
export const nextActionSchema = z.object({
  tool: z.string().describe('MCP tool name to call next.'),
  route: z.string().describe('The same call over REST, e.g. "GET /api/agents/status/job_…".'),
  arguments: z.record(z.string(), z.unknown()).describe('Arguments to pass to the tool.'),
  why: z.string().describe('When and why to make this call.'),
});
export type NextAction = z.infer<typeof nextActionSchema>;
