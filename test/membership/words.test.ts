import { describe, expect, it } from 'vitest';
import { themeOf } from '../../src/render/brand.js';
import { resolveTheme } from '../../src/render/theme.js';
import { courseSchema, type Drip } from '../../tools/membership/course.js';
import { unlockSchedule, unlockedFor } from '../../tools/membership/drip.js';
import { priceTiers } from '../../tools/membership/plan.js';
import { indexPage, lessonPage, offlinePages, type RenderedSitePage, type SiteSpec, type Viewer } from '../../tools/membership/site.js';
import { siteLanguage, siteWords, type SiteWords } from '../../tools/membership/words.js';
import { describeMessages, errorsOf, validateHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

/** The caller's words hold no English, so any English on a non-English page is the site's own. */
const course = courseSchema.parse({
  title: 'Keramik Grundkurs',
  modules: [
    {
      title: 'Anfang',
      lessons: [
        { title: 'Rundgang', summary: 'Werkstatt und Brennofen.', body: '## Werkstatt\nScheiben und Ton.\n\n## Key points\n- Ton trocknet schnell\n- Feucht halten', preview: true },
        { title: 'Ton kneten', body: 'Kneten vor dem Drehen.\n\n## Exercises\n1. Ein Kilo kneten\n2. Halbieren und prüfen', duration_minutes: 12 },
        { title: 'Zentrieren' },
      ],
    },
    {
      title: 'Formen',
      lessons: [
        { title: 'Erste Schale', body: 'Ton öffnen, Wände ziehen.' },
        { title: 'Zweite Schale', body: 'Höher ziehen.' },
      ],
    },
  ],
});
const weekly: Drip = { mode: 'every_n_days', days: 7, per: 'lesson' };
const afterPrevious: Drip = { mode: 'after_previous', min_days: 7 };
const tiers = priceTiers(
  [
    { name: 'Basis', interval: 'month', price: 19.99, trial_days: 7 },
    { name: 'Jahr', interval: 'year', price: 199 },
    { name: 'Dauer', interval: 'lifetime', price: 499 },
  ],
  'EUR',
);
const siteUrl = 'https://courses.example/m/mem_test';

const specOf = (lang: string, drip: Drip = weekly): SiteSpec => ({
  membershipId: 'mem_test',
  course,
  schedule: unlockSchedule(course, drip),
  tiers,
  currency: 'EUR',
  brandName: 'Ton und Co',
  lang,
  theme: resolveTheme(themeOf({})).theme,
  siteUrl,
  paymentLinks: new Map([['tier-2', 'https://buy.stripe.com/test_abc']]),
});

/** A member who started on 2026-11-10, today, with the preview lesson done and a failed payment. */
const memberOf = (spec: SiteSpec): Viewer => {
  const completed = new Map([['m1-l1', '2026-11-10']]);
  return {
    kind: 'member',
    email: 'ana@example.com',
    access: unlockedFor(spec.schedule, { startDate: '2026-11-10', today: '2026-11-10', completed }),
    completed,
    notices: [siteWords(spec.lang).notices.past_due('2026-12-01T12:00:00.000Z')],
    billing: true,
  };
};

/** The index and every lesson page, as the visitor, the member and the downloaded copy see them. */
function allPages(spec: SiteSpec): Record<string, RenderedSitePage> {
  const pages: Record<string, RenderedSitePage> = {};
  const viewers: Record<string, Viewer> = { visitor: { kind: 'visitor' }, member: memberOf(spec) };
  for (const [name, viewer] of Object.entries(viewers)) {
    pages[`${name}-index`] = indexPage(spec, viewer);
    for (const entry of spec.schedule) pages[`${name}-${entry.lesson_id}`] = lessonPage(spec, viewer, entry.lesson_id) as RenderedSitePage;
  }
  for (const page of offlinePages(spec)) pages[`offline-${page.page}`] = page;
  return pages;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => entities[name] as string);

/** What a reader meets: text, the labels read aloud, the title and description; not the stylesheet or class names. */
function readableText(html: string): string {
  const body = html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ');
  const attributes = [...body.matchAll(/\s(?:aria-label|content|title|alt|placeholder)="([^"]*)"/g)].map((match) => match[1]);
  return decode([body.replace(/<[^>]+>/g, ' '), ...attributes].join(' '));
}

const sentinel = '987654';
/** The fixed parts of every word and sentence of a set: a sentence's pieces around the facts it is made of. */
function fixedParts(words: SiteWords): string[] {
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'function') parts.push(...String((value as (...args: string[]) => string)(sentinel, sentinel, sentinel)).split(sentinel));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(words);
  const cleaned = parts.map((part) => part.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')).filter((part) => (part.match(/\p{L}/gu) ?? []).length >= 3);
  return [...new Set(cleaned)];
}

const english = fixedParts(siteWords('en'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The English parts a page shows, as whole words, leaving out those the page's own language writes the same way ("min"). */
function englishOn(html: string, lang: string): string[] {
  const own = new Set(fixedParts(siteWords(lang)));
  const text = readableText(html);
  return english.filter((part) => !own.has(part) && new RegExp(`(?<![\\p{L}\\p{N}])${escape(part)}(?![\\p{L}\\p{N}])`, 'u').test(text));
}

describe('the membership site in the membership’s language', () => {
  it('finds the English words on an English site (the check below can see them)', () => {
    const found = new Set(Object.values(allPages(specOf('en'))).flatMap((page) => englishOn(page.html, 'de')));
    for (const word of ['Free preview', 'Members only', 'Locked', 'Mark as done', 'All lessons', 'Email me a sign-in link', 'Manage billing', 'per month', 'day free trial', 'lessons done']) {
      expect([...found]).toContain(word);
    }
  });

  for (const lang of ['de', 'fr', 'es', 'pt']) {
    for (const [name, drip] of Object.entries({ weekly, afterPrevious })) {
      it(`writes ${lang} pages (${name} drip) without an English word of the site's own, with lang="${lang}"`, () => {
        for (const [page, rendered] of Object.entries(allPages(specOf(lang, drip)))) {
          expect(englishOn(rendered.html, lang), `${lang} ${page}`).toEqual([]);
          expect(rendered.html, `${lang} ${page}`).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
        }
      });
    }

    it(`shows the ${lang} words where the pages need them`, () => {
      const words = siteWords(lang);
      const pages = allPages(specOf(lang));
      const text = (page: string) => readableText((pages[page] as RenderedSitePage).html);
      expect(text('visitor-index')).toContain(words.marks.members_only);
      expect(text('visitor-index')).toContain(words.send_link);
      expect(text('visitor-index')).toContain(words.trial(7));
      expect(text('visitor-m1-l2')).toContain(words.members_only);
      expect(text('member-index')).toContain(words.marks.locked);
      expect(text('member-index')).toContain(words.signed_in_as('ana@example.com'));
      expect(text('member-index')).toContain(words.progress(1, 5));
      expect(text('member-m1-l1')).toContain(words.marks.done);
      expect(text('member-m1-l2')).toContain(words.mark_done);
      expect(text('member-m1-l2')).toContain(words.exercises);
      expect(text('offline-index')).toContain(words.offline_note);
      expect(text('offline-m1-l1')).toContain(words.key_points);
      expect(text('offline-m1-l3')).toContain(words.no_text);
      expect(text('offline-m1-l3')).toContain(words.next('Erste Schale'));
    });
  }

  it('writes the day a lesson opens the way each language does, with the lesson to complete first', () => {
    const note = (lang: string, drip: Drip) => readableText(lessonPage(specOf(lang, drip), memberOf(specOf(lang, drip)), 'm1-l3')?.html ?? '');
    expect(note('de', weekly)).toContain('Verfügbar ab 17. November 2026.');
    expect(note('fr', weekly)).toContain('Disponible à partir du 17 novembre 2026.');
    expect(note('es', weekly)).toContain('Disponible a partir del 17 de noviembre de 2026.');
    expect(note('pt', weekly)).toContain('Disponível a partir de 17 de novembro de 2026.');
    expect(note('en', weekly)).toContain('Opens on November 17, 2026.');
    expect(note('de', afterPrevious)).toContain('Verfügbar ab 17. November 2026, sobald Sie „Ton kneten“ abgeschlossen haben.');
    expect(note('fr', afterPrevious)).toContain('Disponible à partir du 17 novembre 2026, une fois la leçon «\u00a0Ton kneten\u00a0» terminée.');
    expect(note('en', afterPrevious)).toContain('Opens on November 17, 2026 and once you complete “Ton kneten”.');
    expect(siteWords('de-AT').notices.past_due('2026-12-01T12:00:00.000Z')).toContain('bis 1. Dezember 2026 bestehen');
  });

  it('prices tiers in the page’s language', () => {
    const text = readableText(indexPage(specOf('de'), { kind: 'visitor' }).html);
    expect(text).toContain('19,99\u00a0€ pro Monat');
    expect(text).toContain('499,00\u00a0€ einmalig');
    expect(text).toContain('Mitglied werden: Basis');
  });

  it('keeps a regional tag on the page and uses its language’s words', () => {
    expect(siteLanguage('pt-BR')).toEqual({ lang: 'pt-BR', warnings: [] });
    const html = indexPage(specOf('pt-BR'), { kind: 'visitor' }).html;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
    expect(englishOn(html, 'pt')).toEqual([]);
  });

  it('falls back to English with lang="en" and a warning for a language without words', () => {
    const language = siteLanguage('it');
    expect(language.lang).toBe('en');
    expect(language.warnings).toEqual([expect.stringContaining('"it"')]);
    expect(language.warnings[0]).toContain('en, de, fr, es, pt');
    expect(siteLanguage('de').warnings).toEqual([]);
    for (const [page, rendered] of Object.entries(allPages(specOf('it')))) {
      expect(rendered.html, page).toMatch(/^<!DOCTYPE html><html lang="en">/);
    }
    expect(readableText(indexPage(specOf('it'), { kind: 'visitor' }).html)).toContain('Email me a sign-in link');
  });

  it('has notices in every language, and the past-due notice names the billing button as it is written', () => {
    const en = siteWords('en').notices;
    for (const lang of ['de', 'fr', 'es', 'pt']) {
      const words = siteWords(lang);
      expect(words.notices.past_due('2026-12-01')).toContain(words.manage_billing);
      for (const key of ['check_email', 'check_inbox', 'link_invalid', 'sign_in_to_track', 'sign_in_for_billing', 'checkout_unavailable', 'billing_unavailable'] as const) {
        expect(words.notices[key].title, `${lang} ${key}`).not.toBe(en[key].title);
        expect(words.notices[key].message, `${lang} ${key}`).not.toBe(en[key].message);
      }
    }
    expect(siteWords('en').notices.past_due('2026-12-01T12:00:00.000Z')).toContain('until December 1, 2026; update your payment details under Manage billing.');
  });

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('has zero errors on every page, English and German, offline and hosted', async () => {
      const documents: Record<string, string> = {};
      for (const lang of ['en', 'de']) for (const [page, rendered] of Object.entries(allPages(specOf(lang)))) documents[`${lang}-${page}`] = rendered.html;
      const results = await validateHtml(documents);
      expect(Object.keys(results).filter((name) => name.includes('offline')).length).toBe(2 * 6);
      for (const [name, messages] of Object.entries(results)) expect(errorsOf(messages), `${name}:\n${describeMessages(errorsOf(messages))}`).toEqual([]);
    }, 60_000);
  });
  if (!vnuAvailable) console.warn(vnuSkipReason);
});
