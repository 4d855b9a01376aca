import { leadFields, mergeValue, type Lead, type Segment } from './leads.js';
import { fieldsNamed, hasStrayBraces, parseTemplate, render, type Template } from './merge.js';
import type { Brief, Sender, Step, StepVariant } from './copy.js';

/**
 * QA before launch: every step, every variant, rendered for every lead. Errors (an empty variable, a merge
 * field no lead has, a malformed or non-https link where one must be https, an email without its unsubscribe
 * link or postal address) block outreach_send; warnings do not.
 */

export const systemFields = ['sender_name', 'sender_company', 'sender_address', 'calendar_url', 'unsubscribe_url', 'snippet', 'domain', 'segment'] as const;

export type QaKind = 'empty_variable' | 'unknown_variable' | 'stray_braces' | 'broken_link' | 'insecure_link' | 'missing_unsubscribe' | 'missing_address' | 'empty_subject' | 'empty_offer';
export interface QaIssue {
  severity: 'error' | 'warning';
  kind: QaKind;
  step_id: string;
  variant: string;
  lead_id: string | null;
  row: number | null;
  field: string | null;
  message: string;
}

export interface QaReport {
  passed: boolean;
  renders: number;
  skipped: number;
  errors: number;
  warnings: number;
  by_kind: Partial<Record<QaKind, number>>;
  /** The first issues (at most `listedIssues`); `errors`/`warnings` count them all. */
  issues: QaIssue[];
}

export const listedIssues = 100;

/** What a render of a step for one lead needs besides the lead. */
export interface RenderContext {
  sender: Sender;
  snippets: Record<Segment, string>;
  /** The lead's unsubscribe link (a real one at send time, a stand-in in QA and previews). */
  unsubscribeUrl: (lead: Lead) => string;
}

export interface RenderedStep {
  subject: string | null;
  body: string;
  empty: string[];
}

/** The campaign's own merge fields, the same for every lead (they win over a lead column of the same name). */
function campaignValues(context: RenderContext): Map<string, string | undefined> {
  return new Map([
    ['sender_name', context.sender.name],
    ['sender_company', context.sender.company],
    ['sender_address', context.sender.address?.replace(/\s*\n\s*/g, ', ')],
    ['calendar_url', context.sender.calendar_url],
  ]);
}

/** What a lead's renders merge: the campaign's fields, its unsubscribe link, then the lead's own values. */
function valuesOf(lead: Lead, campaign: Map<string, string | undefined>, unsubscribeUrl: string): (name: string) => string | undefined {
  return (name) => (name === 'unsubscribe_url' ? unsubscribeUrl : campaign.has(name) ? campaign.get(name) : mergeValue(lead, name));
}

function renderWith(body: Template, subject: Template | null, valueOf: (name: string) => string | undefined): RenderedStep {
  const text = render(body, valueOf);
  const heading = subject === null ? null : render(subject, valueOf);
  return { subject: heading?.text ?? null, body: text.text, empty: [...(heading?.empty ?? []), ...text.empty] };
}

const withSnippet = (variant: StepVariant, lead: Lead, context: RenderContext) => variant.body.replaceAll('{{snippet}}', context.snippets[lead.segment]);
const subjectOf = (variant: StepVariant) => (variant.subject === null ? null : parseTemplate(variant.subject));

export function renderStep(variant: StepVariant, lead: Lead, context: RenderContext): RenderedStep {
  return renderWith(parseTemplate(withSnippet(variant, lead, context)), subjectOf(variant), valuesOf(lead, campaignValues(context), context.unsubscribeUrl(lead)));
}

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi;

type LinkIssue = { kind: 'broken_link' | 'insecure_link'; severity: 'error' | 'warning'; url: string; why: string };

/**
 * Links in a rendered text that would not open, or that are not https where they must be. `seen` keeps each
 * link's verdict: the same few links recur in every render of a campaign.
 */
function linkIssues(text: string, calendarUrl: string | undefined, seen = new Map<string, LinkIssue | null>()): LinkIssue[] {
  const found: LinkIssue[] = [];
  for (const match of text.matchAll(urlPattern)) {
    const raw = match[0].replace(/[.,;:!?]+$/, '');
    if (!seen.has(raw)) seen.set(raw, linkIssue(raw, calendarUrl));
    const issue = seen.get(raw);
    if (issue) found.push(issue);
  }
  return found;
}

function linkIssue(raw: string, calendarUrl: string | undefined): LinkIssue | null {
  const candidate = raw.startsWith('www.') ? `https://${raw}` : raw;
  let url: URL | null = null;
  try {
    url = new URL(candidate);
  } catch {
    url = null;
  }
  if (!url || !/^(?:[a-z0-9-]+\.)+[a-z]{2,}$|^\d{1,3}(?:\.\d{1,3}){3}$|^localhost$/i.test(url.hostname)) {
    return { kind: 'broken_link', severity: 'error', url: raw, why: 'is not a well-formed web address' };
  }
  if (url.protocol !== 'https:') {
    const calendar = calendarUrl !== undefined && raw === calendarUrl;
    return { kind: 'insecure_link', severity: calendar ? 'error' : 'warning', url: raw, why: calendar ? 'is the calendar link and must be https' : 'is not https' };
  }
  return null;
}

