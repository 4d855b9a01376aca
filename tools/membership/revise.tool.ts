import { defineTool } from '../../src/kernel/tool.js';
import { revisionReportShape } from '../../src/kernel/revision.js';
import { reviseMembership } from './engine.js';
import { rescheduleMembers } from './delivery.js';
import { membershipReadOutputSchema, reviseInputSchema } from './schema.js';
import { membershipSummary } from './summary.js';

export default defineTool({
  name: 'membership_revise',
  title: 'Revise a membership site',
  description:
    'Changes a membership (course, lessons, tiers, drip, brand) with structured `changes`, and/or runs its Stripe plan (`execute: true`, which resumes a run that failed). ' +
    'A new version only when something changed (`changed: false` costs nothing); `applied`/`unapplied` say what was done.',
  route: { method: 'POST', path: '/membership/revise' },
  scope: 'membership:write',
  cost: 1,
  effect: 'external',
  input: reviseInputSchema,
  output: membershipReadOutputSchema.extend(revisionReportShape),
  async run(input, ctx) {
    const membership = await reviseMembership(ctx, input);
    // Members already in the course get the emails of the days still ahead of them, as it now stands.
    if (membership.changed && ctx.mail) await rescheduleMembers(ctx.store, ctx.jobs, ctx.baseUrl, membership.membership_id, ctx.now());
    return { ...membership, next_actions: [ctx.nextAction('membership_get', { membership_id: membership.membership_id }, 'Read it back with its versions.')] };
  },
  summarize: (membership) =>
    `${membershipSummary(membership)} ${membership.changed ? `Applied: ${membership.applied.join('; ')}.` : 'Nothing changed: not charged.'}${membership.unapplied.length ? ` Not applied: ${membership.unapplied.join('; ')}.` : ''}`,
});
