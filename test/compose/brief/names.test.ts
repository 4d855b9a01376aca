import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: names', () => {
  it('a quoted product name, a monthly price and an audience', () => {
    const brief = extractBrief("waitlist widget for our app launch called 'Nimbus' — $9/month, for busy parents");
    expect(brief.names).toEqual(['Nimbus']);
    expect(brief.prices).toEqual([price('$9/month', '9', 'USD', 'month')]);
    expect(brief.audience).toBe('busy parents');
    expect(brief.niche).toBe('saas');
  });

  it('an event: multi-word name, a written date and a bare domain', () => {
    const brief = extractBrief('event page for the Berlin Jazz Night on March 14, 2027 at jazz.example.com');
    expect(brief.names).toEqual(['Berlin Jazz Night']);
    expect(brief.dates).toEqual([{ text: 'March 14, 2027', iso: '2027-03-14' }]);
    expect(brief.urls).toEqual(['jazz.example.com']);
    expect(brief.niche).toBe('events');
  });

  it('"&" inside a name, "based in City, Country", "aimed at" audience', () => {
    const brief = extractBrief('Storefront for Paws & Claws, a pet supply shop based in Berlin, Germany, aimed at first-time dog owners');
    expect(brief.names).toEqual(['Paws & Claws']);
    expect(brief.place).toBe('Berlin, Germany');
    expect(brief.audience).toBe('first-time dog owners');
    expect(brief.niche).toBe('pet_services');
  });

  it('a person-named studio, "black and white" as a palette, "minimalist" as minimal', () => {
    const brief = extractBrief('A portfolio site for Jane Doe Photography — weddings and portraits in Brooklyn, NY. Minimalist, black and white.');
    expect(brief.names).toEqual(['Jane Doe Photography']);
    expect(brief.place).toBe('Brooklyn, NY');
    expect(brief.tone).toEqual(['minimal']);
    expect(brief.colors).toEqual([
      { text: 'black', hex: '#000000' },
      { text: 'white', hex: '#ffffff' },
    ]);
    expect(brief.niche).toBe('creative_services');
  });

  it('an event name with a season and "5K" in it; "Fun" in a name is not a tone', () => {
    const brief = extractBrief('Sign-up page for the Spring 5K Fun Run on 2026-04-18 in Central Park; tickets €25 each, kids free');
    expect(brief.names).toEqual(['Spring 5K Fun Run']);
    expect(brief.tone).toEqual([]);
    expect(brief.dates).toEqual([{ text: '2026-04-18', iso: '2026-04-18' }]);
    expect(brief.place).toBe('Central Park');
    expect(brief.prices).toEqual([price('€25', '25', 'EUR')]);
    expect(brief.niche).toBe('events');
  });

  it('a prompt in capitals yields no capitalised "names"', () => {
    const brief = extractBrief('LANDING PAGE FOR MY BAKERY IN AUSTIN');
    expect(brief.names).toEqual([]);
    expect(brief.place).toBe('Austin');
    expect(brief.keywords).toEqual(['bakery']);
    expect(brief.niche).toBe('food_beverage');
  });

  it('a prompt in Title Case yields no capitalised "names"', () => {
    const brief = extractBrief('Landing Page For My Dog Grooming Business In Austin');
    expect(brief.names).toEqual([]);
    expect(brief.place).toBe('Austin');
    expect(brief.niche).toBe('pet_services');
  });

  it('a lower-case name after "called" and a lower-case "city, st"', () => {
    const brief = extractBrief('a bakery called sweet crumbs in austin, tx');
    expect(brief.names).toEqual(['sweet crumbs']);
    expect(brief.place).toBe('Austin, TX');
  });

  it('possessives and holidays are not names; Black Friday is not a colour', () => {
    const brief = extractBrief("A Black Friday promo for Acme's online store");
    expect(brief.names).toEqual(['Acme']);
    expect(brief.colors).toEqual([]);
    expect(brief.keywords[0]).toBe('online store');
    expect(brief.niche).toBe('ecommerce');
  });

  it('a sentence-initial name introduced with "is a"', () => {
    const brief = extractBrief('Nimbus is a note app for remote teams, priced at 9.99 EUR per month');
    expect(brief.names).toEqual(['Nimbus']);
    expect(brief.audience).toBe('remote teams');
    expect(brief.prices).toEqual([price('9.99 EUR per month', '9.99', 'EUR', 'month')]);
    expect(brief.niche).toBe('saas');
  });

  it('guillemets, accented places, "CA$"', () => {
    const brief = extractBrief('Our café «Le Petit Four» in Montréal needs a menu page, prices in CAD: CA$4.50 for croissants');
    expect(brief.names).toEqual(['Le Petit Four']);
    expect(brief.place).toBe('Montréal');
    expect(brief.prices).toEqual([price('CA$4.50', '4.50', 'CAD')]);
    expect(brief.niche).toBe('food_beverage');
  });

  it('curly quotes; platforms are not names; "Gen Z" as audience', () => {
    const brief = extractBrief('Write an Instagram caption for “Glow Up Skincare” — playful, emoji-friendly, for Gen Z');
    expect(brief.names).toEqual(['Glow Up Skincare']);
    expect(brief.audience).toBe('Gen Z');
    expect(brief.tone).toEqual(['playful']);
    expect(brief.niche).toBe('health_wellness');
  });

  it('sentence-initial verbs and tier labels are not names', () => {
    const brief = extractBrief('Create pricing copy: Basic €10, Pro €20, Team €30. Make it friendly.');
    expect(brief.names).toEqual([]);
    expect(brief.tone).toEqual(['friendly']);
    expect(brief.prices.map((p) => p.amount)).toEqual(['10', '20', '30']);
  });
});