/** A calendar link given without its scheme ("cal.example.com/x") is never seen as a link in the text: checked on its own. */
function calendarIssue(calendarUrl: string | undefined): string | null {
  if (calendarUrl === undefined || /^https?:\/\//i.test(calendarUrl)) return null;
  return `sender.calendar_url "${calendarUrl}" is not an absolute link: give it as https://…`;
}

/** `brief`: the words the template emails are made of; a template email without an offer says nothing. */
export function runQa(steps: readonly Step[], leads: readonly Lead[], context: RenderContext, customFields: ReadonlySet<string>, brief?: Pick<Brief, 'offer'>): QaReport {
  const issues: QaIssue[] = [];
  const counts = { errors: 0, warnings: 0 };
  const byKind: Partial<Record<QaKind, number>> = {};
  const add = (issue: QaIssue) => {
    counts[issue.severity === 'error' ? 'errors' : 'warnings'] += 1;
    byKind[issue.kind] = (byKind[issue.kind] ?? 0) + 1;
    if (issues.length < listedIssues) issues.push(issue);
  };
  const known = new Set<string>([...leadFields, ...systemFields, ...customFields]);
  const address = context.sender.address?.split('\n')[0]?.trim();
  const calendar = calendarIssue(context.sender.calendar_url);
  const first = steps.find((step) => step.kind === 'send');
  if (calendar && first) add({ severity: 'error', kind: 'broken_link', step_id: first.step_id, variant: 'A', lead_id: null, row: null, field: 'sender.calendar_url', message: `${calendar}.` });
  const templated = steps.find((step) => step.kind === 'send' && step.written_by === 'template');
  if (brief && templated && !brief.offer.trim())
    add({
      severity: 'error',
      kind: 'empty_offer',
      step_id: templated.step_id,
      variant: 'A',
      lead_id: null,
      row: null,
      field: 'offer',
      message: 'The emails have no offer: the prompt held only instructions to this tool. Give `offer` (what you sell, to whom, the price) or describe the business in the prompt.',
    });
  // Checks of the templates themselves, once per step and variant.
  for (const step of steps) {
    for (const variant of step.variants) {
      const named = [...fieldsNamed(variant.body), ...fieldsNamed(variant.subject ?? ''), ...fieldsNamed(Object.values(context.snippets).join(' '))];
      for (const field of new Set(named.filter((name) => !known.has(name)))) {
        add({
          severity: 'error',
          kind: 'unknown_variable',
          step_id: step.step_id,
          variant: variant.id,
          lead_id: null,
          row: null,
          field,
          message: `{{${field}}} is not a lead field, a column of the leads or a campaign field.`,
        });
      }
      if (step.kind === 'send' && !address) {
        add({
          severity: 'error',
          kind: 'missing_address',
          step_id: step.step_id,
          variant: variant.id,
          lead_id: null,
          row: null,
          field: 'sender.address',
          message: 'No postal address: give sender.address; every email must carry it.',
        });
      }
    }
  }
  let renders = 0;
  let skipped = 0;
  const links = new Map<string, LinkIssue | null>();
  const campaign = campaignValues(context);
  // Each variant's body with each segment's snippet in it, and its subject, parsed once rather than once per lead.
  const bodies = new Map<StepVariant, Map<Segment, Template>>();
  const subjects = new Map<StepVariant, Template | null>();
  const bodyOf = (variant: StepVariant, lead: Lead) => {
    let bySegment = bodies.get(variant);
    if (!bySegment) bodies.set(variant, (bySegment = new Map<Segment, Template>()));
    let body = bySegment.get(lead.segment);
    if (body === undefined) bySegment.set(lead.segment, (body = parseTemplate(withSnippet(variant, lead, context))));
    return body;
  };
  const subjectFor = (variant: StepVariant) => {
    let subject = subjects.get(variant);
    if (subject === undefined) subjects.set(variant, (subject = subjectOf(variant)));
    return subject;
  };
  for (const lead of leads) {
    const unsubscribe = context.unsubscribeUrl(lead);
    const values = valuesOf(lead, campaign, unsubscribe);
    for (const step of steps) {
      if (step.requires && !lead.fields[step.requires]) {
        skipped += step.variants.length;
        continue;
      }
      for (const variant of step.variants) {
        renders += 1;
        const out = renderWith(bodyOf(variant, lead), subjectFor(variant), values);
        const where = { step_id: step.step_id, variant: variant.id, lead_id: lead.lead_id, row: lead.row };
        // A field no lead has is reported once above, not once per lead.
        if (out.empty.length)
          for (const field of new Set(out.empty.filter((name) => known.has(name)))) {
            add({
              severity: 'error',
              kind: 'empty_variable',
              ...where,
              field,
              message: `Row ${lead.row} (${lead.email}) has no ${field} and {{${field}}} has no fallback: write {{${field}|…}} or fill the column.`,
            });
          }
        const text = `${out.subject ?? ''}\n${out.body}`;
        if (hasStrayBraces(text))
          add({ severity: 'error', kind: 'stray_braces', ...where, field: null, message: 'A merge tag is written wrongly: braces are left in the text (use {{field}} or {{field|fallback}}).' });
        // The unsubscribe link is this service's own (checked for presence below).
        for (const link of linkIssues(text.replaceAll(unsubscribe, ''), context.sender.calendar_url, links))
          add({ severity: link.severity, kind: link.kind, ...where, field: null, message: `${link.url} ${link.why}.` });
        if (step.kind === 'send') {
          if (out.subject !== null && !out.subject.trim()) add({ severity: 'error', kind: 'empty_subject', ...where, field: 'subject', message: 'The subject renders empty.' });
          if (!out.body.includes(unsubscribe)) add({ severity: 'error', kind: 'missing_unsubscribe', ...where, field: null, message: 'The email has no unsubscribe link.' });
          if (address && !out.body.includes(address)) add({ severity: 'error', kind: 'missing_address', ...where, field: null, message: 'The email does not show the postal address.' });
        }
      }
    }
  }
  return { passed: counts.errors === 0, renders, skipped, errors: counts.errors, warnings: counts.warnings, by_kind: byKind, issues };
}
