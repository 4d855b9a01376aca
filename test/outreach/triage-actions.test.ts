import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { post, prompt, sender, sendingApp } from './sending.js';

/**
 * What outreach_triage applies to a lead, over REST: the next step it answers is the state it writes (a paused
 * lead has its resume day, a stopped one is stopped, "continue" changes nothing), and a booked meeting stops
 * the sequence so that no later step is sent.
 */

const leads = [
  'First Name,Last Name,Email Address,Company,Title',
  'Ana,Silva,ana@smile.example,Smile Dental,Owner',
  'Ben,Ng,ben@praxis.example,Praxis Nord,Practice manager',
  'Cleo,Roth,cleo@zahn.example,Zahn & Co,Dentist',
].join('\n');

/** The lead state each next step must come with. */
const stateOf = { remove: 'stopped', hand_to_human: 'stopped', reschedule: 'paused', continue: 'active' } as const;

describe('outreach_triage applies what it answers', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startPlannedApp();
  });
  afterAll(() => app.close());

  it('pauses only with a resume day, stops "not now" for a person to follow up, and leaves a dateless away reply running', async () => {
    const built = await json(await post(app, '/outreach/build', { prompt, leads, sender, timezone: 'Europe/Berlin' }));
    const id = built.campaign_id as string;
    const triage = async (from: string, reply: string) => json(await post(app, '/outreach/triage', { campaign_id: id, from, reply }));

    const away = await triage('ana@smile.example', 'Automatic reply: I am out of the office with limited access to email.');
    expect(away).toMatchObject({ category: 'out_of_office', return_date: null, next_step: { action: 'continue', until: null }, applied: { lead_status: 'active', resume_on: null } });

    const later = await triage('ben@praxis.example', 'Not right now, we are in our busy season. Check back with me on March 3.');
    expect(later).toMatchObject({ category: 'not_now', next_step: { action: 'hand_to_human', until: expect.stringMatching(/^\d{4}-03-03$/) }, applied: { lead_status: 'stopped', resume_on: null } });
    expect(later.applied.note).toContain(`Follow up by hand from ${later.next_step.until}`);
    expect(later.next_step.why).not.toMatch(/\bpause/i);

    const dated = await triage('cleo@zahn.example', 'Out of office: I am on leave until the 14th.');
    expect(dated).toMatchObject({ category: 'out_of_office', next_step: { action: 'reschedule', until: expect.stringMatching(/^\d{4}-\d{2}-14$/) } });
    expect(dated.applied).toMatchObject({ lead_status: 'paused', resume_on: dated.next_step.until });
    expect(dated.return_date).toBe(dated.next_step.until);

    for (const result of [away, later, dated]) expect(result.applied.lead_status, result.category).toBe(stateOf[result.next_step.action as keyof typeof stateOf]);
    const read = await json(await app.api(`/api/agents/outreach/${id}`));
    expect(read.progress).toMatchObject({ stopped: 1, paused: 1 });
    expect(read.progress.states).toMatchObject({ not_now: 1, out_of_office: 1 });
  });
});

describe('outreach_triage stop conditions on the job queue', () => {
  // Monday 23 November 2026, 08:00 UTC = 09:00 in Berlin.
  const sending = sendingApp('2026-11-23T08:00:00.000Z');
  const { mailTo, settle } = sending;
  let app: StartedApp;
  beforeAll(() => {
    app = sending.app;
  });

  it('a booked meeting stops the lead: no later step is sent, while a dateless away reply goes on as planned', async () => {
    const built = await json(await post(app, '/outreach/build', { prompt, leads, sender, timezone: 'Europe/Berlin', daily_cap: 10 }));
    const id = built.campaign_id as string;
    expect((await json(await post(app, '/outreach/send', { campaign_id: id }))).scheduled).toBe(3);
    await settle();
    sending.moveTo('2026-11-23T15:00:00.000Z');
    await settle();
    for (const address of ['ana@smile.example', 'ben@praxis.example', 'cleo@zahn.example']) expect(mailTo(address), address).toHaveLength(1);

    const booked = await json(await post(app, '/outreach/triage', { campaign_id: id, from: 'ana@smile.example', event: 'meeting_booked' }));
    expect(booked).toMatchObject({ category: null, rule: expect.stringContaining('meeting_booked'), applied: { lead_status: 'stopped', suppressed: false, resume_on: null } });
    const away = await json(await post(app, '/outreach/triage', { campaign_id: id, from: 'ben@praxis.example', reply: 'Automatic reply: I am out of the office.' }));
    expect(away).toMatchObject({ next_step: { action: 'continue' }, applied: { lead_status: 'active' } });

    for (const at of ['2026-11-26T15:00:00.000Z', '2026-11-27T15:00:00.000Z', '2026-12-04T15:00:00.000Z', '2026-12-11T15:00:00.000Z']) {
      sending.moveTo(at);
      await settle();
    }
    // Ana's sequence ended at her first email; Ben's and Cleo's went on to their later steps.
    expect(mailTo('ana@smile.example')).toHaveLength(1);
    expect(mailTo('ben@praxis.example').length).toBeGreaterThan(1);
    expect(mailTo('ben@praxis.example')).toHaveLength(mailTo('cleo@zahn.example').length);
    const read = await json(await app.api(`/api/agents/outreach/${id}`));
    expect(read.progress).toMatchObject({ stopped: 1, paused: 0 });
  });
});
