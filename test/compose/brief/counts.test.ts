import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: counts', () => {
  it('a hyphenated count and a plain "for beginners" audience', () => {
    const brief = extractBrief('a 6-lesson course on sourdough for beginners');
    expect(brief.counts).toEqual([{ count: 6, noun: 'lessons' }]);
    expect(brief.audience).toBe('beginners');
    expect(brief.keywords[0]).toBe('sourdough');
    expect(brief.niche).toBe('education');
  });

  it('counts: number words, "a dozen", "half a dozen", "two dozen", digits', () => {
    const brief = extractBrief('a recipe ebook with a dozen recipes, three tiers of cake, half a dozen cookies, 10 blog posts and two dozen cupcakes');
    expect(brief.counts).toEqual([
      { count: 12, noun: 'recipes' },
      { count: 3, noun: 'tiers' },
      { count: 6, noun: 'cookies' },
      { count: 10, noun: 'blog posts' },
      { count: 24, noun: 'cupcakes' },
    ]);
    expect(brief.niche).toBe('food_beverage');
  });

  it('times, percentages, years and "one-time" are not counts', () => {
    const brief = extractBrief('Doors open at 7 pm, 20% off, since 2015, a one-time fee of 49 dollars');
    expect(brief.counts).toEqual([]);
    expect(brief.prices).toEqual([price('49 dollars', '49', 'USD')]);
  });

  it('a count in brackets; a party size is not an audience; nationalities are not names', () => {
    const studio = extractBrief('I run a small pottery studio in Asheville and want a page for my spring workshop series (4 sessions, $180)');
    expect(studio.counts).toEqual([{ count: 4, noun: 'sessions' }]);
    expect(studio.place).toBe('Asheville');
    expect(studio.prices).toEqual([price('$180', '180', 'USD')]);
    expect(studio.keywords[0]).toBe('small pottery studio');
    expect(studio.niche).toBe('creative_services');

    const dinner = extractBrief('Dinner for 2 people at our Italian restaurant, €45 per person');
    expect(dinner.audience).toBeNull();
    expect(dinner.names).toEqual([]);
    expect(dinner.prices).toEqual([price('€45 per person', '45', 'EUR', 'person')]);
    expect(dinner.keywords[0]).toBe('italian restaurant');
  });
});
