import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import type { Store } from '../store/store.js';
import { OutcomeError } from '../kernel/errors.js';

/** How long a key replays its first response. */
export const idempotencyTtlMs = 24 * 60 * 60_000;
/** A claim still 'running' after this is taken to be abandoned by a dead process. */
const claimLeaseMs = 5 * 60_000;
/** How long a request waits for a concurrent request with the same key to finish. */
const concurrentWaitMs = 30_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** The request's identity: same key + different fingerprint → idempotency_mismatch. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Responses worth replaying: outcomes, and refusals the same request would meet again. A
 * refusal that says when to retry (Retry-After) is temporary, so the key is released; so is a
 * budget overrun, whose retry as a job (Prefer: respond-async, not in the fingerprint) may succeed.
 */
export const isReplayable = (response: StoredResponse) =>
  !Object.keys(response.headers).some((name) => name.toLowerCase() === 'retry-after') &&
  !isBudgetOverrun(response) &&
  (response.status < 400 || response.status === 404 || response.status === 409 || response.status === 422);

const isBudgetOverrun = (response: StoredResponse) => response.status === 422 && (response.body as { error?: { code?: string } } | null)?.error?.code === 'budget_exceeded';

/**
 * `Idempotency-Key` (Stripe's model): the first request with a key claims it, runs, and
 * stores its response for 24 h; later requests with the key replay that response, or wait
 * while it is still running (so two concurrent requests execute once); a different request
 * under the same key is refused. Responses that a retry should not replay (validation,
 * auth, limits, server errors) release the key instead.
 */
export class Idempotency {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  static validateKey(key: string): void {
    if (!keyPattern.test(key)) {
      throw new OutcomeError('invalid_input', 'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.');
    }
  }

  /** Runs `execute` once per (account, key) and returns its response, or the stored one (`replayed`). */
  async run(accountId: string, key: string, requestHash: string, execute: () => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
    Idempotency.validateKey(key);
    const deadline = Date.now() + concurrentWaitMs;
    for (;;) {
      if (await this.claim(accountId, key, requestHash)) break;
      const row = await this.store.db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
      if (!row) continue; // released or expired meanwhile: claim again
      if (row.request_hash !== requestHash) {
        throw new OutcomeError('idempotency_mismatch', `Idempotency-Key "${key}" was first used with a different request; use a new key for a new request.`);
      }
      if (row.state === 'done') {
        return {
          status: row.response_status ?? 200,
          headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>,
          body: JSON.parse(row.response_body ?? 'null'),
          replayed: true,
        };
      }
      if (Date.now() > deadline) {
        throw new OutcomeError('conflict', `A request with Idempotency-Key "${key}" is still running; retry in a few seconds to get its response.`, {
          headers: { 'Retry-After': '2' },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    let response: StoredResponse;
    try {
      response = await execute();
    } catch (error) {
      await this.release(accountId, key);
      throw error;
    }
    if (isReplayable(response)) await this.complete(accountId, key, response);
    else await this.release(accountId, key);
    return { ...response, replayed: false };
  }

  /** Takes the key: a fresh insert, or over an expired entry or an abandoned claim. */
  private async claim(accountId: string, key: string, requestHash: string): Promise<boolean> {
    const now = this.now();
    const at = now.toISOString();
    const claimed = await this.store.db
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key,
        request_hash: requestHash,
        state: 'running',
        response_status: null,
        response_body: null,
        response_headers: null,
        locked_until: new Date(now.getTime() + claimLeaseMs).toISOString(),
        created_at: at,
        expires_at: new Date(now.getTime() + idempotencyTtlMs).toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['account_id', 'key'])
          .doUpdateSet((eb) => ({
            request_hash: eb.ref('excluded.request_hash'),
            state: eb.ref('excluded.state'),
            response_status: null,
            response_body: null,
            response_headers: null,
            locked_until: eb.ref('excluded.locked_until'),
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) => eb.or([eb('idempotency_keys.expires_at', '<', at), eb.and([eb('idempotency_keys.state', '=', 'running'), eb('idempotency_keys.locked_until', '<', at)])])),
      )
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  private async complete(accountId: string, key: string, response: StoredResponse): Promise<void> {
    await this.store.db
      .updateTable('idempotency_keys')
      .set({
        state: 'done',
        response_status: response.status,
        response_headers: JSON.stringify(response.headers),
        response_body: JSON.stringify(response.body),
      })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .execute();
  }

  private async release(accountId: string, key: string): Promise<void> {
    await this.store.db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('state', '=', 'running').execute();
  }

  /** Drops entries past their 24 h (run now and then; expired ones are also reclaimed lazily). */
  async purgeExpired(): Promise<number> {
    const result = await this.store.db.deleteFrom('idempotency_keys').where('expires_at', '<', this.now().toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
