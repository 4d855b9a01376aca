import { z } from 'zod';
import { widgetDb } from './tables.js';
import { widgetIds } from './ids.js';
import type { FileStore, StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { judgeRevision, type RevisionReport } from '../../src/kernel/revision.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import { isUniqueViolation } from '../../src/store/store.js';
import type { GeneratorName } from '../../src/kernel/generation.js';
import { themeOf } from '../../src/render/brand.js';
import type { Section, SectionType } from '../../src/render/sections.js';
import { buildSections, defaultSection, type BuildRequest } from './layout.js';
import { factEntries, placeFacts, placesOf, statesNews, type FactReport } from '../../src/compose/contract.js';
import { grounded, removedWarning } from '../../src/compose/grounded.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { en } from '../../src/compose/frames/en.js';
import { frameLanguages, framesFor } from '../../src/compose/frames/index.js';
import { applyOperations, type WidgetDraft } from './operations.js';
import { parseInstructions } from './instructions.js';
import { renderWidget } from './render.js';
import { prepareWidgetTask, renderWidgetTask } from './tasks.js';
import { modelCopySchema, operationSchema, type Brand, type ContentOverrides, type GenerateInput, type Operation, type ReviseInput, type WidgetKind, type WidgetOutput } from './schema.js';

/** One stored version: everything the page renders from, and what the next revision needs. */
export interface WidgetDocument {
  kind: WidgetKind;
  draft: WidgetDraft;
  /** What add_section writes new sections from. Versions stored before the fact sheet have neither `facts` nor `frames`. */
  source: { brandName: string; brand: Brand; content: ContentOverrides; copy: BuildRequest['copy']; facts?: FactSheet; frames?: string };
  meta: { generator: GeneratorName; warnings: string[]; created_at: string; applied: string[]; unapplied: string[]; written_by?: Record<string, GeneratorName> };
}

const systemPrompt =
  'You write the copy of landing pages and web widgets. Answer with one JSON object that matches the JSON Schema given, and nothing else. ' +
  'Respect every length limit. Use only the facts given: never invent prices, numbers, statistics, awards, policies, guarantees, people or customer quotes.';

const noFacts: FactSheet = { business: {}, offerings: [], news: [], hours: [], dates: [], contacts: { emails: [], phones: [], urls: [] }, languages: [], claims: [], constraints: [], lang: 'en' };

const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

function buildRequestOf(document: Pick<WidgetDocument, 'kind' | 'source'>, now: Date, warnings: string[]): BuildRequest {
  const { source } = document;
  return {
    kind: document.kind,
    copy: source.copy,
    content: source.content,
    brand: source.brand,
    brandName: source.brandName,
    facts: source.facts ?? noFacts,
    frames: framesFor(source.frames ?? 'en') ?? en,
    now,
    warnings,
  };
}

/** Where each of the prompt's facts is on the page, or that it is not (issue 14 §2). */
function factReport(document: WidgetDocument): FactReport {
  const frames = framesFor(document.source.frames ?? 'en') ?? en;
  const places = document.draft.sections.flatMap((section) => placesOf(section.props, section.id));
  return placeFacts(factEntries(document.source.facts ?? noFacts, frames), places);
}

/** In what the template wrote: what the caller's words or a model would do better (issue 14 §7). */
function improvementsOf(document: WidgetDocument): string[] {
  const writers = document.meta.written_by ?? {};
  const improve: string[] = [];
  const byTemplate = document.draft.sections.filter((section) => (writers[section.id] ?? document.meta.generator) === 'template' && ['hero', 'cta', 'form', 'countdown'].includes(section.type));
  if (byTemplate.length) {
    improve.push(
      `${byTemplate.map((section) => section.id).join(', ')}: the template states the prompt's facts plainly; for copy with a voice, send content.headline, subheadline and the other fields in your words, or use a model (generator: "llm").`,
    );
  }
  const shown = new Set(document.draft.sections.map((section) => section.type));
  if (document.kind === 'landing') {
    for (const [type, field] of [
      ['features', 'features'],
      ['testimonials', 'testimonials'],
      ['faq', 'faq'],
    ] as const) {
      if (!shown.has(type)) improve.push(`No ${type} section: the template invents none; send content.${field} to add it.`);
    }
  }
  return improve;
}

/** Sections showing example text, and what the caller should send instead. */
function placeholdersOf(draft: WidgetDraft) {
  return draft.sections.flatMap((section) =>
    'example_note' in section.props && section.props.example_note
      ? [
          {
            section_id: section.id,
            supply: `${section.type === 'pricing' ? 'tiers' : 'items'}: your own, with widget_revise set_props on "${section.id}" (or content.${section.type === 'features' ? 'features' : section.type} in widget_generate)`,
          },
        ]
      : [],
  );
}

export const previewPayload = (widgetId: string, version: number) => `preview:${widgetId}:${version}`;

async function present(ctx: Pick<ToolContext, 'files' | 'baseUrl' | 'compute'>, widgetId: string, version: number, document: WidgetDocument): Promise<Omit<WidgetOutput, 'next_actions'>> {
  const rendered = await ctx.compute(renderWidgetTask, { draft: document.draft, widgetId, version, baseUrl: ctx.baseUrl });
  const form = document.draft.sections.find((section): section is Extract<Section, { type: 'form' }> => section.type === 'form');
  const signature = await ctx.files.sign(previewPayload(widgetId, version));
  return {
    widget_id: widgetId,
    version,
    kind: document.kind,
    sections: document.draft.sections,
    theme: rendered.theme,
    html: rendered.html,
    embed: rendered.embed,
    preview_url: `${ctx.baseUrl}/p/${widgetId}?v=${version}&sig=${signature}`,
    meta: {
      title: document.draft.title,
      description: document.draft.description,
      lang: document.draft.lang,
      generator: document.meta.generator,
      written_by: document.meta.written_by ?? Object.fromEntries(document.draft.sections.map((section) => [section.id, document.meta.generator])),
      ...factReport(document),
      placeholders: placeholdersOf(document.draft),
      improve: improvementsOf(document),
      warnings: document.meta.warnings,
      adjustments: rendered.adjustments,
      bytes: rendered.bytes,
      form: form ? { action: `${ctx.baseUrl}/f/${widgetId}`, fields: form.props.fields.map((field) => field.name) } : null,
      created_at: document.meta.created_at,
    },
  };
}

async function save(ctx: ToolContext, widgetId: string, version: number, document: WidgetDocument): Promise<void> {
  try {
    await widgetDb(ctx.store)
      .insertInto('widgets')
      .values({ id: widgetId, account_id: ctx.caller.accountId, version, kind: document.kind, document: JSON.stringify(document), created_at: document.meta.created_at })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Widget ${widgetId} got version ${version} from another revision meanwhile; read it with widget_get and revise again.`);
  }
}

export async function generateWidget(ctx: ToolContext, input: GenerateInput): Promise<Omit<WidgetOutput, 'next_actions'>> {
  const content = input.content ?? {};
  const now = ctx.now();
  const { brief, facts, lang, framed, kind, brand, template } = await ctx.compute(prepareWidgetTask, {
    prompt: input.prompt,
    kind: input.kind,
    brand: input.brand ?? {},
    supplied: content,
    now: now.toISOString(),
  });
  const generated = await ctx.generation.generate({
    schema: modelCopySchema,
    name: 'widget_copy',
    system: systemPrompt,
    prompt: [
      `Write the copy of a ${kind.replace('_', ' ')} ${kind === 'landing' ? 'page' : 'widget'} in the language "${lang}" for this request: ${input.prompt}`,
      `Brand: ${template.brandName}.`,
      brand.tone ? `Tone: ${brand.tone}.` : '',
      `The facts, to state in the caller's words (the page lists offerings, hours, address and contacts itself):\n${factEntries(facts, framesFor(lang) ?? en)
        .map((entry) => `- ${entry.fact}`)
        .join('\n')}`,
      facts.news.length ? 'The headline states the news.' : '',
    ]
      .filter(Boolean)
      .join('\n'),
    choice: input.generator,
    template: () => template.copy,
  });
  const warnings = [...template.warnings, ...generated.warnings];
  // The caller's words verbatim, over a model's, over the template's.
  const { cta_url: _url, deadline: _deadline, form_fields: _fields, contact_email: _email, lang: _lang, ...callerCopy } = content;
  const modelCopy =
    generated.generator === 'template'
      ? {}
      : keepNews(checkedCopy(generated.value, [input.prompt, template.brandName, ...Object.values(callerCopyText(content))], lang, warnings), template.copy, facts, warnings);
  const copy = { ...template.copy, ...modelCopy, ...definedOnly(callerCopy) } as BuildRequest['copy'];
  if (!framed && generated.generator === 'template') {
    warnings.push(`The template writes ${frameLanguages.join(', ')}; it wrote this page's fixed words in English, not "${lang}". Pass content in that language or use a model (generator: "llm").`);
  }
  // A page whose fixed words the template wrote in English says so, whatever language was asked for (WCAG 3.1.1).
  const pageLang = framed || generated.generator !== 'template' ? lang : 'en';
  const source: WidgetDocument['source'] = { brandName: template.brandName, brand, content, copy, facts, frames: framed ? lang : 'en' };
  const build = buildRequestOf({ kind, source }, now, warnings);
  const sections = buildSections(build);
  const draft: WidgetDraft = {
    sections,
    theme: themeOf(
      brand,
      brief.colors.map((color) => color.hex),
    ),
    title: copy.title,
    description: copy.description,
    lang: pageLang,
  };
  const document: WidgetDocument = {
    kind,
    draft,
    source,
    meta: {
      generator: generated.generator,
      warnings,
      created_at: now.toISOString(),
      applied: [],
      unapplied: [],
      written_by: writers(sections, content, Boolean(input.brand?.name ?? facts.business.name), generated.generator),
    },
  };
  const widgetId = newId(widgetIds.widget);
  const output = await present(ctx, widgetId, 1, document);
  await save(ctx, widgetId, 1, document);
  return output;
}

