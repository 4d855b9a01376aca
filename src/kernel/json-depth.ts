import { OutcomeError } from './errors.js';

/** Deeper than any input of the catalogue needs; deep enough for any caller-supplied props. */
export const maxInputDepth = 32;

/**
 * The path of the first place where `value` nests more than `maxDepth` arrays or objects, or
 * undefined. Iterative: a body nested thousands deep must not exhaust the stack that checks it.
 */
export function tooDeepAt(value: unknown, maxDepth = maxInputDepth): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length) {
    const { value: current, depth, path } = stack.pop() as (typeof stack)[number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return path || '(root)';
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, i) => [`${path}[${i}]`, item])
      : Object.entries(current).map(([key, item]) => [path ? `${path}.${key}` : key, item]);
    for (const [at, item] of entries) if (typeof item === 'object' && item !== null) stack.push({ value: item, depth: depth + 1, path: at });
  }
  return undefined;
}

/** 400 when a request body or a tool's arguments nest deeper than `maxInputDepth`. */
export function checkInputDepth(value: unknown, subject: string): void {
  const at = tooDeepAt(value);
  if (at === undefined) return;
  const shown = at.length > 120 ? `${at.slice(0, 120)}…` : at;
  throw new OutcomeError('invalid_input', `${subject} nests arrays or objects more than ${maxInputDepth} levels deep (at ${shown}); send flatter data.`, {
    details: { issues: [{ path: shown, code: 'too_deep', message: `nested more than ${maxInputDepth} levels`, max_depth: maxInputDepth }] },
  });
}
