import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';

describe('extractBrief: dates', () => {
  it('dates: ISO, day-first, month-first; ambiguous numeric dates are skipped', () => {
    const brief = extractBrief('Retreat dates: 3 March 2027 to 2027-03-05; early-bird deadline 25/12/2026 (not 12/05/2026, which is ambiguous). Also Sept. 9th, 2026 and 31.01.2027');
    expect(brief.dates).toEqual([
      { text: '3 March 2027', iso: '2027-03-03' },
      { text: '2027-03-05', iso: '2027-03-05' },
      { text: '25/12/2026', iso: '2026-12-25' },
      { text: 'Sept. 9th, 2026', iso: '2026-09-09' },
      { text: '31.01.2027', iso: '2027-01-31' },
    ]);
  });

  it('impossible dates and dates without a year are skipped', () => {
    const brief = extractBrief('launch on February 30, 2027 or 2027-13-01, or maybe March 14');
    expect(brief.dates).toEqual([]);
  });
});
