export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Paths of keys the caller sent that the parsed input no longer has (Zod strips unknown keys).
 * Iterative, so that deep input cannot exhaust the stack (depth is also capped before parsing).
 */
export function unknownFields(raw: unknown, parsed: unknown, path = ''): string[] {
  const unknown: string[] = [];
  // An entry without `parsed` stands for a key the parse dropped: reported in the callers' key order.
  const stack: { raw: unknown; parsed?: unknown; path: string; dropped?: true }[] = [{ raw, parsed, path }];
  while (stack.length) {
    const pair = stack.pop() as (typeof stack)[number];
    if (pair.dropped) {
      unknown.push(pair.path);
      continue;
    }
    if (Array.isArray(pair.raw) && Array.isArray(pair.parsed)) {
      for (let i = pair.raw.length - 1; i >= 0; i -= 1) stack.push({ raw: pair.raw[i], parsed: pair.parsed[i], path: `${pair.path}[${i}]` });
      continue;
    }
    if (!isPlainObject(pair.raw) || !isPlainObject(pair.parsed)) continue;
    const keys = Object.keys(pair.raw);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i] as string;
      const at = pair.path ? `${pair.path}.${key}` : key;
      // Own keys only: "constructor" or "toString" are in every object, but were never accepted fields.
      if (Object.hasOwn(pair.parsed, key)) stack.push({ raw: pair.raw[key], parsed: pair.parsed[key], path: at });
      else stack.push({ raw: undefined, path: at, dropped: true });
    }
  }
  return unknown;
}
