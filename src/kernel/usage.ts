import { z } from 'zod';

const price = z.object({ amount: z.string(), currency: z.string() });

/** An account's plan and usage in its current cycle: what the meter reports and usage_get returns. */
export const usageReportSchema = z.object({
  account_id: z.string(),
  plan: z.string().nullable(),
  active: z.boolean().describe('False without an active plan: metered tools answer 402 plan_inactive.'),
  activation: z
    .object({
      url: z.string().optional().describe("The account holder's dashboard page that activates a plan."),
      how: z.string(),
      plans: z.array(z.object({ plan: z.string(), title: z.string(), monthly_units: z.number().int(), over_limit: z.string() })),
    })
    .optional(),
  cycle: z.object({ start: z.iso.datetime(), end: z.iso.datetime(), resets_at: z.iso.datetime() }).optional(),
  limit: z.number().int().optional(),
  used: z.number().int().optional().describe('Units of successful calls this cycle.'),
  in_flight: z.number().int().optional().describe('Units held by calls still running.'),
  remaining: z.number().int().optional(),
  behavior: z.enum(['block', 'bill_overage']).optional(),
  billing: z
    .object({ status: z.enum(['paid', 'past_due']), grace_until: z.iso.datetime().nullable() })
    .optional()
    .describe('past_due after a failed payment: the plan keeps working until grace_until, then metered tools answer 402.'),
  overage: z.object({ units: z.number().int(), unit_price: price, estimated_charge: price }).nullable().optional(),
  per_tool: z.array(z.object({ tool: z.string(), calls: z.number().int(), units: z.number().int() })).optional(),
});

export type UsageReport = z.input<typeof usageReportSchema>;
