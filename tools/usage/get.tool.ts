import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { usageReportSchema } from '../../src/kernel/usage.js';
import { isPlanName, planNames } from '../../src/access/plans.js';

export default defineTool({
  name: 'usage_get',
  title: "Check the account's plan and usage",
  description:
    "The account's plan and monthly cycle: unit limit, units used and remaining, reset time, what happens past the limit " +
    '(blocked, or billed overage on pro) and calls per tool. Check it before a batch of calls or after usage_limit_exceeded. ' +
    'Free, and works without an active plan.',
  route: { method: 'GET', path: '/usage' },
  scope: 'usage:read',
  cost: 0,
  effect: 'read',
  input: z.object({}),
  // The report's schema is the platform's (the kernel's contract with the meter); the plan names are the access layer's.
  output: usageReportSchema.extend({ plan: z.enum(planNames).nullable() }),
  async run(_input, ctx) {
    const report = await ctx.usage.report(ctx.caller.accountId);
    return { ...report, plan: report.plan !== null && isPlanName(report.plan) ? report.plan : null, next_actions: [] };
  },
  summarize: (usage) =>
    usage.active
      ? `Plan ${usage.plan}: ${usage.used} of ${usage.limit} units used this cycle, ${usage.remaining} remaining; resets at ${usage.cycle?.resets_at}.`
      : `No active plan: metered tools are refused (402). ${usage.activation?.how ?? ''}`,
});
