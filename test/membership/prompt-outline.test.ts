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
});
