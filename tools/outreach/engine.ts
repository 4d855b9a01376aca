import { setTimeout as nextTurn } from 'node:timers/promises';
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import type { RevisionReport } from '../../src/kernel/revision.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { mappingOf, type LeadState } from './crm.js';
import { leadFields, scoringRules, segmentThresholds } from './leads.js';
import { renderStep, systemFields } from './qa.js';
import { previewUnsubscribeUrl, renderContextOf, viewOf, type CampaignDocument, type CampaignView, type ComposeInput, type Composed } from './compose.js';
import { composeCampaignTask } from './tasks.js';
import { categories, precedence } from './triage.js';
import { stopConditions } from './cadence.js';
import { outreachIds } from './ids.js';
import type { BuildInput, CampaignOutput, ReviseInput } from './schema.js';
import { outreachDb } from './tables.js';

export interface CampaignRow {
  id: string;
  account_id: string;
  version: number;
  document: CampaignDocument;
}

/**
 * Stores a version made on the compute thread: its CRM files, then its document, whose JSON (made there too, so that
 * 5,000 leads are not serialized again on the event loop) gets the files' ids as its `exports`.
 */
async function store(ctx: ToolContext, campaignId: string, version: number, composed: Composed & { json: string }): Promise<CampaignView> {
  const exports: CampaignDocument['exports'] = [];
  for (const file of composed.files) {
    const fileId = await ctx.files.save({
      accountId: ctx.caller.accountId,
      name: `${campaignId}-v${version}-${file.crm}.csv`,
      contentType: 'text/csv; charset=utf-8',
      scope: 'outreach:read',
      bytes: new TextEncoder().encode(file.csv),
    });
    exports.push({ crm: file.crm, file_id: fileId, rows: file.rows, columns: file.columns });
  }
  const document = `${composed.json.slice(0, -1)},"exports":${JSON.stringify(exports)}}`;
  // Storing a few MB takes tens of ms on SQLite: a turn of the loop first (timers, then I/O) lets other requests in.
  await nextTurn(0);
  try {
    await outreachDb(ctx.store)
      .insertInto('outreach_campaigns')
      .values({ id: campaignId, account_id: ctx.caller.accountId, version, document, changes: JSON.stringify(changesOf(composed.view.meta)), created_at: composed.view.meta.created_at })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Campaign ${campaignId} got version ${version} from another revision meanwhile; read it with outreach_get and revise again.`);
  }
  return { ...composed.view, exports };
}

/** A version's row as stored (its document as JSON); `accountId` null reads it for a scheduled run or a public route. */
async function storedVersion(store: StoreHandle, campaignId: string, accountId: string | null, version?: number) {
  let query = outreachDb(store).selectFrom('outreach_campaigns').selectAll().where('id', '=', campaignId);
  if (accountId) query = query.where('account_id', '=', accountId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  return query.executeTakeFirst();
}

/** A campaign's latest (or given) version; `accountId` null reads it for a scheduled run or a public route. */
export async function readVersion(store: StoreHandle, campaignId: string, accountId: string | null, version?: number): Promise<CampaignRow | null> {
  const row = await storedVersion(store, campaignId, accountId, version);
  return row ? { id: row.id, account_id: row.account_id, version: row.version, document: JSON.parse(row.document) as CampaignDocument } : null;
}

const noCampaign = (campaignId: string) => new OutcomeError('not_found', `No outreach campaign ${campaignId} exists for this account.`, { hint: 'Build one with outreach_build.' });

export async function requireCampaign(ctx: ToolContext, campaignId: string, version?: number): Promise<CampaignRow> {
  const row = await readVersion(ctx.store, campaignId, ctx.caller.accountId, version);
  if (row) return row;
  if (version !== undefined && (await readVersion(ctx.store, campaignId, ctx.caller.accountId))) throw new OutcomeError('not_found', `Campaign ${campaignId} has no version ${version}.`);
  throw noCampaign(campaignId);
}

/** Each lead's state for the CRM: a triaged reply, suppressed, or new. */
export async function leadStates(store: StoreHandle, campaignId: string): Promise<Map<string, LeadState>> {
  const rows = await outreachDb(store).selectFrom('outreach_leads').select(['lead_id', 'reason']).where('campaign_id', '=', campaignId).execute();
  const sent = await outreachDb(store).selectFrom('outreach_deliveries').select('lead_id').where('campaign_id', '=', campaignId).where('sent_at', 'is not', null).execute();
  const states = new Map<string, LeadState>(sent.map((row) => [row.lead_id, 'contacted']));
  for (const row of rows) if ((categories as readonly string[]).includes(row.reason)) states.set(row.lead_id, row.reason as LeadState);
  return states;
}

const triageNextSteps = Object.fromEntries(categories.map((category) => [category, nextStepText(category)]));
function nextStepText(category: (typeof categories)[number]): string {
  return {
    interested: 'stop the sequence; hand to a person',
    question: 'stop the sequence; hand to a person',
    not_now: 'stop the sequence (pause); follow up later by hand',
    not_interested: 'stop; mark unqualified',
    unsubscribe: 'stop; suppress the address in every campaign',
    out_of_office: 'reschedule the remaining steps to the return date',
    referral: 'stop; write to the person named',
    bounce: 'stop; suppress the address',
  }[category];
}

const composeFields = (ctx: ToolContext): Pick<ComposeInput, 'baseUrl' | 'now'> => ({ baseUrl: ctx.baseUrl, now: ctx.now().toISOString() });

/** A version as the tools return it. */
export function present(ctx: ToolContext, campaign: { id: string; version: number }, document: CampaignView): Omit<CampaignOutput, 'next_actions'> {
  const first = document.leads.items[0];
  const context = renderContextOf(document, (lead) => previewUnsubscribeUrl(ctx.baseUrl, lead));
  const preview = first
    ? document.steps.flatMap((step) =>
        step.variants.map((variant) => {
          const out = renderStep(variant, first, context);
          return { lead_id: first.lead_id, step_id: step.step_id, variant: variant.id, subject: out.subject, body: out.body };
        }),
      )
    : [];
  return {
    campaign_id: campaign.id,
    version: campaign.version,
    leads: {
      schema: document.schema ?? { format: 'none', delimiter: null, columns: [], unknown_columns: [], warnings: [] },
      accepted: {
        count: document.leads.count,
        items: document.leads.items.map((lead) => ({
          lead_id: lead.lead_id,
          row: lead.row,
          email: lead.email,
          first_name: lead.fields.first_name ?? null,
          company: lead.fields.company ?? null,
          timezone: lead.timezone,
          flags: lead.flags,
          score: lead.score,
          score_reasons: lead.score_reasons,
          segment: lead.segment,
        })),
        truncated: document.leads.count > document.leads.items.length,
      },
      rejected: document.rejected,
      flagged: document.leads.flagged,
      segments: document.leads.segments,
      scoring: { rules: scoringRules.map((rule) => ({ ...rule })), thresholds: { ...segmentThresholds } },
    },
    personalization: {
      merge_fields: [...leadFields, ...systemFields, ...document.leads.custom],
      snippets: document.snippets,
      preview,
    },
    cadence: {
      timezone: document.spec.timezone,
      send_window: { ...document.spec.send_window, days: 'Mon–Fri, in each lead’s time zone' },
      daily_cap: document.spec.daily_cap,
      stop_conditions: [...stopConditions],
      ab: document.steps.some((step) => step.variants.length > 1) ? 'Variants alternate by lead row (A odd rows… B even), so each gets half of every segment.' : 'No A/B variants.',
      steps: document.steps,
    },
    qa: document.qa,
    triage: { route: `${ctx.baseUrl}/api/agents/outreach/triage`, categories: [...categories], precedence: [...precedence], next_steps: triageNextSteps },
    crm: document.exports.map((made) => ({ ...mappingOf(made.crm), export: { file_id: made.file_id, url: ctx.files.url(made.file_id), rows: made.rows, columns: made.columns } })),
    meta: {
      generator: document.meta.generator,
      brief: { offer: document.brief.offer, ideal_customer: document.brief.ideal_customer, sources: document.brief.sources },
      missing: document.meta.missing,
      warnings: document.meta.warnings,
      applied: document.meta.applied,
      unapplied: document.meta.unapplied,
      created_at: document.meta.created_at,
    },
  };
}

export async function buildCampaign(ctx: ToolContext, input: BuildInput): Promise<Omit<CampaignOutput, 'next_actions'>> {
  const composed = await ctx.compute(composeCampaignTask, { ...composeFields(ctx), build: input });
  const campaign = { id: newId(outreachIds.campaign), version: 1 };
  return present(ctx, campaign, await store(ctx, campaign.id, campaign.version, { ...composed, json: composed.json as string }));
}

export async function readCampaign(ctx: ToolContext, campaignId: string, version?: number) {
  const row = await requireCampaign(ctx, campaignId, version);
  const versions = await outreachDb(ctx.store)
    .selectFrom('outreach_campaigns')
    .select(['version', 'created_at', 'changes'])
    .where('id', '=', campaignId)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version')
    .execute();
  const listed = [];
  for (const entry of versions) {
    // Versions stored before 0020 keep their changes only in their document.
    const changes = entry.changes === null ? changesOf(await legacyMeta(ctx.store, campaignId, entry.version)) : (JSON.parse(entry.changes) as Changes);
    listed.push({ version: entry.version, created_at: entry.created_at, ...changes });
  }
  return { ...present(ctx, row, viewOf(row.document)), versions: listed };
}

type Changes = Pick<CampaignDocument['meta'], 'applied' | 'unapplied'>;
const changesOf = ({ applied, unapplied }: Changes): Changes => ({ applied, unapplied });

async function legacyMeta(store: StoreHandle, campaignId: string, version: number): Promise<Changes> {
  const stored = await storedVersion(store, campaignId, null, version);
  return (JSON.parse(stored?.document ?? '{"meta":{"applied":[],"unapplied":[]}}') as CampaignDocument).meta;
}

/** outreach_revise: the fields given replace the latest version's; a change to nothing makes no version and costs nothing. */
export async function reviseCampaign(ctx: ToolContext, input: ReviseInput): Promise<Omit<CampaignOutput, 'next_actions'> & RevisionReport> {
  // The version goes to the compute thread as stored: parsing and comparing its leads is work for it, not for the event loop.
  const latest = await storedVersion(ctx.store, input.campaign_id, ctx.caller.accountId);
  if (!latest) throw noCampaign(input.campaign_id);
  const { id, version, document } = latest;
  const states = [...(await leadStates(ctx.store, id))];
  await nextTurn(0); // reading it took a while: other requests go first
  const composed = await ctx.compute(composeCampaignTask, { ...composeFields(ctx), revise: { before: document, changes: input.changes, states } });
  if (composed.json === null) {
    ctx.markReplay();
    return { ...present(ctx, { id, version }, composed.view), ...composed.report };
  }
  const view = await store(ctx, id, version + 1, { ...composed, json: composed.json });
  return { ...present(ctx, { id, version: version + 1 }, view), ...composed.report };
}
