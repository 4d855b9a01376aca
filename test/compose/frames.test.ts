/**
 * The grammatical frames (issue 14 §4) of every language the template writes: each one has en's shape, every word it
 * writes is filled in and punctuated as its kind requires, and none is English left untranslated.
 */
import { describe, expect, it } from 'vitest';
import { framesFor, frameLanguages, type PageFrames } from '../../src/compose/frames/index.js';

/** Slots in the caller's own words; the frame that takes two slots gets both, the others the first. */
const slots: Record<string, string[]> = {
  from: ['2.900 €'],
  'sentences.offers': ['Clínica Sol', 'limpieza, blanqueamiento y ortodoncia'],
  'sentences.countdownIntro': ['Gran apertura', '1 de marzo de 2027'],
  'pack.hours': ['Clínica Sol', 'lun–vie 9:00–18:00, sáb 10:00–14:00'],
  'pack.address': ['Clínica Sol', 'Calle Mayor 12, 28013 Madrid'],
  'pack.contact': ['hola@clinicasol.es, +34 910 000 000, clinicasol.es'],
  'pack.questions.price': ['blanqueamiento'],
  'pack.price': ['blanqueamiento', '2.900 €'],
  remaining: ['3', '4', '12'],
};
const sampleSlots = ['Clínica Sol'];
/** Topics a prompt may give, in each language, singular and plural, each without and with an audience. */
const sampleTopics = ['sourdough baking', 'marketing por correo electrónico', 'Zeitmanagement', 'gestion du temps', 'finanças pessoais', 'houseplants in winter', 'alimentação saudável'];
const sampleAudiences = [null, 'beginners', 'autónomos'];
const topicSlots = sampleTopics.flatMap((topic) => sampleAudiences.map((audience) => [topic, audience] as const));

interface Leaf {
  path: string;
  text: string;
}

/** Every string the frames write, functions called with sample slots. */
function leavesOf(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, text: value }];
  // A topic frame is called with every sample topic and audience.
  if (typeof value === 'function' && path.startsWith('topic.')) return topicSlots.map((args) => ({ path, text: (value as (...slot: Array<string | null>) => string)(...args) }));
  if (typeof value === 'function') {
    const args = slots[path] ?? sampleSlots;
    return [{ path, text: (value as (...slot: string[]) => string)(...args) }];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leavesOf(child, path ? `${path}.${key}` : key));
}

/** The frames' shape: every leaf's path, a function's with its number of slots. */
function shapeOf(value: unknown, path = ''): string[] {
  if (typeof value === 'function') return [`${path}(${value.length})`];
  if (value === null || typeof value !== 'object') return [path];
  return Object.entries(value)
    .flatMap(([key, child]) => shapeOf(child, path ? `${path}.${key}` : key))
    .sort();
}

/** Whole sentences: what the page says, as opposed to headings, labels and the price fragment. */
const isSentence = (path: string): boolean =>
  /^(sentences|success)\./.test(path) ||
  /^examples\.(note|faq\.\d+\.(question|answer)|testimonial\.quote|feature\.text)$/.test(path) ||
  /^chrome\.(ended|sent|failed|offline)$/.test(path) ||
  /^pack\.(?!greeting$)/.test(path) ||
  /^topic\.(openers|steps|meta|intros|conclusions|hooks|questions|preheader|signoffs|threadEnds|faq)\b/.test(path);
const isLabel = (path: string): boolean => path !== 'from' && path !== 'lang' && path !== 'remaining' && !isSentence(path);

/** Every slot value, longest first so that one inside another ("blanqueamiento" in a list) goes with it. */
const slotValues = [...new Set([...Object.values(slots).flat(), ...sampleSlots, ...sampleTopics, ...sampleAudiences.filter((audience) => audience !== null)])].sort((a, b) => b.length - a.length);

/** A sentence's text without the slots in it: what the language itself wrote. */
const ownWords = (text: string): string => slotValues.reduce((rest, slot) => rest.split(slot).join(''), text);

const frames = (lang: string): PageFrames => {
  const found = framesFor(lang);
  if (!found) throw new Error(`no frames for ${lang}`);
  return found;
};

