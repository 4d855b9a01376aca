import { describe, expect, it } from 'vitest';
import { categories, triageReply } from '../../tools/outreach/triage.js';
import { evaluate, loadReplies, triageNow } from './evaluate.js';
import { outreachTriage } from '../bench/outreach.js';
import { formatTable } from '../bench/table.js';

/** The floors the triage rules are held to; the bench prints the figures themselves. */
const floors = { accuracy: 0.9, precision: 0.8, recall: 0.8 };

describe('reply triage on the labelled replies', () => {
  const dev = loadReplies('replies');
  const holdout = loadReplies('replies-holdout');

  it('has at least 80 labelled replies, every category with at least 10', () => {
    const all = [...dev, ...holdout];
    expect(all.length).toBeGreaterThanOrEqual(80);
    for (const category of categories) expect(all.filter((reply) => reply.category === category).length, category).toBeGreaterThanOrEqual(10);
  });

  it('holds the floors on the held-out set and on all replies, per category', () => {
    const held = evaluate(holdout);
    expect(held.accuracy, JSON.stringify(held.misses)).toBeGreaterThanOrEqual(floors.accuracy);
    const all = evaluate([...dev, ...holdout]);
    for (const category of categories) {
      expect(all.per_category[category].precision, `${category} precision; misses: ${JSON.stringify(all.misses)}`).toBeGreaterThanOrEqual(floors.precision);
      expect(all.per_category[category].recall, `${category} recall; misses: ${JSON.stringify(all.misses)}`).toBeGreaterThanOrEqual(floors.recall);
    }
  });

  it('takes at most 1 ms per reply', () => {
    expect(evaluate([...dev, ...holdout]).ms_per_reply).toBeLessThan(1);
  });

  it('never reads a negated interest as interest', () => {
    for (const text of ['Not interested.', "I'm not really interested, thanks.", 'We are not at all interested in this.', "Honestly I'm not keen.", "I don't want to learn more."]) {
      const result = triageReply(text, triageNow);
      expect(result.category, text).not.toBe('interested');
      expect(['not_interested', 'not_now'], text).toContain(result.category);
    }
    const negated = triageReply("I'm not really interested", triageNow);
    expect(negated.cues).toContainEqual({ cue: 'interested', category: 'not_interested', negated_from: 'interested' });
  });

  it('reads the return date of an away reply and reschedules to it; "no longer with the company" is a referral only when someone is named', () => {
    const away = triageReply('I am out of the office until Monday, December 7 with limited access to email.', triageNow);
    expect(away).toMatchObject({ category: 'out_of_office', return_date: '2026-12-07', next_step: { action: 'reschedule', until: '2026-12-07' } });
    const noDate = triageReply('Automatic reply: I am out of the office.', triageNow);
    expect(noDate).toMatchObject({ category: 'out_of_office', return_date: null, next_step: { action: 'continue', until: null } });
    expect(triageReply('Jane is no longer with the company.', triageNow).category).toBe('bounce');
    const referral = triageReply('Jane is no longer with the company. Please contact Lea instead: lea@smile.example', triageNow);
    expect(referral).toMatchObject({ category: 'referral', referred_to: ['lea@smile.example'], next_step: { action: 'hand_to_human' } });
  });

  it('reads only the reply, not the quoted email under it', () => {
    const text = 'Not interested.\n\nOn Mon, 23 Nov 2026 at 10:00, Sam <sam@ledgerly.example> wrote:\n> Would a short call be useful? Let us talk.';
    expect(triageReply(text, triageNow).category).toBe('not_interested');
  });

  it('reads a mention of GDPR as a question, and only an explicit erasure request as an unsubscribe', () => {
    for (const text of ['How do you handle GDPR?', 'Is this GDPR-compliant?', 'We need to be GDPR compliant, what does your DPA look like?']) {
      expect(triageReply(text, triageNow), text).toMatchObject({ category: 'question', next_step: { action: 'hand_to_human' } });
    }
    for (const text of ['Under GDPR, please erase all my data.', 'Please delete my personal data under GDPR.', 'Per GDPR I ask you to remove everything you hold on me.']) {
      expect(triageReply(text, triageNow), text).toMatchObject({ category: 'unsubscribe', next_step: { action: 'remove' } });
    }
  });

  it('lets an unsubscribe cue win over a refusal cue overlapping it', () => {
    for (const text of ['Please stop sending me these emails.', 'Please stop emailing me.', 'Please stop contacting us about this.']) {
      const result = triageReply(text, triageNow);
      expect(result.category, text).toBe('unsubscribe');
      expect(
        result.cues.filter((cue) => cue.category !== 'unsubscribe'),
        text,
      ).toEqual([]);
    }
  });

  it('reads a bare stop command as an unsubscribe with high confidence', () => {
    for (const text of ['STOP', 'Stop.', 'stop!', 'Unsubscribe', 'remove me', 'Remove me please', 'STOP\n\nJohn']) {
      expect(triageReply(text, triageNow), text).toMatchObject({ category: 'unsubscribe', confidence: 0.97, next_step: { action: 'remove' } });
    }
    // The subject counts when the body is empty; a longer reply that begins with "stop" is read as a whole.
    expect(triageReply('', triageNow, { subject: 'UNSUBSCRIBE' }).category).toBe('unsubscribe');
    expect(triageReply('Stop.\nActually, could you send me the pricing for a clinic with 12 staff first?', triageNow).confidence).toBeLessThan(0.97);
  });

  it('ends a negation at punctuation, "but" and a comparative; genuine negations still refuse', () => {
    for (const text of ["Never been more interested, let's talk", "We don't need to think long: interested!", 'Not sure yet, but interested in a demo.', "Couldn't be happier, let's talk."]) {
      expect(triageReply(text, triageNow).category, text).toBe('interested');
    }
    for (const text of ['not interested', 'We are not interested at this time.', "I don't think we're interested.", 'I don\u2019t think we\u2019re interested.', "We don't need this, thanks."]) {
      expect(triageReply(text, triageNow).category, text).toBe('not_interested');
    }
  });

  it('takes a return date only from the day after the reply arrived, in its own zone; "the Nth" is the next one', () => {
    // triageNow: Monday 23 November 2026, 10:00 UTC.
    const on = (text: string, now = triageNow, timezone?: string) => triageReply(text, now, { timezone }).return_date;
    expect(on('Out of office. Returning Monday.')).toBe('2026-11-30');
    expect(on('Out of office, back on the 14th.')).toBe('2026-12-14');
    expect(on('I am on leave until the 14th.')).toBe('2026-12-14');
    expect(on('Out of office until the 23rd.')).toBe('2026-12-23');
    expect(on('Out of office until the 31st.')).toBe('2026-12-31');
    expect(on('Out of office until the 30th.')).toBe('2026-11-30');
    expect(on('Out of office, back at 3pm today.')).toBeNull();
    expect(on('Out of office, back tomorrow.')).toBe('2026-11-24');
    // Sunday 23:30 UTC is already Monday in Berlin: "Monday" there is the next one, in UTC it is the next day.
    const lateSunday = new Date('2026-11-22T23:30:00.000Z');
    expect(on('Out of office. Returning Monday.', lateSunday, 'Europe/Berlin')).toBe('2026-11-30');
    expect(on('Out of office. Returning Monday.', lateSunday, 'UTC')).toBe('2026-11-23');
    // The 31st, on 31 January: February has none, so March.
    expect(on('On leave until the 31st.', new Date('2027-01-31T09:00:00.000Z'))).toBe('2027-03-31');
  });

  it('prints precision, recall and support per category, and the confusions, under the bench table', async () => {
    const printed = formatTable(await outreachTriage.run());
    expect(printed).toMatch(/^category\s+precision\s+recall\s+support\b/m);
    for (const category of categories) expect(printed, category).toMatch(new RegExp(`^${category}\\s+\\d\\.\\d\\d\\s+\\d\\.\\d\\d\\s+\\d+\\b`, 'm'));
    expect(printed).toContain('confusions (expected → got)');
  });
});
