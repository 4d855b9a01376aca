import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { json, pollUntil, startApp } from '../helpers.js';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';
import { post, prompt, sender } from './sending.js';

/**
 * Sending against real SMTP servers: a 550 for one recipient suppresses the address as a bounce and stops its
 * sequence without a retry; a 450 is retried later; a disposable address is never written to; and a calendar
 * link without its scheme is refused at the door.
 */

/** An app on a clock the test moves, sending through `smtpUrl`; `settle` waits until no due job is left. */
async function appOn(smtpUrl: string, clock: { now: number }) {
  const app = await startApp({ AUTH_MAX_FAILURES: '100000', SMTP_URL: smtpUrl, SMTP_FROM: 'sam@ledgerly.example' }, { now: () => new Date(clock.now) });
  await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
  const queued = (filter: 'due' | 'later') =>
    app.store.db
      .selectFrom('jobs')
      .select(['run_after'])
      .where('tool', '=', 'outreach_email')
      .where('status', '=', 'queued')
      .where('run_after', filter === 'due' ? '<=' : '>', new Date(clock.now).toISOString())
      .execute();
  const settle = () =>
    pollUntil(async () => {
      const running = await app.store.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
      return running.length === 0 && (await queued('due')).length === 0 ? true : undefined;
    });
  return { app, settle, later: () => queued('later') };
}

describe('a hard bounce at send time', () => {
  const clock = { now: Date.parse('2026-11-23T08:00:00.000Z') }; // Monday, 09:00 in Berlin
  let smtp: SmtpServerFixture;
  let run: Awaited<ReturnType<typeof appOn>>;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipients: ['gone@praxis.example'] });
    run = await appOn(smtp.url(), clock);
  });
  afterAll(async () => {
    await run.app.close();
    await smtp.close();
  });

  it('suppresses the address as a bounce, stops the lead, retries nothing; a disposable address is never emailed', async () => {
    const { app, settle } = run;
    const bad = await post(app, '/outreach/build', { prompt, sender: { ...sender, calendar_url: 'cal.example.com/sam' } });
    expect(bad.status).toBe(400);
    const message = (await json(bad)).error.message as string;
    expect(message).toContain('sender.calendar_url');
    expect(message).toContain('https://');

    const leads = ['first_name,email,company', 'Ana,ana@smile.example,Smile', 'Gus,gone@praxis.example,Praxis', 'Tim,tim@mailinator.com,Temp'].join('\n');
    const built = await json(await post(app, '/outreach/build', { prompt, leads, sender, timezone: 'Europe/Berlin', daily_cap: 10 }));
    expect(built.qa.passed).toBe(true);
    expect(built.leads.accepted.count).toBe(3);
    expect(built.leads.flagged).toMatchObject({ disposable_address: 1 });
    expect(built.meta.warnings.join(' ')).toContain('disposable_address');
    const id = built.campaign_id as string;

    const launched = await json(await post(app, '/outreach/send', { campaign_id: id }));
    expect(launched.scheduled).toBe(2);
    expect(launched.skipped).toEqual([expect.objectContaining({ email: 'tim@mailinator.com', reason: expect.stringContaining('disposable') })]);

    clock.now = Date.parse('2026-11-23T12:00:00.000Z');
    await settle();
    expect(smtp.messages.map((mail) => mail.envelope.to)).toEqual([['ana@smile.example']]);
    const suppressions = await app.store.db
      .selectFrom('outreach_suppressions' as never)
      .selectAll()
      .execute();
    expect(suppressions).toEqual([expect.objectContaining({ email: 'gone@praxis.example', reason: 'bounce', campaign_id: id })]);
    const states = await app.store.db
      .selectFrom('outreach_leads' as never)
      .selectAll()
      .execute();
    expect(states).toEqual([expect.objectContaining({ email: 'gone@praxis.example', status: 'stopped', reason: 'bounce' })]);
    const results = await app.store.db.selectFrom('jobs').select(['status', 'result']).where('tool', '=', 'outreach_email').where('status', '=', 'succeeded').execute();
    expect(results.map((job) => JSON.parse(job.result ?? '{}').reason).filter(Boolean)).toEqual([expect.stringContaining('hard bounce')]);
    // Only Ana's second email is waiting: nothing for the bounced address, no retry.
    expect(await run.later()).toHaveLength(1);

    // The rest of the cadence: Ana gets her follow-ups, the bounced address nothing more.
    for (const at of ['2026-11-26T12:00:00.000Z', '2026-12-07T12:00:00.000Z']) {
      clock.now = Date.parse(at);
      await settle();
    }
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('gone@praxis.example'))).toHaveLength(0);
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('ana@smile.example'))).toHaveLength(3);
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('tim@mailinator.com'))).toHaveLength(0);
    const read = await json(await app.api(`/api/agents/outreach/${id}`));
    expect(read.progress).toMatchObject({ stopped: 1 });
    expect(read.progress.states).toMatchObject({ bounce: 1 });
  });
});

describe('a deferral at send time (4xx)', () => {
  const clock = { now: Date.parse('2026-11-23T08:00:00.000Z') };
  const rcpts: string[] = [];
  let server: SMTPServer;
  let run: Awaited<ReturnType<typeof appOn>>;

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      onRcptTo(address, _session, callback) {
        rcpts.push(address.address);
        callback(Object.assign(new Error('4.2.1 Mailbox busy, try again later'), { responseCode: 450 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    run = await appOn(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, clock);
  });
  afterAll(async () => {
    await run.app.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is retried later and suppresses nothing', async () => {
    const { app, settle } = run;
    const built = await json(await post(app, '/outreach/build', { prompt, leads: 'email,first_name\nbusy@praxis.example,Bo', sender, timezone: 'Europe/Berlin' }));
    expect((await json(await post(app, '/outreach/send', { campaign_id: built.campaign_id }))).scheduled).toBe(1);
    await settle();
    expect(rcpts).toEqual(['busy@praxis.example']);
    expect(await run.later()).toEqual([{ run_after: '2026-11-23T08:10:00.000Z' }]);
    clock.now = Date.parse('2026-11-23T08:11:00.000Z');
    await settle();
    expect(rcpts).toHaveLength(2);
    expect(await run.later()).toEqual([{ run_after: '2026-11-23T08:31:00.000Z' }]);
    expect(
      await app.store.db
        .selectFrom('outreach_suppressions' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(
      await app.store.db
        .selectFrom('outreach_leads' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});
