import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import { en } from '../../src/compose/frames/en.js';
import { es } from '../../src/compose/frames/es.js';
import { frameLanguages } from '../../src/compose/frames/index.js';

/**
 * Issue 14 over REST, as the user's trial ran it: widget_generate and widget_revise keep the caller's facts (names,
 * prices, conditions, address, hours, phone, the news) in their words, invent nothing (no tiers, quotes, answers,
 * ratings or policies the prompt does not give), mark example text as such, and write the page in the prompt's
 * language. The model path: what a model adds that the request does not say is removed, and a headline that drops
 * the news is replaced.
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
  html: string;
  meta: {
    title: string;
    lang: string;
    generator: string;
    written_by: Record<string, string>;
    facts: Array<{ fact: string; placed_in: string }>;
    missing_facts: string[];
    placeholders: Array<{ section_id: string; supply: string }>;
    improve: string[];
    warnings: string[];
  };
  applied?: string[];
  unapplied?: string[];
}

const MUGS = 'a shop for handmade mugs ($38), teapots ($95) and planters ($29), free shipping over $75 in the US';
const DENTIST = 'Landing page for Sonrisa Dental, Calle Mayor 12, 28013 Madrid. Open Mon–Fri 9:00–19:00, Sat 10:00–14:00. Check-up €45, whitening €250, Invisalign from €2,900. Call +34 912 345 678.';
const ANNOUNCEMENT = 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00) from December 5';
const ANUNCIO = 'Anuncie que Clínica Sol abre los sábados de 9:00 a 14:00 desde el 5 de diciembre.';
const BAKERY = 'Página para Panadería La Espiga en Calle Mayor 5, Madrid. Pan de masa madre 4,50 €, croissant 1,80 €. Abrimos de lunes a sábado de 8:00 a 14:00.';

function client(app: StartedApp) {
  const post = async (path: string, body: unknown) => {
    const response = await app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await json(response) };
  };
  return {
    async generate(body: Record<string, unknown>): Promise<Widget> {
      const { status, body: widget } = await post('/api/agents/widgets/generate', body);
      expect(status, JSON.stringify(widget)).toBe(200);
      return widget;
    },
    async revise(widgetId: string, change: Record<string, unknown>): Promise<Widget> {
      const { status, body } = await post('/api/agents/widgets/revise', { widget_id: widgetId, ...change });
      expect(status, JSON.stringify(body)).toBe(200);
      return body;
    },
  };
}

const section = (widget: Pick<Widget, 'sections'>, id: string) => {
  const found = widget.sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no section "${id}" in ${widget.sections.map((s) => s.id).join(', ')}`);
  return found;
};
const types = (widget: Widget) => widget.sections.map((s) => s.type);

/** What a visitor reads: the page without its styles, script and tags, entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

/** Every "(" closed by a ")" in each text. */
const balanced = (text: string) => {
  let depth = 0;
  for (const char of text) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `phrase` as words of its own in `text`, case-sensitive ("Contact" is not in "Contacto"). */
const says = (text: string, phrase: string) => new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, 'u').test(text);

let app: StartedApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startPlannedApp();
  api = client(app);
});
afterAll(() => app.close());

