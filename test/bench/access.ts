import { performance } from 'node:perf_hooks';
import type { App } from '../../src/app.js';
import type { Caller } from '../../src/kernel/caller.js';
import { echoTool, freeEchoTool } from '../fixtures/tools.js';
import { withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

const warmupCalls = 500;
const rounds = 5;
const callsPerRound = 1000;
const input = { message: 'hi' } as const;

const percentile = (sorted: readonly number[], p: number) => {
  if (!sorted.length) return NaN;
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low);
};

const round4 = (ms: number) => Math.round(ms * 10_000) / 10_000;

/** The JSON details of one kind of call: its sorted samples' count and percentiles. */
const sampleSummary = (tool: string, steps: string, sorted: readonly number[]) => ({
  tool,
  steps,
  calls: sorted.length,
  median_ms: round4(percentile(sorted, 0.5)),
  p90_ms: round4(percentile(sorted, 0.9)),
  p99_ms: round4(percentile(sorted, 0.99)),
});

/** Fails the benchmark unless the call answered test_echo's result inline. */
function checkOutcome(outcome: Awaited<ReturnType<App['dispatcher']['call']>>, tool: string): void {
  if (outcome.kind !== 'result' || outcome.output.echoed !== input.message) {
    throw new Error(`${tool} did not answer {"echoed": "${input.message}"}: ${JSON.stringify(outcome)}`);
  }
}

/** Units the account has used this cycle (committed), and calls per tool. */
async function usage(app: App, accountId: string): Promise<{ used: number; calls: Map<string, number> }> {
  const report = await app.access.meter.report(accountId);
  if (!report.active) throw new Error(`account ${accountId} has no active plan: ${JSON.stringify(report)}`);
  return { used: report.used, calls: new Map(report.per_tool.map((row) => [row.tool, row.calls])) };
}

/**
 * Row 4: what authentication and metering add to one call, in process (no HTTP, no JSON-RPC):
 * test_echo (cost 1) after verifying the agent key, against test_echo_free (the same tool,
 * cost 0: no reservation, no commit) with a caller verified once up front. Both run through
 * Dispatcher.call in the same app and the same rounds, interleaved call by call, so that GC
 * and JIT drift weigh on both alike; the figure is the difference of their medians.
 */
export const accessOverhead: Benchmark = {
  name: 'access layer per call',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-access-', async (app, _caller, { accountId, secret }) => {
      const fixedCaller: Caller | undefined = await app.access.keys.verify(secret);
      if (!fixedCaller) throw new Error('the bootstrapped key does not verify');

      const current = app;
      const withAccess = async (): Promise<number> => {
        const started = performance.now();
        const caller = await current.access.keys.verify(secret);
        if (!caller) throw new Error('the bootstrapped key stopped verifying');
        const outcome = await current.dispatcher.call(echoTool, input, { caller, requestId: 'bench', log: current.log });
        const elapsed = performance.now() - started;
        checkOutcome(outcome, echoTool.name);
        return elapsed;
      };
      const withoutAccess = async (): Promise<number> => {
        const started = performance.now();
        const outcome = await current.dispatcher.call(freeEchoTool, input, { caller: fixedCaller, requestId: 'bench', log: current.log });
        const elapsed = performance.now() - started;
        checkOutcome(outcome, freeEchoTool.name);
        return elapsed;
      };

      // Warm-up, which doubles as the check that one kind is metered and the other is not.
      const before = await usage(app, accountId);
      for (let i = 0; i < warmupCalls; i++) await withAccess();
      const afterMetered = await usage(app, accountId);
      for (let i = 0; i < warmupCalls; i++) await withoutAccess();
      const afterFree = await usage(app, accountId);
      if (afterMetered.used - before.used !== warmupCalls * echoTool.cost) {
        throw new Error(`${warmupCalls} calls of ${echoTool.name} moved usage from ${before.used} to ${afterMetered.used}, not by ${warmupCalls * echoTool.cost}`);
      }
      if (afterFree.used !== afterMetered.used || afterFree.calls.has(freeEchoTool.name)) {
        throw new Error(`${warmupCalls} calls of ${freeEchoTool.name} were metered: usage went from ${afterMetered.used} to ${afterFree.used}`);
      }

      const withSamples: number[] = [];
      const withoutSamples: number[] = [];
      for (let round = 0; round < rounds; round++) {
        // A B A B … within a round; which kind leads alternates between rounds.
        const [first, second] = round % 2 === 0 ? [withAccess, withoutAccess] : [withoutAccess, withAccess];
        const [firstSamples, secondSamples] = round % 2 === 0 ? [withSamples, withoutSamples] : [withoutSamples, withSamples];
        for (let i = 0; i < callsPerRound; i++) {
          firstSamples.push(await first());
          secondSamples.push(await second());
        }
      }

      const afterRun = await usage(app, accountId);
      const metered = rounds * callsPerRound * echoTool.cost;
      if (afterRun.used - afterFree.used !== metered || afterRun.calls.has(freeEchoTool.name)) {
        throw new Error(`the measured calls moved usage from ${afterFree.used} to ${afterRun.used}, not by ${metered}`);
      }

      const sortedWith = [...withSamples].sort((a, b) => a - b);
      const sortedWithout = [...withoutSamples].sort((a, b) => a - b);
      const medianWith = percentile(sortedWith, 0.5);
      const medianWithout = percentile(sortedWithout, 0.5);
      return [
        measuredRow({
          name: 'auth + metering per call (median)',
          unit: 'ms',
          figure: medianWith - medianWithout,
          baseline: { name: `${freeEchoTool.name}, no access layer`, figure: medianWithout },
          budget: { on: 'figure', op: '<=', limit: 0.3 },
          details: {
            method: `in process, Dispatcher.call; ${rounds} rounds x ${callsPerRound} calls of each kind interleaved, after ${warmupCalls} warm-up calls of each`,
            with_access: sampleSummary(echoTool.name, 'keys.verify + authorize + reserve + run + commit', sortedWith),
            without_access: sampleSummary(freeEchoTool.name, 'authorize + run (caller verified once up front, cost 0)', sortedWithout),
            p90_difference_ms: round4(percentile(sortedWith, 0.9) - percentile(sortedWithout, 0.9)),
            units_metered: afterRun.used - before.used,
          },
        }),
      ];
    });
  },
};
