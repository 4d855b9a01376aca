/** media-captions reads ASS too (its .d.ts cannot be followed under NodeNext: the fields the tests read). */
export interface ParsedAss {
  cues: Array<{ startTime: number; endTime: number; text: string }>;
  errors: unknown[];
}

export const parseAss = async (text: string): Promise<ParsedAss> => {
  const library = (await import('media-captions')) as unknown as { parseText(text: string, options: { type: 'ass'; errors: boolean }): Promise<ParsedAss> };
  return library.parseText(text, { type: 'ass', errors: true });
};