describe('a shop with priced products (the trial\'s "handmade mugs" prompt)', () => {
  it('lists each product with its own price, says the shipping condition, and names no tier the caller did not', async () => {
    const page = await api.generate({ prompt: MUGS, generator: 'template' });
    // No invented plans: no tier names, and no pricing section at all (the products are offerings, not tiers).
    expect(JSON.stringify(page.sections)).not.toMatch(/\b(Basic|Standard|Premium|Enterprise|Starter|Pro)\b/);
    expect(visibleText(page.html)).not.toMatch(/\b(Basic|Standard|Premium|Enterprise)\b/);
    expect(types(page)).not.toContain('pricing');

    const offer = section(page, 'offer');
    expect(offer.type).toBe('offerings');
    expect(offer.props.items.map((item: { price: string }) => item.price)).toEqual(['$38', '$95', '$29']);
    expect(offer.props.items.map((item: { name: string }) => item.name)).toEqual([expect.stringMatching(/mugs$/i), expect.stringMatching(/^teapots$/i), expect.stringMatching(/^planters$/i)]);
    for (const price of ['$38', '$95', '$29']) expect(page.html).toContain(price);
    expect(visibleText(page.html)).toContain('Free shipping over $75 in the US');

    // The headline is about the shop, not "Us" read as a name, nor a stock phrase.
    const headline = section(page, 'hero').props.headline as string;
    expect(headline).not.toMatch(/\bUs\b/);
    expect(headline).not.toMatch(/you can count on/i);
    expect(page.html).not.toMatch(/you can count on/i);

    // Every product is reported where the page shows it, and nothing is missing.
    const offerings = page.meta.facts.filter((fact) => fact.fact.startsWith('offering:'));
    expect(offerings).toEqual([
      { fact: expect.stringMatching(/mugs \$38$/), placed_in: 'offer.items.0' },
      { fact: 'offering: teapots $95', placed_in: 'offer.items.1' },
      { fact: 'offering: planters $29', placed_in: 'offer.items.2' },
    ]);
    expect(page.meta.facts).toContainEqual({ fact: 'condition: free shipping over $75 in the US', placed_in: 'offer.intro' });
    expect(page.meta.missing_facts).toEqual([]);
    expect(page.meta.placeholders).toEqual([]);
    expect(page.meta.written_by.offer).toBe('caller');
  });

  // BUG: the extractor takes "a shop for handmade mugs" as the product: the card reads "Shop for handmade mugs — $38"
  // and meta.facts reports "offering: shop for handmade mugs $38". The product the caller priced is "handmade mugs".
  it('names the first product as the caller did ("handmade mugs"), not "Shop for handmade mugs"', async () => {
    const page = await api.generate({ prompt: MUGS, generator: 'template' });
    const names = section(page, 'offer').props.items.map((item: { name: string }) => item.name.toLowerCase());
    expect(names).toEqual(['handmade mugs', 'teapots', 'planters']);
    expect(page.meta.facts.map((fact) => fact.fact)).toContain('offering: handmade mugs $38');
  });
});

