import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';

/**
 * The router is learnt once per process, on a compute thread, on its first use: that first call is
 * not refused for the learning's time, however small its own computing budget (CALL_BUDGET_MS).
 */
describe('intent_route on first use', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startPlannedApp({ CALL_BUDGET_MS: '200' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('learns its router outside the first call’s budget, once for all the calls waiting for it', async () => {
    const ask = () =>
      app.api('/api/agents/intent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ command: 'how many units do I have left this month?' }) });
    const answers = await Promise.all([ask(), ask(), ask()]);
    for (const answer of answers) {
      const body = await json(answer);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(body.route.tool).toBe('usage_get');
      expect(body.result.plan).toBe('starter');
    }
  }, 60_000);
});
