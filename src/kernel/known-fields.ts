import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** `line_items[0].price` → `['line_items', 0, 'price']`. */
export function pathSegments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? (match[1] as string) : Number(match[2])));
}

/** The object schemas a value at `segments` may be checked by (several under a union). */
function objectsAt(schema: z.ZodType, segments: readonly (string | number)[], depth = 0): z.ZodType[] {
  // Wrappers and bounded recursion: a lazy schema could otherwise be followed for ever.
  if (depth > 64) return [];
  const def = defOf(schema);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined) ?? (def.type === 'lazy' ? def.getter?.() : undefined);
  if (inner) return objectsAt(inner, segments, depth + 1);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => objectsAt(option, segments, depth + 1));
  if (def.type === 'intersection') return [def.left, def.right].flatMap((side) => (side ? objectsAt(side, segments, depth + 1) : []));
  if (!segments.length) return def.type === 'object' ? [schema] : [];
  const [head, ...rest] = segments;
  if (def.type === 'array' && typeof head === 'number' && def.element) return objectsAt(def.element, rest, depth + 1);
  if (def.type === 'object' && typeof head === 'string' && def.shape?.[head]) return objectsAt(def.shape[head], rest, depth + 1);
  return [];
}

/** The fields an object at `path` (the parent of an unknown key) accepts, per the tool's schema. */
export function knownFieldsAt(schema: z.ZodType, parentPath: string): string[] {
  return [...new Set(objectsAt(schema, pathSegments(parentPath)).flatMap((object) => Object.keys(defOf(object).shape ?? {})))];
}

/** Edit distance counting a swap of two neighbours as one edit (`emial` → `email`), with an early exit past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The known field a misspelt or misnamed one most likely meant: a small edit away (`titel` → `title`),
 * or one that contains it or is contained in it as a word (`price` → `unit_price`). None when nothing is close.
 */
export function closestField(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: { field: string; score: number } | undefined;
  for (const field of known) {
    const candidate = field.toLowerCase();
    const words = candidate.split(/[_-]/);
    const score = words.includes(wanted) || wanted.split(/[_-]/).includes(candidate) ? 0.5 : distance(wanted, candidate, limit);
    if (score <= limit && (!best || score < best.score)) best = { field, score };
  }
  return best?.field;
}