describe('a dentist with an address, opening hours, prices and a phone number', () => {
  it('puts the address, hours and phone in the footer, "from €2,900" with Invisalign, and adds no reviews, answers or policies', async () => {
    const page = await api.generate({ prompt: DENTIST, generator: 'template' });
    const footer = section(page, 'footer');
    expect(footer.props).toMatchObject({ address: 'Calle Mayor 12, 28013 Madrid', hours: ['Mon–Fri 9:00–19:00', 'Sat 10:00–14:00'], phone: '+34 912 345 678' });
    expect(page.html).toContain('<address>Calle Mayor 12, 28013 Madrid</address>');
    expect(page.html).toContain('+34 912 345 678');
    // What the caller's words or a model would improve, and the sections it leaves to the caller.
    expect(page.meta.improve).toEqual([
      expect.stringMatching(/^hero, contact, closing: the template states the prompt's facts plainly/),
      'No features section: the template invents none; send content.features to add it.',
      'No testimonials section: the template invents none; send content.testimonials to add it.',
      'No faq section: the template invents none; send content.faq to add it.',
    ]);
    for (const hours of ['Mon–Fri 9:00–19:00', 'Sat 10:00–14:00']) expect(page.html).toContain(hours);

    const offer = section(page, 'offer');
    expect(offer.props.items).toEqual([
      { name: 'Check-up', price: '€45' },
      { name: 'Whitening', price: '€250' },
      { name: 'Invisalign', price: 'from €2,900' },
    ]);
    expect(page.html).toContain('from €2,900');

    // What only the caller knows is not made up: no quotes, no answers, no tiers, no reasons.
    expect(types(page)).not.toContain('testimonials');
    expect(types(page)).not.toContain('faq');
    expect(types(page)).not.toContain('pricing');
    expect(types(page)).not.toContain('features');
    expect(page.html).not.toMatch(/30 days|refund|guarantee/i);
    expect(page.html).not.toMatch(/\bClients?\b/);
    expect(page.meta.placeholders).toEqual([]);

    // The report is true: every fact is placed, and nothing is warned about.
    expect(page.meta.missing_facts).toEqual([]);
    expect(page.meta.facts).toEqual(
      expect.arrayContaining([
        { fact: 'name: Sonrisa Dental', placed_in: 'header.brand' },
        { fact: 'offering: Invisalign from €2,900', placed_in: 'offer.items.2' },
        { fact: 'address: Calle Mayor 12, 28013 Madrid', placed_in: 'footer' },
        { fact: 'hours: Mon–Fri 9:00–19:00', placed_in: 'footer' },
        { fact: 'hours: Sat 10:00–14:00', placed_in: 'footer' },
        { fact: 'phone: +34 912 345 678', placed_in: 'footer' },
      ]),
    );
    expect(page.meta.warnings).toEqual([]);
    expect(page.meta.generator).toBe('template');
    expect(page.meta.written_by).toMatchObject({ header: 'caller', offer: 'caller', footer: 'template' });
  });
});

describe("sections asked for without the caller's content are marked example text", () => {
  for (const kind of ['faq', 'testimonials'] as const) {
    it(`a ${kind} widget without content shows example text, marked on the page and listed in placeholders`, async () => {
      const page = await api.generate({ prompt: `${kind === 'faq' ? 'FAQ' : 'Testimonials'} for Sonrisa Dental`, kind, generator: 'template' });
      const shown = section(page, kind);
      expect(shown.props.example_note).toBe(en.examples.note);
      expect(page.html).toContain(`<p class="example-note" role="note">${en.examples.note}</p>`);
      expect(page.meta.placeholders).toEqual([{ section_id: kind, supply: expect.stringContaining(`content.${kind}`) }]);
      expect(page.meta.warnings).toEqual([expect.stringMatching(/example text/)]);
      expect(page.meta.written_by[kind]).toBe('template');
      // The example says it is one: no made-up customer or answer passes for real.
      const text = JSON.stringify(shown.props.items);
      expect(text).toMatch(/Example/);
    });
  }

  it("a faq widget with the caller's questions shows them and no placeholder", async () => {
    const faq = [{ question: 'Do you take walk-ins?', answer: 'Yes, on weekday mornings.' }];
    const page = await api.generate({ prompt: 'FAQ for Sonrisa Dental', kind: 'faq', content: { faq }, generator: 'template' });
    const shown = section(page, 'faq');
    expect(shown.props.items).toEqual(faq);
    expect(shown.props.example_note).toBeUndefined();
    expect(page.html).not.toContain('class="example-note"');
    expect(page.meta.placeholders).toEqual([]);
    expect(page.meta.warnings).toEqual([]);
    expect(page.meta.written_by.faq).toBe('caller');
  });
});

describe('an announcement', () => {
  it('states the news in the headline, without "Announce that"', async () => {
    const page = await api.generate({ prompt: ANNOUNCEMENT, generator: 'template' });
    const headline = section(page, 'hero').props.headline as string;
    expect(headline).toContain('Saturdays');
    expect(headline).toContain('9:00–14:00');
    expect(headline).toContain('Clínica Sol');
    expect(page.html).toContain(`<h1 id="hero-title">${headline}</h1>`);
    expect(page.html).not.toMatch(/announce that/i);
    expect(page.meta.facts).toContainEqual({ fact: expect.stringMatching(/^news: .*Saturdays/), placed_in: 'hero.headline' });
    expect(page.meta.missing_facts).toEqual([]);
  });

  // BUG: the hours fact read from "opens on Saturdays (9:00–14:00) from …" ends before the ")", and the footer shows
  // it as the caller's words: "On Saturdays (9:00–14:00" (and meta.facts reports "hours: On Saturdays (9:00–14:00").
  it('shows the opening hours with their parentheses closed', async () => {
    const page = await api.generate({ prompt: ANNOUNCEMENT, generator: 'template' });
    for (const hours of section(page, 'footer').props.hours ?? []) expect(balanced(hours), hours).toBe(true);
    for (const fact of page.meta.facts) expect(balanced(fact.fact), fact.fact).toBe(true);
    expect(balanced(visibleText(page.html))).toBe(true);
  });

  it('states a Spanish announcement in Spanish in the headline', async () => {
    const page = await api.generate({ prompt: ANUNCIO, generator: 'template' });
    expect(page.meta.lang).toBe('es');
    expect(section(page, 'hero').props.headline).toBe('Clínica Sol abre los sábados de 9:00 a 14:00 desde el 5 de diciembre');
    expect(page.html).not.toMatch(/anuncie que/i);
  });

  // BUG: in "… desde el 5 de diciembre." the date fact's text takes the sentence's full stop ("5 de diciembre."), so
  // the template does not see it inside the news and says it again alone: the hero's text is "5 de diciembre.".
  it('says the date of a Spanish announcement once, inside the news, not again as a sentence of its own', async () => {
    const page = await api.generate({ prompt: ANUNCIO, generator: 'template' });
    const hero = section(page, 'hero');
    expect(hero.props.subheadline ?? '').not.toMatch(/^\d{1,2} de \p{L}+\.$/u);
    const body = page.html.slice(page.html.indexOf('<body'));
    expect(visibleText(body).match(/5 de diciembre/g)).toHaveLength(1);
  });
});

describe("the page's language", () => {
  it("ticks a countdown in the page's language", async () => {
    const page = await api.generate({ prompt: 'Cuenta atrás para la gran apertura de Panadería La Espiga el 1 de marzo de 2027', kind: 'countdown', generator: 'template' });
    expect(page.meta.lang).toBe('es');
    expect(page.html).toContain(`data-left="${es.remaining('{d}', '{h}', '{m}')}"`);
    expect(page.html).not.toContain('min left');
  });

  it('writes a Spanish prompt in Spanish: lang, headings, buttons, and no English fixed words', async () => {
    const page = await api.generate({ prompt: BAKERY, generator: 'template' });
    expect(page.meta.lang).toBe('es');
    expect(page.html).toMatch(/^<!DOCTYPE html><html lang="es"/);
    expect(section(page, 'offer').props.heading).toBe(es.headings.offerings);
    expect(section(page, 'offer').props.items).toEqual([
      { name: 'Pan de masa madre', price: '4,50 €' },
      { name: 'Croissant', price: '1,80 €' },
    ]);
    expect(section(page, 'footer').props).toMatchObject({ address: 'Calle Mayor 5, Madrid', hours: ['lun–sáb 8:00–14:00'] });
    const text = visibleText(page.html);
    for (const spanish of [es.headings.offerings, es.buttons.send, es.buttons.contact, es.chrome.skip, es.fields.name]) expect(text).toContain(spanish);
    for (const english of ['What we offer', 'Get in touch', 'Send message', 'Skip to content', 'Your name', 'Email address', 'Thank you']) expect(page.html).not.toContain(english);
    // Every fixed English word the frames hold that Spanish says otherwise, anywhere a visitor can see or hear it.
    const wordsOf = (frames: typeof en) => [frames.nav, frames.buttons, frames.fields, frames.success, frames.chrome].flatMap((group): string[] => Object.values(group));
    const spanish = new Set(wordsOf(es));
    const fixed = wordsOf(en);
    const heard = page.html.replace(/<style[\s\S]*?<\/style>/g, ' ');
    for (const english of fixed.filter((phrase) => !spanish.has(phrase))) expect(says(heard, english), english).toBe(false);
    expect(page.meta.missing_facts).toEqual([]);
    expect(page.meta.warnings).toEqual([]);
  });

  it('a language the template does not write, without a model, gets English fixed words and a warning naming the five it writes', async () => {
    const page = await api.generate({ prompt: 'Landing page for Sonrisa Dental in Madrid. Check-up €45.', content: { lang: 'it' }, generator: 'template' });
    expect(frameLanguages).toEqual(['en', 'es', 'pt', 'de', 'fr']);
    expect(page.meta.warnings).toEqual([expect.stringContaining('en, es, pt, de, fr')]);
    expect(page.meta.warnings[0]).toContain('"it"');
    expect(section(page, 'offer').props.heading).toBe(en.headings.offerings);
    expect(page.html).toContain(en.buttons.send);
  });

  // BUG (or a decision to revisit): content.lang wins over the frames the page was written in (engine.ts
  // `pageLang = content.lang ?? …`), so a page whose every word is English declares <html lang="it"> and meta.lang
  // "it" — screen readers read it with Italian pronunciation (WCAG 3.1.1). The issue says "→ English with a warning".
  it('declares the page English when its words are English', async () => {
    const page = await api.generate({ prompt: 'Landing page for Sonrisa Dental in Madrid. Check-up €45.', content: { lang: 'it' }, generator: 'template' });
    expect(page.meta.lang).toBe('en');
    expect(page.html).toContain('<html lang="en"');
  });
});

describe('widget_revise "add a FAQ section" without the caller\'s answers', () => {
  it('adds example text, marked, listed in placeholders, before the closing call to action', async () => {
    const page = await api.generate({ prompt: 'Landing page for Sonrisa Dental, Calle Mayor 12, 28013 Madrid. Check-up €45.', generator: 'template' });
    expect(types(page)).not.toContain('faq');
    expect(page.meta.placeholders).toEqual([]);
    const next = await api.revise(page.widget_id, { instructions: 'add a FAQ section' });
    expect(next.version).toBe(2);
    expect(next.applied).toEqual([expect.stringMatching(/added a faq section "faq"/)]);
    const ids = next.sections.map((s) => s.id);
    expect(ids.indexOf('faq')).toBe(ids.indexOf('closing') - 1);
    const faq = section(next, 'faq');
    expect(faq.props.example_note).toBe(en.examples.note);
    expect(faq.props.items).toEqual(en.examples.faq);
    expect(next.html).toContain(`<p class="example-note" role="note">${en.examples.note}</p>`);
    expect(next.meta.placeholders).toEqual([{ section_id: 'faq', supply: expect.stringContaining('set_props on "faq"') }]);
    expect(next.meta.written_by.faq).toBe('template');
    // The facts stay where they were.
    expect(next.meta.missing_facts).toEqual([]);
  });
});

describe('through a model (fake OpenAI-compatible server)', () => {
  /** An app whose model answers `answers` in order, for one test. */
  async function withModel(answers: unknown[], test: (model: ReturnType<typeof client>, llm: FakeLlm) => Promise<void>) {
    const llm = await startFakeLlm({ answers: answers.map((answer) => JSON.stringify(answer)) });
    const modelApp = await startPlannedApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
    try {
      await test(client(modelApp), llm);
    } finally {
      await modelApp.close();
      await llm.close();
    }
  }

  it('removes the sentence with a rating and a count the request does not give, keeps the rest, and says so', async () => {
    // An invented rating and client count beside a sentence that says nothing the request does not.
    const answer = {
      title: 'Sonrisa Dental',
      description: 'Dental care in Madrid.',
      headline: 'Sonrisa Dental in Madrid',
      subheadline: 'Rated 4.9 by 300 happy clients. Book today.',
      cta_text: 'Book a visit',
    };
    await withModel([answer], async (model, llm) => {
      const page = await model.generate({ prompt: DENTIST });
      expect(llm.requests[0]?.response_format.json_schema.name).toBe('widget_copy');
      const hero = section(page, 'hero');
      expect(hero.props.headline).toBe('Sonrisa Dental in Madrid');
      expect(hero.props.subheadline).toBe('Book today.');
      expect(page.html).not.toContain('4.9');
      expect(page.html).not.toContain('300');
      expect(page.html).not.toMatch(/happy clients/i);
      expect(page.meta.warnings).toEqual([expect.stringMatching(/^Removed from the model's answer.*Rated 4\.9 by 300 happy clients/)]);
      expect(page.meta.generator).toBe('llm');
      expect(page.meta.written_by).toMatchObject({ hero: 'llm', offer: 'caller', footer: 'template' });
      // The facts are placed by code, whatever the model wrote.
      expect(page.meta.missing_facts).toEqual([]);
      expect(section(page, 'offer').props.items.at(-1)).toEqual({ name: 'Invisalign', price: 'from €2,900' });
    });
  });

  it("gives an announcement the template's headline when the model's leaves out the news", async () => {
    const answer = { title: 'Clínica Sol', description: 'Clínica Sol.', headline: 'Welcome to Clínica Sol', subheadline: 'Care for the whole family.', cta_text: 'Contact us' };
    await withModel([answer], async (model, llm) => {
      const page = await model.generate({ prompt: ANNOUNCEMENT });
      const prompt = llm.requests[0]?.messages.find((message) => message.role === 'user')?.content ?? '';
      expect(prompt).toContain('The headline states the news.');
      const hero = section(page, 'hero');
      expect(hero.props.headline).not.toBe('Welcome to Clínica Sol');
      expect(hero.props.headline).toContain('Saturdays');
      expect(hero.props.headline).toContain('9:00–14:00');
      // The rest of the model's copy stays.
      expect(hero.props.subheadline).toBe('Care for the whole family.');
      expect(page.meta.warnings).toContain("The model's headline left out the news, so the template's headline states it.");
      expect(page.meta.generator).toBe('llm');
      expect(page.meta.written_by.hero).toBe('llm');
      expect(page.meta.facts).toContainEqual({ fact: expect.stringMatching(/^news: /), placed_in: 'hero.headline' });
    });
  });
});
