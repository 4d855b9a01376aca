import { describe, expect, it } from 'vitest';
import { firstSendOn, insideWindow, localDate, sendTime } from '../../tools/outreach/cadence.js';

const window = { start: '09:00', end: '17:00' };

describe('send times', () => {
  it('counts business days in the lead’s zone and opens at the window', () => {
    // Friday 20 Nov 2026, 18:00 in Berlin: the window has closed; day 0 is Monday 23, day 3 Thursday 26.
    const friday = new Date('2026-11-20T17:00:00Z');
    expect(sendTime(friday, 0, 'Europe/Berlin', window).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(sendTime(friday, 3, 'Europe/Berlin', window).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    // The same instant in New York is 12:00 on Friday: day 0 is now, day 1 Monday 09:00 EST.
    expect(sendTime(friday, 0, 'America/New_York', window).toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(sendTime(friday, 1, 'America/New_York', window).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    // A stagger spreads a day's sends over the window.
    expect(sendTime(friday, 1, 'America/New_York', window, 90).toISOString()).toBe('2026-11-23T15:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    // Berlin leaves summer time on Sunday 25 Oct 2026: 09:00 is 07:00Z before, 08:00Z after.
    expect(sendTime(new Date('2026-10-22T20:00:00Z'), 0, 'Europe/Berlin', window).toISOString()).toBe('2026-10-23T07:00:00.000Z');
    expect(sendTime(new Date('2026-10-22T20:00:00Z'), 1, 'Europe/Berlin', window).toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('knows when it is inside a window and which day it is locally', () => {
    expect(insideWindow(new Date('2026-11-23T08:30:00Z'), 'Europe/Berlin', window)).toBe(true);
    expect(insideWindow(new Date('2026-11-22T10:00:00Z'), 'Europe/Berlin', window)).toBe(false);
    expect(localDate(new Date('2026-11-23T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-24');
  });

  it('resumes an away lead on the return day in the lead’s own zone, west of Greenwich too', () => {
    // Tuesday 8 December, 09:00 in Los Angeles (UTC−8): UTC midnight would be 16:00 on Monday there, inside Monday's window.
    expect(firstSendOn('2026-12-08', 'America/Los_Angeles', window).toISOString()).toBe('2026-12-08T17:00:00.000Z');
    expect(firstSendOn('2026-12-07', 'Pacific/Honolulu', window).toISOString()).toBe('2026-12-07T19:00:00.000Z');
    expect(firstSendOn('2026-12-07', 'Europe/Berlin', window).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    // A return on a Saturday: the next business day.
    expect(firstSendOn('2026-12-05', 'America/New_York', window).toISOString()).toBe('2026-12-07T14:00:00.000Z');
  });
});
