import { z } from 'zod';
import { contentDb } from './tables.js';
import { contentIds } from './ids.js';
import type { ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { newId } from '../../src/kernel/ids.js';
import { unknownFields } from '../../src/kernel/unknown-fields.js';
import type { GeneratorName } from '../../src/kernel/generation.js';
import { groundContentTask, prepareContentTask, renderBlocksTask } from './tasks.js';
import { isVisibleForm, partFromVisible, visibleFields } from './visible.js';
import { channels as allChannels, contentSchema, type packOutputSchema, type Block, type Channel, type Content, type RepurposeInput, type ReviseInput, type RevisedPack } from './schema.js';
import { judgeRevision } from '../../src/kernel/revision.js';
import { factEntries, placeFacts, placesOf, statesNews, type FactEntry, type FactReport } from '../../src/compose/contract.js';
import { removedWarning } from '../../src/compose/grounded.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor } from '../../src/compose/frames/index.js';

export type Pack = z.output<typeof packOutputSchema>;
export type PackMeta = Pack['meta'];

/** What a version stores. Packs stored before issue 14 lack the fact fields and `lang`: they read as English, all by their generator. */
interface StoredMeta
  extends Omit<PackMeta, 'lang' | 'written_by' | 'facts' | 'missing_facts' | 'placeholders' | 'improve'>, Partial<Pick<PackMeta, 'lang' | 'written_by' | 'facts' | 'missing_facts' | 'placeholders'>> {
  cta: { text: string; url: string } | null;
  links: string[];
  keywords: string[];
  sources: Partial<Record<Channel, number[]>>;
  /** The prompt's facts, to place again after a revision. */
  sheet?: FactSheet | null;
}

/** The content schema narrowed to the requested channels, each required: what a model must write. */
function schemaFor(channels: readonly Channel[]) {
  const shape: Record<string, z.ZodType> = { topic: contentSchema.shape.topic };
  for (const channel of channels) shape[channel] = contentSchema.shape[channel].unwrap();
  return z.object(shape) as unknown as z.ZodType<Content>;
}

const systemPrompt =
  'You write channel-ready marketing and editorial copy. Answer with one JSON object that matches the JSON Schema given, and nothing else. ' +
  'Respect every length limit. Never invent facts, numbers or quotes that are not in the material given.';

async function save(ctx: ToolContext, pack: { id: string; version: number; content: Content; blocks: Block[]; meta: StoredMeta }): Promise<void> {
  await contentDb(ctx.store)
    .insertInto('content_packs')
    .values({
      id: pack.id,
      account_id: ctx.caller.accountId,
      version: pack.version,
      content: JSON.stringify(pack.content),
      blocks: JSON.stringify(pack.blocks),
      meta: JSON.stringify(pack.meta),
      created_at: pack.meta.created_at,
    })
    .execute();
}

const publicMeta = ({ cta: _cta, links: _links, keywords: _keywords, sources: _sources, sheet: _sheet, ...meta }: StoredMeta, blocks: readonly Block[]): PackMeta => ({
  ...meta,
  improve: improvementsOf(meta.written_by ?? Object.fromEntries(blocks.map((block) => [block.id, meta.generator]))),
  lang: meta.lang ?? 'en',
  written_by: meta.written_by ?? Object.fromEntries(blocks.map((block) => [block.id, meta.generator])),
  facts: meta.facts ?? [],
  missing_facts: meta.missing_facts ?? [],
  placeholders: meta.placeholders ?? [],
});

export async function repurpose(ctx: ToolContext, input: RepurposeInput): Promise<Pack> {
  const channels = input.channels ? allChannels.filter((c) => input.channels?.includes(c)) : [...allChannels];
  const now = ctx.now();
  const prepared = await ctx.compute(prepareContentTask, { ...input, channels, today: now.toISOString().slice(0, 10) });
  const { sentenceCount, points, topic, keywords, template, facts, lang } = prepared;
  const material = points
    ? `Use only these key points from the source (numbered by sentence):\n${points.map((p) => `[${p.index}] ${p.speaker ? `${p.speaker}: ` : ''}${p.text}`).join('\n')}`
    : `Topic: ${topic}`;
  const entries = entriesOf(facts, lang);
  const generated = await ctx.generation.generate({
    schema: schemaFor(channels),
    name: 'content_pack',
    system: systemPrompt,
    prompt: [
      material,
      entries.length ? `The facts, each to be stated in the caller's words:\n${entries.map((entry) => `- ${entry.fact}`).join('\n')}` : '',
      facts?.news.length ? 'The news opens the first paragraph of every channel and the email subject.' : '',
      `Write in the language "${lang}".`,
      input.audience ? `Audience: ${input.audience}` : '',
      input.tone ? `Tone: ${input.tone}` : '',
      input.brand ? `Brand: ${input.brand}` : '',
      `Channels: ${channels.join(', ')}. The X thread's first tweet is a hook; each tweet holds whole sentences; the LinkedIn hook is one line under 140 characters; the email subject puts its point in the first 40 characters.`,
    ]
      .filter(Boolean)
      .join('\n'),
    choice: input.generator,
    template: () => template.content,
  });
  const warnings = [...prepared.warnings, ...generated.warnings];
  const content =
    generated.generator === 'template'
      ? generated.value
      : restoreFacts(keepNewsFirst(await checkedPack(ctx, generated.value, input, channels, lang, warnings, template.content), template.content, facts, warnings), template.content, entries, warnings);
  // The template's pack stands in when the check left too little of the model's.
  const writer = content === template.content ? 'template' : generated.generator;
  const meta: StoredMeta = {
    generator: writer,
    topic: content.topic,
    warnings,
    source_sentences: sentenceCount,
    lang,
    written_by: Object.fromEntries(channels.map((channel) => [channel, writer])),
    ...factsOf(content, channels, entries),
    placeholders: writer === 'template' ? prepared.placeholders : [],
    sheet: facts,
    created_at: now.toISOString(),
    cta: input.cta ?? null,
    links: input.links ?? [],
    keywords,
    sources: template.sources,
  };
  const blocks = await ctx.compute(renderBlocksTask, { content, channels, options: { cta: input.cta, links: input.links, sources: template.sources, keywords, lang } });
  const id = newId(contentIds.pack);
  await save(ctx, { id, version: 1, content, blocks, meta });
  return { pack_id: id, version: 1, blocks, meta: publicMeta(meta, blocks) };
}

/**
 * A model's pack without the sentences that say what the prompt, the source and the caller's fields do not (issue
 * 14 §3); when what is left no longer makes a pack, the template's pack instead, with a warning.
 */
async function checkedPack(ctx: ToolContext, content: Content, input: RepurposeInput, channels: readonly Channel[], lang: string, warnings: string[], fallback: Content): Promise<Content> {
  const sources = [input.prompt, input.source_text, input.brand, input.audience, input.cta?.text, ...(input.links ?? [])].filter((text): text is string => Boolean(text));
  const checked = await ctx.compute(groundContentTask, { content, sources, lang });
  if (!checked.removed.length) return content;
  warnings.push(removedWarning(checked.removed));
  const parsed = schemaFor(channels).safeParse(checked.value);
  if (parsed.success) return parsed.data;
  warnings.push("What remained of the model's answer no longer made a complete pack, so the template wrote it.");
  return fallback;
}

/** In what the template wrote: what the caller's words or a model would do better (issue 14 §7). */
function improvementsOf(writers: Record<string, GeneratorName>): string[] {
  const byTemplate = Object.entries(writers)
    .filter(([, writer]) => writer === 'template')
    .map(([block]) => block);
  return byTemplate.length
    ? [
        `${byTemplate.join(', ')}: the template states facts and the source's sentences plainly; for a voice and tone, send each block's replacement in your words (content_revise) or use a model (generator: "llm").`,
      ]
    : [];
}

/** Where each of the prompt's facts is said in the pack, by channel. */
function factsOf(content: Content, channels: readonly Channel[], entries: readonly FactEntry[]): FactReport {
  const places = channels.flatMap((channel) => placesOf(content[channel], channel));
  return placeFacts(entries, places);
}

/** The sheet's facts as the contract checks them, in the pack's language; none without a sheet. */
const entriesOf = (sheet: FactSheet | null | undefined, lang: string): FactEntry[] => (sheet ? factEntries(sheet, framesFor(lang) ?? en) : []);

/**
 * A model's pack that leaves a fact out of a channel gets it back in the template's sentence for it (issue 14 §2):
 * a paragraph of the email, a line of the LinkedIn post, a tweet, a section of the blog. Page sections, whose
 * shape has no room to add to, report it in missing_facts.
 */
function restoreFacts(content: Content, templateContent: Content, allEntries: readonly FactEntry[], warnings: string[]): Content {
  // The facts a reader acts on are put back; who and where the business is stays reported in missing_facts.
  const entries = allEntries.filter((entry) => !['name', 'kind', 'place', 'audience', 'claim'].includes(entry.kind));
  if (!entries.length) return content;
  const templateSentences = (['blog', 'email', 'linkedin', 'x_thread'] as const).flatMap((channel) => placesOf(templateContent[channel], channel).flatMap((place) => place.text.split('\n')));
  const fixed = structuredClone(content);
  const restored = new Set<string>();
  for (const channel of ['blog', 'email', 'linkedin', 'x_thread'] as const) {
    const part = fixed[channel];
    if (!part) continue;
    const missing = placeFacts(entries, placesOf(part, channel)).missing_facts;
    const lines = [
      ...new Set(
        missing.flatMap((fact) => {
          const entry = entries.find((candidate) => candidate.fact === fact);
          const line = entry && templateSentences.find((sentence) => placeFacts([entry], [{ path: '', text: sentence }]).facts.length > 0);
          return line ? [line.replace(/^→\s*/, '')] : [];
        }),
      ),
    ];
    if (!lines.length) continue;
    for (const fact of missing) restored.add(fact);
    if (channel === 'email' && fixed.email) fixed.email.paragraphs = [...fixed.email.paragraphs.slice(0, 5), lines.join(' ').slice(0, 1500)];
    if (channel === 'linkedin' && fixed.linkedin) fixed.linkedin.body = `${fixed.linkedin.body}\n\n${lines.map((line) => `→ ${line}`).join('\n')}`.slice(0, 2500);
    if (channel === 'x_thread' && fixed.x_thread) fixed.x_thread.tweets = [...fixed.x_thread.tweets, ...lines].slice(0, 15);
    if (channel === 'blog' && fixed.blog) fixed.blog.conclusion = `${lines.join(' ')} ${fixed.blog.conclusion}`.slice(0, 1500);
  }
  if (restored.size) warnings.push(`The model left out facts the prompt gave; the template's words for them were added: ${[...restored].join('; ')}.`);
  return fixed;
}

/** A model's email subject or opening that leaves out the news gets the template's, which states it (issue 14 §2). */
function keepNewsFirst(content: Content, templateContent: Content, facts: FactSheet | null, warnings: string[]): Content {
  const news = facts?.news[0];
  if (!news) return content;
  const says = (text: string | undefined) => statesNews(text ?? '', news);
  const fixed = structuredClone(content);
  const repaired: string[] = [];
  if (fixed.email && templateContent.email && !says(fixed.email.subject)) {
    fixed.email.subject = templateContent.email.subject;
    repaired.push('email subject');
  }
  if (fixed.email && templateContent.email && !says(fixed.email.paragraphs[0])) {
    fixed.email.paragraphs = [templateContent.email.paragraphs[0] as string, ...fixed.email.paragraphs].slice(0, 6);
    repaired.push('email opening');
  }
  if (fixed.blog && templateContent.blog && !says(fixed.blog.intro)) {
    fixed.blog.intro = `${templateContent.blog.intro} ${fixed.blog.intro}`.slice(0, 1500);
    repaired.push('blog intro');
  }
  if (repaired.length) warnings.push(`The model left the news out of the ${repaired.join(', ')}; the template's words state it there.`);
  return fixed;
}

async function loadVersion(ctx: Pick<ToolContext, 'store' | 'caller'>, packId: string, version?: number) {
  let query = contentDb(ctx.store).selectFrom('content_packs').selectAll().where('id', '=', packId).where('account_id', '=', ctx.caller.accountId);
  query = version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  if (!row) {
    throw new OutcomeError('not_found', version === undefined ? `No content pack ${packId} exists for this account.` : `Content pack ${packId} has no version ${version}.`);
  }
  return { row, content: JSON.parse(row.content) as Content, blocks: JSON.parse(row.blocks) as Block[], meta: JSON.parse(row.meta) as StoredMeta };
}

export async function readPack(ctx: Pick<ToolContext, 'store' | 'caller'>, packId: string, version?: number): Promise<Pack & { versions: number }> {
  // The latest first: another account's pack is "no pack", never "no such version".
  const latest = await loadVersion(ctx, packId);
  const { row, blocks, meta } = version === undefined || version === latest.row.version ? latest : await loadVersion(ctx, packId, version);
  return { pack_id: row.id, version: row.version, blocks, meta: publicMeta(meta, blocks), versions: latest.row.version };
}

type Part = NonNullable<Content[Channel]>;

/** Instructions the template can carry out without a model; the rest is reported unapplied. */
function editWithoutModel(channel: Channel, part: Part, instructions: string, schema: z.ZodType<Part>): { part: Part; applied: string[]; unapplied: string[] } {
  const edited = structuredClone(part) as Record<string, unknown>;
  const applied: string[] = [];
  const unapplied: string[] = [];
  // Quoted values first, so that a "." or ";" inside the quotes does not split the instruction.
  const quotedChange = /(?:\b(?:change|set|make|update|rename|replace)\s+(?:the\s+)?)?\b(title|subject|headline|hook|preheader)\b[^"'“‘]*?\b(?:to|as)\b\s*["'“‘](.+?)["'”’]/gi;
  const rest = instructions.replace(quotedChange, (instruction: string, field: string, value: string) => {
    const key = field.toLowerCase();
    const target = key === 'headline' && 'hero' in edited ? (edited.hero as Record<string, unknown>) : edited;
    const name = key === 'headline' && 'hero' in edited ? 'headline' : key;
    if (!(name in target)) {
      unapplied.push(`${instruction} (the ${channel} block has no ${key})`);
      return ' ';
    }
    const before = target[name];
    target[name] = value;
    const checked = schema.safeParse(edited);
    if (checked.success) applied.push(instruction);
    else {
      target[name] = before;
      unapplied.push(`${instruction} (${checked.error.issues.map((issue) => issue.message).join('; ')})`);
    }
    return ' ';
  });
  for (const instruction of rest
    .split(/[.;\n]+|\band then\b/)
    .map((s) => s.trim())
    .filter((s) => s.length > 2)) {
    if (/\b(remove|drop|no)\b.*\bhashtags?\b/i.test(instruction) && 'hashtags' in edited) {
      edited.hashtags = [];
      applied.push(instruction);
      continue;
    }
    if (/\b(shorter|more concise|trim|cut)\b/i.test(instruction)) {
      const list = (['sections', 'paragraphs', 'tweets', 'faq'] as const).find((key) => Array.isArray(edited[key]) && (edited[key] as unknown[]).length > 2);
      if (list) {
        edited[list] = (edited[list] as unknown[]).slice(0, -1);
        applied.push(instruction);
      } else unapplied.push(`${instruction} (already at its shortest)`);
      continue;
    }
    unapplied.push(`${instruction} (needs a model: configure LLM_BASE_URL/LLM_MODEL or use an MCP client with sampling, or send a replacement)`);
  }
  return { part: edited as Part, applied, unapplied };
}

/** A new version in which only `blockId` changed: replaced verbatim, or rewritten by instructions. */
export async function revise(ctx: ToolContext, input: ReviseInput): Promise<RevisedPack> {
  const latest = await loadVersion(ctx, input.pack_id);
  const block = latest.blocks.find((candidate) => candidate.id === input.block_id);
  if (!block) {
    throw new OutcomeError('not_found', `Pack ${input.pack_id} has no block "${input.block_id}"; its blocks are ${latest.blocks.map((b) => `"${b.id}"`).join(', ')}.`);
  }
  const channel = block.channel;
  const partSchema = contentSchema.shape[channel].unwrap() as unknown as z.ZodType<Part>;
  const current = latest.content[channel] as Part;
  let part: Part;
  let applied: string[];
  let unapplied: string[] = [];
  let generator: GeneratorName;
  const warnings: string[] = [];
  if (input.replacement) {
    // The block's visible fields (linkedin {text}…) or its parts ({hook, body, hashtags}), whichever the caller wrote.
    const visible = isVisibleForm(channel, input.replacement);
    const candidate = visible ? partFromVisible(channel, input.replacement, current, { cta: latest.meta.cta ?? undefined, links: latest.meta.links }) : input.replacement;
    const parsed = partSchema.safeParse(candidate);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `replacement.${visible ? `${visibleFields[channel]?.join('/')} → ` : ''}${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new OutcomeError('invalid_input', `The replacement for the ${channel} block does not fit it. ${issues}.`, { details: { issues: parsed.error.issues } });
    }
    const unknown = (visible ? [] : unknownFields(input.replacement, parsed.data)).map((path) => `replacement.${path}`);
    if (unknown.length) {
      const shown = visibleFields[channel] ? ` or its visible fields {${visibleFields[channel]?.join(', ')}}` : '';
      throw new OutcomeError(
        'invalid_input',
        `The replacement for the ${channel} block has unknown fields ${unknown.map((p) => `"${p}"`).join(', ')}; send its parts {${Object.keys(current).join(', ')}}${shown}.`,
      );
    }
    part = parsed.data;
    applied = ['replacement'];
    generator = 'caller';
  } else {
    const instructions = input.instructions as string;
    const offline = editWithoutModel(channel, current, instructions, partSchema);
    const generated = await ctx.generation.generate({
      schema: partSchema,
      name: `${channel}_block`,
      system: systemPrompt,
      prompt: `Revise this ${channel} block as instructed, keeping everything else as it is.\nInstructions: ${instructions}\nCurrent block:\n${JSON.stringify(current)}`,
      choice: input.generator,
      template: () => offline.part,
    });
    part = generated.value;
    generator = generated.generator;
    warnings.push(...generated.warnings);
    [applied, unapplied] = generator === 'template' ? [offline.applied, offline.unapplied] : [[instructions], []];
  }
  const report = judgeRevision(current, part, { applied, unapplied });
  if (!report.changed) {
    // Nothing to store and nothing to charge: the latest version, with why nothing changed.
    ctx.markReplay();
    return { pack_id: input.pack_id, version: latest.row.version, blocks: latest.blocks, meta: publicMeta(latest.meta, latest.blocks), changed_block: block.id, ...report };
  }
  const content = { ...latest.content, [channel]: part };
  const [rendered] = await ctx.compute(renderBlocksTask, {
    content,
    channels: [channel],
    options: { cta: latest.meta.cta ?? undefined, links: latest.meta.links, sources: latest.meta.sources, keywords: latest.meta.keywords, lang: latest.meta.lang },
  });
  const blocks = latest.blocks.map((candidate) => (candidate.id === block.id ? (rendered as Block) : candidate));
  const lang = latest.meta.lang ?? 'en';
  const meta: StoredMeta = {
    ...latest.meta,
    generator,
    warnings,
    written_by: { ...publicMeta(latest.meta, latest.blocks).written_by, [block.id]: generator },
    ...factsOf(
      content,
      latest.blocks.map((candidate) => candidate.channel),
      entriesOf(latest.meta.sheet, lang),
    ),
    // The block's example text is gone once it is rewritten.
    placeholders: (latest.meta.placeholders ?? []).filter((placeholder) => placeholder.block !== block.id),
    created_at: ctx.now().toISOString(),
  };
  const version = latest.row.version + 1;
  try {
    await save(ctx, { id: input.pack_id, version, content, blocks, meta });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new OutcomeError('conflict', `Pack ${input.pack_id} got version ${version} from another revision meanwhile; read it with content_get and revise again.`);
  }
  return { pack_id: input.pack_id, version, blocks, meta: publicMeta(meta, blocks), changed_block: block.id, ...report };
}
