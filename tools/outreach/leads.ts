import { createRequire } from 'node:module';
import { readCsv } from '../../src/files/csv.js';
import { OutcomeError } from '../../src/kernel/errors.js';

/**
 * Leads in: CSV (through csv-parse: quotes, a BOM, commas, semicolons or tabs) or JSON objects, read under
 * header aliases ("First Name", "first_name", "Email Address"…) into the known fields; every other column is
 * kept as a custom field and reported. Each row is accepted (with flags: role and disposable addresses among
 * them) or rejected with its reason and row number: nothing is dropped silently.
 */

export const leadFields = ['first_name', 'last_name', 'full_name', 'email', 'company', 'title', 'industry', 'website', 'phone', 'linkedin_url', 'city', 'country', 'timezone', 'employees'] as const;
export type LeadField = (typeof leadFields)[number];

/** Header aliases, compared with case, spaces, dashes and underscores removed. */
const aliases: Record<LeadField, readonly string[]> = {
  first_name: ['firstname', 'first', 'givenname', 'fname', 'forename', 'vorname', 'prenom', 'nombre'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname', 'nachname', 'nom', 'apellido'],
  full_name: ['name', 'fullname', 'contactname', 'contact', 'person', 'personname', 'leadname'],
  email: ['email', 'emailaddress', 'mail', 'workemail', 'businessemail', 'emailid', 'contactemail'],
  company: ['company', 'companyname', 'organization', 'organisation', 'org', 'orgname', 'account', 'accountname', 'business', 'employer', 'firma'],
  title: ['title', 'jobtitle', 'position', 'role', 'jobrole', 'designation'],
  industry: ['industry', 'sector', 'vertical', 'branche'],
  website: ['website', 'url', 'companywebsite', 'web', 'domain', 'companydomain', 'site', 'homepage'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'tel', 'telephone', 'workphone', 'directphone'],
  linkedin_url: ['linkedin', 'linkedinurl', 'linkedinprofile', 'linkedinprofileurl', 'profileurl', 'personlinkedinurl'],
  city: ['city', 'town', 'location', 'stadt'],
  country: ['country', 'countrycode', 'land'],
  timezone: ['timezone', 'tz', 'timezonename', 'iana'],
  employees: ['employees', 'companysize', 'headcount', 'numberofemployees', 'employeecount', 'size'],
};
const aliasIndex = new Map<string, LeadField>(Object.entries(aliases).flatMap(([field, names]) => names.map((name) => [name, field as LeadField])));

const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const snakeCase = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, 'c_$1')
    .slice(0, 40) || 'column';

/** How the input's columns were read: each known field's source column, and the columns kept as custom fields. */
export interface LeadSchemaReport {
  format: 'csv' | 'json';
  delimiter: string | null;
  columns: Array<{ column: string; field: string; custom: boolean }>;
  unknown_columns: string[];
  warnings: string[];
}

/**
 * Flags mark what a sender should know; the lead is kept. A `disposable_address` (a throwaway inbox: no prospect, and
 * a risk to deliverability) is kept and shown like a role address, but outreach_send never writes to it.
 */
export type LeadFlag = 'role_address' | 'disposable_address' | 'same_domain' | 'no_first_name' | 'invalid_timezone' | 'short_row' | 'free_mail';

export interface Lead {
  lead_id: string;
  /** 1-based data row (the header is row 0), and the line of the file it starts on (CSV). */
  row: number;
  line: number | null;
  email: string;
  fields: Partial<Record<LeadField, string>>;
  custom: Record<string, string>;
  flags: LeadFlag[];
  score: number;
  score_reasons: string[];
  segment: Segment;
  timezone: string;
}

export type RejectionReason = 'missing_email' | 'invalid_email' | 'duplicate_email' | 'extra_fields';
export interface Rejection {
  row: number;
  line: number | null;
  email: string | null;
  reason: RejectionReason;
  message: string;
}

