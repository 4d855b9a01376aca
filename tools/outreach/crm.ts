import { stringify } from 'csv-stringify/sync';
import type { Category } from './triage.js';
import type { Lead, LeadField, Segment } from './leads.js';

/**
 * CRM sync mappings with each CRM's own field names: HubSpot contact properties (internal names), Salesforce
 * Lead fields (API names) and Pipedrive's spreadsheet-import fields ("Person - Email", "Lead - Title"…), a
 * triage category → status mapping per CRM, the key each CRM dedupes on, and a CSV export per CRM.
 */

export const crms = ['hubspot', 'salesforce', 'pipedrive'] as const;
export type Crm = (typeof crms)[number];

/** A lead's state as a CRM sees it: not yet contacted, in the sequence, or a triaged reply. */
export type LeadState = 'new' | 'contacted' | Category;

interface Column {
  /** The CRM's field (internal/API name, or import column). */
  crm_field: string;
  /** Where its value comes from: a lead field, or a campaign value. */
  from: LeadField | 'segment' | 'status' | 'lead_source' | 'lead_title' | 'opted_out' | 'score' | 'rating';
}

interface CrmSpec {
  label: string;
  object: string;
  columns: Column[];
  dedupe_key: string;
  status_field: string;
  statuses: Record<LeadState, string>;
  /** Values that go with a state besides the status (an opt-out flag, a lifecycle stage). */
  notes: string[];
}

const hubspotStatus: Record<LeadState, string> = {
  new: 'NEW',
  contacted: 'ATTEMPTED_TO_CONTACT',
  interested: 'IN_PROGRESS',
  question: 'CONNECTED',
  not_now: 'BAD_TIMING',
  not_interested: 'UNQUALIFIED',
  unsubscribe: 'UNQUALIFIED',
  out_of_office: 'ATTEMPTED_TO_CONTACT',
  referral: 'CONNECTED',
  bounce: 'UNQUALIFIED',
};

// Salesforce's default Lead Status picklist.
const salesforceStatus: Record<LeadState, string> = {
  new: 'Open - Not Contacted',
  contacted: 'Working - Contacted',
  interested: 'Working - Contacted',
  question: 'Working - Contacted',
  not_now: 'Working - Contacted',
  not_interested: 'Closed - Not Converted',
  unsubscribe: 'Closed - Not Converted',
  out_of_office: 'Working - Contacted',
  referral: 'Working - Contacted',
  bounce: 'Closed - Not Converted',
};

// Pipedrive's default lead labels (Hot, Warm, Cold); a closed lead is archived rather than labelled.
const pipedriveLabel: Record<LeadState, string> = {
  new: 'Cold',
  contacted: 'Cold',
  interested: 'Hot',
  question: 'Warm',
  not_now: 'Cold',
  not_interested: 'Archived',
  unsubscribe: 'Archived',
  out_of_office: 'Warm',
  referral: 'Warm',
  bounce: 'Archived',
};

export const crmSpecs: Record<Crm, CrmSpec> = {
  hubspot: {
    label: 'HubSpot',
    object: 'contact',
    columns: [
      { crm_field: 'firstname', from: 'first_name' },
      { crm_field: 'lastname', from: 'last_name' },
      { crm_field: 'email', from: 'email' },
      { crm_field: 'company', from: 'company' },
      { crm_field: 'jobtitle', from: 'title' },
      { crm_field: 'phone', from: 'phone' },
      { crm_field: 'website', from: 'website' },
      { crm_field: 'industry', from: 'industry' },
      { crm_field: 'city', from: 'city' },
      { crm_field: 'country', from: 'country' },
      { crm_field: 'hs_linkedin_url', from: 'linkedin_url' },
      { crm_field: 'hs_lead_status', from: 'status' },
      { crm_field: 'lifecyclestage', from: 'lead_title' },
    ],
    dedupe_key: 'email',
    status_field: 'hs_lead_status',
    statuses: hubspotStatus,
    notes: ['lifecyclestage is "lead" (interested: "salesqualifiedlead").', 'An unsubscribe also needs the contact opted out of email in HubSpot (subscription status): the export cannot set it.'],
  },
  salesforce: {
    label: 'Salesforce',
    object: 'Lead',
    columns: [
      { crm_field: 'FirstName', from: 'first_name' },
      { crm_field: 'LastName', from: 'last_name' },
      { crm_field: 'Email', from: 'email' },
      { crm_field: 'Company', from: 'company' },
      { crm_field: 'Title', from: 'title' },
      { crm_field: 'Phone', from: 'phone' },
      { crm_field: 'Website', from: 'website' },
      { crm_field: 'Industry', from: 'industry' },
      { crm_field: 'City', from: 'city' },
      { crm_field: 'Country', from: 'country' },
      { crm_field: 'Status', from: 'status' },
      { crm_field: 'LeadSource', from: 'lead_source' },
      { crm_field: 'Rating', from: 'rating' },
      { crm_field: 'HasOptedOutOfEmail', from: 'opted_out' },
    ],
    dedupe_key: 'Email',
    status_field: 'Status',
    statuses: salesforceStatus,
    notes: ['LastName and Company are required on a Lead: rows without them get "[not provided]" (Salesforce\'s own convention for web-to-lead).', 'Rating: Hot/Warm/Cold from the segment.'],
  },
  pipedrive: {
    label: 'Pipedrive',
    object: 'lead (with person and organization)',
    columns: [
      { crm_field: 'Lead - Title', from: 'lead_title' },
      { crm_field: 'Lead - Labels', from: 'status' },
      { crm_field: 'Person - Name', from: 'full_name' },
      { crm_field: 'Person - First name', from: 'first_name' },
      { crm_field: 'Person - Last name', from: 'last_name' },
      { crm_field: 'Person - Email', from: 'email' },
      { crm_field: 'Person - Phone', from: 'phone' },
      { crm_field: 'Organization - Name', from: 'company' },
    ],
    dedupe_key: 'Person - Email',
    status_field: 'Lead - Labels',
    statuses: pipedriveLabel,
    notes: [
      'A lead needs a title and a person or organization name.',
      '"Archived" is not a label: archive those leads after import.',
      'Job title, website and industry have no default Pipedrive person field: add custom fields to import them.',
    ],
  },
};

