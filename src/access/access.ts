import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { isUniqueViolation, type Store } from '../store/store.js';
import { OutcomeError } from '../kernel/errors.js';
import type { Tool } from '../kernel/tool.js';
import { Accounts } from './accounts.js';
import { AgentKeys } from './keys.js';
import { Meter } from './usage.js';
import { Idempotency } from './idempotency.js';
import { FailureThrottle } from './failure-throttle.js';
import { WindowCounter } from './window-counter.js';
import { grants } from '../kernel/scopes.js';
import type { Caller } from '../kernel/caller.js';

/** Everything that decides whether a call may run and what it costs, in one place. */
export class Access {
  readonly accounts: Accounts;
  readonly keys: AgentKeys;
  readonly meter: Meter;
  readonly idempotency: Idempotency;
  /** Counters shared by every instance on the database: failed authentications, public form limits. */
  readonly counters: WindowCounter;
  /** Refused calls per account: invalid input costs no units, so it is limited here instead (per instance: it is on every call's path). */
  readonly refusals: FailureThrottle;
  private readonly authMaxFailures: number;
  /** Addresses this instance already saw refused, until their window ends: a spray of bad keys stops costing writes. */
  private readonly authRefusedUntil = new Map<string, number>();

  constructor(
    store: Store,
    private readonly now: () => Date,
    options: { authMaxFailures?: number; maxRefusedCalls?: number; activationUrl?: () => string | undefined } = {},
  ) {
    this.counters = new WindowCounter(store, now);
    this.authMaxFailures = options.authMaxFailures ?? 20;
    this.refusals = new FailureThrottle(options.maxRefusedCalls);
    this.accounts = new Accounts(store, now);
    this.keys = new AgentKeys(store, now);
    this.meter = new Meter(store, now, options.activationUrl);
    this.idempotency = new Idempotency(store, now);
  }

  /**
   * Counts a failed authentication from `address` in the database, so that instances share one
   * count per minute; returns the seconds to wait once the address is past AUTH_MAX_FAILURES
   * (429), else 0 (401). Counting first and refusing on the count makes concurrent failures
   * across instances exact.
   */
  async countAuthFailure(address: string): Promise<number> {
    const at = this.now().getTime();
    const refusedUntil = this.authRefusedUntil.get(address);
    if (refusedUntil !== undefined && refusedUntil > at) return Math.ceil((refusedUntil - at) / 1000);
    const { hits, resetAt } = await this.counters.hit(`auth:${address}`, 60_000);
    if (hits <= this.authMaxFailures) return 0;
    if (this.authRefusedUntil.size > 100_000) this.authRefusedUntil.clear(); // bounded memory under a spray of addresses
    this.authRefusedUntil.set(address, resetAt.getTime());
    return Math.max(1, Math.ceil((resetAt.getTime() - at) / 1000));
  }

  /**
   * 429 while the caller's account has had MAX_REFUSED_CALLS calls refused this minute: invalid
   * input costs no units, so without this free 400s could burn CPU without limit.
   */
  checkRefusals(caller: Caller): void {
    const retryAfter = this.refusals.retryAfter(caller.accountId);
    if (!retryAfter) return;
    throw new OutcomeError('rate_limited', `Too many refused calls from this account in the last minute; try again in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
      hint: 'Fix the input the earlier errors named before calling again; refused calls cost no units but are limited.',
    });
  }

  /** Counts a refusal (any 4xx but a 429) against the caller's account; a budget overrun weighs as ten. */
  countRefusal(caller: Caller, error: OutcomeError): void {
    if (error.status < 400 || error.status >= 500 || error.status === 429) return;
    this.refusals.fail(caller.accountId, error.code === 'budget_exceeded' ? 10 : 1);
  }

  /** 403 unless the caller's scopes grant the tool's. */
  authorize(tool: Tool, caller: Caller): void {
    if (grants(caller.scopes, tool.scope)) return;
    throw new OutcomeError('insufficient_scope', `${tool.name} needs the scope "${tool.scope}"; this key has ${caller.scopes.length ? caller.scopes.map((s) => `"${s}"`).join(', ') : 'none'}.`, {
      details: { required_scope: tool.scope, key_scopes: caller.scopes },
      hint: `Create a key with it: agent-outcomes keys create --account ${caller.accountId} --scopes "${tool.scope}"`,
    });
  }

  /** The caller of stdio without AGENT_KEY: the bootstrapped local owner, with every scope. */
  async localOwner(): Promise<Caller | undefined> {
    const account = await this.accounts.localOwner();
    return account ? { accountId: account.id, keyId: null, scopes: ['*'] } : undefined;
  }

  /**
   * First start on an empty store: a local owner account on the starter plan with one
   * full-scope key, its secret written to DATA_DIR/dev-key (0600) and returned once.
   */
  async bootstrap(dataDir: string, log: Logger): Promise<{ accountId: string; keyId: string; secret: string; file: string } | undefined> {
    if ((await this.accounts.count()) > 0) return undefined;
    let account;
    try {
      account = await this.accounts.create({ name: 'Local owner', plan: 'starter', localOwner: true });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined; // another process bootstrapped first
      throw error;
    }
    const key = await this.keys.create({ accountId: account.id, scopes: ['*'], name: 'dev key (bootstrap)' });
    const file = path.join(dataDir, 'dev-key');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${key.secret}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    log.info({ account_id: account.id, key_id: key.key_id, file }, 'bootstrapped the local owner account and a full-scope key');
    return { accountId: account.id, keyId: key.key_id, secret: key.secret, file };
  }

  /** Housekeeping that any instance may run now and then. */
  async sweep(): Promise<void> {
    await this.meter.reconcile();
    await this.idempotency.purgeExpired();
    await this.counters.purgeExpired();
  }
}
