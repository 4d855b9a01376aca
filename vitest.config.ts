import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that assert on wall-clock time (event-loop delay, budgets of a few hundred milliseconds).
 * They run in a second pass, one file at a time, so that no other test file competes for the CPU;
 * everything else runs on every core (`npm run test:suite` runs both passes).
 */
const timed = [
  'test/contract/slowness.test.ts',
  'test/outreach/event-loop.test.ts',
  'test/directory/stall.test.ts',
  'test/membership/stall.test.ts',
  'test/compose/brief/speed.test.ts',
  'test/compose/facts-extract.test.ts',
  'test/content/pathological.test.ts',
  'test/content/source.test.ts',
  'test/clips/limits.test.ts',
  'test/clips/transcript.test.ts',
  'test/transports/hardening.test.ts',
  'test/payments/stripe.test.ts',
  'test/compose/invention.test.ts',
  'test/e2e/mcp-2026.test.ts',
];

const timedPass = process.env.TEST_PASS === 'timed';

export default defineConfig({
  test: {
    include: timedPass ? timed : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(timedPass ? [] : timed)],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (a 2-core machine would run one file at a time).
    maxWorkers: timedPass ? 1 : Math.max(2, availableParallelism()),
  },
});
