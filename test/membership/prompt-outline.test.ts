import { describe, expect, it } from 'vitest';
import { outlineFromPrompt } from '../../tools/membership/prompt-outline.js';

const lessonTitles = (prompt: string) => outlineFromPrompt(prompt).course.modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]);

describe('a course outline from a prompt', () => {
  it('takes the title after "called", not the first quoted module name', () => {
    const outline = outlineFromPrompt('A course called "Pottery at home" with Module "Basics": Wedging, Centering; Module "Shapes": Bowls');
    expect(outline.course.title).toBe('Pottery at home');
    expect(lessonTitles('A course called Pottery at home with Module "Basics": Wedging, Centering; Module "Shapes": Bowls')).toEqual([
      ['Basics', ['Wedging', 'Centering']],
      ['Shapes', ['Bowls']],
    ]);
    expect(outlineFromPrompt('A course called Pottery at home with Module "Basics": Wedging, Centering').course.title).toBe('Pottery at home');
  });

  it('splits lessons on commas and a final "and", never inside a title', () => {
    expect(lessonTitles('"Clay 101", lessons: Wedging, Centering and Trimming')).toEqual([['Lessons', ['Wedging', 'Centering', 'Trimming']]]);
    expect(lessonTitles('"Clay 101", lessons: Shaping and glazing')).toEqual([['Lessons', ['Shaping and glazing']]]);
    expect(lessonTitles('"Clay 101", lessons: Shaping and glazing, Firing')).toEqual([['Lessons', ['Shaping and glazing', 'Firing']]]);
  });

  it('names the one module with the word the prompt uses for its lessons, in its language', () => {
    expect(lessonTitles('Kurs „Töpfern zu Hause“, Lektionen: Kneten, Zentrieren und Drehen')).toEqual([['Lektionen', ['Kneten', 'Zentrieren', 'Drehen']]]);
    expect(lessonTitles('Cours « Poterie », leçons : Pétrir, Centrer et Tourner')).toEqual([['Leçons', ['Pétrir', 'Centrer', 'Tourner']]]);
    const outline = outlineFromPrompt('Curso "Cerámica", lecciones: Amasar y Centrar');
    expect(outline.missing[0]).toBe('module names: the prompt names none, so its lessons are in one module called "Lecciones" (send course.modules[].title)');
    expect(outline.facts.map((fact) => fact.fact)).not.toContain('Lecciones');
  });
});
