import type { MembershipOutput } from './schema.js';

export function membershipSummary(membership: Omit<MembershipOutput, 'next_actions'>): string {
  const lessons = membership.course.modules.reduce((total, module) => total + module.lessons.length, 0);
  const tiers = membership.subscriptions.tiers.map((tier) => `${tier.name} ${tier.price} ${membership.subscriptions.currency ?? ''}/${tier.interval}`.replace(' /', '/')).join(', ');
  return (
    `Membership ${membership.membership_id} v${membership.version}: "${membership.course.title}", ${membership.course.modules.length} module(s), ${lessons} lesson(s); ` +
    `hosted at ${membership.site.preview_url}; ${tiers ? `tiers ${tiers}; Stripe plan ${membership.subscriptions.executed ? 'executed' : `of ${membership.subscriptions.operations.length} steps not executed`}` : 'no paid tiers'}.` +
    `${membership.meta.missing.length ? ` Missing: ${membership.meta.missing.join(' ')}` : ''}`
  );
}
