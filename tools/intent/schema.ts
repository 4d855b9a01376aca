import { z } from 'zod';

export const intentInputSchema = z.object({
  command: z.string().trim().min(1, 'say what to do, e.g. "Invoice Acme $1,200 for the logo, due Friday"').max(4000).describe('What to do, in words.'),
  dry_run: z.boolean().default(false).describe('Only decide: the route and its arguments, nothing runs.'),
  context: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Arguments the command cannot carry (a transcript, leads, an id from before), by the routed tool's field names; the command's own values win."),
});

const scored = z.object({ tool: z.string(), score: z.number() });

export const intentOutputSchema = z.object({
  route: z
    .object({
      tool: z.string(),
      confidence: z.number(),
      arguments: z.record(z.string(), z.unknown()).describe("Validated by the tool's schema unless clarification.missing says what is not there."),
      why: z.string(),
    })
    .nullable(),
  alternatives: z.array(scored).describe('The 3 likeliest tools.'),
  clarification: z
    .object({
      question: z.string(),
      options: z.array(z.object({ tool: z.string(), title: z.string() })),
      missing: z.array(z.string()).describe('Fields of the routed tool the command did not give.'),
    })
    .optional(),
  executed: z.boolean(),
  result: z.record(z.string(), z.unknown()).optional().describe("The routed tool's result, or its job handle."),
  meta: z.object({
    decided_by: z.enum(['classifier', 'model']),
    scope: z.object({ needed: z.string(), granted: z.boolean() }).nullable(),
    context: z.object({ used: z.array(z.string()), ignored: z.array(z.string()) }),
  }),
});
export type IntentOutput = z.output<typeof intentOutputSchema>;
