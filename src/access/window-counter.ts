import type { Store as RateLimitStore, Options as RateLimitOptions } from 'express-rate-limit';
import type { Store } from '../store/store.js';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends and counting starts over. */
  resetAt: Date;
}

/**
 * Hits per key in fixed windows, kept in the database so that every instance counts into the
 * same row: N instances behind a load balancer allow what one would, not N times it. Each hit
 * is one atomic upsert (insert, or add to the row, or start a new window), so concurrent hits
 * are all counted; callers count first and refuse on the count they got back.
 */
export class WindowCounter {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  async hit(key: string, windowMs: number, weight = 1): Promise<WindowCount> {
    const at = this.now();
    const cutoff = new Date(at.getTime() - windowMs).toISOString();
    const row = await this.store.db
      .insertInto('throttles')
      .values({ key, window_start: at.toISOString(), hits: weight })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const expired = eb('throttles.window_start', '<=', cutoff);
          return {
            hits: eb
              .case()
              .when(expired)
              .then(eb.ref('excluded.hits'))
              .else(eb('throttles.hits', '+', eb.ref('excluded.hits')))
              .end(),
            window_start: eb.case().when(expired).then(eb.ref('excluded.window_start')).else(eb.ref('throttles.window_start')).end(),
          };
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), resetAt: new Date(new Date(row.window_start).getTime() + windowMs) };
  }

  /** The current window's count, or undefined once the window is over. */
  async get(key: string, windowMs: number): Promise<WindowCount | undefined> {
    const row = await this.store.db.selectFrom('throttles').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    const resetAt = new Date(new Date(row.window_start).getTime() + windowMs);
    return resetAt > this.now() ? { hits: Number(row.hits), resetAt } : undefined;
  }

  async take(key: string): Promise<void> {
    await this.store.db
      .updateTable('throttles')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', key)
      .where('hits', '>', 0)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.store.db.deleteFrom('throttles').where('key', '=', key).execute();
  }

  /** Rows whose window ended more than a day ago: every window in use is shorter. */
  async purgeExpired(): Promise<void> {
    await this.store.db
      .deleteFrom('throttles')
      .where('window_start', '<', new Date(this.now().getTime() - 86_400_000).toISOString())
      .execute();
  }

  /**
   * An express-rate-limit store over these rows (a new one per limiter, as the library
   * requires); `prefix` keeps each limiter's keys apart.
   */
  rateLimitStore(prefix: string): RateLimitStore {
    let windowMs = 60_000;
    const keyOf = (key: string) => `${prefix}:${key}`;
    return {
      prefix,
      localKeys: false,
      init: (options: RateLimitOptions) => {
        windowMs = options.windowMs;
      },
      increment: async (key) => {
        const { hits, resetAt } = await this.hit(keyOf(key), windowMs);
        return { totalHits: hits, resetTime: resetAt };
      },
      get: async (key) => {
        const count = await this.get(keyOf(key), windowMs);
        return count && { totalHits: count.hits, resetTime: count.resetAt };
      },
      decrement: (key) => this.take(keyOf(key)),
      resetKey: (key) => this.reset(keyOf(key)),
    };
  }
}
