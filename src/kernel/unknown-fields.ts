export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Paths of keys the caller sent that the parsed input no longer has (Zod strips unknown keys),
 * in the order they appear in the input. Iterative (deep input cannot exhaust the stack; depth
 * is also capped before parsing) and lean, since it sees every call's input: parallel arrays,
 * primitives skipped, and a path spelt out only for a key that is reported.
 */
export function unknownFields(raw: unknown, parsed: unknown, path = ''): string[] {
  // Each visited container's key and its parent's index in these arrays, to spell paths on demand.
  const keys: (string | number)[] = [path];
  const parents: number[] = [-1];
  // The walk: a pair to compare (raw, parsed, its index above) or, with parsed === DROPPED, a key to report.
  const raws: unknown[] = [];
  const parseds: unknown[] = [];
  const at: number[] = [];
  const unknown: string[] = [];
  if (isContainer(raw) && isContainer(parsed)) {
    raws.push(raw);
    parseds.push(parsed);
    at.push(0);
  }
  while (raws.length) {
    const rawNode = raws.pop();
    const parsedNode = parseds.pop();
    const index = at.pop() as number;
    if (parsedNode === DROPPED) {
      unknown.push(spell(keys, parents, index));
      continue;
    }
    if (Array.isArray(rawNode) !== Array.isArray(parsedNode)) continue;
    // Children are pushed last-first, so that they are visited in the input's order.
    if (Array.isArray(rawNode)) {
      const parsedItems = parsedNode as unknown[];
      for (let i = rawNode.length - 1; i >= 0; i -= 1) {
        if (isContainer(rawNode[i]) && isContainer(parsedItems[i])) push(i, index, rawNode[i], parsedItems[i]);
      }
      continue;
    }
    const rawObject = rawNode as Record<string, unknown>;
    const parsedObject = parsedNode as Record<string, unknown>;
    const names = Object.keys(rawObject);
    for (let i = names.length - 1; i >= 0; i -= 1) {
      const name = names[i] as string;
      // Own keys only: "constructor" or "toString" are in every object, but were never accepted fields.
      if (!Object.hasOwn(parsedObject, name)) push(name, index, undefined, DROPPED);
      else if (isContainer(rawObject[name]) && isContainer(parsedObject[name])) push(name, index, rawObject[name], parsedObject[name]);
    }
  }
  return unknown;

  function push(key: string | number, parent: number, rawChild: unknown, parsedChild: unknown): void {
    keys.push(key);
    parents.push(parent);
    raws.push(rawChild);
    parseds.push(parsedChild);
    at.push(keys.length - 1);
  }
}

const DROPPED = Symbol('dropped');

function spell(keys: readonly (string | number)[], parents: readonly number[], index: number): string {
  const parts: (string | number)[] = [];
  for (let i = index; i >= 0; i = parents[i] as number) parts.unshift(keys[i] as string | number);
  return parts.reduce<string>((joined, part) => (typeof part === 'number' ? `${joined}[${part}]` : part === '' ? joined : joined ? `${joined}.${part}` : part), '');
}
