/**
 * Slows down guessing: an address that fails authentication `maxFailures` times within
 * `windowMs` is refused (429 rate_limited) until the window has passed. In memory, per
 * process: it throttles, it does not account.
 */
export class AuthThrottle {
  private readonly failures = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly maxFailures = 20,
    private readonly windowMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  retryAfter(address: string): number {
    const entry = this.failures.get(address);
    if (!entry) return 0;
    const elapsed = this.clock() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.failures.delete(address);
      return 0;
    }
    return entry.count >= this.maxFailures ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  fail(address: string): void {
    const now = this.clock();
    const entry = this.failures.get(address);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.failures.size > 100_000) this.failures.clear(); // bounded memory under a spray of addresses
      this.failures.set(address, { count: 1, windowStart: now });
    } else {
      entry.count += 1;
    }
  }
}
