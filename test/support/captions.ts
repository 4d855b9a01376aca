/** media-captions' .d.ts use extension-less imports that NodeNext cannot follow: the cue fields the tests read. */
export interface ParsedCue {
  startTime: number;
  endTime: number;
  text: string;
}

/** Parses a caption file with the subtitle library the clips tools use, collecting its errors rather than throwing. */
export const parseCaptions = async (text: string, type: 'srt' | 'vtt'): Promise<{ cues: ParsedCue[]; errors: unknown[] }> => {
  const { parseText } = (await import('media-captions')) as any;
  return parseText(text, { type, errors: true });
};
