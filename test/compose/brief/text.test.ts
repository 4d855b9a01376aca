import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';
import { price } from './helpers.js';

describe('extractBrief: text preparation', () => {
  it('HTML: tags are ignored, entities decoded, href URLs kept', () => {
    const brief = extractBrief('<p>Landing page for <b>Acme Cloud</b> &amp; friends — <a href="https://acme.cloud">site</a></p><script>alert(1)</script>');
    expect(brief.names).toEqual(['Acme Cloud']);
    expect(brief.urls).toEqual(['https://acme.cloud']);
  });

  it('whitespace is normalised in the prompt; the result keeps its shape for empty input', () => {
    expect(extractBrief('  a\n\tpage   for\u00a0Acme  ').prompt).toBe('a page for Acme');
    const fields = Object.keys(extractBrief('a landing page for Acme Yoga in Austin, $25 a class')).sort();
    for (const prompt of ['', '   ', '!!!', '🎉🎉🎉', '<br/>', '&amp;']) {
      const { prompt: text, niche, ...found } = extractBrief(prompt);
      expect(Object.keys({ prompt: text, niche, ...found }).sort()).toEqual(fields);
      expect({ text, niche }).toEqual({ text: prompt.trim(), niche: 'general' });
      // Nothing found: every other field empty (null or []).
      for (const [field, value] of Object.entries(found)) expect(value === null || (Array.isArray(value) && value.length === 0), field).toBe(true);
    }
  });

  it('long input is cut, not rejected', () => {
    const long = `Landing page for Acme Cloud in Austin, $49/month. ${'lorem ipsum dolor '.repeat(5000)} contact late@acme.com`;
    const brief = extractBrief(long);
    expect(brief.prompt.length).toBeLessThanOrEqual(10_000);
    expect(brief.names).toEqual(['Acme Cloud']);
    expect(brief.place).toBe('Austin');
    expect(brief.prices).toEqual([price('$49/month', '49', 'USD', 'month')]);
    expect(brief.emails).toEqual([]); // beyond the scanned part
  });
});
