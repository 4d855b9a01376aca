import { z } from 'zod';
import { textField } from '../../src/kernel/fields.js';
import { idPattern } from '../../src/kernel/ids.js';
import { asSignature, outlinedAs } from '../../src/kernel/json-schema.js';
import { outreachIds } from './ids.js';
import { channels } from './copy.js';
import { crms } from './crm.js';
import { maxLeads, segments, validTimezone } from './leads.js';
import { categories } from './triage.js';

export const campaignIdSchema = z.string().regex(idPattern(outreachIds.campaign), 'must be a campaign id such as "out_01…" from outreach_build');

const timezoneField = z.string().max(64).refine(validTimezone, 'must be an IANA time zone such as "Europe/Berlin" or "America/New_York"').describe('IANA zone, e.g. "Europe/Berlin".');

const hhmm = outlinedAs({ type: 'string' }, z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time "HH:MM" (24-hour)'));

/** An absolute https URL on a domain name (zod's own URL check). */
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const isHttpsUrl = (value: string) => httpsUrl.safeParse(value).success;

const senderSchema = asSignature(
  z.object({
    name: textField(80).optional(),
    company: textField(120).optional(),
    address: textField(300).optional().describe('Postal address: required in every email.'),
    calendar_url: z
      .string()
      .trim()
      .max(500)
      .refine(isHttpsUrl, 'must be an absolute https link with its scheme, such as "https://cal.com/you/30min" (a link without "https://" is never clickable in an email)')
      .optional()
      .describe('https link for booking a call.'),
    reply_to: z.email().max(254).optional(),
  }),
);

const leadRecord = z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).refine((record) => Object.keys(record).length <= 60, 'at most 60 fields per lead');

const stepInput = z.object({
  channel: z.enum(channels),
  day: z.number().int().min(0).max(90).describe('Business days after the start.'),
  subject: textField(200).optional(),
  body: textField(5000).describe('Merge fields: {{first_name|there}}.'),
  variant_b: z.object({ subject: textField(200).optional(), body: textField(5000).optional() }).optional(),
});

const snippetsSchema = z.object(Object.fromEntries(segments.map((segment) => [segment, textField(500).optional()])) as Record<(typeof segments)[number], z.ZodOptional<z.ZodString>>);

const sendWindowSchema = asSignature(
  z
    .object({ start: hhmm, end: hhmm })
    .refine((window) => window.start < window.end, { message: 'start must be before end', path: ['end'] })
    .describe("HH:MM, local to each lead's time zone."),
);

/** What a campaign is made of besides its leads: every field a revision may replace. */
const specShape = {
  offer: textField(1000).optional().describe('Default: read from the prompt.'),
  ideal_customer: textField(500).optional(),
  channels: z.array(z.enum(channels)).min(1).max(3).default(['email']),
  crm: z.enum(crms).optional().describe('Default: all three.'),
  sender: senderSchema.default({}),
  timezone: timezoneField.default('UTC').describe('For leads without their own; IANA zone.'),
  send_window: sendWindowSchema.default({ start: '09:00', end: '17:00' }),
  daily_cap: z.number().int().min(1).max(2000).default(100).describe('Emails a day, whole campaign.'),
  steps: asSignature(z.array(stepInput).min(1).max(12).optional().describe('Your own cadence, used verbatim; default: a template from the offer.')),
  snippets: asSignature(snippetsSchema.optional().describe('Per-segment opener, {{snippet}} in a body.')),
  ab_test: z.boolean().default(true).describe('Template: a B subject for the first email.'),
  lead_source: textField(40).default('Other').describe('Salesforce LeadSource.'),
};

const leadsField = outlinedAs(
  {
    anyOf: [
      { type: 'string', maxLength: 1_000_000 },
      { type: 'array', maxItems: maxLeads, items: { type: 'object' } },
    ],
    description: `CSV text (header row) or objects; at most ${maxLeads} leads.`,
  },
  z.union([z.string().max(1_000_000), z.array(leadRecord).max(maxLeads)]),
);

export const buildInputSchema = z.object({
  prompt: textField(4000).describe('The offer and the ideal customer, in your words.'),
  leads: leadsField.optional(),
  ...specShape,
});
export type BuildInput = z.output<typeof buildInputSchema>;
export type CampaignSpec = Omit<BuildInput, 'prompt' | 'leads'>;

// A change names only what it replaces: the build's defaults do not apply to it.
const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);
const changesShape = Object.fromEntries(Object.entries({ ...specShape, leads: leadsField }).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()])) as {
  [K in keyof typeof specShape | 'leads']: z.ZodOptional<z.ZodType<K extends 'leads' ? z.output<typeof leadsField> : z.output<(typeof specShape)[Exclude<K, 'leads'>]>>>;
};

export const reviseInputSchema = z.object({
  campaign_id: campaignIdSchema,
  changes: z.object(changesShape).describe('Fields to replace (as in outreach_build); leads replace all leads.'),
});
export type ReviseInput = z.output<typeof reviseInputSchema>;

