import type { StoreHandle } from '../../src/kernel/context.js';
import { newId } from '../../src/kernel/ids.js';
import { hashSignInSecret as hashOf, newSignInSecret as newSecret, signInLinkTtlMs, signInSecretPattern as secretPattern } from '../../src/access/sign-in.js';
import type { Completions } from './drip.js';
import { membershipIds } from './ids.js';
import { membershipDb, type MemberStatus, type MembershipMembersTable } from './tables.js';

/**
 * Who may read a membership's lessons: its members (paying through Stripe, or granted by the
 * owner), their one-time sign-in links and their sessions. Secrets are handed out once and
 * stored only as SHA-256 hashes, so the database cannot sign anyone in.
 */

export const sessionTtlMs = 30 * 86_400_000;
/** How long a member whose payment failed keeps access while Stripe retries. */
export const graceMs = 7 * 86_400_000;

export type Member = MembershipMembersTable;

/** Whether a member may read lessons now: active or granted, or past due within the grace period. */
export function hasAccess(member: Pick<Member, 'status' | 'grace_until'>, now: Date): boolean {
  if (member.status === 'active' || member.status === 'granted') return true;
  return member.status === 'past_due' && member.grace_until !== null && member.grace_until > now.toISOString();
}

export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findMember(store: StoreHandle, membershipId: string, email: string): Promise<Member | undefined> {
  return membershipDb(store).selectFrom('membership_members').selectAll().where('membership_id', '=', membershipId).where('email', '=', normalEmail(email)).executeTakeFirst();
}

/**
 * Records a member with `status`, or moves an existing one to it. A member who comes back after
 * canceling or being revoked starts the drip again from today; one who never left keeps day 0.
 */
