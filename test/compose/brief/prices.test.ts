import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: prices', () => {
  it('a list of prices shares the unit after the last one', () => {
    const brief = extractBrief('3 pricing tiers for Acme Cloud: $19, $49, $99 per month');
    expect(brief.names).toEqual(['Acme Cloud']);
    expect(brief.prices).toEqual([price('$19', '19', 'USD', 'month'), price('$49', '49', 'USD', 'month'), price('$99 per month', '99', 'USD', 'month')]);
    expect(brief.counts).toEqual([{ count: 3, noun: 'pricing tiers' }]);
    expect(brief.niche).toBe('saas');
  });

  it('a nonprofit: "$50k" and a date with a year', () => {
    const brief = extractBrief('Donation page for Hope Harbor Animal Shelter, a nonprofit in Denver. Goal: raise $50k by December 31, 2026.');
    expect(brief.names).toEqual(['Hope Harbor Animal Shelter']);
    expect(brief.prices).toEqual([price('$50k', '50000', 'USD')]);
    expect(brief.dates).toEqual([{ text: 'December 31, 2026', iso: '2026-12-31' }]);
    expect(brief.place).toBe('Denver');
    expect(brief.niche).toBe('nonprofit');
  });

  it('real estate: thousands separators, "near" a place, a hyphenated count', () => {
    const brief = extractBrief('Real estate listing for a 3-bedroom condo near Miami Beach, asking $450,000');
    expect(brief.prices).toEqual([price('$450,000', '450000', 'USD')]);
    expect(brief.place).toBe('Miami Beach');
    expect(brief.counts).toEqual([{ count: 3, noun: 'bedrooms' }]);
    expect(brief.niche).toBe('real_estate');
  });

  it('a personal trainer: per-session pricing in pounds, weeks as a count', () => {
    const brief = extractBrief('Personal trainer in Leeds offering 12-week programs for new mums, £60 per session');
    expect(brief.place).toBe('Leeds');
    expect(brief.audience).toBe('new mums');
    expect(brief.prices).toEqual([price('£60 per session', '60', 'GBP', 'session')]);
    expect(brief.counts).toEqual([{ count: 12, noun: 'weeks' }]);
    expect(brief.tone).toEqual([]);
    expect(brief.keywords[0]).toBe('personal trainer');
    expect(brief.niche).toBe('fitness');
  });

  it('prices in several currencies and formats', () => {
    const brief = extractBrief('Pricing in several currencies: €1.200,50 per year, 49 USD/month, GBP 15, 1,200 yen, 99 cents, CA$4.50 and ₹999 monthly');
    expect(brief.prices).toEqual([
      price('€1.200,50 per year', '1200.50', 'EUR', 'year'),
      price('49 USD/month', '49', 'USD', 'month'),
      price('GBP 15', '15', 'GBP'),
      price('1,200 yen', '1200', 'JPY'),
      price('99 cents', '0.99', 'USD'),
      price('CA$4.50', '4.50', 'CAD'),
      price('₹999 monthly', '999', 'INR', 'month'),
    ]);
  });

  it('per-seat pricing and "a month"', () => {
    const brief = extractBrief('Three pricing tiers for Nimbus Notes — Free, Pro at $8 a month and Team at $12 per user/month');
    expect(brief.names).toEqual(['Nimbus Notes']);
    expect(brief.prices).toEqual([price('$8 a month', '8', 'USD', 'month'), price('$12 per user/month', '12', 'USD', 'user/month')]);
    expect(brief.counts).toEqual([{ count: 3, noun: 'pricing tiers' }]);
  });

  it('upper-case words that are also currency codes are not prices', () => {
    const brief = extractBrief('ALL 3 PLANS ARE ON TOP 10 LISTS');
    expect(brief.prices).toEqual([]);
  });

  it('an animal charity is a nonprofit; "10,000 dollars"', () => {
    const brief = extractBrief('Fundraiser page for Hope for Paws — help us raise 10,000 dollars for shelter dogs');
    expect(brief.prices).toEqual([price('10,000 dollars', '10000', 'USD')]);
    expect(brief.audience).toBe('shelter dogs');
    expect(brief.niche).toBe('nonprofit');
  });
});
