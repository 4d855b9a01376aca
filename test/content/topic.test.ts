/**
 * Packs about a topic (issue 14 §4): a prompt with no facts and no source is written about a noun phrase of the
 * prompt, in the frames of its language, and reads as writing: no prompt pasted in, no doubled word or empty slot,
 * sentences capitalised and punctuated, nothing claimed that the prompt or the frames do not say.
 */
import { describe, expect, it } from 'vitest';
import { prepareContent, type Prepared } from '../../tools/content/prepare.js';
import { channels, type Content } from '../../tools/content/schema.js';
import { briefOf } from '../../src/compose/load.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor, type PageFrames } from '../../src/compose/frames/index.js';
import { groundingOf, unsupportedClaims } from '../../src/compose/invention.js';
import { copyProblems, sentencesOfCopy, type CopyPiece } from '../support/copy-properties.js';

/** Prompts that name a topic, the language of their pack, and the topic it is about (and the audience the prompt names). */
const prompts: Array<{ prompt: string; lang: string; topic: string; audience?: string }> = [
  { prompt: 'Write a post about sourdough baking for beginners', lang: 'en', topic: 'sourdough baking', audience: 'beginners' },
  { prompt: 'Write a LinkedIn post about remote onboarding for engineering teams', lang: 'en', topic: 'remote onboarding', audience: 'engineering teams' },
  { prompt: 'Write a LinkedIn post about Instagram marketing for small bakeries', lang: 'en', topic: 'Instagram marketing', audience: 'small bakeries' },
  { prompt: 'Create a thread on zero-downtime database migrations.', lang: 'en', topic: 'zero-downtime database migrations' },
  { prompt: 'Can you write a short newsletter about budget travel in Portugal?', lang: 'en', topic: 'budget travel in Portugal' },
  { prompt: 'Draft an email covering cold email that gets replies', lang: 'en', topic: 'cold email' },
  { prompt: 'how to start a podcast', lang: 'en', topic: 'starting a podcast' },
  { prompt: 'how small bakeries can win on Instagram', lang: 'en', topic: 'small bakeries and Instagram' },
  { prompt: 'Help me explain why we should stop using spreadsheets', lang: 'en', topic: 'spreadsheets' },
  { prompt: 'marathon training after 40', lang: 'en', topic: 'marathon training after 40' },
  { prompt: 'choosing a CRM for a five-person agency', lang: 'en', topic: 'choosing a CRM', audience: 'a five-person agency' },
  { prompt: 'teaching kids to code with Scratch and a little patience', lang: 'en', topic: 'teaching kids to code' },
  { prompt: 'Escribe un hilo sobre marketing por correo electrónico', lang: 'es', topic: 'marketing por correo electrónico' },
  { prompt: 'Escribe un artículo sobre la gestión del tiempo para autónomos', lang: 'es', topic: 'gestión del tiempo para autónomos' },
  { prompt: 'Redacta una publicación para LinkedIn sobre el teletrabajo en equipos pequeños', lang: 'es', topic: 'teletrabajo en equipos pequeños' },
  { prompt: 'Necesito un post acerca del ahorro energético en casa', lang: 'es', topic: 'ahorro energético en casa' },
  { prompt: 'marketing por correo electrónico', lang: 'es', topic: 'marketing por correo electrónico' },
  { prompt: 'Escriba un boletín sobre la jardinería urbana, que es cada vez más popular entre los jóvenes de la ciudad', lang: 'es', topic: 'jardinería urbana' },
  { prompt: 'Crie um post sobre finanças pessoais', lang: 'pt', topic: 'finanças pessoais' },
  { prompt: 'Escreva um artigo sobre alimentação saudável para crianças', lang: 'pt', topic: 'alimentação saudável para crianças' },
  { prompt: 'Faça um fio sobre produtividade no trabalho remoto', lang: 'pt', topic: 'produtividade no trabalho remoto' },
  { prompt: 'finanças pessoais', lang: 'pt', topic: 'finanças pessoais' },
  { prompt: 'Escreva uma newsletter a respeito da educação financeira para jovens adultos', lang: 'pt', topic: 'educação financeira para jovens adultos' },
  { prompt: 'Schreib einen Blogartikel über Zeitmanagement', lang: 'de', topic: 'Zeitmanagement' },
  { prompt: 'Schreibe einen Beitrag über gesunde Ernährung für Berufstätige', lang: 'de', topic: 'gesunde Ernährung für Berufstätige' },
  { prompt: 'Erstelle einen LinkedIn-Post zum Thema Kundenbindung', lang: 'de', topic: 'Kundenbindung' },
  { prompt: 'Verfasse einen Newsletter über nachhaltiges Reisen in Europa', lang: 'de', topic: 'nachhaltiges Reisen in Europa' },
  { prompt: 'Zeitmanagement für Führungskräfte', lang: 'de', topic: 'Zeitmanagement für Führungskräfte' },
  { prompt: 'Rédige une newsletter sur la gestion du temps', lang: 'fr', topic: 'gestion du temps' },
  { prompt: 'Écris un article sur le jardinage urbain pour les débutants', lang: 'fr', topic: 'jardinage urbain pour les débutants' },
  { prompt: 'Rédigez un post LinkedIn à propos de l’alimentation durable', lang: 'fr', topic: 'alimentation durable' },
  { prompt: 'Fais un thread sur la cybersécurité des petites entreprises', lang: 'fr', topic: 'cybersécurité des petites entreprises' },
  { prompt: 'gestion du temps', lang: 'fr', topic: 'gestion du temps' },
];

