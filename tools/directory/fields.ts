/**
 * A directory's listing fields: given by the caller or read off the listings given, and the one
 * definition every check derives from. The zod schema of a listing validates imported rows and
 * public submissions; its JSON Schema (2020-12) and UI schema are what the submission form
 * publishes, emitted from that same zod schema so the two cannot drift apart.
 */
import { z } from 'zod';
import { textField } from '../../src/kernel/fields.js';

export const fieldTypes = ['text', 'textarea', 'url', 'email', 'tel', 'number', 'select'] as const;
export type FieldType = (typeof fieldTypes)[number];

const fieldName = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and underscores, starting with a letter (e.g. "opening_hours")');

export const fieldSchema = z.object({
  name: fieldName,
  label: textField(80).optional().describe('Shown on the form and the listing page; default: the name in words.'),
  type: z.enum(fieldTypes).default('text'),
  required: z.boolean().default(false),
  filterable: z.boolean().default(false).describe('Offered as a filter next to the search box (its distinct values).'),
  options: z.array(textField(80)).min(1).max(50).optional().describe('The allowed values of a select field.'),
});
export type FieldInput = z.input<typeof fieldSchema>;

/** A field as the directory uses it: every property settled. */
export interface Field {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  filterable: boolean;
  options?: string[];
}

/** Maximum length of a value, per type. */
const maxLength: Record<FieldType, number> = { text: 200, textarea: 2000, url: 500, email: 254, tel: 40, number: 30, select: 80 };

export const labelOf = (name: string) => {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Column names as they come (`Business Name`, `e-mail`) → field names (`business_name`, `e_mail`), then the usual synonyms. */
const synonyms: Record<string, string> = {
  title: 'name',
  business: 'name',
  business_name: 'name',
  company: 'name',
  listing: 'name',
  type: 'category',
  kind: 'category',
  url: 'website',
  site: 'website',
  web: 'website',
  homepage: 'website',
  e_mail: 'email',
  mail: 'email',
  telephone: 'phone',
  tel: 'phone',
  summary: 'description',
  about: 'description',
};

/** Text without case or accents: "Café" and "cafe" read alike. */
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function fieldNameOf(column: string): { name: string; renamed: boolean } | null {
  const base = folded(column)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '')
    .slice(0, 40);
  if (!base) return null;
  const name = synonyms[base] ?? base;
  return { name, renamed: name !== column };
}

/** The fields every directory knows by name, with their types: used when the caller gives none. */
const known: Record<string, Pick<Field, 'type' | 'filterable'>> = {
  name: { type: 'text', filterable: false },
  category: { type: 'select', filterable: true },
  location: { type: 'text', filterable: true },
  city: { type: 'text', filterable: true },
  description: { type: 'textarea', filterable: false },
  website: { type: 'url', filterable: false },
  email: { type: 'email', filterable: false },
  phone: { type: 'tel', filterable: false },
  address: { type: 'text', filterable: false },
};

/** With nothing to read them from: what a listing of any directory has. */
const defaultNames = ['name', 'category', 'location', 'description', 'website', 'email'];

/** Sorted distinct values, as the filters and select options show them. */
export const distinct = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en'));

/** Distinct values that differ only in case or accents counted once, as first written ("Cafe", "cafe", "Café" → "Cafe"). */
const distinctFolded = (values: Iterable<string>) => {
  const first = new Map<string, string>();
  for (const value of values) if (!first.has(folded(value))) first.set(folded(value), value);
  return distinct(first.values());
};

/** The option a select value means when it differs from one only in case, accents or surrounding spaces; else the value as given. */
export function optionOf(field: Field, value: string): string {
  const options = field.options ?? [];
  if (options.includes(value)) return value;
  const wanted = folded(value.trim());
  return options.find((option) => folded(option) === wanted) ?? value;
}

/** A category field whose options are exactly the categories given. */
const categoryField = (categories: readonly string[], base?: Field): Field => ({
  ...(base ?? { name: 'category', label: 'Category', required: false }),
  type: 'select',
  filterable: true,
  options: distinct(categories).slice(0, 50),
});

/** The fields with `category` a select of exactly the categories given (added after `name` when missing); unchanged when none are given. */
export function withCategories(fields: readonly Field[], categories: readonly string[]): Field[] {
  if (!categories.length) return [...fields];
  const at = fields.findIndex((field) => field.name === 'category');
  if (at >= 0) return fields.map((field, index) => (index === at ? categoryField(categories, field) : field));
  const after = fields.findIndex((field) => field.name === 'name') + 1;
  return [...fields.slice(0, after), categoryField(categories), ...fields.slice(after)];
}

/**
 * The fields of a directory: the caller's (with `name` added first when missing), else those read
 * off the columns of the listings given, else the usual ones. A column's type is what its name says
 * it is, or what every value in it looks like. Categories given are exactly the options of `category`
 * (a listing with another is refused); with none given, the options are the listings' own.
 */
