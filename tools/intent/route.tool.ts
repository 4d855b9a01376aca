import { z } from 'zod';
import { yieldToEventLoop } from '../../src/kernel/event-loop.js';
import { defineTool } from '../../src/kernel/tool.js';
import type { CatalogueEntry, ToolContext } from '../../src/kernel/context.js';
import type { NextAction } from '../../src/kernel/next-action.js';
import type { Scored } from './classifier.js';
import { fittedThresholds, Models, Router, type Decision } from './router.js';
import { learnRouterTask } from './tasks.js';
import { outOfScope, routes } from './routes.js';
import { intentInputSchema, intentOutputSchema, type IntentOutput } from './schema.js';

type Input = z.output<typeof intentInputSchema>;

/** One router per process, learnt on first use on a compute thread (a call that fails to learn it leaves it to the next). */
let learning: Promise<Router> | undefined;
function learnedRouter(ctx: ToolContext): Promise<Router> {
  learning ??= ctx.compute(learnRouterTask, {}).then(
    async (data) => {
      const router = new Router(await Models.load(data), fittedThresholds);
      // The engine compiles a regular expression on its second use, for one-byte and for two-byte text apart, and
      // until then runs it slowly: short commands of both kinds now, so that no caller's long one is the first to
      // meet them (a fifth of a second, once).
      const warmUp = ['show job_01jdz8x4m6b3q9r2t5v7w0y1c3', 'invoice Acme $5 for tea, due Friday', 'zeig 東京 job 🙂', 'Rechnung an Ōtsuka 5 € für Tee, fällig Freitag 🙂'];
      for (const command of warmUp) {
        router.decide(command, ctx.now());
        await yieldToEventLoop();
      }
      return router;
    },
    (error: unknown) => {
      learning = undefined;
      throw error;
    },
  );
  return learning;
}

export default defineTool({
  name: 'intent_route',
  title: 'Route a command in words',
  description:
    'Turns a command in words into the right tool call of this catalogue, with its arguments read from the command (ids, names, amounts, dates, emails, platforms, colours, quotes) and checked by that tool. ' +
    'Runs it with your key unless dry_run (a job tool answers with its job handle). Asks back when fields are missing or two tools are close; new invoices are only ever drafted.',
  route: { method: 'POST', path: '/intent' },
  scope: 'intent:run',
  cost: 0,
  effect: 'write',
  input: intentInputSchema,
  output: intentOutputSchema,
  async run(input, ctx) {
    const router = await learnedRouter(ctx);
    const decision = router.decide(input.command, ctx.now());
    const catalogue = new Map(ctx.catalogue.tools().map((entry) => [entry.name, entry]));
    const alternatives = decision.ranked
      .filter((scored) => catalogue.has(scored.label))
      .slice(0, 3)
      .map((scored) => ({ tool: scored.label, score: Math.round(scored.probability * 1000) / 1000 }));
    const base = { alternatives, executed: false, meta: { decided_by: 'classifier' as const, scope: null, context: { used: [], ignored: Object.keys(input.context ?? {}) } } };
    if (decision.kind === 'out_of_scope') return { ...base, route: null, clarification: offerings(catalogue), next_actions: [] };
    const chosen =
      decision.kind === 'route' ? { tool: decision.tool, confidence: decision.confidence, why: decision.why, by: 'classifier' as const } : await tieBroken(decision, catalogue, input, ctx);
    if (!chosen) return { ...base, route: null, clarification: question(decision, catalogue), next_actions: [] };
    return routed(chosen, decision, catalogue.get(chosen.tool) as CatalogueEntry, input, ctx, alternatives);
  },
  summarize: (output) =>
    output.route
      ? `${output.executed ? 'Ran' : 'Would run'} ${output.route.tool} (${Math.round(output.route.confidence * 100)}%): ${output.route.why}${output.clarification ? ` ${output.clarification.question}` : ''}`
      : (output.clarification?.question ?? 'No route.'),
});

