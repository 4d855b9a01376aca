/**
 * Loads brief extraction (the compromise NLP library and its lexicons) and runs it once, so that
 * a compute thread pays for it when it starts, not inside the first call's budget. Only compute
 * threads call it: the thread that serves requests never loads the NLP.
 */
export async function loadBriefs(): Promise<void> {
  const { extractBrief } = await import('./brief.js');
  extractBrief('A landing page for Acme, a bakery in Leeds: bread $4.');
}