describe('page frames', () => {
  it('writes English, Spanish, Portuguese, German and French, and finds a language by its primary subtag', () => {
    expect([...frameLanguages].sort()).toEqual(['de', 'en', 'es', 'fr', 'pt']);
    expect(framesFor('pt-BR')).toBe(framesFor('pt'));
    expect(framesFor('DE-at')?.lang).toBe('de');
    expect(framesFor('it')).toBeNull();
  });

  describe.each(frameLanguages)('%s', (lang) => {
    const own = frames(lang);
    const leaves = leavesOf(own);

    it('has exactly the shape of the English frames', () => {
      expect(own.lang).toBe(lang);
      expect(shapeOf(own)).toEqual(shapeOf(frames('en')));
    });

    it('fills in every word, with no stray slot, space or punctuation', () => {
      for (const { path, text } of leaves) {
        const where = `${lang} ${path}: ${JSON.stringify(text)}`;
        expect(text.trim(), where).not.toBe('');
        expect(text, where).toBe(text.trim());
        expect(text, where).not.toMatch(/[{}]|undefined|null|NaN/);
        expect(text, where).not.toMatch(/\s{2}/);
        // A plain space never comes before punctuation; French puts a no-break space before ; : ! ? instead (in its own
        // words: a slot's "9:00" is the caller's).
        expect(text, where).not.toMatch(/ [,.;:!?]/);
        if (lang === 'fr') expect(ownWords(text), where).not.toMatch(/[^\u00a0\u202f][;:!?]/);
      }
    });

    it('starts every sentence with a capital and ends it with its punctuation', () => {
      for (const { path, text } of leaves.filter((leaf) => isSentence(leaf.path))) {
        // A sentence that opens with a slot ("{offering}: {price}.") starts with the caller's words as written.
        if (slotValues.some((slot) => text.startsWith(slot))) continue;
        const first = text.replace(/^[¡¿«\s]+/, '').charAt(0);
        expect(first !== first.toLowerCase() && first === first.toUpperCase(), `${lang} ${path}: ${text}`).toBe(true);
        expect(text, `${lang} ${path}`).toMatch(/[.!?…]$/);
      }
    });

    it('ends no heading or label with a full stop', () => {
      for (const { path, text } of leaves.filter((leaf) => isLabel(leaf.path))) expect(text, `${lang} ${path}`).not.toMatch(/\.$/);
    });

    it('greets with a capitalised label that may end with a comma (or a colon, as Spanish letters do)', () => {
      expect(own.pack.greeting).toMatch(/^\p{Lu}[\p{L} ]*[,:]?$/u);
    });

    it('asks each pack question as a question, with the slot in it', () => {
      const questions = leaves.filter((leaf) => leaf.path.startsWith('pack.questions.'));
      expect(questions.map((leaf) => leaf.path).sort()).toEqual(['pack.questions.address', 'pack.questions.contact', 'pack.questions.hours', 'pack.questions.price']);
      for (const { path, text } of questions) {
        expect(text, `${lang} ${path}`).toMatch(/\?$/);
        if (lang === 'es') expect(text, `${lang} ${path}`).toMatch(/^¿/);
        expect(ownWords(text), `${lang} ${path}`).not.toBe(text);
      }
    });

    it('says the topic, and the audience when there is one, in every topic frame that takes them', () => {
      const walk = (value: unknown, path: string): void => {
        if (typeof value === 'function') {
          for (const [topic, audience] of topicSlots) {
            const text = (value as (...slot: Array<string | null>) => string)(topic, audience);
            // The topic as written, or capitalised where it opens the sentence (every word, in an English title).
            expect(text.toLowerCase(), `${lang} ${path}`).toContain(topic.toLowerCase());
            if (audience && value.length === 2) expect(text.toLowerCase(), `${lang} ${path}`).toContain(audience);
          }
        } else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
      };
      walk(own.topic, 'topic');
    });

    it('capitalises the topic where it opens a sentence or a label, and never writes it twice in a row', () => {
      for (const { path, text } of leaves.filter((leaf) => leaf.path.startsWith('topic.'))) {
        const first = text.replace(/^[¡¿«\s]+/u, '').charAt(0);
        expect(first === first.toUpperCase(), `${lang} ${path}: ${text}`).toBe(true);
        expect(text, `${lang} ${path}`).not.toMatch(/(?<![\p{L}\p{N}])(\p{L}+)\s+\1(?![\p{L}\p{N}])/iu);
      }
    });

    it('keeps every slot of a pack sentence in it', () => {
      for (const [path, args] of Object.entries(slots).filter(([path]) => path.startsWith('pack.'))) {
        const text = leaves.find((leaf) => leaf.path === path)?.text ?? '';
        for (const slot of args) expect(text, `${lang} ${path}`).toContain(slot);
      }
    });
  });

  it('shares no sentence between two languages (nothing left untranslated)', () => {
    const seen = new Map<string, string>();
    for (const lang of frameLanguages) {
      for (const { path, text } of leavesOf(frames(lang)).filter((leaf) => isSentence(leaf.path))) {
        // "{what}: {date}." is the slots and punctuation alone in every language.
        if (!/\p{L}/u.test(ownWords(text))) continue;
        // A topic frame of one language says the same with or without an audience it leaves out.
        expect(seen.get(text)?.startsWith(`${lang} `) ?? true, `${lang} ${path}: ${text} (also ${seen.get(text)})`).toBe(true);
        seen.set(text, `${lang} ${path}`);
      }
    }
  });
});
