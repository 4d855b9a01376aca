import { z } from 'zod';
import { widgetDb, type WidgetSubmissionsTable } from './tables.js';
import { widgetIds } from './ids.js';
import type { StoreHandle } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { honeypotField, type FormField, type Section } from '../../src/render/sections.js';
import type { WidgetDocument } from './engine.js';

/** Form posts from widgets: checked against the form the visitor saw, stored per account, listed and exported. */

const maxLength = (field: FormField) => (field.type === 'textarea' ? 2000 : 500);

const checks: Record<FormField['type'], (value: string, field: FormField) => string | null> = {
  text: () => null,
  textarea: () => null,
  email: (value) => (z.email().safeParse(value).success ? null : 'must be an email address such as name@example.com'),
  tel: (value) => (/^\+?[\d\s().-]{3,40}$/.test(value) ? null : 'must be a phone number (digits, spaces, + ( ) . -)'),
  url: (value) => (z.url({ protocol: /^https?$/ }).safeParse(value).success ? null : 'must be an http(s) URL'),
  number: (value) => (value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'must be a number'),
  date: (value) => (z.iso.date().safeParse(value).success ? null : 'must be a date as YYYY-MM-DD'),
  time: (value) => (/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value) ? null : 'must be a time as HH:MM'),
  select: (value, field) => (field.options?.includes(value) ? null : `must be one of ${field.options?.map((option) => `"${option}"`).join(', ')}`),
};

export type SubmissionResult = { stored: true; id: string; message: string } | { stored: false; message: string };

/** Anything in the honeypot marks a bot: text that is not blank, a list a bot repeated it into, any other JSON value. */
const filled = (value: unknown): boolean => (typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) ? value.length > 1 || value.some(filled) : value !== undefined && value !== null);

/** Checks and stores one post; a filled honeypot gets the same answer as a person, and nothing is stored. */
export async function submitForm(
  store: StoreHandle,
  target: { widgetId: string; accountId: string; version: number; document: WidgetDocument; sectionId: string | undefined },
  body: Record<string, unknown>,
  now: Date,
): Promise<SubmissionResult> {
  const forms = target.document.draft.sections.filter((section): section is Extract<Section, { type: 'form' }> => section.type === 'form');
  const form = target.sectionId ? forms.find((section) => section.id === target.sectionId) : forms[0];
  if (!form) throw new OutcomeError('not_found', 'This form no longer exists; reload the page and try again.');
  const { success_message: message, fields } = form.props;
  const honeypot = Object.hasOwn(body, honeypotField) ? body[honeypotField] : undefined;
  if (filled(honeypot)) return { stored: false, message };

  // Null-prototype records: a field named "__proto__" or "constructor" is data, never an inherited property.
  const problems = Object.create(null) as Record<string, string>;
  const values = Object.create(null) as Record<string, string>;
  const known = new Set([...fields.map((field) => field.name), honeypotField]);
  for (const name of Object.keys(body)) if (!known.has(name)) problems[name] = `is not a field of this form (its fields are ${fields.map((field) => field.name).join(', ')})`;
  for (const field of fields) {
    const raw = Object.hasOwn(body, field.name) ? body[field.name] : undefined;
    if (raw !== undefined && typeof raw !== 'string') {
      problems[field.name] = 'must be text';
      continue;
    }
    const value = (raw ?? '').trim();
    if (!value) {
      if (field.required) problems[field.name] = `${field.label} is required`;
      continue;
    }
    if (value.length > maxLength(field)) {
      problems[field.name] = `must be at most ${maxLength(field)} characters`;
      continue;
    }
    const problem = checks[field.type](value, field);
    if (problem) problems[field.name] = `${field.label} ${problem}`;
    else values[field.name] = value;
  }
  if (Object.keys(problems).length) {
    const list = Object.entries(problems).map(([name, problem]) => `${name}: ${problem}`);
    throw new OutcomeError('invalid_input', `The form was not sent. ${list.join('; ')}.`, { details: { fields: problems } });
  }
  const id = newId(widgetIds.submission);
  await widgetDb(store)
    .insertInto('widget_submissions')
    .values({ id, widget_id: target.widgetId, account_id: target.accountId, version: target.version, section_id: form.id, fields: JSON.stringify(values), created_at: now.toISOString() })
    .execute();
  return { stored: true, id, message };
}

export const submissionSchema = z.object({
  id: z.string(),
  version: z.number().int().describe('The widget version whose form was filled in.'),
  form: z.string().describe('The form section id.'),
  fields: z.record(z.string(), z.string()),
  created_at: z.iso.datetime(),
});
export type Submission = z.output<typeof submissionSchema>;

export async function listSubmissions(
  store: StoreHandle,
  accountId: string,
  query: { widget_id: string; limit: number; cursor?: string | undefined },
): Promise<{ total: number; submissions: Submission[]; next_cursor: string | null }> {
  const scoped = widgetDb(store).selectFrom('widget_submissions').where('account_id', '=', accountId).where('widget_id', '=', query.widget_id);
  const { total } = await scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let page = scoped
    .select(['id', 'version', 'section_id', 'fields', 'created_at'])
    .orderBy('id', 'asc')
    .limit(query.limit + 1);
  if (query.cursor) page = page.where('id', '>', query.cursor);
  const rows = await page.execute();
  const submissions = rows.slice(0, query.limit).map(submissionOf);
  return { total: Number(total), submissions, next_cursor: rows.length > query.limit ? (submissions.at(-1)?.id ?? null) : null };
}

const submissionOf = (row: Pick<WidgetSubmissionsTable, 'id' | 'version' | 'section_id' | 'fields' | 'created_at'>): Submission => ({
  id: row.id,
  version: row.version,
  form: row.section_id,
  fields: JSON.parse(row.fields) as Record<string, string>,
  created_at: row.created_at,
});

/** The `limit` most recent submissions of a widget, oldest first: what an export holds. */
export async function recentSubmissions(store: StoreHandle, accountId: string, widgetId: string, limit: number): Promise<Submission[]> {
  const rows = await widgetDb(store)
    .selectFrom('widget_submissions')
    .select(['id', 'version', 'section_id', 'fields', 'created_at'])
    .where('account_id', '=', accountId)
    .where('widget_id', '=', widgetId)
    // Ids grow with time (monotonic ULIDs): the highest are the newest.
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(submissionOf);
}

/** One row per submission, one column per field ever sent; cells that a spreadsheet would run as formulas are escaped. */
export async function submissionsCsv(submissions: readonly Submission[]): Promise<string> {
  // Loaded on the first export, not at start-up.
  const { stringify } = await import('csv-stringify/sync');
  const names = [...new Set(submissions.flatMap((submission) => Object.keys(submission.fields)))];
  return stringify(
    submissions.map((submission) => [
      submission.id,
      submission.created_at,
      submission.version,
      submission.form,
      ...names.map((name) => (Object.hasOwn(submission.fields, name) ? submission.fields[name] : '')),
    ]),
    { header: true, columns: ['submission_id', 'created_at', 'version', 'form', ...names], escape_formulas: true },
  );
}
