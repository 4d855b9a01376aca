import { describe, expect, it } from 'vitest';
import { lessonText } from '../../tools/membership/lesson-text.js';

describe('key points and exercises from a lesson body', () => {
  it.each([
    ['en', 'Key points', 'Exercises'],
    ['de', 'Kernpunkte', 'Übungen'],
    ['fr', 'Points clés', 'Exercices'],
    ['es', 'Puntos clave', 'Ejercicios'],
    ['pt', 'Pontos-chave', 'Exercícios'],
  ])('reads the headings a %s course uses', (_lang, keyPoints, exercises) => {
    const text = lessonText(`Intro.\n\n## ${keyPoints}\n- One\n- Two\n\n## ${exercises}\n1. Do it`, 'l1');
    expect(text.key_points).toEqual(['One', 'Two']);
    expect(text.exercises).toEqual(['Do it']);
  });

  it('takes nothing from a body without those headings', () => {
    expect(lessonText('## Werkstatt\n- Scheiben\n- Ton', 'l1')).toMatchObject({ key_points: [], exercises: [] });
  });
});
