import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { watchLoop } from '../stall.js';

/**
 * No request may stall the server for others: a 200-lesson membership (every page rendered, zipped) renders on
 * compute threads, so the serving thread keeps answering while it builds.
 */
describe('membership_build of the most lessons a course takes (200), with full bodies', () => {
  let app: StartedApp;
  const paragraph = 'Centre the clay on the wheel, brace your elbows on your knees and keep the water coming. '.repeat(12);
  const lesson = (m: number, l: number) => ({
    title: `Lesson ${m}.${l}`,
    summary: `What lesson ${m}.${l} covers.`,
    body: `## Steps\n\n${paragraph}\n\n## Key points\n\n- Keep the clay wet\n- Go slowly\n\n## Exercises\n\n1. Throw a cylinder\n2. Trim it\n\n${paragraph}`,
  });
  const course = { title: 'Wheel throwing', modules: Array.from({ length: 10 }, (_, m) => ({ title: `Module ${m + 1}`, lessons: Array.from({ length: 20 }, (_, l) => lesson(m + 1, l + 1)) })) };
  const build = () =>
    app.api('/api/agents/membership/build', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ course, drip: { mode: 'every_n_days', days: 7 } }) });

  beforeAll(async () => {
    app = await startPlannedApp();
    // Threads started and code loaded: the measured build pays for its own work only.
    expect((await build()).status).toBe(200);
  });
  afterAll(() => app.close());

  it('keeps the event loop free while it builds (max delay under 50 ms more than idle), and a neighbour is answered fast meanwhile', { retry: 2 }, async () => {
    const started = performance.now();
    const building = build().then(json);
    const during = await watchLoop(app.url, building);
    const elapsed = performance.now() - started;
    const built = await building;
    const idle = await watchLoop(app.url, new Promise((resolve) => setTimeout(resolve, elapsed)));
    expect(built.site.pages).toHaveLength(201);
    expect(during.polls).toBeGreaterThan(1);
    expect(during.delayMs).toBeLessThan(50 + idle.delayMs);
    expect(during.slowestPollMs).toBeLessThan(100 + idle.slowestPollMs);
  });
});
