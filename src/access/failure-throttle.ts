/**
 * Counts failures per subject (an address, an agent key) in fixed windows: a subject that
 * fails `maxFailures` times within `windowMs` is refused (429 rate_limited) until its window
 * has passed. In memory, per process: it throttles, it does not account.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly maxFailures = 20,
    private readonly windowMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until the subject may try again, or 0 when it may try now. */
  retryAfter(subject: string): number {
    const entry = this.failures.get(subject);
    if (!entry) return 0;
    const elapsed = this.clock() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.failures.delete(subject);
      return 0;
    }
    return entry.count >= this.maxFailures ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  /** Records a failure; `weight` counts a costly one as several. */
  fail(subject: string, weight = 1): void {
    const now = this.clock();
    const entry = this.failures.get(subject);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.failures.size > 100_000) this.failures.clear(); // bounded memory under a spray of subjects
      this.failures.set(subject, { count: weight, windowStart: now });
    } else {
      entry.count += weight;
    }
  }
}
