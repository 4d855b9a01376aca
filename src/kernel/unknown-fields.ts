export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of keys the caller sent that the parsed input no longer has (Zod strips unknown keys). */
export function unknownFields(raw: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, i) => unknownFields(item, parsed[i], `${path}[${i}]`));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    // Own keys only: "constructor" or "toString" are in every object, but were never accepted fields.
    return Object.hasOwn(parsed, key) ? unknownFields(raw[key], parsed[key], at) : [at];
  });
}

