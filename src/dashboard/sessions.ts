import { createHash } from 'node:crypto';
import type { Store } from '../store/store.js';
import { hashSignInSecret, newSignInSecret, sameSecret, signInLinkTtlMs, signInSecretPattern } from '../access/sign-in.js';

/** A dashboard session lasts this long from sign-in; signing in again starts a new one. */
export const dashboardSessionTtlMs = 12 * 60 * 60_000;

/**
 * The dashboard's sign-in: one-time links (15 minutes, once) that open a session bound to one
 * account. Only SHA-256 hashes of links and sessions are stored; signing out deletes the session.
 * Each session has a CSRF token derived from its secret (so it needs no storage and dies with it).
 */
export class DashboardSessions {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  private async insert(accountId: string, kind: 'link' | 'session', ttlMs: number): Promise<{ secret: string; expires_at: string }> {
    const secret = newSignInSecret();
    const now = this.now();
    const expires_at = new Date(now.getTime() + ttlMs).toISOString();
    await this.store.db
      .insertInto('dashboard_secrets')
      .values({ hash: hashSignInSecret(secret), kind, account_id: accountId, expires_at, used_at: null, created_at: now.toISOString() })
      .execute();
    return { secret, expires_at };
  }

  /** A one-time sign-in link for the account: `${dashboardUrl}/login?token=…`. */
  async link(accountId: string, dashboardUrl: string): Promise<{ url: string; expires_at: string }> {
    const { secret, expires_at } = await this.insert(accountId, 'link', signInLinkTtlMs);
    return { url: `${dashboardUrl}/login?token=${secret}`, expires_at };
  }

  /** Whether a link would sign in now, without spending it (a mail scanner that opens it spends nothing). */
  async linkUsable(token: string): Promise<boolean> {
    return (await this.live(token, 'link')) !== undefined;
  }

  /** Spends a link (atomically: a second use finds it spent) and opens a session for its account. */
  async redeem(token: string): Promise<{ session: string; accountId: string } | undefined> {
    if (!signInSecretPattern.test(token)) return undefined;
    const at = this.now().toISOString();
    const spent = await this.store.db
      .updateTable('dashboard_secrets')
      .set({ used_at: at })
      .where('hash', '=', hashSignInSecret(token))
      .where('kind', '=', 'link')
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('account_id')
      .executeTakeFirst();
    if (!spent) return undefined;
    const { secret } = await this.insert(spent.account_id, 'session', dashboardSessionTtlMs);
    return { session: secret, accountId: spent.account_id };
  }

  /** The account a session cookie belongs to while the session lasts. */
  async accountOf(session: string | undefined): Promise<string | undefined> {
    return (await this.live(session, 'session'))?.account_id;
  }

  private async live(secret: string | undefined, kind: 'link' | 'session') {
    if (!secret || !signInSecretPattern.test(secret)) return undefined;
    let query = this.store.db
      .selectFrom('dashboard_secrets')
      .select('account_id')
      .where('hash', '=', hashSignInSecret(secret))
      .where('kind', '=', kind)
      .where('expires_at', '>', this.now().toISOString());
    if (kind === 'link') query = query.where('used_at', 'is', null);
    return query.executeTakeFirst();
  }

  /** Signing out: the session is gone from the database, so a copied cookie opens nothing. */
  async end(session: string | undefined): Promise<void> {
    if (!session || !signInSecretPattern.test(session)) return;
    await this.store.db.deleteFrom('dashboard_secrets').where('hash', '=', hashSignInSecret(session)).where('kind', '=', 'session').execute();
  }

  /** Expired links and sessions, and spent links: nothing to keep. */
  async purgeExpired(): Promise<void> {
    const at = this.now().toISOString();
    await this.store.db
      .deleteFrom('dashboard_secrets')
      .where((eb) => eb.or([eb('expires_at', '<=', at), eb('used_at', 'is not', null)]))
      .execute();
  }
}

/** The session's CSRF token: a hash of the session secret under its own label (a page shows it; it cannot be turned back into the session). */
export const csrfTokenOf = (session: string) => createHash('sha256').update(`dashboard-csrf:${session}`, 'utf8').digest('base64url');

export const csrfMatches = (session: string, token: unknown) => typeof token === 'string' && sameSecret(csrfTokenOf(session), token);
