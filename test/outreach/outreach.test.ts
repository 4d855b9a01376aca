import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { post, prompt, sender, sendingApp } from './sending.js';

/**
 * outreach_* over REST against a real SMTP server, on a clock the test moves: the build and its exports, the
 * cadence in the send window under the daily cap, one-click unsubscribe as a suppression, replies that stop or
 * move a sequence, at most one send per lead and step; and without SMTP, a clear 422.
 */

const leads = [
  'First Name,Last Name,Email Address,Company,Title,Phone',
  'Ana,Silva,ana@smile.example,Smile Dental,Owner,+49 30 1',
  'Ben,Ng,ben@praxis.example,Praxis Nord,Practice manager,',
  'Cleo,Roth,cleo@zahn.example,Zahn & Co,Dentist,',
  'Ana,Silva,ANA@smile.example,Smile Dental,Owner,',
].join('\n');

describe('outreach without SMTP', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startPlannedApp();
  });
  afterAll(() => app.close());

  it('builds a campaign whose plan is data; send answers 422 naming SMTP; bad input is a 400 naming the field', async () => {
    const built = await json(await post(app, '/outreach/build', { prompt, leads, sender, timezone: 'Europe/Berlin' }));
    expect(built.campaign_id).toMatch(/^out_/);
    expect(built.leads.accepted.count).toBe(3);
    expect(built.leads.rejected.items).toEqual([{ row: 4, line: 5, email: 'ana@smile.example', reason: 'duplicate_email', message: 'row 4: ana@smile.example is already in row 1.' }]);
    expect(built.qa.passed).toBe(true);
    const sent = await post(app, '/outreach/send', { campaign_id: built.campaign_id });
    expect(sent.status).toBe(422);
    expect((await json(sent)).error).toMatchObject({ code: 'mail_not_configured', message: expect.stringContaining('SMTP_URL') });
    const bad = await post(app, '/outreach/build', { prompt, timezone: 'Mars/Olympus', send_window: { start: '18:00', end: '09:00' } });
    expect(bad.status).toBe(400);
    const message = (await json(bad)).error.message as string;
    expect(message).toContain('timezone');
    expect(message).toContain('send_window.end');
  });

  it('QA failures block sending; a revision that fixes them is a new version, an empty one costs nothing', async () => {
    const built = await json(
      await post(app, '/outreach/build', { prompt, leads, sender: { name: 'Sam' }, steps: [{ channel: 'email', day: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}} at {{company}}.' }] }),
    );
    expect(built.qa.passed).toBe(false);
    expect(built.qa.by_kind).toMatchObject({ missing_address: 1 });
    expect(built.next_actions[0].tool).toBe('outreach_revise');
    const revised = await json(await post(app, '/outreach/revise', { campaign_id: built.campaign_id, changes: { sender } }));
    expect(revised).toMatchObject({ version: 2, changed: true, applied: ['sender replaced'], qa: { passed: true } });
    const same = await json(await post(app, '/outreach/revise', { campaign_id: built.campaign_id, changes: { sender } }));
    expect(same).toMatchObject({ version: 2, changed: false });
    const read = await json(await app.api(`/api/agents/outreach/${built.campaign_id}`));
    expect(read.versions.map(({ version, applied }: { version: number; applied: string[] }) => ({ version, applied }))).toEqual([
      { version: 1, applied: [] },
      { version: 2, applied: ['sender replaced'] },
    ]);
    // A version stored before its changes had a column of their own reads them from its document.
    await sql`update outreach_campaigns set changes = null where id = ${built.campaign_id} and version = 2`.execute(app.store.db);
    const legacy = await json(await app.api(`/api/agents/outreach/${built.campaign_id}`));
    expect(legacy.versions).toEqual(read.versions);
  });

  it('triages a reply without a campaign, with the CRM status of its category', async () => {
    const result = await json(await post(app, '/outreach/triage', { reply: "Thanks, but we're not interested." }));
    expect(result).toMatchObject({ category: 'not_interested', next_step: { action: 'remove' }, crm_status: { hubspot: 'UNQUALIFIED', salesforce: 'Closed - Not Converted' }, applied: null });
  });
});

