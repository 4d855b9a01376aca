import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { membershipIds } from './ids.js';
import { membershipIdSchema } from './schema.js';
import { membershipDb } from './tables.js';
import { endAllSessions, findMember, signInLink, upsertMember } from './access.js';
import { onboardingOf, requireMembership, siteUrlOf } from './engine.js';
import { mailSignInLink, memberView } from './members.js';
import { scheduleDrip } from './delivery.js';

const memberSchema = z.object({
  member_id: z.string(),
  email: z.string(),
  status: z.enum(['active', 'past_due', 'canceled', 'granted', 'revoked']),
  start_date: z.iso.date(),
  tier: z.string().nullable(),
  grace_until: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
});

const pageSize = 100;

export default defineTool({
  name: 'membership_members',
  title: "Manage a membership's members",
  description:
    'list (100 a page; pass next_cursor as cursor), grant (access without paying, from today), revoke (ends access and sessions), or link (a one-time sign-in link, 15 minutes). ' +
    'grant and link email the link when SMTP is configured, else return it for you to pass on.',
  route: { method: 'POST', path: '/membership/members' },
  scope: 'membership:write',
  cost: 0,
  effect: 'external',
  input: z
    .object({
      membership_id: membershipIdSchema,
      action: z.enum(['list', 'grant', 'revoke', 'link']),
      email: z.email().max(254).optional().describe('grant, revoke, link.'),
      cursor: z.string().regex(idPattern(membershipIds.member), 'must be a next_cursor from an earlier page').optional(),
    })
    .refine((input) => input.action === 'list' || input.email !== undefined, { message: 'grant, revoke and link need the member’s email', path: ['email'] }),
  output: z.object({
    membership_id: z.string(),
    members: z.array(memberSchema).describe('list: this page; else the member acted on.'),
    next_cursor: z.string().nullable(),
    sign_in_link: z.object({ url: z.string(), expires_at: z.iso.datetime() }).nullable().describe('Returned when it could not be emailed: pass it on privately.'),
    emailed: z.array(z.string()).describe('What was sent to the member now.'),
    scheduled: z.array(z.string()).describe('grant, with SMTP: the onboarding emails queued for the new member (ids of onboarding.emails), the welcome at once, the rest on their days.'),
  }),
  async run(input, ctx) {
    const membership = await requireMembership(ctx.store, ctx.caller.accountId, input.membership_id);
    const db = membershipDb(ctx.store);
    const base = { membership_id: input.membership_id, next_cursor: null, sign_in_link: null, emailed: [] as string[], scheduled: [] as string[] };
    if (input.action === 'list') {
      let query = db.selectFrom('membership_members').selectAll().where('membership_id', '=', input.membership_id).where('account_id', '=', ctx.caller.accountId);
      if (input.cursor) query = query.where('id', '>', input.cursor);
      const rows = await query
        .orderBy('id')
        .limit(pageSize + 1)
        .execute();
      const page = rows.slice(0, pageSize);
      const next = rows.length > pageSize ? (page.at(-1)?.id ?? null) : null;
      return {
        ...base,
        members: page.map(memberView),
        next_cursor: next,
        next_actions: next ? [ctx.nextAction('membership_members', { membership_id: input.membership_id, action: 'list', cursor: next }, 'Read the next page.')] : [],
      };
    }
    const email = input.email as string;
    const now = ctx.now();
    const siteUrl = siteUrlOf(ctx.baseUrl, input.membership_id);
    if (input.action === 'revoke') {
      const member = await findMember(ctx.store, input.membership_id, email);
      if (!member) throw new OutcomeError('not_found', `email: ${email} is not a member of ${input.membership_id}.`);
      const revoked = await db
        .updateTable('membership_members')
        .set({ status: 'revoked', grace_until: null, updated_at: now.toISOString() })
        .where('id', '=', member.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await endAllSessions(ctx.store, member.id);
      return { ...base, members: [memberView(revoked)], next_actions: [] };
    }
    let member = await findMember(ctx.store, input.membership_id, email);
    const emailed: string[] = [];
    const scheduled: string[] = [];
    if (input.action === 'grant') {
      const granted = await upsertMember(ctx.store, { id: input.membership_id, accountId: ctx.caller.accountId }, email, 'granted', now);
      member = granted.member;
      if (granted.joined && ctx.mail) {
        const to = { membershipId: input.membership_id, accountId: ctx.caller.accountId, member: granted.member };
        scheduled.push(...(await scheduleDrip(ctx.jobs, to, onboardingOf(ctx.baseUrl, input.membership_id, membership.document), now, true)));
      }
    }
    if (!member) throw new OutcomeError('not_found', `email: ${email} is not a member of ${input.membership_id}; grant access first.`);
    if (member.status === 'revoked' || member.status === 'canceled') throw new OutcomeError('conflict', `email: ${email} has no access (${member.status}); grant it again first.`);
    const link = await signInLink(ctx.store, member, siteUrl, now);
    if (ctx.mail) {
      await mailSignInLink(ctx.mail, member.email, membership.document.course, membership.document.lang, link, `signin-${member.id}-${link.expires_at}`);
      emailed.push('sign-in link');
    }
    return { ...base, members: [memberView(member)], sign_in_link: ctx.mail ? null : link, emailed, scheduled, next_actions: [] };
  },
  summarize: (result) =>
    `${result.members.length} member(s) of ${result.membership_id}${result.sign_in_link ? `; sign-in link (valid until ${result.sign_in_link.expires_at}) returned` : ''}${result.emailed.length ? `; emailed: ${result.emailed.join(', ')}` : ''}${result.scheduled.length ? `; ${result.scheduled.length} onboarding email(s) scheduled` : ''}.`,
});
