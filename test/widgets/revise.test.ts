import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startApp, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';

/**
 * widget_revise and widget_get over REST: every operation and its effect on the sections AND
 * the rendered page, operations that cannot apply, instructions in words without a model
 * (and with one), versions, revert, access and concurrent revisions.
 */

interface Section {
  id: string;
  type: string;
  props: Record<string, any>;
}
interface Widget {
  widget_id: string;
  version: number;
  kind: string;
  sections: Section[];
  theme: { mode: string; density: string; radius: string; font: string; font_stack: string; colors: Record<string, string> };
  html: string;
  meta: { title: string; description: string; lang: string; generator: string; warnings: string[]; adjustments: string[]; form: { fields: string[] } | null };
  applied: string[];
  unapplied: string[];
  versions: Array<{ version: number; applied: string[]; unapplied: string[] }>;
}

// The template writes no reasons, quotes, answers or tiers (issue 14): a landing page has those sections when the caller gives them.
const LANDING = {
  kind: 'landing',
  prompt: 'a landing page for my dog grooming business in Austin',
  content: {
    features: [{ title: 'Gentle handling', text: 'Breaks whenever your dog needs one.' }],
    testimonials: [{ quote: 'Our poodle came home calm and fluffy.', name: 'Dana R.' }],
    faq: [
      { question: 'Do you take nervous dogs?', answer: 'Yes; tell us when you book.' },
      { question: 'Can I stay with my dog?', answer: 'Ask us when you book.' },
    ],
  },
};
const PRICED = {
  ...LANDING,
  prompt: 'a landing page for my dog grooming business in Austin: Basic $20, Premium $40',
  content: {
    ...LANDING.content,
    pricing: [
      { name: 'Basic', price: '$20' },
      { name: 'Premium', price: '$40' },
    ],
  },
};
const NEEDS_MODEL = /needs a model/;

function client(app: StartedApp, key = app.key) {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(app.url + path, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const post = async (path: string, body: unknown) => {
    const response = await call(path, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: await json(response) };
  };
  return {
    async generate(body: unknown = LANDING): Promise<Widget> {
      const { status, body: widget } = await post('/api/agents/widgets/generate', body);
      expect(status, JSON.stringify(widget)).toBe(200);
      return widget;
    },
    revise: (widgetId: string, change: Record<string, unknown>) => post('/api/agents/widgets/revise', { widget_id: widgetId, ...change }),
    /** A revision that must succeed: the next version of `from`. */
    async revised(from: Widget, change: Record<string, unknown>): Promise<Widget> {
      const { status, body } = await post('/api/agents/widgets/revise', { widget_id: from.widget_id, ...change });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.version).toBe(from.version + 1);
      return body;
    },
    /** A revision that must change nothing: the same version back, `changed: false`, nothing charged. */
    async unchanged(from: Widget, change: Record<string, unknown>): Promise<Widget & { changed: boolean }> {
      const used = async () => (await json(await call('/api/agents/usage'))).used as number;
      const before = await used();
      const { status, body } = await post('/api/agents/widgets/revise', { widget_id: from.widget_id, ...change });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ version: from.version, changed: false, applied: [] });
      expect(body.html).toBe(from.html);
      expect(await used()).toBe(before);
      return body;
    },
    async get(widgetId: string, version?: number) {
      const response = await call(`/api/agents/widgets/${widgetId}${version === undefined ? '' : `?version=${version}`}`);
      return { status: response.status, body: await json(response) };
    },
  };
}

