import { OutcomeError } from '../../src/kernel/errors.js';
import { MONTHS, WEEKDAYS } from '../../src/compose/facts/calendar.js';
import { courseSchema, type Course } from './course.js';

/**
 * A course outline from a prompt, only from what it states: the course's title (quoted, or after
 * "called"/"titled"), its modules ("Module "Basics": A, B; Module "Shapes": C") or its lessons
 * ("lessons: A, B and C"). A prompt that names no lessons gets no course: curricula are not invented.
 */
export interface PromptOutline {
  course: Course;
  /** Who offers the course, when the prompt says ("by Atelier Lina", "von Atelier Lina"): the pages' and emails' signature. */
  brandName?: string;
  facts: Array<{ fact: string; placed_in: string }>;
  missing: string[];
}

const askForCourse = (what: string) =>
  new OutcomeError('invalid_input', `course: ${what}; send course {title, modules: [{title, lessons: [{title, body?}]}]}. A course is never invented from a description.`, {
    hint: 'Name the lessons in the prompt ("lessons: A, B and C") or send course.',
  });

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["“'‘]|["”'’]$/g, '')
    .trim();
/**
 * Items of a list as written: "A, B and C" is three; "A and B" alone is one item, since "Shaping and glazing" may be
 * one lesson (a title is never split on a guess: commas separate lessons).
 */
const listOf = (text: string) => {
  const parts = text.split(/[,;]/);
  const last = parts.pop() ?? '';
  const tail = parts.length ? last.split(/\s(?:and|und|y|et|e)\s/) : [last];
  return [...parts, ...tail].map(unquote).filter((item) => item.length > 0 && item.length <= 200);
};

/** Module headings (`Module "Basics": …`) hold quoted titles that are not the course's. */
const modulePattern = /(?<![\p{L}])(?:module|modul|módulo|modulo)\s*\d*\s*["“„«]([^"“”»\n]{1,200})["“”»]\s*:\s*([^;\n]+)/giu;

function titleOf(prompt: string): string | undefined {
  const called = /(?<![\p{L}])(?:called|titled|named|namens|mit dem titel|llamado|titulado|intitulé|appelé|chamado|intitulado)\s+(?:["“„«]([^"“”»\n]{2,200})["“”»]|([^,.;:\n]{2,200}))/iu.exec(prompt);
  if (called?.[1]) return called[1].trim();
  // "called Sourdough at home with lessons: …": the title ends where the sentence goes on.
  if (called?.[2]) return called[2].split(/\s+(?:with|for|about|that|which|in|on|mit|über|con|sobre|avec|sur|com)\s/i)[0]?.trim();
  const quoted = /["“„«]([^"“”»\n]{2,200})["“”»]/u.exec(prompt.replace(modulePattern, ''));
  return quoted?.[1]?.trim();
}

/** A month or weekday in any language the fact sheet reads ("by Monday" names no one). */
const isCalendar = (word: string) => word.toLowerCase() in MONTHS || Object.values(WEEKDAYS).some((table) => word.toLowerCase() in table);

/**
 * "by Atelier Lina", "von Atelier Lina", "par Atelier Lina": capitalised words after the word for who offers it,
 * closing the phrase (German capitalises nouns: "Geschichte von Farben und Formen" names no one).
 */
function offeredBy(prompt: string): string | undefined {
  const by = /(?<![\p{L}])(?:by|von|par|por)\s+(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}'’-]*){0,3})(?=\s*(?:[,.;:!?()\n—–]|$)|\s(?:with|mit|con|avec|com|for|für|para|pour)\s)/u.exec(
    prompt.replace(modulePattern, ''),
  );
  const name = by?.[1]?.replace(/['’-]+$/u, '');
  return name && !isCalendar(name.split(/\s/u)[0] ?? '') ? name : undefined;
}

export function outlineFromPrompt(prompt: string): PromptOutline {
  const title = titleOf(prompt);
  const modules = [...prompt.matchAll(modulePattern)].map((match) => ({
    title: (match[1] as string).trim(),
    lessons: listOf((match[2] as string).replace(/\.\s*$/, '')),
  }));
  const missing: string[] = [];
  let unnamed: string | undefined;
  if (!modules.length) {
    const lessons = /(?<![\p{L}])(lessons?|lektionen|lektion|lecciones|leçons|aulas|lições)\s*(?::|are|include|sind|son|sont|são)\s*([^\n;.]+)/iu.exec(prompt);
    const names = lessons ? listOf(lessons[2] as string) : [];
    if (!names.length) throw askForCourse('the prompt names no lessons');
    // The one module is called what the prompt calls its lessons ("Lektionen", "Leçons"), in its own language.
    const word = lessons?.[1] as string;
    unnamed = `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    modules.push({ title: unnamed, lessons: names });
    missing.push(`module names: the prompt names none, so its lessons are in one module called "${unnamed}" (send course.modules[].title)`);
  }
  if (!title) throw askForCourse('the prompt states no course title (quote it, or say "called …")');
  const parsed = courseSchema.safeParse({ title, modules: modules.map((module) => ({ title: module.title, lessons: module.lessons.map((name) => ({ title: name })) })) });
  if (!parsed.success) throw askForCourse(`the outline the prompt states is not a valid course (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  const course = parsed.data;
  const facts = [
    { fact: course.title, placed_in: 'course.title' },
    ...course.modules.flatMap((module, m) => [
      ...(module.title !== unnamed ? [{ fact: module.title, placed_in: `course.modules.m${m + 1}` }] : []),
      ...module.lessons.map((lesson, l) => ({ fact: lesson.title, placed_in: `lesson m${m + 1}-l${l + 1}` })),
    ]),
  ];
  const brandName = offeredBy(prompt);
  if (brandName) facts.push({ fact: brandName, placed_in: 'brand.name' });
  missing.push('lesson text: the prompt gives none, so every lesson page says it has no text yet (send course with body)');
  return { course, facts, missing, ...(brandName ? { brandName } : {}) };
}