const prepare = async (prompt: string, extra: { tone?: string } = {}): Promise<Prepared> => prepareContent({ prompt, ...extra, channels: [...channels], today: '2026-11-22' }, await briefOf(prompt));

/** A pack's copy: titles, headings, hooks, subjects, greetings and buttons are labels; the rest is prose, sentence by sentence. */
function piecesOf(content: Content): CopyPiece[] {
  const label = (text: string): CopyPiece => ({ text, kind: 'label' });
  const prose = (text: string): CopyPiece[] => text.split('\n').flatMap((line) => sentencesOfCopy(line.replace(/^→ /u, '')));
  const { blog, linkedin, email, x_thread: thread, page_sections: page } = content;
  return [
    ...(blog ? [label(blog.title), ...prose(blog.meta_description), ...prose(blog.intro), ...blog.sections.flatMap((s) => [label(s.heading), ...prose(s.body)]), ...prose(blog.conclusion)] : []),
    ...(linkedin ? [label(linkedin.hook), ...prose(linkedin.body)] : []),
    ...(email
      ? [label(email.subject), ...prose(email.preheader), label(email.greeting), ...email.paragraphs.flatMap(prose), email.signoff.startsWith('—') ? label(email.signoff) : prose(email.signoff)].flat()
      : []),
    ...(thread ? [label(thread.tweets[0] ?? ''), ...thread.tweets.slice(1).flatMap(prose)] : []),
    ...(page
      ? [
          label(page.hero.headline),
          ...prose(page.hero.subheadline),
          ...page.benefits.flatMap((b) => [label(b.title), ...prose(b.text)]),
          ...page.faq.flatMap((f) => [...prose(f.question), ...prose(f.answer)]),
          label(page.cta.headline),
          label(page.cta.button_text),
        ]
      : []),
  ];
}

/** Every string a frame writes, its functions called with these slots. */
function frameTexts(value: unknown, ...slots: Array<string | null>): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (...args: Array<string | null>) => string)(...slots))];
  if (value && typeof value === 'object') return Object.values(value).flatMap((child) => frameTexts(child, ...slots));
  return [];
}

/** The fixed words of a language: the template may say them without the prompt giving them. */
const vocabularyOf = (frames: PageFrames): string[] => frameTexts(frames, '', '', '');

describe('content packs about a topic (template)', () => {
  it.each(prompts)('$prompt → "$topic" ($lang)', async ({ prompt, lang, topic, audience }) => {
    const prepared = await prepare(prompt);
    const { content } = prepared.template;
    expect(prepared.lang).toBe(lang);
    expect(prepared.warnings).toEqual([]);
    expect(content.topic).toBe(topic);
    // The model is told the whole subject: the topic and who it is for.
    expect(prepared.topic).toBe(audience ? `${topic} for ${audience}` : topic);

    const pieces = piecesOf(content);
    expect(copyProblems(pieces, prompt, lang)).toEqual([]);
    // A prompt that is more than its topic is never pasted in, however short.
    const asked = prompt.toLowerCase().replace(/[.?!]$/u, '');
    if (asked !== topic.toLowerCase()) for (const piece of pieces) expect(piece.text.toLowerCase(), 'the prompt pasted in').not.toContain(asked);

    // In the prompt's language: not one sentence or label of the English frames about this topic.
    if (lang !== 'en') {
      const english = new Set([...frameTexts(en.topic, topic, null), ...frameTexts(en.topic, topic, audience ?? null)]);
      for (const piece of pieces) for (const sentence of english) expect(piece.text, `${lang}: ${piece.text}`).not.toContain(sentence);
    }

    const frames = framesFor(lang) as PageFrames;
    const text = pieces
      .filter((piece) => piece.kind === 'prose')
      .map((piece) => piece.text)
      .join('\n');
    expect(unsupportedClaims(text, groundingOf([prompt]), { vocabulary: vocabularyOf(frames), lang })).toEqual([]);
  });

  it('keeps the variety of each tone, in every language', async () => {
    for (const { prompt } of prompts.filter((_, i) => i % 6 === 0)) {
      const hooks = new Set<string>();
      for (const tone of ['professional', 'friendly', 'bold']) hooks.add((await prepare(prompt, { tone })).template.content.linkedin?.hook ?? '');
      expect(hooks.size, prompt).toBe(3);
    }
  });

  it('writes English with an honest warning for a language it has no frames for', async () => {
    const prompt = 'Write a post about sourdough baking';
    const prepared = await prepareContent({ prompt, lang: 'it', channels: ['email'], today: '2026-11-22' }, await briefOf(prompt));
    expect(prepared.lang).toBe('en');
    expect(prepared.warnings.join(' ')).toMatch(/English, not "it".*model/);
    expect(prepared.template.content.email?.subject).toMatch(/^Sourdough baking/);
  });

  it('writes the frames of the language the caller asks for', async () => {
    const prompt = 'Write a post about sourdough baking';
    const prepared = await prepareContent({ prompt, lang: 'de', channels: ['blog'], today: '2026-11-22' }, await briefOf(prompt));
    expect(prepared.lang).toBe('de');
    expect(prepared.template.content.blog?.intro).toContain('Thema sourdough baking');
  });
});
