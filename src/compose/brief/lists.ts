/** How many items of each kind a brief keeps. */
export const MAX_ITEMS = 10;

export function dedupe<T>(items: readonly T[], key: (item: T) => string, max = MAX_ITEMS): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
