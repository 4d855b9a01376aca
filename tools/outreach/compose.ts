import { isDeepStrictEqual } from 'node:util';
import { newId } from '../../src/kernel/ids.js';
import { judgeRevision, type RevisionReport } from '../../src/kernel/revision.js';
import { callerSteps, readBrief, templateSnippets, templateSteps, type Brief, type Step } from './copy.js';
import { crms, exportCsv, type Crm, type LeadState } from './crm.js';
import { importLeads, rescoreLeads, segments, type Lead, type LeadSchemaReport, type Rejection, type Segment } from './leads.js';
import { runQa, type QaReport, type RenderContext } from './qa.js';
import { outreachIds } from './ids.js';
import type { BuildInput, CampaignSpec, ReviseInput } from './schema.js';

/**
 * A campaign version made from its spec and leads: import, scoring, copy, QA of every render and the CRM files.
 * Pure and plain data in and out, so that it runs on a compute thread (`composeCampaignTask`); storing is the engine's.
 */

/** A version of a campaign: what it was built from and everything made from it. */
export interface CampaignDocument {
  spec: CampaignSpec;
  prompt: string;
  brief: Brief;
  schema: LeadSchemaReport | null;
  leads: Lead[];
  rejected: Rejection[];
  steps: Step[];
  snippets: Record<Segment, string>;
  qa: QaReport;
  exports: Array<{ crm: Crm; file_id: string; rows: number; columns: string[] }>;
  meta: { generator: 'caller' | 'template'; missing: string[]; warnings: string[]; applied: string[]; unapplied: string[]; created_at: string };
}

/** The unsubscribe link QA and previews show: the real one is made per email when it is sent. */
export const previewUnsubscribeUrl = (baseUrl: string, lead: Pick<Lead, 'lead_id'>) => `${baseUrl}/u/preview-${lead.lead_id}`;

export const renderContextOf = (document: Pick<CampaignDocument, 'spec' | 'snippets'>, unsubscribeUrl: RenderContext['unsubscribeUrl']): RenderContext => ({
  sender: document.spec.sender,
  snippets: document.snippets,
  unsubscribeUrl,
});

/** A build's input, or a revision's: the stored version as its JSON (parsed here, off the event loop) and the changes asked for. */
export type ComposeInput = (
  | { build: BuildInput }
  | {
      revise: {
        before: string;
        changes: ReviseInput['changes'];
        /** Each lead's CRM state now, as [lead_id, state]. */
        states: Array<[string, LeadState]>;
      };
    }
) & { baseUrl: string; /** ISO time of the call. */ now: string };

export interface CrmFile {
  crm: Crm;
  csv: string;
  rows: number;
  columns: string[];
}

/** What the tools show of a version: its leads and rejections summarised, the rest as stored. */
export interface CampaignView extends Omit<CampaignDocument, 'leads' | 'rejected'> {
  leads: { count: number; items: Lead[]; flagged: Record<string, number>; segments: Record<Segment, number>; custom: string[] };
  rejected: { count: number; by_reason: Record<string, number>; items: Rejection[] };
}

/**
 * The version made (`json`, its document serialized without `exports`, which the engine adds once the files are
 * stored; `files`), or none when a revision changed nothing; `view` is what the tools show of the version to return.
 */
export interface Composed {
  report: RevisionReport;
  json: string | null;
  files: CrmFile[];
  view: CampaignView;
}

/** Items a result lists of the leads and of the rejections. */
export const listedLeads = 100;
export const listedRejections = 200;

