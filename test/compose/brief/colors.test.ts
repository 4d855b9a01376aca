import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';

describe('extractBrief: colours', () => {
  it('tone words and brand colours, hex and named', () => {
    const brief = extractBrief('newsletter for a vegan bakery in Portland, warm and playful, brand colours #2E7D32 and cream');
    expect(brief.place).toBe('Portland');
    expect(brief.tone).toEqual(['warm', 'playful']);
    expect(brief.colors).toEqual([
      { text: '#2E7D32', hex: '#2e7d32' },
      { text: 'cream', hex: '#fffdd0' },
    ]);
    expect(brief.keywords[0]).toBe('vegan bakery');
    expect(brief.niche).toBe('food_beverage');
  });

  it('colours need a colour context when the word means something else too', () => {
    const brief = extractBrief('Make it bold, navy and gold, with a white background. Black Friday sale! Orange juice bar with salmon and cream cheese bagels.');
    expect(brief.tone).toEqual(['bold']);
    expect(brief.colors.map((c) => c.text)).toEqual(['navy', 'gold', 'white']);
  });

  it('a place and colour names with a hex accent', () => {
    const brief = extractBrief('Promote our coworking space in Lisbon, Portugal with teal and coral accents (#ff6f61) — details at lisbonworks.com/join');
    expect(brief.place).toBe('Lisbon, Portugal');
    expect(brief.colors).toEqual([
      { text: 'teal', hex: '#008080' },
      { text: 'coral', hex: '#ff7f50' },
      { text: '#ff6f61', hex: '#ff6f61' },
    ]);
    expect(brief.urls).toEqual(['lisbonworks.com/join']);
    expect(brief.keywords[0]).toBe('coworking space');
  });

  it('a colour list after "Colors:" and a park as the place', () => {
    const brief = extractBrief('Newsletter for the Green Leaf Cafe near Golden Gate Park. Colors: sage green and cream; modern, clean and calm.');
    expect(brief.names).toEqual(['Green Leaf Cafe']);
    expect(brief.place).toBe('Golden Gate Park');
    expect(brief.colors).toEqual([
      { text: 'sage green', hex: '#9caf88' },
      { text: 'cream', hex: '#fffdd0' },
    ]);
    expect(brief.tone).toEqual(['modern', 'clean', 'calm']);
  });

  it('3-digit hex is expanded; numeric "#123" is an issue number, not a colour', () => {
    expect(extractBrief('accent colour #F0A, see issue #123').colors).toEqual([{ text: '#F0A', hex: '#ff00aa' }]);
    expect(extractBrief('palette: #123 and #fff').colors.map((c) => c.hex)).toEqual(['#112233', '#ffffff']);
  });
});
