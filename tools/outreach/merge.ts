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

/** A template cut once into its text and its tags: QA renders the same few templates for every lead. */
export interface Template {
  /** The text around the tags: one more than the tags. */
  texts: string[];
  tags: Array<{ name: string; fallback: string | undefined }>;
}

export function parseTemplate(template: string): Template {
  const texts: string[] = [];
  const tags: Template['tags'] = [];
  let after = 0;
  for (const match of template.matchAll(tag)) {
    texts.push(template.slice(after, match.index));
    tags.push({ name: match[1] as string, fallback: match[2]?.trim() });
    after = match.index + match[0].length;
  }
  texts.push(template.slice(after));
  return { texts, tags };
}

/** `valueOf`: a merge field's value for the lead rendered to, undefined when it has none. */
export function render(template: Template, valueOf: (name: string) => string | undefined): Rendered {
  const empty: string[] = [];
  const used: string[] = [];
  let text = template.texts[0] as string;
  for (const [index, { name, fallback }] of template.tags.entries()) {
    used.push(name);
    const value = valueOf(name)?.trim();
    if (value) text += value;
    else if (fallback !== undefined) text += fallback;
    else empty.push(name);
    text += template.texts[index + 1] as string;
  }
  return { text, empty, used };
}

/** The fields a template names (for QA's check of names no lead has). */
export function fieldsNamed(template: string): string[] {
  return [...template.matchAll(tag)].map((match) => match[1] as string);
}

/** Braces left after rendering: a tag written wrongly (`{first_name}}`, `{{ first name }}`). */
export const hasStrayBraces = (text: string) => /\{\{|\}\}/.test(text);
