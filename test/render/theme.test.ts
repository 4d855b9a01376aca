import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { converter, wcagContrast } from 'culori';
import { colorSchema, resolveTheme, withContrast } from '../../src/render/theme.js';

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const toOklch = converter('oklch');

describe('themes', () => {
  it('brings every text and UI pair of any requested palette to WCAG AA, and reports each change', () => {
    fc.assert(
      fc.property(fc.record({ primary: hex, accent: hex, background: hex, text: hex }, { requiredKeys: [] }), fc.constantFrom(undefined, 'light', 'dark'), (colors, mode) => {
        const { theme, adjustments } = resolveTheme({ ...colors, ...(mode ? { mode: mode } : {}) });
        const c = theme.colors;
        for (const [fg, bg, ratio] of [
          [c.text, c.background, 4.5],
          [c.text, c.surface, 4.5],
          [c.muted, c.background, 4.5],
          [c.muted, c.surface, 4.5],
          [c.on_primary, c.primary, 4.5],
          [c.link, c.background, 4.5],
          [c.link, c.surface, 4.5],
          [c.accent, c.background, 3],
        ] as const) {
          expect(wcagContrast(fg, bg)).toBeGreaterThanOrEqual(ratio);
        }
        if (colors.text && c.text !== colors.text) expect(adjustments.join(' ')).toContain(`The text colour ${colors.text} became ${c.text}`);
        if (colors.primary && c.primary !== colors.primary) expect(adjustments.join(' ')).toContain(`The primary (button) colour ${colors.primary} became ${c.primary}`);
        if (colors.background) expect(c.background).toBe(colors.background);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a passing brand alone and says nothing', () => {
    const { theme, adjustments } = resolveTheme({ primary: '#1d4ed8', text: '#111111', background: '#ffffff' });
    expect(theme.colors.primary).toBe('#1d4ed8');
    expect(theme.colors.on_primary).toBe('#ffffff');
    expect(adjustments).toEqual([]);
  });

  it('darkens a light brand colour for white text keeping its hue, or picks dark text when that is the smaller change', () => {
    const adjusted = withContrast('#4caf50', '#ffffff', 4.5);
    expect(wcagContrast(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs((toOklch(adjusted)!.h ?? 0) - (toOklch('#4caf50')!.h ?? 0))).toBeLessThan(8);
    const yellow = resolveTheme({ primary: '#ffd54f' }).theme.colors;
    expect(yellow).toMatchObject({ primary: '#ffd54f', on_primary: '#111827' });
  });

  it('accepts CSS colours in any notation and names the accepted forms otherwise', () => {
    expect(colorSchema.parse('rgb(46 125 50)')).toBe('#2e7d32');
    expect(colorSchema.parse('teal')).toBe('#008080');
    const refused = colorSchema.safeParse('url(javascript:alert(1))');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/must be a CSS colour such as "#2e7d32"/);
  });
});