export async function upsertMember(
  store: StoreHandle,
  membership: { id: string; accountId: string },
  email: string,
  status: MemberStatus,
  now: Date,
  stripe: { customer?: string | null; subscription?: string | null; tier?: string | null } = {},
): Promise<{ member: Member; joined: boolean }> {
  const db = membershipDb(store);
  const at = now.toISOString();
  const existing = await findMember(store, membership.id, email);
  const stripeFields = {
    ...(stripe.customer ? { stripe_customer_id: stripe.customer } : {}),
    ...(stripe.subscription ? { stripe_subscription_id: stripe.subscription } : {}),
    ...(stripe.tier ? { tier: stripe.tier } : {}),
  };
  if (existing) {
    const rejoined = !hasAccess(existing, now);
    const member = await db
      .updateTable('membership_members')
      .set({ status, grace_until: null, updated_at: at, ...(rejoined ? { start_date: at.slice(0, 10) } : {}), ...stripeFields })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { member, joined: rejoined };
  }
  const member = await db
    .insertInto('membership_members')
    .values({
      id: newId(membershipIds.member),
      membership_id: membership.id,
      account_id: membership.accountId,
      email: normalEmail(email),
      status,
      start_date: at.slice(0, 10),
      tier: null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      grace_until: null,
      created_at: at,
      updated_at: at,
      ...stripeFields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { member, joined: true };
}

async function storeSecret(store: StoreHandle, member: Member, kind: 'link' | 'session', ttlMs: number, now: Date): Promise<{ secret: string; expires_at: string }> {
  const secret = newSecret();
  const expires_at = new Date(now.getTime() + ttlMs).toISOString();
  await membershipDb(store)
    .insertInto('membership_secrets')
    .values({ hash: hashOf(secret), kind, member_id: member.id, membership_id: member.membership_id, expires_at, used_at: null, created_at: now.toISOString() })
    .execute();
  return { secret, expires_at };
}

/** A one-time sign-in link for a member: valid 15 minutes, once. */
export async function signInLink(store: StoreHandle, member: Member, siteUrl: string, now: Date): Promise<{ url: string; expires_at: string }> {
  const { secret, expires_at } = await storeSecret(store, member, 'link', signInLinkTtlMs, now);
  return { url: `${siteUrl}/login?token=${secret}`, expires_at };
}

/** Whether a one-time link would sign in now (unspent, unexpired, its member still with access), without spending it. */
export const signInLinkUsable = async (store: StoreHandle, membershipId: string, token: string, now: Date): Promise<boolean> =>
  (await liveSecretMember(store, membershipId, token, 'link', now)) !== null;

/** Spends a sign-in link (atomically: a second use finds it used) and opens a session; null when the link is not valid. */
export async function redeemSignInLink(store: StoreHandle, membershipId: string, token: string, now: Date): Promise<{ session: string; member: Member } | null> {
  if (!secretPattern.test(token)) return null;
  const at = now.toISOString();
  const spent = await membershipDb(store)
    .updateTable('membership_secrets')
    .set({ used_at: at })
    .where('hash', '=', hashOf(token))
    .where('kind', '=', 'link')
    .where('membership_id', '=', membershipId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('member_id')
    .executeTakeFirst();
  if (!spent) return null;
  const member = await membershipDb(store).selectFrom('membership_members').selectAll().where('id', '=', spent.member_id).executeTakeFirst();
  if (!member || !hasAccess(member, now)) return null;
  const { secret } = await storeSecret(store, member, 'session', sessionTtlMs, now);
  return { session: secret, member };
}

/** The member a session cookie belongs to, while it lasts and the member still has access. */
export const sessionMember = (store: StoreHandle, membershipId: string, session: string | undefined, now: Date): Promise<Member | null> =>
  liveSecretMember(store, membershipId, session, 'session', now);

/** The member whose secret of `kind` this is, while it is unexpired (and, for a link, unspent) and they have access. */
async function liveSecretMember(store: StoreHandle, membershipId: string, secret: string | undefined, kind: 'link' | 'session', now: Date): Promise<Member | null> {
  if (!secret || !secretPattern.test(secret)) return null;
  let query = membershipDb(store)
    .selectFrom('membership_secrets')
    .innerJoin('membership_members', 'membership_members.id', 'membership_secrets.member_id')
    .selectAll('membership_members')
    .where('membership_secrets.hash', '=', hashOf(secret))
    .where('membership_secrets.kind', '=', kind)
    .where('membership_secrets.membership_id', '=', membershipId)
    .where('membership_secrets.expires_at', '>', now.toISOString());
  if (kind === 'link') query = query.where('membership_secrets.used_at', 'is', null);
  const row = await query.executeTakeFirst();
  return row && hasAccess(row, now) ? row : null;
}

export async function endSession(store: StoreHandle, session: string | undefined): Promise<void> {
  if (!session || !secretPattern.test(session)) return;
  await membershipDb(store).deleteFrom('membership_secrets').where('hash', '=', hashOf(session)).where('kind', '=', 'session').execute();
}

/** Ends every session and unused link of a member (revoked). */
export async function endAllSessions(store: StoreHandle, memberId: string): Promise<void> {
  await membershipDb(store).deleteFrom('membership_secrets').where('member_id', '=', memberId).execute();
}

/** The member's completed lessons, each with the day it was completed (after_previous counts its gap from it). */
export async function completedLessons(store: StoreHandle, memberId: string): Promise<Completions> {
  const rows = await membershipDb(store).selectFrom('membership_progress').select(['lesson_id', 'completed_at']).where('member_id', '=', memberId).execute();
  return new Map(rows.map((row) => [row.lesson_id, row.completed_at.slice(0, 10)]));
}

/** True when the lesson was not completed before. */
export async function markCompleted(store: StoreHandle, memberId: string, lessonId: string, now: Date): Promise<boolean> {
  const inserted = await membershipDb(store)
    .insertInto('membership_progress')
    .values({ member_id: memberId, lesson_id: lessonId, completed_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['member_id', 'lesson_id']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