export const segments = ['priority', 'standard', 'nurture'] as const;
export type Segment = (typeof segments)[number];

/** Most leads an import takes: the whole build stays well under a second at this size. */
export const maxLeads = 5000;

interface RawRow {
  row: number;
  line: number | null;
  cells: Record<string, string>;
  short: boolean;
  extra: number;
}

interface ColumnPlan {
  headers: string[];
  /** A second column of a known field is a custom field that fills the field on rows where the first is empty. */
  targets: Array<{ field: LeadField | null; custom: string | null; fills?: LeadField }>;
  report: LeadSchemaReport;
}

function planColumns(headers: string[], format: 'csv' | 'json', delimiter: string | null): ColumnPlan {
  const taken = new Set<string>();
  const customNames = new Set<string>();
  const warnings: string[] = [];
  const targets = headers.map((header, index) => {
    const field = aliasIndex.get(normalizeHeader(header));
    if (field && !taken.has(field)) {
      taken.add(field);
      return { field, custom: null };
    }
    let name = snakeCase(header || `column_${index + 1}`);
    if ((leadFields as readonly string[]).includes(name)) name = `${name}_2`;
    while (customNames.has(name)) name = `${name}_${index + 1}`;
    customNames.add(name);
    if (field) {
      warnings.push(
        `Column "${header}" also reads as ${field}, as column "${headers[firstColumnOf(headers, field)] ?? ''}" does: kept as the custom field "${name}", used for ${field} where that column is empty.`,
      );
      return { field: null, custom: name, fills: field };
    }
    return { field: null, custom: name };
  });
  const columns = headers.map((header, index) => ({ column: header, field: targets[index]?.field ?? (targets[index]?.custom as string), custom: targets[index]?.field === null }));
  const unknown = columns.filter((column) => column.custom).map((column) => column.column);
  if (unknown.length)
    warnings.push(
      `Columns kept as custom fields (merge as {{name}}): ${columns
        .filter((c) => c.custom)
        .map((c) => `"${c.column}" → ${c.field}`)
        .join(', ')}.`,
    );
  if (!taken.has('email')) warnings.push('No column reads as an email address (e.g. "Email", "Email Address", "email"): every row is rejected.');
  return { headers, targets, report: { format, delimiter, columns, unknown_columns: unknown, warnings } };
}

/** The first header that maps to `field` (for the message about a second one). */
function firstColumnOf(headers: string[], field: LeadField): number {
  return headers.findIndex((header) => aliasIndex.get(normalizeHeader(header)) === field);
}

/** Most columns a lead file may have: a wider line is refused before parsing (a line of a million commas is not a lead). */
export const maxColumns = 200;

function rowsFromCsv(text: string): { plan: ColumnPlan; rows: RawRow[] } {
  const {
    header,
    rows: body,
    delimiter,
    lineOf,
  } = readCsv(text, {
    field: 'leads',
    // The header, the leads, and room for blank lines.
    maxLines: maxLeads * 2 + 1,
    maxFields: maxColumns,
    maxRecordChars: 100_000,
    tooLong: `at most ${maxLeads.toLocaleString('en-US')} leads per campaign`,
    // Every lead says its line.
    everyLine: true,
  });
  if (!header.length) throw new OutcomeError('invalid_input', 'leads: the CSV is empty; give a header row (e.g. "first_name,last_name,email,company") and one row per lead.');
  if (body.length > maxLeads) throw new OutcomeError('invalid_input', `leads: ${body.length} rows; at most ${maxLeads} per campaign.`);
  const plan = planColumns(header, 'csv', delimiter);
  const rows = body.map((record, index) => {
    const cells: Record<string, string> = {};
    header.forEach((_name, column) => {
      cells[String(column)] = record[column] ?? '';
    });
    return { row: index + 1, line: lineOf(index), cells, short: record.length < header.length, extra: Math.max(0, record.length - header.length) };
  });
  return { plan, rows };
}

