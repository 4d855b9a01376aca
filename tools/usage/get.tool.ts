import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { isPlanName, planNames } from '../../src/access/plans.js';

const price = z.object({ amount: z.string(), currency: z.string() });

export default defineTool({
  name: 'usage_get',
  title: "Check the account's plan and usage",
  description:
    "Returns the account's plan, its current monthly cycle (start, end, reset time), the unit limit, units used and " +
    'remaining, what happens past the limit (block, or billed overage on pro), and per-tool counts for the cycle. ' +
    'Call it to plan a batch of calls, or after a usage_limit_exceeded error. Free: it costs no units and works without an active plan.',
  route: { method: 'GET', path: '/usage' },
  scope: 'usage:read',
  cost: 0,
  effect: 'read',
  input: z.object({}),
  output: z.object({
    account_id: z.string(),
    plan: z.enum(planNames).nullable(),
    active: z.boolean().describe('False without an active plan: metered tools answer 402 plan_inactive.'),
    activation: z
      .object({
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
    overage: z.object({ units: z.number().int(), unit_price: price, estimated_charge: price }).nullable().optional(),
    per_tool: z.array(z.object({ tool: z.string(), calls: z.number().int(), units: z.number().int() })).optional(),
  }),
  async run(_input, ctx) {
    const report = await ctx.usage.report(ctx.caller.accountId);
    return { ...report, plan: report.plan !== null && isPlanName(report.plan) ? report.plan : null, next_actions: [] };
  },
  summarize: (usage) =>
    usage.active
      ? `Plan ${usage.plan}: ${usage.used} of ${usage.limit} units used this cycle, ${usage.remaining} remaining; resets at ${usage.cycle?.resets_at}.`
      : `No active plan: metered tools are refused (402). ${usage.activation?.how ?? ''}`,
});
