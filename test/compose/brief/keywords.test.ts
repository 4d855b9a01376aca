import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';

describe('extractBrief: keywords', () => {
  it('a local service business: place, niche, subject', () => {
    const brief = extractBrief('a landing page for my dog grooming business in Austin');
    expect(brief.place).toBe('Austin');
    expect(brief.niche).toBe('pet_services');
    expect(brief.keywords[0]).toBe('dog grooming');
    expect(brief.names).toEqual([]);
    expect(brief.audience).toBeNull(); // "for my … business" is the business, not its audience
    expect(brief.prices).toEqual([]);
  });

  it('a blog post: "tone" mentioned in passing, audience, subject first', () => {
    const brief = extractBrief('Write a blog post about meal prep for busy moms, friendly tone');
    expect(brief.audience).toBe('busy moms');
    expect(brief.tone).toEqual(['friendly']);
    expect(brief.keywords[0]).toBe('meal prep');
    expect(brief.niche).toBe('food_beverage');
  });
});
