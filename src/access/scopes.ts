import { OutcomeError } from '../kernel/errors.js';

/** Outcome families: each has a `:read` and a `:write` scope, and `:write` implies `:read`. */
export const outcomeFamilies = [
  'invoices',
  'widgets',
  'content',
  'storefront',
  'membership',
  'clips',
  'directory',
  'outreach',
  'business',
] as const;

export const scopes = [
  ...outcomeFamilies.flatMap((family) => [`${family}:read`, `${family}:write`] as const),
  'intent:run',
  'jobs:read',
  'usage:read',
  '*',
] as const;

export type Scope = (typeof scopes)[number];

const known = new Set<string>(scopes);

/** Whether scopes `held` allow a tool that needs `needed`. */
export function grants(held: readonly string[], needed: string): boolean {
  if (held.includes('*') || held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write'));
}

/** Parses `"a,b"` or `"*"`; an unknown scope is refused with the list of allowed ones. */
export function parseScopes(text: string): Scope[] {
  const parsed = text
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = parsed.filter((scope) => !known.has(scope));
  if (parsed.length === 0 || unknown.length) {
    throw new OutcomeError(
      'invalid_input',
      `${parsed.length ? `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}` : 'No scope given'}; use a comma-separated list of: ${scopes.join(', ')}.`,
    );
  }
  return [...new Set(parsed)] as Scope[];
}
