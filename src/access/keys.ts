import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store.js';
import { precompiled } from '../store/store.js';
import { OutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import type { Caller } from '../kernel/caller.js';
import type { Scope } from '../kernel/scopes.js';

export const secretPattern = /^ak_[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** The `scopes` column: the key's scopes as the JSON array `create` wrote. */
const scopesOf = (column: string) => JSON.parse(column) as string[];

/** What a listing shows of a key: never its secret or hash. */
export interface KeySummary {
  key_id: string;
  account_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Recording last use at most this often keeps a write off most calls. */
const lastUsedResolutionMs = 60_000;
/**
 * A verified key is trusted for this long without another lookup (a busy agent's calls then
 * cost no key query). Revocation is immediate in the revoking process and takes at most
 * this long to reach other processes.
 */
export const verifiedKeyTtlMs = 1000;

/**
 * Agent keys: `ak_` + 256 random bits (base64url), shown once, stored as SHA-256 hashes,
 * looked up by hash and compared in constant time.
 */
export class AgentKeys {
  private readonly selectByHash;
  private readonly lastTouched = new Map<string, number>();
  private readonly verified = new Map<string, { caller: Caller; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {
    this.selectByHash = precompiled(store.db.selectFrom('agent_keys').select(['id', 'account_id', 'secret_hash', 'scopes', 'revoked_at']).where('secret_hash', '=', '?'));
  }

  async create(input: { accountId: string; scopes: Scope[]; name?: string }): Promise<{ key_id: string; secret: string; prefix: string; scopes: Scope[] }> {
    const secret = `ak_${randomBytes(32).toString('base64url')}`;
    const keyId = newId(platformIds.key);
    const prefix = `${secret.slice(0, 10)}…`;
    await this.store.db
      .insertInto('agent_keys')
      .values({
        id: keyId,
        account_id: input.accountId,
        name: input.name?.trim() || 'agent key',
        prefix,
        secret_hash: hashOf(secret),
        scopes: JSON.stringify(input.scopes),
        created_at: this.now().toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    return { key_id: keyId, secret, prefix, scopes: input.scopes };
  }

  async list(accountId: string): Promise<KeySummary[]> {
    const rows = await this.store.db
      .selectFrom('agent_keys')
      .select(['id', 'account_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'revoked_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    return rows.map(({ id, scopes, ...row }) => ({ key_id: id, ...row, scopes: scopesOf(scopes) }));
  }

  async revoke(keyId: string): Promise<KeySummary> {
    const at = this.now().toISOString();
    const row = await this.store.db
      .updateTable('agent_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
      .where('id', '=', keyId)
      .returning(['id', 'account_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'revoked_at'])
      .executeTakeFirst();
    if (!row) throw new OutcomeError('not_found', `No key ${keyId}; list keys with \`agent-outcomes keys list --account ID\`.`);
    for (const [hash, entry] of this.verified) if (entry.caller.keyId === keyId) this.verified.delete(hash);
    const { id, scopes, ...rest } = row;
    return { key_id: id, ...rest, scopes: scopesOf(scopes) };
  }

  /** The caller a secret stands for; undefined for a malformed, unknown or revoked key. */
  async verify(secret: string): Promise<Caller | undefined> {
    if (!secretPattern.test(secret)) return undefined;
    const hash = hashOf(secret);
    const now = Date.now();
    const cached = this.verified.get(hash);
    if (cached && cached.until > now) return cached.caller;
    const [row] = await this.selectByHash(this.store.db, hash);
    if (!row || row.revoked_at !== null) return undefined;
    if (!timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
    await this.touch(row.id);
    const caller: Caller = { accountId: row.account_id, keyId: row.id, scopes: scopesOf(row.scopes) };
    if (this.verified.size > 10_000) this.verified.clear(); // bounded
    this.verified.set(hash, { caller, until: now + verifiedKeyTtlMs });
    return caller;
  }

  private async touch(keyId: string): Promise<void> {
    const now = this.now();
    if (now.getTime() - (this.lastTouched.get(keyId) ?? 0) < lastUsedResolutionMs) return;
    this.lastTouched.set(keyId, now.getTime());
    await this.store.db.updateTable('agent_keys').set({ last_used_at: now.toISOString() }).where('id', '=', keyId).execute();
  }
}