/** Builds the routed tool's input from the command (and the context), checks it, and runs it unless it is a dry run. */
async function routed(
  chosen: { tool: string; confidence: number; why: string; by: 'classifier' | 'model' },
  decision: Decision,
  entry: CatalogueEntry,
  input: Input,
  ctx: ToolContext,
  alternatives: IntentOutput['alternatives'],
) {
  const fromCommand = (routes[chosen.tool] as (typeof routes)[string]).build(decision.entities);
  // The command's values win; the context fills the routed tool's fields it leaves empty.
  const context = input.context ?? {};
  const used = Object.keys(context).filter((field) => entry.fields.includes(field) && fromCommand[field] === undefined);
  const args = { ...Object.fromEntries(used.map((field) => [field, context[field]])), ...fromCommand };
  const meta = {
    decided_by: chosen.by,
    scope: { needed: entry.scope, granted: entry.allowed },
    context: { used, ignored: Object.keys(context).filter((field) => !used.includes(field)) },
  };
  const route = { tool: chosen.tool, confidence: Math.round(chosen.confidence * 1000) / 1000, arguments: args, why: chosen.why };
  const spec = routes[chosen.tool] as (typeof routes)[string];
  const unset = spec.oneOf && !spec.oneOf.some((field) => args[field] !== undefined) ? [{ path: spec.oneOf.join(' | '), message: 'give one of them' }] : [];
  const issues = [...ctx.catalogue.check(chosen.tool, args), ...unset];
  const gaps = spec.gaps?.(decision.entities) ?? [];
  if (issues.length || gaps.length) {
    const missing = issues.filter((issue) => valueAt(args, issue.path) === undefined).map((issue) => issue.path || '(input)');
    const invalid = issues.filter((issue) => valueAt(args, issue.path) !== undefined).map((issue) => `${issue.path}: ${issue.message}`);
    const asks = [
      missing.length ? `${entry.title} needs ${missing.join(', ')}, which the command does not say` : '',
      invalid.length ? `the command gives ${invalid.join('; ')}` : '',
      gaps.length ? `say ${gaps.join(', and ')}` : '',
    ].filter(Boolean);
    return {
      route,
      alternatives,
      clarification: {
        question: `${capitalised(asks.join(', and '))}. Say it in the command, or pass it in context.`,
        options: [{ tool: entry.name, title: entry.title }],
        missing: [...new Set(missing)],
      },
      executed: false,
      meta,
      next_actions: [],
    };
  }
  if (input.dry_run) {
    return { route, alternatives, executed: false, meta, next_actions: [ctx.nextAction(chosen.tool, args, `Run it: ${entry.title.toLowerCase()} with these arguments.`)] };
  }
  const called = await ctx.catalogue.call(chosen.tool, args);
  const result = 'job' in called ? called.job : called.output;
  const follow = Array.isArray(result.next_actions) ? (result.next_actions as NextAction[]) : [];
  return { route, alternatives, executed: true, result, meta, next_actions: follow };
}

/** Two close candidates: the caller's model (sampling) or the configured one may pick between them; without one, the router asks. */
async function tieBroken(decision: Decision, catalogue: ReadonlyMap<string, CatalogueEntry>, input: Input, ctx: ToolContext) {
  const candidates = closeCandidates(decision.ranked, catalogue);
  if (candidates.length < 2) return undefined;
  const names = candidates.map((entry) => entry.name) as [string, ...string[]];
  const picked = await ctx.generation.generate({
    schema: z.object({ tool: z.enum([...names, 'neither']) }),
    name: 'intent_tie_break',
    system: 'You pick the one tool that does what a command asks, or "neither" when none of them does. Answer with JSON {"tool": "…"}.',
    prompt: `Command: ${JSON.stringify(input.command)}\nTools:\n${candidates.map((entry) => `- ${entry.name}: ${entry.title}`).join('\n')}`,
    choice: 'auto',
    template: () => ({ tool: 'neither' as const }),
  });
  const tool = picked.generator === 'template' ? 'neither' : picked.value.tool;
  const scored = decision.ranked.find((entry) => entry.label === tool);
  if (!scored) return undefined;
  return { tool, confidence: scored.probability, why: `${decision.why} A model picked ${tool} between ${names.join(' and ')}.`, by: 'model' as const };
}

/** The likeliest tools within reach of the first: the options of a question. */
function closeCandidates(ranked: readonly Scored[], catalogue: ReadonlyMap<string, CatalogueEntry>): CatalogueEntry[] {
  const top = ranked[0]?.probability ?? 0;
  return ranked
    .filter((scored) => scored.label !== outOfScope && catalogue.has(scored.label) && scored.probability >= top / 4)
    .slice(0, 3)
    .map((scored) => catalogue.get(scored.label) as CatalogueEntry);
}

function question(decision: Decision, catalogue: ReadonlyMap<string, CatalogueEntry>) {
  const options = closeCandidates(decision.ranked, catalogue);
  const listed = options.map((entry) => `${entry.title.toLowerCase()} (${entry.name})`);
  const nearMiss = decision.kind === 'ask' && decision.nearMiss && options.length > 0;
  return {
    question: nearMiss
      ? `This may be something this service does not do. Do you want to ${listed.join(' or ')}? Say so with its details, or say what else you need.`
      : options.length > 1
        ? `Do you want to ${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}? Say which, with its details.`
        : options.length === 1
          ? `Do you want to ${listed[0] as string}? Say so with its details, or say what else you need.`
          : 'What should be done, and to what (an invoice, a page, a campaign…)? Say it with its details.',
    options: options.map((entry) => ({ tool: entry.name, title: entry.title })),
    missing: [],
  };
}

/** What the service can do, for a command that asks for something else. */
function offerings(catalogue: ReadonlyMap<string, CatalogueEntry>) {
  const offered = Object.entries(routes).filter(([tool, spec]) => spec.offered && catalogue.has(tool));
  return {
    question: `That is not something this service does. It makes ${offered.map(([, spec]) => spec.offered).join('; ')}. Say which, with its details.`,
    options: offered.map(([tool]) => ({ tool, title: (catalogue.get(tool) as CatalogueEntry).title })),
    missing: [],
  };
}

function valueAt(value: unknown, path: string): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
