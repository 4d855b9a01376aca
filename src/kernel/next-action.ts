import { z } from 'zod';
import { sharedAs } from './json-schema.js';

/** A follow-up call an agent can make next, with its REST equivalent. */
export const nextActionSchema = sharedAs(
  'next_action',
  z.object({
    tool: z.string(),
    route: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    why: z.string(),
  }),
);
export type NextAction = z.infer<typeof nextActionSchema>;
