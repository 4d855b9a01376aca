import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';

describe('extractBrief: place', () => {
  it('a city with a state code, three tone words, hex and multi-word colours', () => {
    const brief = extractBrief('Build a site for Harbor & Vine, a wine bar in Charleston, SC. Elegant, warm, a little witty. Colors: #1b3a4b, #F4E9D8 and burnt orange.');
    expect(brief.names).toEqual(['Harbor & Vine']);
    expect(brief.place).toBe('Charleston, SC');
    expect(brief.tone).toEqual(['elegant', 'warm', 'witty']);
    expect(brief.colors.map((c) => c.hex)).toEqual(['#1b3a4b', '#f4e9d8', '#cc5500']);
    expect(brief.keywords[0]).toBe('wine bar');
    expect(brief.niche).toBe('food_beverage');
  });

  it('lower-case place names are capitalised', () => {
    const brief = extractBrief('yoga classes for seniors in vancouver, calm and gentle');
    expect(brief.audience).toBe('seniors');
    expect(brief.place).toBe('Vancouver');
    expect(brief.tone).toEqual(['calm', 'gentle']);
    expect(brief.niche).toBe('fitness');
  });

  it('"serving" two places; a trade as the subject', () => {
    const brief = extractBrief('Website for a plumbing company serving Manchester and Salford');
    expect(brief.place).toBe('Manchester and Salford');
    expect(brief.names).toEqual([]);
    expect(brief.keywords[0]).toBe('plumbing');
    expect(brief.niche).toBe('professional_services');
  });
});