export function settleFields(
  given: readonly z.output<typeof fieldSchema>[] | undefined,
  rows: ReadonlyArray<Record<string, unknown>>,
  categories: readonly string[],
): { fields: Field[]; inferred: boolean } {
  if (given?.length) {
    const fields: Field[] = given.map((field) => ({ ...field, label: field.label ?? labelOf(field.name) }));
    if (!fields.some((field) => field.name === 'name')) fields.unshift({ name: 'name', label: 'Name', type: 'text', required: true, filterable: false });
    const name = fields.find((field) => field.name === 'name') as Field;
    name.required = true;
    return { fields: withCategories(fields, categories), inferred: false };
  }
  const columns = new Map<string, unknown[]>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (key === 'listing_id') continue;
      const column = columns.get(key);
      if (column) column.push(value);
      else columns.set(key, [value]);
    }
  }
  const names = columns.size ? ['name', ...[...columns.keys()].filter((name) => name !== 'name')] : defaultNames;
  if (categories.length && !names.includes('category')) names.splice(1, 0, 'category');
  const fields = names.slice(0, 30).map((name): Field => {
    const values = (columns.get(name) ?? [])
      .filter((value): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value))
      .map((value) => String(value).trim())
      .filter(Boolean);
    const base = known[name];
    let type: FieldType = base?.type ?? 'text';
    if (!base && values.length) {
      if (values.every((value) => /^-?\d+(\.\d+)?$/.test(value))) type = 'number';
      else if (values.every((value) => /^https?:\/\//i.test(value))) type = 'url';
      else if (values.some((value) => value.length > 200)) type = 'textarea';
    }
    const field: Field = { name, label: labelOf(name), type, required: name === 'name', filterable: base?.filterable ?? false };
    if (name === 'category') {
      if (categories.length) return categoryField(categories);
      const options = distinctFolded(values).slice(0, 50);
      if (options.length) field.options = options;
      else field.type = 'text';
    }
    // A short text column whose values repeat (a neighbourhood, a price band) is worth filtering by.
    if (!base && type === 'text' && values.length >= 4) {
      const unique = new Set(values);
      if (unique.size <= 12 && unique.size < values.length) field.filterable = true;
    }
    return field;
  });
  return { fields, inferred: columns.size > 0 };
}

function valueSchema(field: Field): z.ZodType {
  const max = maxLength[field.type];
  switch (field.type) {
    case 'url':
      // A pattern, not z.url(): JSON Schema carries patterns, so the published schema checks exactly what this one does.
      return z
        .string()
        .max(max)
        .regex(/^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/, 'must be an http(s) URL');
    case 'email':
      return z.email().max(max);
    case 'tel':
      return z
        .string()
        .trim()
        .regex(/^[+(]?[0-9][0-9 ().\-/]{2,38}$/, 'must be a phone number (digits, spaces, + ( ) . - /)');
    case 'number':
      return z.number().finite();
    case 'select':
      return z.enum((field.options ?? []) as [string, ...string[]]);
    default:
      return z.string().trim().min(1).max(max);
  }
}

/** One listing's values: the fields' types, required ones present, nothing else. */
export function listingSchema(fields: readonly Field[]) {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field.name, field.required ? valueSchema(field) : valueSchema(field).optional()])));
}

export type ListingValues = Record<string, string | number>;

/**
 * A row as sent (CSV text, form fields, JSON) made ready for the schema: blanks dropped, numbers of
 * number fields read as numbers; with `matchOptions` (imported listings, not the public form, whose
 * published enum must agree with it), a select value written in another case or without its
 * accents read as its option. Everything else is left as it came, for the schema to judge.
 */
export function prepareValues(fields: readonly Field[], row: Record<string, unknown>, { matchOptions = false } = {}): Record<string, unknown> {
  const types = new Map(fields.map((field) => [field.name, field.type]));
  const selects = new Map(fields.filter((field) => matchOptions && field.type === 'select').map((field) => [field.name, field]));
  const prepared: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, raw] of Object.entries(row)) {
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '') continue;
    if (types.get(name) === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) prepared[name] = Number(value);
    else if (types.get(name) !== 'number' && typeof value === 'number' && Number.isFinite(value)) prepared[name] = String(value);
    else if (selects.has(name) && typeof value === 'string') prepared[name] = optionOf(selects.get(name) as Field, value);
    else prepared[name] = value;
  }
  return { ...prepared };
}

/** Reasons a row was refused, one per field, naming the field and what it must be. */
export function problemsOf(error: z.ZodError, fields: readonly Field[]): string[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: not a field of this directory (its fields are ${fields.map((field) => field.name).join(', ')})`;
    const name = String(issue.path[0] ?? '');
    const field = byName.get(name);
    if (field?.type === 'select') return `${name}: must be one of ${(field.options ?? []).map((option) => JSON.stringify(option)).join(', ')}`;
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${name}: required`;
    if (field?.type === 'url') return `${name}: must be an http(s) URL`;
    if (field?.type === 'email') return `${name}: must be an email address`;
    if (field?.type === 'number') return `${name}: must be a number`;
    return `${name}: ${issue.message}`;
  });
}

/** The submission form's JSON Schema (2020-12), emitted from the listing's zod schema. */
export function submissionJsonSchema(fields: readonly Field[], title: string): Record<string, unknown> {
  const schema = z.toJSONSchema(listingSchema(fields), { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  for (const field of fields) if (properties[field.name]) properties[field.name] = { title: field.label, ...properties[field.name] };
  return { ...schema, title: `Submit a listing to ${title}`.slice(0, 120) };
}

const widgets: Partial<Record<FieldType, string>> = { textarea: 'textarea', email: 'email', url: 'uri', tel: 'tel', number: 'updown' };

/** A UI schema (react-jsonschema-form's conventions): field order, widgets, the first field focused. */
export function submissionUiSchema(fields: readonly Field[]): Record<string, unknown> {
  const ui: Record<string, unknown> = { 'ui:order': fields.map((field) => field.name), 'ui:submitButtonOptions': { submitText: 'Submit listing' } };
  for (const [index, field] of fields.entries()) {
    const entry: Record<string, unknown> = {};
    const widget = widgets[field.type];
    if (widget) entry['ui:widget'] = widget;
    if (index === 0) entry['ui:autofocus'] = true;
    if (field.type === 'select') entry['ui:placeholder'] = 'Choose…';
    ui[field.name] = entry;
  }
  return ui;
}