export interface CrmMapping {
  crm: Crm;
  object: string;
  fields: Array<{ crm_field: string; from: string }>;
  unmapped: string[];
  dedupe_key: string;
  status_field: string;
  status_by_category: Record<LeadState, string>;
  notes: string[];
}

export function mappingOf(crm: Crm): CrmMapping {
  const spec = crmSpecs[crm];
  const mapped = new Set(spec.columns.map((column) => column.from));
  const unmapped = (['title', 'website', 'industry', 'linkedin_url', 'city', 'country', 'employees', 'timezone'] as const).filter((field) => !mapped.has(field));
  return {
    crm,
    object: spec.object,
    fields: spec.columns.map((column) => ({ crm_field: column.crm_field, from: column.from })),
    unmapped,
    dedupe_key: spec.dedupe_key,
    status_field: spec.status_field,
    status_by_category: spec.statuses,
    notes: spec.notes,
  };
}

const ratingOf: Record<Segment, string> = { priority: 'Hot', standard: 'Warm', nurture: 'Cold' };

function cell(crm: Crm, column: Column, lead: Lead, state: LeadState, campaign: { title: string; leadSource: string }): string {
  switch (column.from) {
    case 'status':
      return crmSpecs[crm].statuses[state];
    case 'lead_source':
      return campaign.leadSource;
    case 'lead_title':
      if (crm === 'hubspot') return state === 'interested' ? 'salesqualifiedlead' : 'lead';
      return `${lead.fields.company ?? lead.fields.full_name ?? lead.email} – ${campaign.title}`.slice(0, 255);
    case 'opted_out':
      return state === 'unsubscribe' || state === 'bounce' ? 'true' : 'false';
    case 'rating':
      return ratingOf[lead.segment];
    case 'segment':
      return lead.segment;
    case 'score':
      return String(lead.score);
    default: {
      const value = lead.fields[column.from] ?? '';
      if (crm === 'salesforce' && !value && (column.from === 'last_name' || column.from === 'company')) return '[not provided]';
      return value;
    }
  }
}

/** A phone number or a signed number ("+49 30 1234567", "+1 (555) 010-9999", "-5"): data, not a formula. */
const numberLike = /^[+-]\s?\d[\d\s()./-]*$/;

/**
 * A cell a spreadsheet would run as a formula (=, @, a tab or CR, or + and - before anything but a number) gets a
 * leading quote (OWASP CSV injection). csv-stringify's escape_formulas quotes every + and -, phone numbers included.
 */
export function neutralized(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !numberLike.test(value))) return `'${value}`;
  return value;
}

/** One CRM's import file: a header of its field names, a row per lead; cells a spreadsheet would run as formulas are escaped. */
export function exportCsv(crm: Crm, leads: readonly Lead[], states: ReadonlyMap<string, LeadState>, campaign: { title: string; leadSource: string }): { csv: string; columns: string[]; rows: number } {
  const columns = crmSpecs[crm].columns;
  const rows = leads.map((lead) => columns.map((column) => cell(crm, column, lead, states.get(lead.lead_id) ?? 'new', campaign)));
  const header = columns.map((column) => column.crm_field);
  return { csv: stringify([header, ...rows.map((row) => row.map(neutralized))], { record_delimiter: 'windows' }), columns: header, rows: rows.length };
}