describe('outreach sending on the job queue', () => {
  // Monday 23 November 2026, 08:00 UTC = 09:00 in Berlin.
  const sending = sendingApp('2026-11-23T08:00:00.000Z');
  const { mailTo, settle } = sending;
  let app: StartedApp;
  beforeAll(() => {
    app = sending.app;
  });

  it('sends in the window under the daily cap, honours unsubscribes and replies, and sends each step once', async () => {
    const built = await json(await post(app, '/outreach/build', { prompt, leads, sender, timezone: 'Europe/Berlin', daily_cap: 2, channels: ['email', 'phone'] }));
    const id = built.campaign_id as string;
    // The CRM exports download and parse back.
    for (const crm of built.crm) {
      const file = await app.api(new URL(crm.export.url).pathname);
      const rows: Array<Record<string, string>> = parse(await file.text(), { columns: true });
      expect(rows, crm.crm).toHaveLength(3);
      expect(Object.keys(rows[0] ?? {})).toEqual(crm.export.columns);
    }

    const launched = await json(await post(app, '/outreach/send', { campaign_id: id }));
    expect(launched.scheduled).toBe(3);
    // Cap 2 a day: Ana at 09:00 and Ben at 13:00 on Monday (Berlin), Cleo on Tuesday.
    expect(launched.first_sends.map((send: { at: string }) => send.at)).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-23T12:00:00.000Z', '2026-11-24T08:00:00.000Z']);
    expect(launched.tasks).toEqual([expect.objectContaining({ email: 'ana@smile.example', channel: 'phone', step_id: 'p1', instructions: expect.stringContaining('+49 30 1') })]);

    await settle();
    sending.moveTo('2026-11-23T12:30:00.000Z');
    await settle();
    expect(mailTo('ana@smile.example').map((message) => message.subject)).toEqual(['Smile Dental and Ledgerly']);
    expect(mailTo('ben@praxis.example')).toHaveLength(1);
    expect(mailTo('cleo@zahn.example')).toHaveLength(0);
    const first = mailTo('ana@smile.example')[0]!;
    expect(first.text).toContain('Hi Ana,');
    expect(first.text).toContain('Ledgerly, Torstraße 1, 10119 Berlin');
    expect(first.header('reply-to')).toContain('sam@ledgerly.example');
    const link = /(https?:\/\/\S+\/u\/[A-Za-z0-9_-]{32})/.exec(first.text ?? '')?.[1] as string;
    expect(link).toBeTruthy();
    // RFC 8058: the same link in List-Unsubscribe, one click by POST, on every email.
    for (const message of sending.smtp.messages) {
      expect(message.header('list-unsubscribe')).toMatch(/^<https?:\/\/\S+\/u\/[A-Za-z0-9_-]{32}>$/);
      expect(message.header('list-unsubscribe')).toBe(`<${/(https?:\/\/\S+\/u\/[A-Za-z0-9_-]{32})/.exec(message.text ?? '')?.[1]}>`);
      expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(first.header('list-unsubscribe')).toBe(`<${link}>`);

    // Ana unsubscribes: the link shows a confirmation, the post records it.
    const confirm = await fetch(link);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('<form');
    const done = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('unsubscribed');
    expect((await fetch(`${link.slice(0, -4)}AAAA`)).status).toBe(404);

    // Ben replies with interest: his sequence stops. Cleo's away reply (Tuesday) moves hers to her return.
    const reply = await json(await post(app, '/outreach/triage', { campaign_id: id, from: 'ben@praxis.example', reply: "Sounds interesting, let's talk next week." }));
    expect(reply).toMatchObject({ category: 'interested', applied: { lead_status: 'stopped', suppressed: false } });

    sending.moveTo('2026-11-24T09:00:00.000Z');
    await settle();
    expect(mailTo('cleo@zahn.example')).toHaveLength(1);
    const away = await json(await post(app, '/outreach/triage', { campaign_id: id, from: 'cleo@zahn.example', reply: 'I am out of the office until Monday, December 7.' }));
    expect(away).toMatchObject({ category: 'out_of_office', return_date: '2026-12-07', applied: { lead_status: 'paused', resume_on: '2026-12-07' } });

    // Launching again sends nothing twice.
    const again = await json(await post(app, '/outreach/send', { campaign_id: id }));
    expect(again.skipped.map((skip: { email: string }) => skip.email).sort()).toEqual(['ana@smile.example', 'ben@praxis.example']);
    await settle();

    // Thursday and Friday: the second emails were due; Ana is suppressed, Ben stopped, Cleo away until 7 December.
    for (const at of ['2026-11-26T15:00:00.000Z', '2026-11-27T15:00:00.000Z', '2026-12-04T15:00:00.000Z']) {
      sending.moveTo(at);
      await settle();
    }
    expect(mailTo('ana@smile.example')).toHaveLength(1);
    expect(mailTo('ben@praxis.example')).toHaveLength(1);
    expect(mailTo('cleo@zahn.example')).toHaveLength(1);
    // 7 December, 09:00 in Berlin: Cleo's second email.
    sending.moveTo('2026-12-07T08:30:00.000Z');
    await settle();
    expect(mailTo('cleo@zahn.example').map((message) => message.subject)).toEqual(['Zahn & Co and Ledgerly', 'Re: Zahn & Co and Ledgerly']);
    expect(sending.smtp.messages.every((message) => message.header('list-unsubscribe-post') === 'List-Unsubscribe=One-Click')).toBe(true);

    const read = await json(await app.api(`/api/agents/outreach/${id}`));
    // Cleo is back: no longer counted as paused; her reply's category stays on record.
    expect(read.progress).toMatchObject({ emails_sent: 4, stopped: 2, paused: 0 });
    expect(read.progress.states).toMatchObject({ interested: 1, out_of_office: 1 });
  });
});