/** A model's copy without the sentences that say what the request does not (issue 14 §3); a field left empty is the template's. */
function checkedCopy(value: Partial<BuildRequest['copy']>, sources: string[], lang: string, warnings: string[]): Partial<BuildRequest['copy']> {
  const checked = grounded(definedOnly(value), sources, { lang });
  if (checked.removed.length) warnings.push(removedWarning(checked.removed));
  return checked.value;
}

/** The caller's own texts in content, which a model may repeat. */
const callerCopyText = (content: ContentOverrides): Record<string, string> => ({ content: JSON.stringify(content) });

/** A model's copy that leaves out the news does not get the headline: the template's states it (issue 14 §2). */
function keepNews<T extends Partial<BuildRequest['copy']>>(modelCopy: T, templateCopy: BuildRequest['copy'], facts: FactSheet, warnings: string[]): T {
  const news = facts.news[0];
  if (!news) return modelCopy;
  if (statesNews(`${modelCopy.headline ?? ''} ${modelCopy.subheadline ?? ''}`, news)) return modelCopy;
  warnings.push("The model's headline left out the news, so the template's headline states it.");
  return { ...modelCopy, headline: templateCopy.headline };
}

/** Who wrote each section: the caller where its words came from the caller (content, brand or the prompt's facts), else the generator of the copy. */
function writers(sections: readonly Section[], content: ContentOverrides, named: boolean, generator: GeneratorName): Record<string, GeneratorName> {
  const fromCaller: Partial<Record<Section['type'], boolean>> = {
    offerings: true,
    features: content.features !== undefined,
    pricing: content.pricing !== undefined,
    testimonials: content.testimonials !== undefined,
    faq: content.faq !== undefined,
    hero: content.headline !== undefined && content.subheadline !== undefined,
    cta: content.closing_headline !== undefined,
    form: content.form_heading !== undefined,
  };
  const fixed: Partial<Record<Section['type'], GeneratorName>> = { footer: content.footer_text !== undefined ? 'caller' : 'template' };
  return Object.fromEntries(
    sections.map((section) => {
      if (section.type === 'header') return [section.id, named ? 'caller' : 'template'];
      if (fromCaller[section.type]) return [section.id, 'caller'];
      // Example text and fixed words are the template's whoever wrote the rest.
      if ('example_note' in section.props && section.props.example_note) return [section.id, 'template'];
      return [section.id, fixed[section.type] ?? generator];
    }),
  );
}

