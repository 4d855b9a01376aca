/**
 * Merge fields: `{{first_name}}` takes the lead's value; `{{first_name|there}}` falls back to "there" when the
 * lead has none; `{{company|}}` falls back to nothing, on purpose. A field with no value and no fallback renders
 * empty and is reported: QA blocks a send that would say "Hi ,".
 */

const tag = /\{\{\s*([a-z_][a-z0-9_]*)\s*(?:\|([^{}]*))?\}\}/g;

export interface Rendered {
  text: string;
  /** Fields with no value and no fallback. */
  empty: string[];
  /** Every field named, with or without a value. */
  used: string[];
}

export function render(template: string, values: Readonly<Record<string, string | undefined>>): Rendered {
  const empty: string[] = [];
  const used: string[] = [];
  const text = template.replace(tag, (_match, name: string, fallback: string | undefined) => {
    used.push(name);
    const value = Object.hasOwn(values, name) ? values[name]?.trim() : undefined;
    if (value) return value;
    if (fallback !== undefined) return fallback.trim();
    empty.push(name);
    return '';
  });
  return { text, empty, used };
}

/** The fields a template names (for QA's check of names no lead has). */
export function fieldsNamed(template: string): string[] {
  return [...template.matchAll(tag)].map((match) => match[1] as string);
}

/** Braces left after rendering: a tag written wrongly (`{first_name}}`, `{{ first name }}`). */
export const hasStrayBraces = (text: string) => /\{\{|\}\}/.test(text);