function rowsFromJson(objects: ReadonlyArray<Record<string, unknown>>): { plan: ColumnPlan; rows: RawRow[] } {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const object of objects) {
    for (const key of Object.keys(object)) {
      if (!seen.has(key)) {
        seen.add(key);
        headers.push(key);
      }
    }
  }
  const plan = planColumns(headers, 'json', null);
  const rows = objects.map((object, index) => {
    const cells: Record<string, string> = {};
    headers.forEach((name, column) => {
      const value = Object.hasOwn(object, name) ? object[name] : undefined;
      cells[String(column)] =
        value === undefined || value === null ? '' : (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value)).trim();
    });
    return { row: index + 1, line: null, cells, short: false, extra: 0 };
  });
  return { plan, rows };
}

// One @, a local part without spaces or consecutive dots, a domain of labels and a TLD of letters (or an
// internationalised one in its ASCII form, such as xn--p1ai).
const emailPattern = /^(?!\.)(?!.*\.\.)[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
export const isEmail = (value: string) => emailPattern.test(value) && !value.split('@')[0]!.endsWith('.');

/** Mailboxes of a function, not a person: reached, but rarely by the person the email is for. */
const roleLocals = new Set([
  'info',
  'sales',
  'support',
  'admin',
  'administrator',
  'contact',
  'hello',
  'office',
  'team',
  'help',
  'enquiries',
  'inquiries',
  'marketing',
  'billing',
  'accounts',
  'accounting',
  'hr',
  'jobs',
  'careers',
  'press',
  'media',
  'noreply',
  'no-reply',
  'donotreply',
  'webmaster',
  'postmaster',
  'hostmaster',
  'abuse',
  'security',
  'privacy',
  'legal',
  'service',
  'customerservice',
  'feedback',
  'mail',
  'general',
  'reception',
  'orders',
  'invoices',
  'bookings',
]);
const freeMail = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'proton.me',
  'protonmail.com',
  'mail.com',
  'yandex.com',
  'zoho.com',
]);

let disposable: Set<string> | undefined;
/** The disposable-email-domains list (121k domains), loaded on first use. */
export function disposableDomains(): Set<string> {
  disposable ??= new Set(createRequire(import.meta.url)('disposable-email-domains') as string[]);
  return disposable;
}

export const isRoleAddress = (email: string) =>
  roleLocals.has(
    email
      .split('@')[0]!
      .replace(/[._]/g, '')
      .replace(/^(.*?)\+.*$/, '$1'),
  ) || roleLocals.has(email.split('@')[0]!);
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

// Making a DateTimeFormat costs ~0.2 ms: once per zone, not once per lead (bounded, as a CSV may name any strings).
const zonesSeen = new Map<string, boolean>();

export function validTimezone(zone: string): boolean {
  const known = zonesSeen.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    valid = false;
  }
  if (zonesSeen.size < 2000) zonesSeen.set(zone, valid);
  return valid;
}

/** What the scoring rules read: the campaign's own words (offer, ideal customer) and its channels. */
export interface ScoringContext {
  idealCustomer: string;
  offer: string;
  channels: readonly string[];
}

const decisionMaker = /\b(founder|co-?founder|owner|ceo|cto|cfo|coo|cmo|cro|chief|president|partner|principal|managing director|director|head of|vp|vice president|geschäftsführer|inhaber)\b/i;

