import { OutcomeError } from './errors.js';
import { quote } from './quote.js';

/**
 * What an agent key may call: `family:read`, `family:write` (which implies `:read`), a few
 * platform scopes, or `*`. Outcome modules declare their families; the list of known scopes
 * is derived from them (see `Outcomes`), so nothing here names an outcome.
 */
export type Scope = `${string}:${string}` | '*';

/** Scopes of the platform's own tools, and every scope at once. */
export const platformScopes = ['jobs:read', 'usage:read', '*'] as const satisfies readonly Scope[];

/** A family's two scopes, for a module's declaration: `readWrite('invoices')`. */
export const readWrite = (family: string): Scope[] => [`${family}:read`, `${family}:write`];

/** Whether scopes `held` allow a tool that needs `needed`. */
export function grants(held: readonly string[], needed: string): boolean {
  if (held.includes('*') || held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write'));
}

/** Parses `"a,b"` or `"*"` against the known scopes; an unknown one is refused with the list of allowed ones. */
export function parseScopes(text: string, known: readonly Scope[]): Scope[] {
  const parsed = text
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = parsed.filter((scope) => !known.includes(scope as Scope));
  if (parsed.length === 0 || unknown.length) {
    throw new OutcomeError('invalid_input', `${parsed.length ? `Unknown scope ${unknown.map((s) => quote(s)).join(', ')}` : 'No scope given'}; use a comma-separated list of: ${known.join(', ')}.`);
  }
  return [...new Set(parsed)] as Scope[];
}