const ids = (widget: Pick<Widget, 'sections'>) => widget.sections.map((section) => section.id);
const section = (widget: Pick<Widget, 'sections'>, id: string) => {
  const found = widget.sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no section "${id}" in ${ids(widget).join(', ')}`);
  return found;
};
/** Where each section starts in the page, in the page's order. */
const htmlOrder = (html: string, sectionIds: string[]) =>
  sectionIds
    .map((id) => [id, html.indexOf(` id="${id}"`)] as const)
    .filter(([, at]) => at >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([id]) => id);
/** The widget minus what every revision changes (version, html's version-stamped form action, timestamps). */
const state = (widget: Widget) => ({ sections: widget.sections, theme: widget.theme, title: widget.meta.title, description: widget.meta.description, lang: widget.meta.lang });

let app: StartedApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startPlannedApp();
  api = client(app);
});
afterAll(() => app.close());

describe('operations on a generated landing page', () => {
  it('set_text changes the text, escaped in the page; a nested path works too', async () => {
    const page = await api.generate();
    const headline = 'Grooming <b>& more</b> "today"';
    const next = await api.revised(page, {
      operations: [
        { op: 'set_text', section_id: 'hero', field: 'headline', value: headline },
        { op: 'set_text', section_id: 'faq', field: 'items.1.answer', value: 'Yes, and we go slowly.' },
      ],
    });
    expect(section(next, 'hero').props.headline).toBe(headline);
    expect(section(next, 'faq').props.items[1].answer).toBe('Yes, and we go slowly.');
    expect(next.html).toContain('Grooming &lt;b&gt;&amp; more&lt;/b&gt; &quot;today&quot;');
    expect(next.html).not.toContain('<b>& more');
    expect(next.html).toContain('Yes, and we go slowly.');
    expect(next.html).not.toContain(`<h1 id="hero-title">${section(page, 'hero').props.headline}<`);
    expect(next.applied).toEqual([expect.stringMatching(/hero\.headline/), expect.stringMatching(/faq\.items\.1\.answer/)]);
    expect(next.unapplied).toEqual([]);
    expect(next.meta.generator).toBe('caller');
  });

  it('set_theme changes colours, mode, density, radius and font in the theme and the CSS', async () => {
    const page = await api.generate();
    expect(page.theme).toMatchObject({ mode: 'light', density: 'comfortable', radius: 'medium', font: 'sans' });
    const next = await api.revised(page, { operations: [{ op: 'set_theme', primary: '#7c3aed', accent: 'teal', font: 'serif', radius: 'pill', density: 'minimal', mode: 'dark' }] });
    expect(next.theme).toMatchObject({ mode: 'dark', density: 'minimal', radius: 'pill', font: 'serif' });
    expect(next.theme.colors.primary).not.toBe(page.theme.colors.primary);
    expect(next.theme.colors.background).not.toBe(page.theme.colors.background);
    expect(next.html).toContain(`--primary:${next.theme.colors.primary}`);
    expect(next.html).toContain(`--bg:${next.theme.colors.background}`);
    expect(next.html).toContain('--radius:999px');
    expect(next.html).toContain('color-scheme:dark');
    expect(next.html).toContain(next.theme.font_stack);
    expect(next.theme.font_stack).toMatch(/Georgia/);
    expect(next.applied).toEqual([expect.stringMatching(/theme: .*primary #7c3aed.*mode dark/)]);
    // A colour the request asked for is either used or its change is listed.
    if (next.theme.colors.primary !== '#7c3aed') expect(next.meta.adjustments.join(' ')).toContain('#7c3aed');
  });

  it('add_section inserts where asked, with given props or written for the widget', async () => {
    const page = await api.generate(PRICED);
    const next = await api.revised(page, {
      operations: [
        { op: 'add_section', type: 'countdown', after: 'features', props: { heading: 'Spring special ends soon', deadline: '2031-04-01T00:00:00Z', ended_text: 'The special is over.' } },
        { op: 'add_section', type: 'faq' },
        { op: 'add_section', type: 'cta', position: 0, props: { headline: 'Open on Sundays', button: { text: 'See hours', url: '#contact' } } },
      ],
    });
    // Position 0 is below the header: the page always shows the header first, and the list says what the page shows.
    // A section added without a place goes before the closing call to action.
    expect(ids(next)).toEqual(['header', 'cta', 'hero', 'offer', 'features', 'countdown', 'pricing', 'testimonials', 'faq', 'contact', 'faq-2', 'closing', 'footer']);
    expect(section(next, 'countdown').props).toMatchObject({ heading: 'Spring special ends soon', deadline: '2031-04-01T00:00:00Z' });
    expect(section(next, 'header').props.links.map((link: { url: string }) => link.url)).toEqual(['#offer', '#features', '#pricing', '#testimonials', '#faq', '#countdown']);
    expect(next.html).toContain('<li><a href="#countdown">Countdown</a></li>');
    // The default FAQ is written for this widget, not left empty.
    expect(section(next, 'faq-2').props.items.length).toBeGreaterThan(0);
    expect(htmlOrder(next.html, ids(next))).toEqual(ids(next));
    expect(next.html).toContain('Spring special ends soon');
    expect(next.html).toContain('data-deadline="2031-04-01T00:00:00.000Z"');
    expect(next.html).toContain('Open on Sundays');
    expect(next.applied).toEqual([
      'added a countdown section "countdown" at position 4 and its navigation link',
      // The header already holds six links: the second FAQ gets none.
      'added a faq section "faq-2" at position 9',
      'added a cta section "cta" at position 1',
    ]);
  });

  it('remove_section removes the section and every navigation link to it', async () => {
    const page = await api.generate();
    expect(page.html).toContain('href="#testimonials"');
    const next = await api.revised(page, { operations: [{ op: 'remove_section', section_id: 'testimonials' }] });
    expect(ids(next)).toEqual(ids(page).filter((id) => id !== 'testimonials'));
    expect(next.html).not.toContain('testimonials');
    expect(next.html).not.toContain('Our poodle came home calm');
    expect(section(next, 'header').props.links.map((link: { url: string }) => link.url)).not.toContain('#testimonials');
    expect(next.applied).toEqual([expect.stringMatching(/removed the testimonials section "testimonials" and its navigation link$/)]);
  });

  it('remove_section names the buttons that still point at a removed section', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { operations: [{ op: 'remove_section', section_id: 'contact' }] });
    expect(next.html).not.toContain('id="contact"');
    expect(next.html).not.toContain('<form');
    expect(next.meta.form).toBeNull();
    expect(next.applied[0]).toMatch(/buttons in "hero", "closing" still link to #contact/);
  });

  it('move_section reorders the sections and the page', async () => {
    const page = await api.generate(PRICED);
    expect(ids(page).indexOf('faq')).toBeGreaterThan(ids(page).indexOf('pricing'));
    const next = await api.revised(page, {
      operations: [
        { op: 'move_section', section_id: 'faq', before: 'pricing' },
        { op: 'move_section', section_id: 'features', after: 'contact' },
      ],
    });
    expect(ids(next)).toEqual(['header', 'hero', 'offer', 'faq', 'pricing', 'testimonials', 'contact', 'features', 'closing', 'footer']);
    expect(htmlOrder(next.html, ids(next))).toEqual(ids(next));
    expect(next.applied).toEqual(['moved "faq" to position 4', 'moved "features" to position 7']);
  });

  it('set_cta changes every main button, or one section', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { operations: [{ op: 'set_cta', text: 'Book today', url: 'https://example.com/book?src=lp&x=1' }] });
    expect(section(next, 'hero').props.cta).toEqual({ text: 'Book today', url: 'https://example.com/book?src=lp&x=1' });
    expect(section(next, 'closing').props.button).toEqual({ text: 'Book today', url: 'https://example.com/book?src=lp&x=1' });
    expect(section(next, 'contact').props.button_text).toBe('Book today');
    expect(next.html.split('href="https://example.com/book?src=lp&amp;x=1"').length - 1).toBe(2);
    expect(next.html).toContain('<button type="submit" class="btn">Book today</button>');
    expect(next.applied).toEqual([expect.stringMatching(/main button text "Book today" link https:\/\/example\.com\/book.* in "hero", "contact", "closing"/)]);

    const only = await api.revised(next, { operations: [{ op: 'set_cta', section_id: 'closing', text: 'Come in' }] });
    expect(section(only, 'closing').props.button).toEqual({ text: 'Come in', url: 'https://example.com/book?src=lp&x=1' });
    expect(section(only, 'hero').props.cta.text).toBe('Book today');
    expect(only.html).toContain('>Come in</a>');
  });

  it('set_props replaces fields of a section', async () => {
    const page = await api.generate();
    const items = [{ question: 'Do you groom cats?', answer: 'Only the brave ones.' }];
    const next = await api.revised(page, {
      operations: [
        { op: 'set_props', section_id: 'faq', props: { heading: 'Good questions', items } },
        { op: 'set_props', section_id: 'features', props: { intro: 'Three reasons.' } },
      ],
    });
    expect(section(next, 'faq').props).toEqual({ heading: 'Good questions', items });
    expect(section(next, 'features').props.intro).toBe('Three reasons.');
    expect(section(next, 'features').props.items).toEqual(section(page, 'features').props.items);
    expect(next.html).toContain('<summary>Do you groom cats?</summary>');
    expect(next.html).not.toContain(section(page, 'faq').props.items[0].question);
    expect(next.html).toContain('Three reasons.');
    expect(next.applied).toEqual(['updated heading, items of "faq"', 'updated intro of "features"']);
  });

  it('set_meta sets the title, description and language of the page', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { operations: [{ op: 'set_meta', title: 'Grooming & spa', description: 'Calm grooming in Austin.', lang: 'es-MX' }] });
    expect(next.meta).toMatchObject({ title: 'Grooming & spa', description: 'Calm grooming in Austin.', lang: 'es-MX' });
    expect(next.html).toContain('<title>Grooming &amp; spa</title>');
    expect(next.html).toContain('<meta name="description" content="Calm grooming in Austin.">');
    expect(next.html).toContain('<html lang="es-MX"');
    expect(next.sections).toEqual(page.sections);
    expect(next.applied).toEqual([expect.stringMatching(/title "Grooming & spa", description .*lang "es-MX"/)]);
  });
});

describe('operations that cannot apply', () => {
  it('are reported with the reason and change nothing, while valid ones in the same call apply', async () => {
    const page = await api.generate(PRICED);
    const next = await api.revised(page, {
      operations: [
        { op: 'set_text', section_id: 'hero', field: 'headline', value: 'Still applied' },
        { op: 'set_text', section_id: 'pricing-table', field: 'heading', value: 'Prices' },
        { op: 'set_text', section_id: 'hero', field: 'cta', value: 'Not a link' },
        { op: 'set_text', section_id: 'contact', field: 'fields.0.required', value: 'yes' },
        { op: 'set_props', section_id: 'faq', props: { items: [] } },
        { op: 'set_props', section_id: 'hero', props: { subtitle: 'Nope' } },
        { op: 'add_section', type: 'pricing', props: { heading: 'More prices' } },
        { op: 'move_section', section_id: 'faq', before: 'prices' },
        { op: 'remove_section', section_id: 'Gallery'.toLowerCase() },
        { op: 'set_cta', section_id: 'features', text: 'Go' },
        { op: 'move_section', section_id: 'footer', position: 0 },
        { op: 'move_section', section_id: 'hero', position: 0 },
        { op: 'set_text', section_id: 'hero', field: '__proto__.polluted', value: 'Polluted' },
        { op: 'set_cta', url: '#gallery' },
        { op: 'set_theme', primary: '#1d4ed8' },
      ],
    });
    expect(next.applied).toEqual([expect.stringMatching(/hero\.headline/), 'theme: primary #1d4ed8']);
    const existing = ids(page)
      .map((id) => `"${id}"`)
      .join(', ');
    expect(next.unapplied).toEqual([
      `set_text "pricing-table": there is no section "pricing-table"; the sections are ${existing}`,
      'set_text "hero": "cta" is not a text field',
      'set_text "contact": "fields.0.required" is not a text field',
      expect.stringMatching(/^set_props "faq": props\.items: .*1/),
      'set_props "hero": unknown field "props.subtitle"',
      expect.stringMatching(/^add_section pricing: props\.tiers: /),
      // Every section is named, the one being moved too.
      `move_section "faq": there is no section "prices"; the sections are ${existing}`,
      `remove_section "gallery": there is no section "gallery"; the sections are ${existing}`,
      'set_cta "features": section "features" has no main button',
      'move_section "footer": the footer always sits at the bottom of the page',
      // Position 0 is below the header, where the hero already is: nothing to do, and nothing claimed.
      'move_section "hero": "hero" is already there (position 1)',
      'set_text "hero": "__proto__" is not a field',
      `set_cta: there is no section "gallery"; the sections are ${existing}`,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Nothing but the headline and the primary colour changed.
    expect(next.sections).toEqual(page.sections.map((s) => (s.id === 'hero' ? { ...s, props: { ...s.props, headline: 'Still applied' } } : s)));
    expect(next.theme.colors.primary).toBe('#1d4ed8');
    expect({ ...next.theme, colors: undefined, contrast: undefined }).toEqual({ ...page.theme, colors: undefined, contrast: undefined });
    expect(next.html).toContain('Still applied');
    expect(next.html).not.toContain('More prices');
    expect(next.html).not.toContain('subtitle');
  });

  it('props named like built-in object members are unknown fields, not claimed as applied', async () => {
    const page = await api.generate();
    const next = await api.unchanged(page, {
      operations: [
        { op: 'set_props', section_id: 'hero', props: { constructor: 'x' } },
        { op: 'add_section', type: 'faq', props: { heading: 'More', items: [{ question: 'Q?', answer: 'A.' }], toString: 'x' } },
      ],
    });
    expect(next.applied).toEqual([]);
    expect(next.unapplied).toEqual(['set_props "hero": unknown field "props.constructor"', 'add_section faq: unknown field "props.toString"']);
    expect(next.sections).toEqual(page.sections);
  });

  it('refuses to remove the only section', async () => {
    const faq = await api.generate({ kind: 'faq', prompt: 'an FAQ for my bakery' });
    expect(ids(faq)).toEqual(['faq']);
    const next = await api.unchanged(faq, { operations: [{ op: 'remove_section', section_id: 'faq' }] });
    expect(next.unapplied).toEqual([expect.stringMatching(/only section/)]);
    expect(next.sections).toEqual(faq.sections);
  });

  it('an operation that fails the input schema is a 400 and makes no version', async () => {
    const page = await api.generate();
    const { status, body } = await api.revise(page.widget_id, { operations: [{ op: 'set_theme', primary: 'not-a-colour' }] });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/primary/);
    expect((await api.get(page.widget_id)).body.version).toBe(1);
  });
});

describe('instructions in words, without a model', () => {
  it('"make the button green"', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: 'make the button green' });
    expect(next.meta.generator).toBe('template');
    expect(next.applied).toEqual(['theme: primary #008000']);
    expect(next.unapplied).toEqual([]);
    // Green is used as asked, or moved for contrast and the change is listed.
    if (next.theme.colors.primary !== '#008000') expect(next.meta.adjustments.join(' ')).toContain('#008000 became');
    expect(next.html).toContain(`--primary:${next.theme.colors.primary}`);
  });

  it('"change the headline to \'Ship faster\'"', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: "change the headline to 'Ship faster'" });
    expect(section(next, 'hero').props.headline).toBe('Ship faster');
    expect(next.html).toContain('<h1 id="hero-title">Ship faster</h1>');
  });

  it("\"change the headline to 'Don't wait'\": an apostrophe inside the quotes", async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: "change the headline to 'Don't wait'" });
    expect(section(next, 'hero').props.headline).toBe("Don't wait");
    expect(next.html).toContain('Don&#39;t wait</h1>');
    const dotted = await api.revised(next, { instructions: 'Change the headline to "Grooming. Done right."' });
    expect(section(dotted, 'hero').props.headline).toBe('Grooming. Done right.');
    // Quoted text is never split, whatever separators it holds.
    const words = await api.revised(dotted, { instructions: "change the headline to 'Rest, then play; and make friends.' and make the button green" });
    expect(section(words, 'hero').props.headline).toBe('Rest, then play; and make friends.');
    expect(words.applied).toHaveLength(2);
    expect(words.unapplied).toEqual([]);
  });

  it('"add a FAQ section" to a waitlist', async () => {
    const waitlist = await api.generate({ kind: 'waitlist', prompt: 'a waitlist for my meal-planning app' });
    expect(waitlist.sections.some((s) => s.type === 'faq')).toBe(false);
    const next = await api.revised(waitlist, { instructions: 'add a FAQ section' });
    expect(next.sections.map((s) => s.type)).toEqual(['hero', 'form', 'faq']);
    expect(section(next, 'faq').props.items.length).toBeGreaterThan(0);
    expect(next.html).toContain('<section id="faq"');
    expect(next.html).toContain(`<summary>${section(next, 'faq').props.items[0].question}</summary>`.replace(/'/g, '&#39;'));
  });

  it('"remove the testimonials"', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: 'remove the testimonials' });
    expect(next.sections.some((s) => s.type === 'testimonials')).toBe(false);
    expect(next.html).not.toContain('testimonials');
    // Again: there are none left to remove, and it says so.
    const again = await api.unchanged(next, { instructions: 'remove the testimonials' });
    expect(again.unapplied).toEqual(['remove the testimonials (the widget has no testimonials section)']);
    expect(again.sections).toEqual(next.sections);
  });

  it('"darker and more minimal"', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: 'darker and more minimal' });
    expect(next.theme).toMatchObject({ mode: 'dark', density: 'minimal' });
    expect(next.html).toContain('color-scheme:dark');
    expect(next.html).toContain('.sec{padding:3rem 0}');
  });

  it('"move the FAQ above the pricing"', async () => {
    const page = await api.generate(PRICED);
    expect(ids(page).indexOf('faq')).toBeGreaterThan(ids(page).indexOf('pricing'));
    const next = await api.revised(page, { instructions: 'move the FAQ above the pricing' });
    expect(ids(next).indexOf('faq')).toBe(ids(page).indexOf('pricing'));
    expect(ids(next).indexOf('pricing')).toBe(ids(next).indexOf('faq') + 1);
    expect(htmlOrder(next.html, ids(next))).toEqual(ids(next));
  });

  it('"use a serif font", "rounder corners", "make the corners sharper", "change the font to Georgia"', async () => {
    const page = await api.generate();
    const serif = await api.revised(page, { instructions: 'use a serif font' });
    expect(serif.theme.font).toBe('serif');
    expect(serif.html).toContain(serif.theme.font_stack);
    const rounder = await api.revised(serif, { instructions: 'rounder corners' });
    expect(rounder.theme.radius).toBe('large');
    expect(rounder.html).toContain('--radius:18px');
    const sharper = await api.revised(rounder, { instructions: 'make the corners sharper' });
    expect(sharper.theme.radius).toBe('none');
    const rounderAgain = await api.revised(sharper, { instructions: 'make the corners rounder' });
    expect(rounderAgain.theme.radius).toBe('large');
    const georgia = await api.revised(rounderAgain, { instructions: 'change the font to Georgia' });
    expect(georgia.theme.font).toBe('Georgia');
    expect(georgia.html).toContain('font:1rem/1.6 "Georgia"');
  });

  it('"link the button to https://example.com/signup" and "change the button text to \'Join now\'"', async () => {
    const page = await api.generate();
    const linked = await api.revised(page, { instructions: 'link the button to https://example.com/signup.' });
    expect(section(linked, 'hero').props.cta).toEqual({ text: section(page, 'hero').props.cta.text, url: 'https://example.com/signup' });
    expect(section(linked, 'closing').props.button.url).toBe('https://example.com/signup');
    expect(linked.html).toContain('href="https://example.com/signup"');
    const renamed = await api.revised(linked, { instructions: "change the button text to 'Join now'" });
    expect(section(renamed, 'hero').props.cta).toEqual({ text: 'Join now', url: 'https://example.com/signup' });
    expect(section(renamed, 'closing').props.button.text).toBe('Join now');
    expect(renamed.html).toContain('>Join now</a>');
  });

  it('several instructions in one sentence, split at ";" and " and "', async () => {
    const page = await api.generate(PRICED);
    const next = await api.revised(page, { instructions: "make the button green; change the headline to 'A and B' and remove the testimonials and move the FAQ above the pricing" });
    expect(next.applied).toHaveLength(4);
    expect(next.unapplied).toEqual([]);
    expect(next.theme.colors.primary === '#008000' || next.meta.adjustments.join(' ').includes('#008000')).toBe(true);
    expect(section(next, 'hero').props.headline).toBe('A and B');
    expect(next.sections.some((s) => s.type === 'testimonials')).toBe(false);
    expect(ids(next).indexOf('faq')).toBeLessThan(ids(next).indexOf('pricing'));
  });

  it('several colours in one clause each go to their own role', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: 'make the button orange and the background navy' });
    expect(next.applied).toEqual([expect.stringMatching(/primary #ffa500.*background #000080/)]);
    expect(next.theme.colors.background).toBe('#000080');
    expect(next.theme.mode).toBe('dark');
    const text = await api.revised(next, { instructions: 'white background, dark gray text' });
    expect(text.theme.colors).toMatchObject({ background: '#ffffff', text: '#4a4a4a' });
    expect(text.html).toContain('--text:#4a4a4a');
    const mixed = await api.revised(text, { instructions: 'make the button teal and the page darker' });
    expect(mixed.theme.mode).toBe('dark');
    expect(mixed.applied).toEqual([expect.stringMatching(/primary #008080.*mode dark/)]);
  });

  it('more phrasings: page title, headings, subheadline, brand name, success message', async () => {
    const page = await api.generate();
    const next = await api.revised(page, {
      instructions: [
        "set the page title to 'Grooming in Austin'",
        "change the FAQ heading to 'Your questions'",
        "change the subheadline to 'Calm dogs, happy owners'",
        "change the brand name to 'Paws & Co'",
        "change the success message to 'Thanks, talk soon!'",
        "change the headline of the closing section to 'Come by'",
      ].join('\n'),
    });
    expect(next.unapplied).toEqual([]);
    expect(next.meta.title).toBe('Grooming in Austin');
    expect(section(next, 'faq').props.heading).toBe('Your questions');
    expect(section(next, 'hero').props.subheadline).toBe('Calm dogs, happy owners');
    expect(section(next, 'header').props.brand).toBe('Paws & Co');
    expect(section(next, 'contact').props.success_message).toBe('Thanks, talk soon!');
    expect(section(next, 'closing').props.headline).toBe('Come by');
    expect(next.html).toContain('<title>Grooming in Austin</title>');
    expect(next.html).toContain('Paws &amp; Co');
    expect(next.html).toContain('Calm dogs, happy owners');
  });

  it('more phrasings: get rid of, move up, swap, at the bottom, add after', async () => {
    const page = await api.generate(PRICED);
    // header, hero, offer, features, pricing, testimonials, faq, contact, closing, footer
    const up = await api.revised(page, { instructions: 'move the FAQ up' });
    expect(ids(up)).toEqual(['header', 'hero', 'offer', 'features', 'pricing', 'faq', 'testimonials', 'contact', 'closing', 'footer']);
    const swapped = await api.revised(up, { instructions: 'swap the features and the contact form' });
    expect(ids(swapped)).toEqual(['header', 'hero', 'offer', 'contact', 'pricing', 'faq', 'testimonials', 'features', 'closing', 'footer']);
    const bottom = await api.revised(swapped, { instructions: 'put the pricing at the bottom' });
    expect(ids(bottom)).toEqual(['header', 'hero', 'offer', 'contact', 'faq', 'testimonials', 'features', 'closing', 'pricing', 'footer']);
    const gone = await api.revised(bottom, { instructions: 'get rid of the pricing section' });
    expect(ids(gone)).not.toContain('pricing');
    expect(gone.html).not.toContain('href="#pricing"');
    const added = await api.revised(gone, { instructions: 'add a countdown after the hero' });
    expect(ids(added).slice(0, 3)).toEqual(['header', 'hero', 'countdown']);
    expect(added.html).toContain('class="countdown"');
    expect(added.meta.warnings.join(' ')).toMatch(/countdown ends on/);
    expect(htmlOrder(added.html, ids(added))).toEqual(ids(added));
  });

  it('what it cannot do is unapplied with the reason, and the rest applies', async () => {
    const page = await api.generate();
    const next = await api.revised(page, {
      instructions: 'make the button text white; make the text darker; remove the countdown; move the footer to the top; swap the header and the FAQ; make the button blue',
    });
    expect(next.applied).toEqual(['theme: primary #0000ff']);
    // Parser refusals come first, then the operations that could not apply.
    expect(next.unapplied).toEqual([
      expect.stringMatching(/^make the button text white \(the button text colour is chosen for contrast/),
      expect.stringMatching(/^make the text darker \(needs a model/),
      'remove the countdown (the widget has no countdown section)',
      'swap the header and the FAQ (the header always sits at the top of the page)',
      'move_section "footer": the footer always sits at the bottom of the page',
    ]);
    // "Darker text" is not a dark page.
    expect(next.theme.mode).toBe('light');
    expect(next.sections).toEqual(page.sections);
  });

  it('instructions that ask for no change at all are a 400', async () => {
    const page = await api.generate();
    const { status, body } = await api.revise(page.widget_id, { instructions: '...' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
  });
});

describe('revisions that carry facts (issue 14 §6)', () => {
  const DENTIST = { kind: 'landing', prompt: 'A page for Sonrisa Dental, a family dentist in Madrid. Call us on +34 912 345 678.' };

  it('"add a pricing section with 3 tiers: …" gives exactly those three tiers with their names and prices, before the closing call to action', async () => {
    const page = await api.generate(DENTIST);
    const next = await api.revised(page, { instructions: 'add a pricing section with 3 tiers: Check-up €45, Whitening €250, Invisalign from €2,900' });
    expect(next.unapplied).toEqual([]);
    const pricing = next.sections.find((candidate) => candidate.type === 'pricing')!;
    expect(pricing.props.tiers.map((tier: { name: string; price: string }) => [tier.name, tier.price])).toEqual([
      ['Check-up', '€45'],
      ['Whitening', '€250'],
      ['Invisalign', 'from €2,900'],
    ]);
    expect(ids(next).indexOf(pricing.id)).toBe(ids(next).indexOf('closing') - 1);
    expect(next.html).toContain('from €2,900');
  });

  it('a count that does not match what was written is unapplied with the reason, and makes no version', async () => {
    const page = await api.generate(DENTIST);
    const next = await api.unchanged(page, { instructions: 'add a pricing section with 3 tiers: Check-up €45 and Whitening €250' });
    expect(next.unapplied).toEqual([expect.stringMatching(/asked for 3 tiers but read 2 with a price \(Check-up €45, Whitening €250\)/)]);
  });

  it('"add our address … and opening hours to the footer" sets them in the one footer', async () => {
    const page = await api.generate(DENTIST);
    const next = await api.revised(page, { instructions: 'add our address (Calle Mayor 12, 28013 Madrid) and opening hours (Mon–Fri 9:00–19:00, Sat 10:00–14:00) to the footer' });
    expect(next.unapplied).toEqual([]);
    expect(next.sections.filter((candidate) => candidate.type === 'footer')).toHaveLength(1);
    expect(section(next, 'footer').props).toMatchObject({ address: 'Calle Mayor 12, 28013 Madrid', hours: ['Mon–Fri 9:00–19:00', 'Sat 10:00–14:00'], phone: '+34 912 345 678' });
    expect(next.html).toContain('<address>Calle Mayor 12, 28013 Madrid</address>');
    expect(next.html).toContain('Sat 10:00–14:00');
  });

  it('hours asked for and not given are unapplied, not an empty change', async () => {
    const page = await api.generate(DENTIST);
    const next = await api.unchanged(page, { instructions: 'add our opening hours to the footer' });
    expect(next.unapplied).toEqual([expect.stringMatching(/could not read the opening hours/)]);
  });
});

describe('honest unapplied without a model', () => {
  for (const instructions of ['translate the page into Spanish', 'make it more playful']) {
    it(`"${instructions}" says it needs a model, and makes no version and no charge`, async () => {
      const page = await api.generate();
      const next = await api.unchanged(page, { instructions });
      expect(next.applied).toEqual([]);
      expect(next.unapplied).toEqual([expect.stringContaining(instructions)]);
      expect(next.unapplied[0]).toMatch(NEEDS_MODEL);
      expect(next.unapplied[0]).toMatch(/LLM_BASE_URL/);
      expect(state(next)).toEqual(state(page));
    });
  }

  it('a clause that needs a model does not stop the others', async () => {
    const page = await api.generate();
    const next = await api.revised(page, { instructions: 'make the button green and translate the page into Spanish' });
    expect(next.applied).toEqual(['theme: primary #008000']);
    expect(next.unapplied).toEqual([expect.stringMatching(/^translate the page into Spanish \(needs a model/)]);
    expect(next.meta.lang).toBe('en');
  });
});

describe('versions, revert and access', () => {
  it('lists versions with what each changed; ?version=1 is the original; revert_to makes a new version', async () => {
    const page = await api.generate();
    const v2 = await api.revised(page, { operations: [{ op: 'set_text', section_id: 'hero', field: 'headline', value: 'Second version' }] });
    const v3 = await api.revised(v2, { operations: [{ op: 'set_theme', primary: '#7c3aed' }] });
    // The same change again changes nothing: no version 4, and it says the change was so already.
    const again = await api.unchanged(v3, { operations: [{ op: 'set_theme', primary: '#7c3aed' }] });
    expect(again.unapplied).toEqual([expect.stringContaining('already so')]);

    const latest = await api.get(page.widget_id);
    expect(latest.status).toBe(200);
    expect(latest.body.version).toBe(3);
    expect(latest.body.versions).toEqual([
      expect.objectContaining({ version: 1, applied: [], unapplied: [] }),
      expect.objectContaining({ version: 2, applied: v2.applied, unapplied: [] }),
      expect.objectContaining({ version: 3, applied: v3.applied, unapplied: [] }),
    ]);

    const first = await api.get(page.widget_id, 1);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    expect(first.body.html).toBe(page.html);
    expect(first.body.sections).toEqual(page.sections);
    expect(first.body.html).not.toContain('Second version');

    const reverted = await api.revised(v3, { revert_to: 1 });
    expect(reverted.version).toBe(4);
    expect(reverted.sections).toEqual(page.sections);
    expect(state(reverted)).toEqual(state(page));
    expect(reverted.applied).toEqual(['restored version 1']);
    expect(reverted.html).not.toContain('Second version');
    expect(reverted.html).toContain(section(page, 'hero').props.headline);
    expect((await api.get(page.widget_id, 2)).body.html).toContain('Second version');
    expect((await api.get(page.widget_id)).body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3, 4]);
  });

  it('revert_to a missing version is a 404 naming the range, and makes no version', async () => {
    const page = await api.generate();
    const { status, body } = await api.revise(page.widget_id, { revert_to: 7 });
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('versions are 1 to 1');
    expect((await api.get(page.widget_id)).body.versions).toHaveLength(1);
    const missing = await api.get(page.widget_id, 5);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('versions are 1 to 1');
  });

  it('takes exactly one of instructions, operations or revert_to', async () => {
    const page = await api.generate();
    for (const change of [{}, { instructions: 'make the button green', revert_to: 1 }, { operations: [{ op: 'set_theme', mode: 'dark' }], instructions: 'make it dark' }]) {
      const { status, body } = await api.revise(page.widget_id, change);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details.issues).toEqual([expect.objectContaining({ path: 'instructions', message: 'give exactly one of instructions, operations or revert_to' })]);
      expect(body.error.message).toContain('instructions');
    }
    expect((await api.get(page.widget_id)).body.version).toBe(1);
  });

  it('an unknown widget is a 404', async () => {
    const unknown = 'wgt_01m80s3by0ekerfjy6w4xkp4y8';
    const revised = await api.revise(unknown, { instructions: 'make the button green' });
    expect(revised.status).toBe(404);
    expect(revised.body.error.code).toBe('not_found');
    expect((await api.get(unknown)).status).toBe(404);
    expect((await api.get('not-a-widget')).status).toBe(400);
  });

  it("another account's widget is a 404 and stays unchanged", async () => {
    const page = await api.generate();
    const other = await app.access.accounts.create({ name: 'Other', plan: 'starter' });
    const otherApi = client(app, (await app.access.keys.create({ accountId: other.id, scopes: ['*'] })).secret);
    const revised = await otherApi.revise(page.widget_id, { operations: [{ op: 'set_theme', mode: 'dark' }] });
    expect(revised.status).toBe(404);
    expect(revised.body.error.message).toContain('for this account');
    expect((await otherApi.revise(page.widget_id, { revert_to: 1 })).status).toBe(404);
    expect((await otherApi.get(page.widget_id)).status).toBe(404);
    expect((await otherApi.get(page.widget_id, 1)).status).toBe(404);
    const mine = await api.get(page.widget_id);
    expect(mine.body.version).toBe(1);
    expect(mine.body.theme.mode).toBe('light');
  });
});

describe('concurrent revisions', () => {
  it('of the same version each get their own version or a 409; none is lost, none is a 500', async () => {
    const page = await api.generate({ kind: 'waitlist', prompt: 'a waitlist for my meal-planning app' });
    const changes = [
      { section_id: 'hero', field: 'headline', value: 'Parallel one' },
      { section_id: 'hero', field: 'subheadline', value: 'Parallel two' },
      { section_id: 'hero', field: 'eyebrow', value: 'Parallel three' },
      { section_id: 'waitlist', field: 'heading', value: 'Parallel four' },
      { section_id: 'waitlist', field: 'success_message', value: 'Parallel five' },
    ];
    const results = await Promise.all(changes.map((change) => api.revise(page.widget_id, { operations: [{ op: 'set_text', ...change }] })));
    const succeeded = results.filter((result) => result.status === 200);
    for (const result of results) {
      expect([200, 409], JSON.stringify(result.body)).toContain(result.status);
      if (result.status === 409) {
        expect(result.body.error.code).toBe('conflict');
        expect(result.body.error.message).toMatch(/widget_get/);
      }
    }
    const versions = succeeded.map((result) => result.body.version).sort((a, b) => a - b);
    expect(versions).toEqual(versions.map((_, index) => index + 2));

    const latest = await api.get(page.widget_id);
    expect(latest.body.versions.map((v: { version: number }) => v.version)).toEqual([1, ...versions]);
    // Every revision that succeeded is in the latest version: none overwrote another.
    for (const [index, result] of results.entries()) {
      if (result.status !== 200) continue;
      const change = changes[index]!;
      expect(section(latest.body, change.section_id).props[change.field]).toBe(change.value);
    }
  });
});

describe('instructions through a model (OpenAI-compatible)', () => {
  let llm: FakeLlm;
  let modelApp: StartedApp;
  let modelApi: ReturnType<typeof client>;
  beforeAll(async () => {
    // One answer per model request, in the order of the tests below.
    const translation = {
      operations: [
        { op: 'set_text', section_id: 'hero', field: 'headline', value: 'Peluquería canina en Austin' },
        { op: 'set_meta', lang: 'es' },
        { op: 'set_text', section_id: 'hero-es', field: 'headline', value: 'Hola' },
      ],
    };
    const invalid = [{ operations: [{ op: 'paint', colour: 'green' }] }, { changes: [] }];
    llm = await startFakeLlm({ answers: [translation, ...invalid].map((answer) => JSON.stringify(answer)) });
    modelApp = await startApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AUTH_MAX_FAILURES: '100000' });
    modelApi = client(modelApp);
  });
  afterAll(async () => {
    await modelApp.close();
    await llm.close();
  });

  it("applies the model's operations, reports the ones that cannot apply, and says the model did it", async () => {
    const page = await modelApi.generate({ ...LANDING, generator: 'template' });
    expect(llm.requests).toHaveLength(0);
    const next = await modelApi.revised(page, { instructions: 'translate the page into Spanish' });
    expect(next.meta.generator).toBe('llm');
    expect(next.meta.warnings).toEqual([]);
    expect(section(next, 'hero').props.headline).toBe('Peluquería canina en Austin');
    expect(next.meta.lang).toBe('es');
    expect(next.html).toContain('<html lang="es"');
    expect(next.html).toContain('Peluquería canina en Austin</h1>');
    expect(next.applied).toHaveLength(2);
    expect(next.unapplied).toEqual([expect.stringMatching(/there is no section "hero-es"/)]);
    // The model saw the request and the page's sections.
    const request = llm.requests.at(-1)!;
    expect(request.response_format.json_schema.name).toBe('widget_operations');
    const prompt = request.messages.find((message) => message.role === 'user')!.content;
    expect(prompt).toContain('Request: translate the page into Spanish');
    expect(prompt).toContain(section(page, 'hero').props.headline);
  });

  it('falls back to the template parser with a warning when the model fails the schema twice', async () => {
    const page = await modelApi.generate({ ...LANDING, generator: 'template' });
    const before = llm.requests.length;
    const next = await modelApi.revised(page, { instructions: 'make the button green; make it more playful' });
    expect(llm.requests.length - before).toBe(2);
    expect(next.meta.generator).toBe('template');
    expect(next.meta.warnings).toEqual([expect.stringMatching(/template.*fake-model/)]);
    expect(next.applied).toEqual(['theme: primary #008000']);
    expect(next.unapplied).toEqual([expect.stringMatching(/^make it more playful \(needs a model/)]);
  });

  it('generator "template" does not ask the model', async () => {
    const page = await modelApi.generate({ ...LANDING, generator: 'template' });
    const before = llm.requests.length;
    const next = await modelApi.revised(page, { instructions: 'use a serif font', generator: 'template' });
    expect(llm.requests.length).toBe(before);
    expect(next.meta.generator).toBe('template');
    expect(next.theme.font).toBe('serif');
  });
});
