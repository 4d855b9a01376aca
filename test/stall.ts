import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * The serving process's event loop while `until` is pending, as its neighbours see it: the largest delay of
 * this process's loop (the app runs in it) and the slowest of back-to-back polls of `url`/healthz.
 */
export async function watchLoop(url: string, until: Promise<unknown>): Promise<{ delayMs: number; slowestPollMs: number; polls: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let done = false;
  void until.finally(() => (done = true));
  const polls: number[] = [];
  while (!done) {
    const since = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    polls.push(performance.now() - since);
  }
  delay.disable();
  return { delayMs: delay.max / 1e6, slowestPollMs: Math.max(...polls), polls: polls.length };
}