const issueSchema = z.object({
  severity: z.enum(['error', 'warning']),
  kind: z.string(),
  step_id: z.string(),
  variant: z.string(),
  lead_id: z.string().nullable(),
  row: z.number().int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});

const leadOutput = z.object({
  lead_id: z.string(),
  row: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  company: z.string().nullable(),
  timezone: z.string(),
  flags: z.array(z.string()),
  score: z.number().int(),
  score_reasons: z.array(z.string()),
  segment: z.enum(segments),
});

const stepOutput = z.object({
  step_id: z.string(),
  channel: z.enum(channels),
  day: z.number().int(),
  kind: z.enum(['send', 'task']),
  requires: z.string().nullable(),
  written_by: z.enum(['caller', 'template']),
  variants: z.array(z.object({ id: z.string(), subject: z.string().nullable(), body: z.string() })),
});

export const campaignOutputSchema = z.object({
  campaign_id: z.string(),
  version: z.number().int(),
  leads: z.object({
    schema: z.object({
      format: z.enum(['csv', 'json', 'none']),
      delimiter: z.string().nullable(),
      columns: z.array(z.object({ column: z.string(), field: z.string(), custom: z.boolean() })),
      unknown_columns: z.array(z.string()),
      warnings: z.array(z.string()),
    }),
    accepted: z.object({
      count: z.number().int(),
      items: outlinedAs(
        { type: 'array', items: { type: 'object' }, description: 'The first 100: lead_id, row, email, first_name, company, timezone, flags, score, score_reasons, segment.' },
        z.array(leadOutput),
      ),
      truncated: z.boolean(),
    }),
    rejected: z.object({
      count: z.number().int(),
      by_reason: z.record(z.string(), z.number().int()),
      items: outlinedAs(
        { type: 'array', items: { type: 'object' }, description: 'The first 200: row, line, email, reason, message.' },
        z.array(z.object({ row: z.number().int(), line: z.number().int().nullable(), email: z.string().nullable(), reason: z.string(), message: z.string() })),
      ),
    }),
    flagged: z.record(z.string(), z.number().int()),
    segments: z.record(z.string(), z.number().int()),
    scoring: z.object({
      rules: z.array(z.object({ id: z.string(), points: z.number().int(), when: z.string() })),
      thresholds: z.object({ priority: z.number().int(), standard: z.number().int() }),
    }),
  }),
  personalization: z.object({
    merge_fields: z.array(z.string()),
    snippets: z.record(z.string(), z.string()),
    preview: outlinedAs(
      { type: 'array', items: { type: 'object' }, description: 'The first lead’s steps rendered: lead_id, step_id, variant, subject, body.' },
      z.array(z.object({ lead_id: z.string(), step_id: z.string(), variant: z.string(), subject: z.string().nullable(), body: z.string() })),
    ),
  }),
  cadence: z.object({
    timezone: z.string(),
    send_window: z.object({ start: z.string(), end: z.string(), days: z.string() }),
    daily_cap: z.number().int(),
    stop_conditions: z.array(z.string()),
    ab: z.string(),
    steps: outlinedAs(
      { type: 'array', items: { type: 'object' }, description: 'step_id, channel, day (business days), kind send|task, requires, written_by, variants [{id, subject, body}].' },
      z.array(stepOutput),
    ),
  }),
  qa: z.object({
    passed: z.boolean(),
    renders: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    warnings: z.number().int(),
    by_kind: z.record(z.string(), z.number().int()),
    issues: outlinedAs({ type: 'array', items: { type: 'object' }, description: 'The first 100: severity, kind, step_id, variant, lead_id, row, field, message.' }, z.array(issueSchema)),
  }),
  triage: z.object({
    route: z.string(),
    categories: z.array(z.enum(categories)),
    precedence: z.array(z.string()),
    next_steps: z.record(z.string(), z.string()),
  }),
  crm: outlinedAs(
    {
      type: 'array',
      items: { type: 'object' },
      description: 'Per CRM: crm, object, fields [{crm_field, from}], unmapped, dedupe_key, status_field, status_by_category, notes, export {file_id, url, rows, columns}.',
    },
    z.array(
      z.object({
        crm: z.enum(crms),
        object: z.string(),
        fields: z.array(z.object({ crm_field: z.string(), from: z.string() })),
        unmapped: z.array(z.string()),
        dedupe_key: z.string(),
        status_field: z.string(),
        status_by_category: z.record(z.string(), z.string()),
        notes: z.array(z.string()),
        export: z.object({ file_id: z.string(), url: z.string(), rows: z.number().int(), columns: z.array(z.string()) }),
      }),
    ),
  ),
  meta: z.object({
    generator: z.enum(['caller', 'template']),
    brief: z.object({ offer: z.string(), ideal_customer: z.string().nullable(), sources: z.record(z.string(), z.string().nullable()) }),
    missing: z.array(z.string()),
    warnings: z.array(z.string()),
    applied: z.array(z.string()),
    unapplied: z.array(z.string()),
    created_at: z.iso.datetime(),
  }),
});
export type CampaignOutput = z.output<typeof campaignOutputSchema>;
