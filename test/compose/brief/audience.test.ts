import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: audience', () => {
  it('"Target audience:" and abbreviated units', () => {
    const brief = extractBrief('Email sequence for our SaaS product Acme Analytics — $29/mo Starter, $79/mo Growth. Target audience: marketing teams at startups.');
    expect(brief.names).toEqual(['Acme Analytics']);
    expect(brief.prices).toEqual([price('$29/mo', '29', 'USD', 'month'), price('$79/mo', '79', 'USD', 'month')]);
    expect(brief.audience).toBe('marketing teams at startups');
    expect(brief.niche).toBe('saas');
  });

  it('tutoring: hourly price, an email, a multi-word audience', () => {
    const brief = extractBrief('Tutoring service for high school students preparing for the SAT, $40/hour, contact tutor@learnwell.org');
    expect(brief.audience).toBe('high school students');
    expect(brief.prices).toEqual([price('$40/hour', '40', 'USD', 'hour')]);
    expect(brief.emails).toEqual(['tutor@learnwell.org']);
    expect(brief.niche).toBe('education');
  });

  it('"targeting" marks an audience', () => {
    const brief = extractBrief('Landing page for a marketing agency targeting developers');
    expect(brief.audience).toBe('developers');
    expect(brief.keywords[0]).toBe('marketing agency');
    expect(brief.niche).toBe('professional_services');
  });

  it('a "who" clause stays with its audience; "based out of"', () => {
    const brief = extractBrief('A wedding planner page for couples who want a stress-free day, based out of Napa Valley');
    expect(brief.audience).toBe('couples who want a stress-free day');
    expect(brief.place).toBe('Napa Valley');
    expect(brief.keywords[0]).toBe('wedding planner');
    expect(brief.niche).toBe('events');
  });

  it('"owners of small businesses"; a law firm', () => {
    const brief = extractBrief('landing page for a law firm in Chicago aimed at owners of small businesses');
    expect(brief.audience).toBe('owners of small businesses');
    expect(brief.place).toBe('Chicago');
    expect(brief.niche).toBe('professional_services');
  });
});
