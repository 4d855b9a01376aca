import { defineTool } from '../../src/kernel/tool.js';
import { buildMembership } from './engine.js';
import { buildInputSchema, membershipOutputSchema } from './schema.js';
import { membershipSummary } from './summary.js';

export default defineTool({
  name: 'membership_build',
  title: 'Build a membership site',
  description:
    'A paid course site from your course: lesson pages unlocked by the drip, hosted at /m/:id (members sign in by emailed link), a zip, ' +
    'Stripe plans for the tiers (execute: true runs them), onboarding emails. Nothing is invented. Next: membership_members.',
  route: { method: 'POST', path: '/membership/build' },
  scope: 'membership:write',
  cost: 1,
  effect: 'external',
  input: buildInputSchema,
  output: membershipOutputSchema,
  async run(input, ctx) {
    const membership = await buildMembership(ctx, input);
    return {
      ...membership,
      next_actions: [
        ctx.nextAction('membership_members', { membership_id: membership.membership_id, action: 'grant', email: 'student@example.com' }, 'Give someone access and get their sign-in link.'),
        ...(membership.subscriptions.operations.length && !membership.subscriptions.executed
          ? [ctx.nextAction('membership_revise', { membership_id: membership.membership_id, execute: true }, 'Create the tiers in Stripe (products, prices, payment links).')]
          : []),
      ],
    };
  },
  summarize: membershipSummary,
});
