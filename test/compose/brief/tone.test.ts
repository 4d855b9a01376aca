import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: tone', () => {
  it('handmade goods: two tone words and a price list without a unit', () => {
    const brief = extractBrief('Help me write a product description for my handmade soy candles. Cozy, earthy vibe. $18 each or 3 for $45.');
    expect(brief.tone).toEqual(['cozy', 'earthy']);
    expect(brief.prices).toEqual([price('$18', '18', 'USD'), price('$45', '45', 'USD')]);
    expect(brief.keywords[0]).toBe('handmade soy candles');
    expect(brief.niche).toBe('ecommerce');
  });

  it('negated tone words are left out', () => {
    const brief = extractBrief('Friendly but not too formal, professional copy — no playful puns');
    expect(brief.tone).toEqual(['friendly', 'professional']);
  });

  it('a launch: single-word name, tone after "Tone:", ISO date', () => {
    const brief = extractBrief('Launch announcement for Lumen, an AI writing assistant for freelance writers. Tone: confident and witty. Launch date: 2026-09-01.');
    expect(brief.names).toEqual(['Lumen']);
    expect(brief.audience).toBe('freelance writers');
    expect(brief.tone).toEqual(['confident', 'witty']);
    expect(brief.dates).toEqual([{ text: '2026-09-01', iso: '2026-09-01' }]);
  });
});