const noWidget = (widgetId: string) => new OutcomeError('not_found', `No widget ${widgetId} exists for this account.`, { hint: 'Create one with widget_generate.' });
const noVersion = (widgetId: string, version: number, latest: number) => new OutcomeError('not_found', `Widget ${widgetId} has no version ${version}; its versions are 1 to ${latest}.`);

/** For the public routes: a widget or version that does not exist is no page, other failures stay failures. */
const missingAsNull = (error: unknown): null => {
  if (error instanceof OutcomeError && error.code === 'not_found') return null;
  throw error;
};

async function load(store: StoreHandle, accountId: string | null, widgetId: string, version?: number): Promise<{ version: number; document: WidgetDocument; latest: number; accountId: string }> {
  const versionRow = (which: number | 'latest') => {
    let query = widgetDb(store).selectFrom('widgets').select(['version', 'document', 'account_id']).where('id', '=', widgetId);
    if (accountId) query = query.where('account_id', '=', accountId);
    return (which === 'latest' ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', which)).executeTakeFirst();
  };
  const latest = await versionRow('latest');
  if (!latest) throw noWidget(widgetId);
  const row = version === undefined || version === latest.version ? latest : await versionRow(version);
  if (!row) throw noVersion(widgetId, version as number, latest.version);
  return { version: row.version, document: JSON.parse(row.document) as WidgetDocument, latest: latest.version, accountId: row.account_id };
}

const modelOperations = z.object({ operations: z.array(operationSchema).max(50) });

export async function reviseWidget(ctx: ToolContext, input: ReviseInput): Promise<Omit<WidgetOutput, 'next_actions'> & RevisionReport> {
  const current = await load(ctx.store, ctx.caller.accountId, input.widget_id);
  const now = ctx.now();
  const warnings: string[] = [];
  let document: WidgetDocument;
  if (input.revert_to !== undefined) {
    const old = await load(ctx.store, ctx.caller.accountId, input.widget_id, input.revert_to);
    const applied = [`restored version ${input.revert_to}`];
    document = { ...old.document, meta: { ...old.document.meta, created_at: now.toISOString(), applied, unapplied: [] } };
  } else {
    const makeSection = (type: SectionType, id: string) => defaultSection(type, id, buildRequestOf(current.document, now, warnings));
    let operations: Operation[];
    let unparsed: string[] = [];
    let generator: GeneratorName = 'caller';
    if (input.operations) operations = input.operations;
    else {
      const instructions = input.instructions as string;
      const parsed = parseInstructions(instructions, current.document.draft.sections, current.document.source.frames ?? 'en');
      const generated = await ctx.generation.generate({
        schema: modelOperations,
        name: 'widget_operations',
        system: 'You turn requests to change a web page into structured edit operations. Answer with one JSON object that matches the JSON Schema given, and nothing else.',
        prompt: `The page's sections and theme:\n${JSON.stringify({ sections: current.document.draft.sections, theme: current.document.draft.theme, title: current.document.draft.title, lang: current.document.draft.lang })}\n\nRequest: ${instructions}\n\nReturn the operations that carry out the request, in order. To translate or rewrite text, use set_text or set_props with the new words.`,
        choice: input.generator,
        template: () => ({ operations: parsed.operations }),
      });
      operations = generated.value.operations;
      generator = generated.generator;
      warnings.push(...generated.warnings);
      if (generator === 'template') unparsed = parsed.unparsed;
    }
    const result = applyOperations(current.document.draft, operations, makeSection);
    if (!result.applied.length && !result.unapplied.length && !unparsed.length) {
      throw new OutcomeError('invalid_input', 'instructions: nothing in them asks for a change; say what to change, e.g. "make the button green".');
    }
    document = {
      ...current.document,
      draft: result.draft,
      meta: {
        generator,
        warnings,
        created_at: now.toISOString(),
        applied: result.applied,
        unapplied: [...unparsed, ...result.unapplied],
        written_by: revisedWriters(current.document, result.draft, generator),
      },
    };
  }
  const report = judgeRevision(current.document.draft, document.draft, { applied: document.meta.applied, unapplied: document.meta.unapplied });
  if (!report.changed) {
    // Nothing to store and nothing to charge: the latest version, with why nothing changed.
    ctx.markReplay();
    return { ...(await present(ctx, input.widget_id, current.latest, current.document)), ...report };
  }
  const version = current.latest + 1;
  const output = await present(ctx, input.widget_id, version, document);
  await save(ctx, input.widget_id, version, document);
  return { ...output, ...report };
}

/** Who wrote each section after a revision: its writer before, unless the revision changed it. */
function revisedWriters(before: WidgetDocument, draft: WidgetDraft, generator: GeneratorName): Record<string, GeneratorName> {
  const previous = new Map(before.draft.sections.map((section) => [section.id, JSON.stringify(section)]));
  const writers = before.meta.written_by ?? {};
  return Object.fromEntries(draft.sections.map((section) => [section.id, previous.get(section.id) === JSON.stringify(section) ? (writers[section.id] ?? before.meta.generator) : generator]));
}

/** One version with the history of all: one query reads both. */
export async function readWidget(ctx: ToolContext, widgetId: string, version?: number) {
  const history = await widgetDb(ctx.store)
    .selectFrom('widgets')
    .select(['version', 'document', 'created_at'])
    .where('id', '=', widgetId)
    .where('account_id', '=', ctx.caller.accountId)
    .orderBy('version', 'asc')
    .execute();
  const latest = history.at(-1);
  if (!latest) throw noWidget(widgetId);
  const documents = history.map((row) => JSON.parse(row.document) as WidgetDocument);
  const index = version === undefined ? history.length - 1 : history.findIndex((row) => row.version === version);
  if (index < 0) throw noVersion(widgetId, version as number, latest.version);
  const versions = history.map((row, i) => {
    const { applied, unapplied } = (documents[i] as WidgetDocument).meta;
    return { version: row.version, created_at: row.created_at, applied, unapplied };
  });
  return { ...(await present(ctx, widgetId, (history[index] as { version: number }).version, documents[index] as WidgetDocument)), versions };
}

/** What the public routes need: no account, no key. */
export interface PublicDeps {
  store: StoreHandle;
  files: FileStore;
  baseUrl: string;
}

/** A version's page for its signed preview link, or null when the link is not valid. */
export async function previewOf(deps: PublicDeps, widgetId: string, version: number, signature: string) {
  if (!(await deps.files.verifySignature(previewPayload(widgetId, version), signature))) return null;
  const found = await load(deps.store, null, widgetId, version).catch(missingAsNull);
  return found ? renderWidget(found.document.draft, widgetId, version, deps.baseUrl) : null;
}

/** One version's page for its own account: the `html` the tools returned for it, rendered again from the stored version. */
export async function pageOf(deps: Omit<PublicDeps, 'files'>, accountId: string, widgetId: string, version: number): Promise<string> {
  const found = await load(deps.store, accountId, widgetId, version);
  return renderWidget(found.document.draft, widgetId, found.version, deps.baseUrl).html;
}

/** Refuses a widget the account does not have, as not_found. */
export async function requireWidget(store: StoreHandle, accountId: string, widgetId: string): Promise<void> {
  const row = await widgetDb(store).selectFrom('widgets').select('id').where('id', '=', widgetId).where('account_id', '=', accountId).limit(1).executeTakeFirst();
  if (!row) throw noWidget(widgetId);
}

/** The widget version a form was rendered in, with the account that owns it. */
export async function formOf(store: StoreHandle, widgetId: string, version: number | undefined) {
  return load(store, null, widgetId, version).catch(missingAsNull);
}
