import { describe, expect, it } from 'vitest';
import { OneAtATime } from '../../src/kernel/one-at-a-time.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OneAtATime', () => {
  it('runs work for one key one at a time in arrival order, other keys alongside, and a failure does not block the next', async () => {
    const lane = new OneAtATime();
    const events: string[] = [];
    let inside = 0;
    let most = 0;
    const work = (key: string, name: string, fail = false) =>
      lane.run(key, async () => {
        if (key === 'a') most = Math.max(most, ++inside);
        events.push(`${name} start`);
        await pause(5);
        events.push(`${name} end`);
        if (key === 'a') inside -= 1;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([work('a', 'a1'), work('a', 'a2', true), work('b', 'b1'), work('a', 'a3')]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['a1', 'a2 failed', 'b1', 'a3']);
    expect(most).toBe(1);
    const order = events.filter((event) => event.startsWith('a'));
    expect(order).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    // b ran while a1 did, not after the a's.
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'));
    await pause(0);
    expect((lane as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0);
  });
});