const count = (values: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

export function viewOf(document: CampaignDocument): CampaignView {
  const { leads, rejected } = document;
  return {
    ...document,
    leads: {
      count: leads.length,
      items: leads.slice(0, listedLeads),
      flagged: count(leads.flatMap((lead) => lead.flags)),
      segments: Object.fromEntries(segments.map((segment) => [segment, leads.filter((lead) => lead.segment === segment).length])) as Record<Segment, number>,
      custom: [...new Set(leads.flatMap((lead) => Object.keys(lead.custom)))],
    },
    rejected: { count: rejected.length, by_reason: count(rejected.map((rejection) => rejection.reason)), items: rejected.slice(0, listedRejections) },
  };
}

function missingOf(spec: CampaignSpec, brief: Brief, leads: readonly Lead[], hadLeads: boolean): string[] {
  const missing: string[] = [];
  if (!brief.offer.trim())
    missing.push(
      'offer: the prompt says what to write but not what you sell (only instructions to this tool were found). Give `offer`, or describe the business, the offer and its price in the prompt; QA fails until then.',
    );
  if (!spec.sender.address) missing.push('sender.address: no postal address. Every email must carry one: QA fails and outreach_send refuses until it is given.');
  if (!spec.sender.name && !spec.sender.company) missing.push('sender.name / sender.company: the emails are signed by no one.');
  if (!brief.ideal_customer) missing.push('ideal_customer: not given and not found in the prompt ("Ideal customer: …"); the openers do not name one and scoring reads the offer only.');
  if (!spec.sender.calendar_url) missing.push('sender.calendar_url: no booking link; the emails ask for a call without one.');
  if (!hadLeads) missing.push('leads: none given. The cadence and QA are ready; add leads with outreach_revise.');
  else if (leads.length === 0) missing.push('leads: no row was accepted (see leads.rejected).');
  return missing;
}

const scoringOf = (spec: CampaignSpec, brief: Brief) => ({ idealCustomer: brief.ideal_customer ?? '', offer: brief.offer, channels: spec.channels });

type LeadsRead = Pick<CampaignDocument, 'leads' | 'rejected' | 'schema'>;

/** The leads given now, keeping the ids of those the version had; none given: the version's, rescored for the spec. */
function readLeads(spec: CampaignSpec, leads: BuildInput['leads'], before: LeadsRead | null, brief: Brief): LeadsRead {
  if (leads === undefined && before) return { leads: rescoreLeads(before.leads, scoringOf(spec, brief)), rejected: before.rejected, schema: before.schema };
  if (leads === undefined) return { leads: [], rejected: [], schema: null };
  const ids = new Map((before?.leads ?? []).map((lead) => [lead.email, lead.lead_id]));
  const imported = importLeads(leads, { timezone: spec.timezone, scoring: scoringOf(spec, brief), ids, newLeadId: () => newId(outreachIds.lead) });
  return { leads: imported.accepted, rejected: imported.rejected, schema: imported.schema };
}

interface Made {
  spec: CampaignSpec;
  prompt: string;
  brief: Brief;
  read: LeadsRead;
  hadLeads: boolean;
  report: RevisionReport;
}

function documentOf({ spec, prompt, brief, read, hadLeads, report }: Made, baseUrl: string, now: string): CampaignDocument {
  const { leads, rejected, schema } = read;
  const steps = spec.steps ? callerSteps(spec.steps, spec.sender) : templateSteps(brief, spec.sender, spec.channels, spec.ab_test);
  const snippets = { ...templateSnippets(brief), ...Object.fromEntries(Object.entries(spec.snippets ?? {}).filter(([, text]) => text !== undefined)) } as Record<Segment, string>;
  const custom = new Set(leads.flatMap((lead) => Object.keys(lead.custom)));
  const qa = runQa(
    steps,
    leads,
    renderContextOf({ spec, snippets }, (lead) => previewUnsubscribeUrl(baseUrl, lead)),
    custom,
    brief,
  );
  const warnings = [...(schema?.warnings ?? [])];
  if (!spec.steps && brief.sources.offer === 'prompt' && brief.set_aside?.length)
    warnings.push(`Instructions to this tool were kept out of the emails (only the facts of these sentences, if any, were used): ${brief.set_aside.map((sentence) => `"${sentence}"`).join(' ')}`);
  const disposable = leads.filter((lead) => lead.flags.includes('disposable_address')).length;
  if (disposable) warnings.push(`${disposable} lead(s) at a disposable email domain: kept and flagged disposable_address, but never emailed (outreach_send skips them).`);
  if (spec.steps && spec.channels.some((channel) => !spec.steps?.some((step) => step.channel === channel)))
    warnings.push(`channels lists ${spec.channels.join(', ')}; your steps cover ${[...new Set(spec.steps.map((step) => step.channel))].join(', ')}.`);
  return {
    spec,
    prompt,
    brief,
    schema,
    leads,
    rejected,
    steps,
    snippets,
    qa,
    exports: [],
    meta: {
      generator: spec.steps ? 'caller' : 'template',
      missing: missingOf(spec, brief, leads, hadLeads),
      warnings,
      applied: report.applied,
      unapplied: report.unapplied,
      created_at: now,
    },
  };
}

/** The CRM import files of a version, with the leads' states as they are now. */
function crmFiles(document: CampaignDocument, states: ReadonlyMap<string, LeadState>): CrmFile[] {
  const chosen: readonly Crm[] = document.spec.crm ? [document.spec.crm] : crms;
  const title = document.spec.sender.company ? `${document.spec.sender.company} outreach` : 'Outreach';
  return chosen.map((crm) => ({ crm, ...exportCsv(crm, document.leads, states, { title, leadSource: document.spec.lead_source }) }));
}

/** The spec a revision asks for: the fields given replace the version's; one equal to what it was is reported unapplied. */
function revisedSpec(before: CampaignSpec, changes: ReviseInput['changes']) {
  const spec: CampaignSpec = { ...before };
  const applied: string[] = [];
  const unapplied: string[] = [];
  let leads: BuildInput['leads'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (field !== 'leads' && isDeepStrictEqual((before as Record<string, unknown>)[field], value)) {
      unapplied.push(`${field} (already so: nothing changed)`);
      continue;
    }
    if (field === 'leads') leads = value as BuildInput['leads'];
    else (spec as Record<string, unknown>)[field] = value;
    applied.push(field === 'leads' ? 'leads replaced' : `${field} replaced`);
  }
  return { spec, leads, changes: { applied, unapplied } };
}

function made(document: CampaignDocument, states: ReadonlyMap<string, LeadState>, report: RevisionReport): Composed {
  const { exports: _, ...stored } = document;
  return { report, json: JSON.stringify(stored), files: crmFiles(document, states), view: viewOf(document) };
}

/** A build, or a revision (a new version, or none when it changed nothing), with its CRM files. */
export function composeCampaign(input: ComposeInput): Composed {
  if ('build' in input) {
    const { prompt, leads, ...spec } = input.build;
    const brief = readBrief(prompt, spec.offer, spec.ideal_customer);
    const read = readLeads(spec, leads, null, brief);
    const report = { changed: true, applied: [], unapplied: [] };
    return made(documentOf({ spec, prompt, brief, read, hadLeads: leads !== undefined, report }, input.baseUrl, input.now), new Map(), report);
  }
  const before = JSON.parse(input.revise.before) as CampaignDocument;
  const { spec, leads, changes } = revisedSpec(before.spec, input.revise.changes);
  const brief = readBrief(before.prompt, spec.offer, spec.ideal_customer);
  const read = readLeads(spec, leads, before, brief);
  const report = judgeRevision({ spec: before.spec, leads: before.leads, rejected: before.rejected }, { spec, leads: read.leads, rejected: read.rejected }, changes);
  if (!report.changed) return { report, json: null, files: [], view: viewOf(before) };
  const document = documentOf({ spec, prompt: before.prompt, brief, read, hadLeads: leads !== undefined || before.schema !== null, report }, input.baseUrl, input.now);
  return made(document, new Map(input.revise.states), report);
}
