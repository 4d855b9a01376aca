import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import twitterText from 'twitter-text';
import { json, startApp, type StartedApp } from '../helpers.js';
import { articles } from './articles.js';
import { shapes } from './pathological.js';

// Each call's time is asserted (2 s: this file runs beside others); each takes well under a
// second alone. Before the fix, 100k of "a." took minutes. The strict bounds are the slowness fuzz's.
const budgetMs = 2000;

describe('content_repurpose on hostile source_text at the 100k limit', () => {
  let app: StartedApp;
  const repurpose = (body: unknown) => app.api('/api/agents/content/repurpose', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  beforeAll(async () => {
    app = await startApp({ AUTH_MAX_FAILURES: '100000' });
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
    // NLP and twitter-text load on the first call; that is not what is timed.
    expect((await repurpose({ source_text: articles[0], generator: 'template' })).status).toBe(200);
  });
  afterAll(() => app.close());

  for (const shape of shapes()) {
    it(`${shape.name}: answers ${shape.status} in time, and the thread fits and never splits the text`, async () => {
      const started = performance.now();
      const response = await repurpose({ source_text: shape.source, generator: 'template' });
      const elapsed = performance.now() - started;
      expect(elapsed, `${Math.round(elapsed)} ms`).toBeLessThan(budgetMs);
      expect(response.status).toBe(shape.status);
      const body = await json(response);
      if (shape.status === 400) {
        expect(body.error.message).toMatch(/sentence/);
        return;
      }
      const thread = body.blocks.find((block: { id: string }) => block.id === 'x_thread');
      for (const check of thread.checks) expect(check.ok, `${check.rule} = ${check.value}`).toBe(true);
      const tweets: string[] = thread.tweets;
      for (const [i, tweet] of tweets.entries()) {
        expect(tweet.startsWith(`${i + 1}/${tweets.length} `)).toBe(true);
        expect(twitterText.parseTweet(tweet).weightedLength).toBeLessThanOrEqual(280);
      }
      if (shape.kept) {
        // Tweets are whole sentences: the text is in one tweet whole, or left out (too long for a
        // tweet, or not a key point), never cut into pieces. Whitespace aside.
        const kept = shape.kept.replace(/\s+/g, '');
        const pieces = tweets.map((tweet) => tweet.replace(/^\d+\/\d+ /, '').replace(/\s+/g, '')).filter((tweet) => tweet !== kept && kept.includes(tweet));
        expect(pieces, 'no tweet holds a piece of the text').toEqual([]);
      }
    });
  }
});