/** The scoring rules as data: what the output shows is what ran. */
export const scoringRules = [
  { id: 'decision_maker_title', points: 30, when: 'title names a decision maker (founder, owner, CEO/CTO/…, chief, president, partner, director, head of, VP)' },
  { id: 'has_title', points: 10, when: 'a job title is given' },
  { id: 'has_company', points: 10, when: 'a company is given' },
  { id: 'has_first_name', points: 10, when: 'a first name is given (or read from a full name)' },
  { id: 'industry_match', points: 20, when: "the lead's industry shares a word (4+ letters) with the ideal customer or the offer" },
  { id: 'title_match', points: 10, when: "the lead's title shares a word (4+ letters) with the ideal customer" },
  { id: 'business_domain', points: 5, when: 'the address is at a company domain, not a free mail provider or a disposable one' },
  { id: 'has_phone', points: 5, when: 'a phone number is given and the cadence has phone steps' },
  { id: 'has_linkedin', points: 5, when: 'a LinkedIn URL is given and the cadence has LinkedIn steps' },
  { id: 'role_address', points: -20, when: 'the address is a role mailbox (info@, sales@…)' },
] as const;
export const segmentThresholds = { priority: 60, standard: 30 } as const;

const wordsOf = (text: string) => new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((word) => word.replace(/(ies|es|s)$/, '')));

function score(lead: Pick<Lead, 'fields' | 'flags' | 'email'>, context: ScoringContext, ideal: Set<string>, offer: Set<string>): { score: number; reasons: string[] } {
  const { fields } = lead;
  const hits: Array<(typeof scoringRules)[number]['id']> = [];
  if (fields.title && decisionMaker.test(fields.title)) hits.push('decision_maker_title');
  if (fields.title) hits.push('has_title');
  if (fields.company) hits.push('has_company');
  if (fields.first_name) hits.push('has_first_name');
  if (fields.industry && [...wordsOf(fields.industry)].some((word) => ideal.has(word) || offer.has(word))) hits.push('industry_match');
  if (fields.title && [...wordsOf(fields.title)].some((word) => ideal.has(word))) hits.push('title_match');
  if (!lead.flags.includes('free_mail') && !lead.flags.includes('disposable_address')) hits.push('business_domain');
  if (fields.phone && context.channels.includes('phone')) hits.push('has_phone');
  if (fields.linkedin_url && context.channels.includes('linkedin')) hits.push('has_linkedin');
  if (lead.flags.includes('role_address')) hits.push('role_address');
  const points = new Map<string, number>(scoringRules.map((rule) => [rule.id, rule.points]));
  const total = hits.reduce((sum, id) => sum + (points.get(id) ?? 0), 0);
  return { score: Math.max(0, Math.min(100, total)), reasons: hits.map((id) => `${id} ${(points.get(id) ?? 0) > 0 ? '+' : ''}${points.get(id)}`) };
}

export const segmentOf = (value: number): Segment => (value >= segmentThresholds.priority ? 'priority' : value >= segmentThresholds.standard ? 'standard' : 'nurture');

export interface ImportedLeads {
  schema: LeadSchemaReport;
  accepted: Lead[];
  rejected: Rejection[];
}

