export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

type Step = { raw: object; parsed: object; trail: number } | { dropped: string; trail: number };

/**
 * Paths of keys the caller sent that the parsed input no longer has (Zod strips unknown keys),
 * in the order they appear in the input. Iterative (deep input cannot exhaust the stack; depth
 * is also capped before parsing) and lean on wide input: primitives are skipped, and a path is
 * only spelt out for a key that is reported.
 */
export function unknownFields(raw: unknown, parsed: unknown, path = ''): string[] {
  // Each visited pair's key and its parent's index, so that paths are built on demand.
  const trail: { key: string | number; parent: number }[] = [{ key: path, parent: -1 }];
  const unknown: string[] = [];
  const stack: Step[] = isContainer(raw) && isContainer(parsed) ? [{ raw, parsed, trail: 0 }] : [];
  while (stack.length) {
    const step = stack.pop() as Step;
    if ('dropped' in step) {
      unknown.push(pathOf(trail, step.trail, step.dropped));
      continue;
    }
    // Children are pushed last-first, so that they are visited in the input's order.
    const children: Step[] = [];
    const descend = (key: string | number, rawChild: unknown, parsedChild: unknown) => {
      if (!isContainer(rawChild) || !isContainer(parsedChild)) return;
      trail.push({ key, parent: step.trail });
      children.push({ raw: rawChild, parsed: parsedChild, trail: trail.length - 1 });
    };
    if (Array.isArray(step.raw) !== Array.isArray(step.parsed)) continue;
    if (Array.isArray(step.raw)) {
      const parsedItems = step.parsed as unknown[];
      for (let i = 0; i < step.raw.length; i += 1) descend(i, step.raw[i], parsedItems[i]);
    } else {
      const rawObject = step.raw as Record<string, unknown>;
      const parsedObject = step.parsed as Record<string, unknown>;
      for (const key of Object.keys(rawObject)) {
        // Own keys only: "constructor" or "toString" are in every object, but were never accepted fields.
        if (Object.hasOwn(parsedObject, key)) descend(key, rawObject[key], parsedObject[key]);
        else children.push({ dropped: key, trail: step.trail });
      }
    }
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Step);
  }
  return unknown;
}

function pathOf(trail: readonly { key: string | number; parent: number }[], index: number, key: string): string {
  const parts: (string | number)[] = [key];
  for (let i = index; i >= 0; i = (trail[i] as { parent: number }).parent) parts.unshift((trail[i] as { key: string | number }).key);
  return parts.reduce<string>((joined, part) => (typeof part === 'number' ? `${joined}[${part}]` : part === '' ? joined : joined ? `${joined}.${part}` : part), '');
}
