import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { JobWorker } from '../../src/jobs/worker.js';
import { sideEffects, testTaskModules, testModules } from '../fixtures/tools.js';
import { pollUntil, testCaller, testConfig, tempDir } from '../helpers.js';

const localOwner = testCaller();

const apps: App[] = [];
async function appOn(dataDir: string, env: Record<string, string> = {}): Promise<App> {
  const app = await createApp({ config: testConfig({ DATA_DIR: dataDir, ...env }), modules: testModules, taskModules: testTaskModules });
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the durable job queue', () => {
  it('runs 100 jobs exactly once each with two workers claiming from one queue', async () => {
    const app = await appOn(tempDir(), { JOB_CONCURRENCY: '4' });
    const second = new JobWorker({ queue: app.jobs, execute: app.dispatcher.executeJob, concurrency: 4, pollMs: 20, leaseMs: 30_000, log: app.log });
    const keys = Array.from({ length: 100 }, (_, i) => `once-${i}-${Date.now()}`);
    const jobs = await Promise.all(keys.map((key) => app.jobs.enqueue({ tool: 'test_slow_job', input: { key, ms: 2, steps: 1 }, caller: localOwner })));
    await Promise.all([app.worker.start(), second.start()]);
    const settled = await Promise.all(jobs.map((job) => app.jobs.waitFor(job.id, localOwner, 20_000)));
    await second.stop(1000);
    expect(settled.every((job) => job.status === 'succeeded' && job.attempts === 1)).toBe(true);
    expect(keys.map((key) => sideEffects.get(key))).toEqual(keys.map(() => 1));
    // Both workers took part.
    expect(new Set(settled.map((job) => JSON.parse(job.result ?? '{}').key)).size).toBe(100);
  });

  it('re-queues a job whose worker died (lease expired) and completes it once', async () => {
    const dir = tempDir();
    const crashed = await appOn(dir, { JOB_LEASE_SECONDS: '1', JOB_CONCURRENCY: '0' });
    const key = `lease-${Date.now()}`;
    const job = await crashed.jobs.enqueue({ tool: 'test_slow_job', input: { key }, caller: localOwner });
    // A worker claims it and then never renews nor settles: as if SIGKILLed.
    expect((await crashed.jobs.claim('wkr_dead'))?.id).toBe(job.id);

    const survivor = await appOn(dir, { JOB_LEASE_SECONDS: '1' });
    await survivor.worker.start();
    const done = await survivor.jobs.waitFor(job.id, localOwner, 10_000);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(sideEffects.get(key)).toBe(1);
    // The dead worker's late answer cannot overwrite the outcome.
    expect(await crashed.jobs.succeed(job.id, 'wkr_dead', { key, runs: 99 })).toBe(false);
  });

  it('fails a job for good once it has been interrupted max_attempts times', async () => {
    const app = await appOn(tempDir(), { JOB_LEASE_SECONDS: '1', JOB_MAX_ATTEMPTS: '2', JOB_CONCURRENCY: '0' });
    const job = await app.jobs.enqueue({ tool: 'test_slow_job', input: { key: 'doomed' }, caller: localOwner });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await app.jobs.claim(`wkr_${attempt}`))?.id).toBe(job.id);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await app.jobs.recoverExpired();
    }
    const failed = await app.jobs.get(job.id, localOwner);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(JSON.parse(failed?.error ?? '{}').error.message).toMatch(/interrupted every time/);
  });

  it('on shutdown lets running jobs finish within the grace period', async () => {
    const app = await appOn(tempDir(), { SHUTDOWN_GRACE_SECONDS: '10' });
    await app.worker.start();
    const key = `drain-${Date.now()}`;
    const job = await app.jobs.enqueue({ tool: 'test_slow_job', input: { key, ms: 300 }, caller: localOwner });
    await pollUntil(async () => ((await app.jobs.get(job.id, localOwner))?.status === 'running' ? true : undefined));
    await app.worker.stop(10_000);
    expect((await app.jobs.get(job.id, localOwner))?.status).toBe('succeeded');
  });

  it('on shutdown past the grace period returns running jobs to the queue, not counting the attempt', async () => {
    const dir = tempDir();
    const app = await appOn(dir);
    await app.worker.start();
    const key = `requeue-${Date.now()}`;
    const job = await app.jobs.enqueue({ tool: 'test_slow_job', input: { key, ms: 5000, steps: 50 }, caller: localOwner });
    await pollUntil(async () => ((await app.jobs.get(job.id, localOwner))?.status === 'running' ? true : undefined));
    await app.worker.stop(0);
    expect(await app.jobs.get(job.id, localOwner)).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });
    expect(sideEffects.get(key)).toBeUndefined();
  });

  it('keeps jobs to their account', async () => {
    const app = await appOn(tempDir(), { JOB_CONCURRENCY: '0' });
    const mine = await app.jobs.enqueue({ tool: 'test_echo', input: { message: 'x' }, caller: testCaller('acct_a') });
    expect(await app.jobs.get(mine.id, testCaller('acct_a'))).toBeDefined();
    expect(await app.jobs.get(mine.id, testCaller('acct_b'))).toBeUndefined();
  });

  it('holds a scheduled job until its time, and schedules a key once', async () => {
    let clock = Date.parse('2026-11-02T10:00:00Z');
    const app = await createApp({ config: testConfig({ DATA_DIR: tempDir(), JOB_CONCURRENCY: '0' }), modules: testModules, taskModules: testTaskModules, now: () => new Date(clock) });
    apps.push(app);
    const later = { kind: 'test_slow_job', input: { key: 'later' }, accountId: localOwner.accountId, runAt: new Date(clock + 3_600_000), key: 'reminder:1' };
    expect(await app.jobs.schedule(later)).toBe(true);
    // The same key again (an event delivered twice, another instance): nothing new.
    expect(await app.jobs.schedule({ ...later, input: { key: 'twice' } })).toBe(false);
    const now = await app.jobs.enqueue({ tool: 'test_slow_job', input: { key: 'now' }, caller: localOwner });
    expect((await app.jobs.claim('wkr_a'))?.id).toBe(now.id);
    // Not before its time.
    expect(await app.jobs.claim('wkr_a')).toBeUndefined();
    clock += 3_600_000;
    const due = await app.jobs.claim('wkr_a');
    expect(due).toMatchObject({ tool: 'test_slow_job', schedule_key: 'reminder:1' });
    expect(await app.jobs.input(due!.id)).toEqual({ key: 'later' });
    expect(await app.jobs.claim('wkr_a')).toBeUndefined();
  });
});
