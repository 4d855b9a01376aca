import { OutcomeError } from './errors.js';
import { excerpt } from './quote.js';

/** Deeper than any input of the catalogue needs; deep enough for any caller-supplied props. */
export const maxInputDepth = 32;

/**
 * The path of the first place where `value` nests more than `maxDepth` arrays or objects, or
 * undefined. Iterative, so that a body nested thousands deep cannot exhaust the stack that
 * checks it, and lean, since it sees every request body: one pass over parallel arrays with no
 * allocation per element; the path is only traced (a second pass) for a body that fails.
 */
export function tooDeepAt(value: unknown, maxDepth = maxInputDepth): string | undefined {
  return walk(value, maxDepth).tooDeepAt;
}

function walk(value: unknown, maxDepth: number): { tooDeepAt?: string; containers: number } {
  const values: object[] = [];
  const depths: number[] = [];
  if (typeof value === 'object' && value !== null) {
    values.push(value);
    depths.push(0);
  }
  let containers = 0;
  while (values.length) {
    const node = values.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    containers += 1;
    if (depth >= maxDepth) return { tooDeepAt: pathTo(value as object, maxDepth), containers };
    const items: readonly unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (let i = 0; i < items.length; i += 1) {
      const child = items[i];
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return { containers };
}

/** The path of the first container at `maxDepth`, found depth-first (only for a refusal's message). */
function pathTo(root: object, maxDepth: number): string {
  const stack: { value: object; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (depth >= maxDepth) return path || '(root)';
    const entries: readonly (readonly [string, unknown])[] = Array.isArray(value)
      ? value.map((item, i) => [`${path}[${i}]`, item] as const)
      : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
    for (const [at, child] of entries) if (typeof child === 'object' && child !== null) stack.push({ value: child, path: at, depth: depth + 1 });
  }
  return '(root)';
}

/** 400 when a request body or a tool's arguments nest deeper than `maxInputDepth`; else how many arrays and objects it holds. */
export function checkInputDepth(value: unknown, subject: string): number {
  const { tooDeepAt: at, containers } = walk(value, maxInputDepth);
  if (at === undefined) return containers;
  const shown = excerpt(at, 120);
  throw new OutcomeError('invalid_input', `${subject} nests arrays or objects more than ${maxInputDepth} levels deep (at ${shown}); send flatter data.`, {
    details: { issues: [{ path: shown, code: 'too_deep', message: `nested more than ${maxInputDepth} levels`, max_depth: maxInputDepth }] },
  });
}
