import type { Brief } from './types.js';

/**
 * Loads brief extraction (the compromise NLP library and its lexicons) and runs it once, so that
 * a compute thread pays for it when it starts, not inside the first call's budget. Only compute
 * threads call it: the thread that serves requests never loads the NLP.
 */
export async function loadBriefs(): Promise<void> {
  await briefOf('A landing page for Acme, a bakery in Leeds: bread $4.');
}

/** The brief of `text`, loading brief extraction on first use. */
export async function briefOf(text: string): Promise<Brief> {
  const { extractBrief } = await import('./brief/index.js');
  return extractBrief(text);
}