function splitName(full: string): { first: string; last: string } {
  const parts = full.trim().split(/\s+/);
  if (full.includes(',')) {
    // "Doe, Jane"
    const [last, first] = full.split(',').map((part) => part.trim());
    return { first: first ?? '', last: last ?? '' };
  }
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/**
 * Reads and checks leads. `ids` keeps a lead's id across revisions (by email); new leads get `newLeadId()`.
 */
export function importLeads(
  input: string | ReadonlyArray<Record<string, unknown>>,
  options: { timezone: string; scoring: ScoringContext; ids?: ReadonlyMap<string, string>; newLeadId: () => string },
): ImportedLeads {
  const { plan, rows } = typeof input === 'string' ? rowsFromCsv(input) : rowsFromJson(input);
  const accepted: Lead[] = [];
  const rejected: Rejection[] = [];
  const byEmail = new Map<string, number>();
  const byDomain = new Map<string, Lead[]>();
  const blocked = disposableDomains();
  for (const raw of rows) {
    const fields: Partial<Record<LeadField, string>> = {};
    const custom: Record<string, string> = {};
    plan.targets.forEach((target, column) => {
      const value = raw.cells[String(column)] ?? '';
      if (value === '') return;
      if (target.field) fields[target.field] = value;
      else if (target.custom) custom[target.custom] = value;
    });
    for (const target of plan.targets) if (target.fills && target.custom && !fields[target.fills] && custom[target.custom]) fields[target.fills] = custom[target.custom];
    const email = (fields.email ?? '')
      .trim()
      .toLowerCase()
      .replace(/^mailto:/, '');
    const reject = (reason: RejectionReason, message: string) => rejected.push({ row: raw.row, line: raw.line, email: email || null, reason, message });
    if (raw.extra > 0) {
      reject('extra_fields', `row ${raw.row}: ${raw.extra} more field(s) than the header has columns; check its quotes and delimiters (nothing was guessed).`);
      continue;
    }
    if (!email) {
      reject('missing_email', `row ${raw.row}: no email address.`);
      continue;
    }
    if (!isEmail(email)) {
      reject('invalid_email', `row ${raw.row}: "${email.slice(0, 80)}" is not a valid email address.`);
      continue;
    }
    const first = byEmail.get(email);
    if (first !== undefined) {
      reject('duplicate_email', `row ${raw.row}: ${email} is already in row ${first}.`);
      continue;
    }
    const domain = domainOf(email);
    byEmail.set(email, raw.row);
    if (fields.full_name && !fields.first_name && !fields.last_name) {
      const { first: given, last } = splitName(fields.full_name);
      if (given) fields.first_name = given;
      if (last) fields.last_name = last;
    }
    if (!fields.full_name && (fields.first_name || fields.last_name)) fields.full_name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
    fields.email = email;
    const flags: LeadFlag[] = [];
    if (isRoleAddress(email)) flags.push('role_address');
    const throwaway = blocked.has(domain);
    if (throwaway) flags.push('disposable_address');
    if (freeMail.has(domain)) flags.push('free_mail');
    if (!fields.first_name) flags.push('no_first_name');
    if (raw.short) flags.push('short_row');
    let timezone = options.timezone;
    if (fields.timezone) {
      if (validTimezone(fields.timezone)) timezone = fields.timezone;
      else flags.push('invalid_timezone');
    }
    const lead: Lead = {
      lead_id: options.ids?.get(email) ?? options.newLeadId(),
      row: raw.row,
      line: raw.line,
      email,
      fields,
      custom,
      flags,
      score: 0,
      score_reasons: [],
      segment: 'nurture',
      timezone,
    };
    accepted.push(lead);
    // Strangers who both used one throwaway service are not colleagues.
    if (!freeMail.has(domain) && !throwaway) byDomain.set(domain, [...(byDomain.get(domain) ?? []), lead]);
  }
  // Colleagues at one company are kept (each may be the right person), flagged so that a sender can pick.
  for (const group of byDomain.values()) if (group.length > 1) for (const lead of group) lead.flags.push('same_domain');
  return { schema: plan.report, accepted: rescoreLeads(accepted, options.scoring), rejected };
}

/** The leads scored by the rules against a campaign's words (again after the offer or ideal customer changed). */
export function rescoreLeads(leads: readonly Lead[], context: ScoringContext): Lead[] {
  const ideal = wordsOf(context.idealCustomer);
  const offer = wordsOf(context.offer);
  return leads.map((lead) => {
    const result = score(lead, context, ideal, offer);
    return { ...lead, score: result.score, score_reasons: result.reasons, segment: segmentOf(result.score) };
  });
}

/** A merge field's value for a lead: `domain` and `segment`, then its known fields, then its custom columns. */
export function mergeValue(lead: Lead, name: string): string | undefined {
  if (name === 'domain') return domainOf(lead.email);
  if (name === 'segment') return lead.segment;
  if (Object.hasOwn(lead.fields, name)) return lead.fields[name as LeadField];
  return Object.hasOwn(lead.custom, name) ? lead.custom[name] : undefined;
}
