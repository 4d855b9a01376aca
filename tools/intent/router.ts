import { yieldToEventLoop } from '../../src/kernel/event-loop.js';
import { Classifier, type ClassifierData, type Labelled, type Scored } from './classifier.js';
import { extractEntities, idOf, type Entities } from './entities.js';
import { featuresOf } from './features.js';
import { Neighbours, type NeighboursData } from './neighbours.js';
import { outOfScope, routes } from './routes.js';

/**
 * From a command to a decision: the classifier's most likely tools, narrowed to the tools that act
 * on the ids the command names, then the safety rules, then the thresholds: a route when one tool
 * is likely enough and clearly ahead, a question when two are close or none is likely, nothing
 * when the command asks for something the service does not do.
 */

export interface Thresholds {
  /** The least probability a route needs. */
  route: number;
  /** The least lead over the runner-up; closer than this, the router asks which one. */
  margin: number;
  /** The most probability "nothing this service does" may keep for a route: a near miss ("units of alcohol in a pint") is asked about, not run. */
  outOfScope: number;
}

/**
 * Fitted on the tune split by `fitThresholds` (test/intent/router.test.ts checks that these are what
 * the fit gives for the examples as they are, and `npm run bench -- intent` prints the fit).
 */
export const fittedThresholds: Thresholds = { route: 0, margin: 0.15, outOfScope: 0.2 };

export type Decision =
  | { kind: 'route'; tool: string; confidence: number; ranked: Scored[]; entities: Entities; why: string }
  /** `nearMiss`: one tool is clearly ahead, but the command may ask for something this service does not do. */
  | { kind: 'ask'; ranked: Scored[]; entities: Entities; why: string; nearMiss: boolean }
  | { kind: 'out_of_scope'; ranked: Scored[]; entities: Entities; why: string };

/** The three classifiers and the examples' index as plain data, to cross threads. */
export interface ModelsData {
  tools: ClassifierData;
  families: ClassifierData;
  actions: ClassifierData;
  neighbours: NeighboursData;
}

/** The share of a tool's probability that the most similar examples decide (chosen on the tune split: 0.3 of 0 to 1). */
const neighboursShare = 0.3;

/**
 * Three classifiers over the same features: one learns the tools, one the families (what a command
 * acts on: invoices, widgets…) and one the actions (show, change, make…), each family and action from
 * the examples of every tool that shares it. A tool's score is the three agreeing on it, and then the
 * examples most like the command (neighbours.ts) have their share.
 */
export class Models {
  constructor(
    readonly tools: Classifier,
    readonly families: Classifier,
    readonly actions: Classifier,
    readonly neighbours: Neighbours,
  ) {}

  static train(examples: readonly Labelled[]): Models {
    // Each command's features once, for all four.
    const featured = examples.map((example) => ({ features: featuresOf(example.text), spec: routes[example.label], label: example.label }));
    return new Models(
      Classifier.train(featured),
      Classifier.train(featured.map((example) => ({ features: example.features, label: example.spec?.family ?? outOfScope }))),
      Classifier.train(featured.flatMap((example) => (example.spec ? [{ features: example.features, label: example.spec.action }] : []))),
      Neighbours.build(featured),
    );
  }

  static from(data: ModelsData): Models {
    return new Models(Classifier.from(data.tools), Classifier.from(data.families), Classifier.from(data.actions), Neighbours.from(data.neighbours));
  }

  /** As `from`, on the serving thread: each part's index (tens of thousands of features, some 30 ms) is built in a turn of the event loop of its own. */
  static async load(data: ModelsData): Promise<Models> {
    const tools = Classifier.from(data.tools);
    await yieldToEventLoop();
    const families = Classifier.from(data.families);
    await yieldToEventLoop();
    const actions = Classifier.from(data.actions);
    await yieldToEventLoop();
    return new Models(tools, families, actions, Neighbours.from(data.neighbours));
  }

  data(): ModelsData {
    return { tools: this.tools.data(), families: this.families.data(), actions: this.actions.data(), neighbours: this.neighbours.data() };
  }

  /** Every label (tools and out_of_scope) with its probability, most likely first. */
  classify(command: string): Scored[] {
    const features = featuresOf(command);
    const family = new Map(this.families.classify(features).map((scored) => [scored.label, scored.probability]));
    const actions = this.actions.classify(features);
    const action = new Map(actions.map((scored) => [scored.label, scored.probability]));
    // Out of scope has no action: the likeliest one stands in, so that it neither gains nor loses by it.
    const anyAction = (actions[0] as Scored).probability;
    const logits = this.tools.classify(features).map((scored) => {
      const spec = routes[scored.label];
      const agreeing = spec ? (family.get(spec.family) ?? 0) * (action.get(spec.action) ?? 0) : (family.get(outOfScope) ?? 0) * anyAction;
      return { label: scored.label, logit: Math.log(Math.max(1e-12, scored.probability * agreeing)) / 3 };
    });
    const max = Math.max(...logits.map((entry) => entry.logit));
    const total = logits.reduce((sum, entry) => sum + Math.exp(entry.logit - max), 0);
    const votes = this.neighbours.vote(features);
    const share = votes.size ? neighboursShare : 0;
    return logits
      .map((entry) => ({ label: entry.label, probability: (1 - share) * (Math.exp(entry.logit - max) / total) + share * (votes.get(entry.label) ?? 0) }))
      .sort((a, b) => b.probability - a.probability || (a.label < b.label ? -1 : 1));
  }
}

export class Router {
  constructor(
    readonly models: Models,
    readonly thresholds: Thresholds,
  ) {}

  /** Tools ranked for a command, narrowed to those that act on the kinds of ids it names. */
  rank(command: string, entities: Entities): Scored[] {
    return narrowByIds(this.models.classify(command), entities);
  }

  decide(command: string, now: Date): Decision {
    const entities = extractEntities(command, now);
    const ranked = safe(this.rank(command, entities), entities);
    const [top, second] = ranked as [Scored, Scored | undefined];
    const verdict = verdictOf(ranked, this.thresholds);
    if (verdict === 'out_of_scope') return { kind: 'out_of_scope', ranked, entities, why: `Most like a request no tool serves (${percent(top.probability)}).` };
    if (verdict !== 'route') {
      const nothing = ranked.find((scored) => scored.label === outOfScope)?.probability ?? 0;
      const why =
        verdict === 'unlikely'
          ? `No tool is likely enough: ${top.label} at ${percent(top.probability)}.`
          : verdict === 'near_miss'
            ? `Most like ${top.label} (${percent(top.probability)}), but it may ask for something this service does not do (${percent(nothing)}).`
            : `${named(top)} (${percent(top.probability)}) and ${second ? named(second) : ''} (${percent(second?.probability ?? 0)}) are too close to choose.`;
      return { kind: 'ask', ranked, entities, why, nearMiss: verdict === 'near_miss' };
    }
    return { kind: 'route', tool: top.label, confidence: top.probability, ranked, entities, why: whyOf(top, entities) };
  }
}

/**
 * What the thresholds make of a ranking: a route when the first is likely enough, clearly ahead of the
 * next and leaves little to "no tool"; out of scope when "no tool" is clearly ahead of every tool; else
 * a question, for the reason it names.
 */
type Verdict = 'route' | 'out_of_scope' | 'unlikely' | 'close' | 'near_miss';

function verdictOf(ranked: readonly Scored[], thresholds: Thresholds): Verdict {
  const [top, second] = ranked as [Scored, Scored | undefined];
  const lead = top.probability - (second?.probability ?? 0);
  if (top.label === outOfScope) return lead < thresholds.margin ? 'close' : 'out_of_scope';
  if (top.probability < thresholds.route) return 'unlikely';
  if (lead < thresholds.margin) return 'close';
  const nothing = ranked.find((scored) => scored.label === outOfScope)?.probability ?? 0;
  return nothing > thresholds.outOfScope ? 'near_miss' : 'route';
}

const percent = (probability: number) => `${Math.round(probability * 100)}%`;
const named = (scored: Scored) => (scored.label === outOfScope ? 'nothing this service does' : scored.label);

function whyOf(top: Scored, entities: Entities): string {
  const named = entities.ids.filter((found) => routes[top.label]?.ids.includes(found.prefix)).map((found) => found.id);
  return `Most like the examples of ${top.label} (${percent(top.probability)})${named.length ? `, and it acts on ${named.join(', ')}` : ''}.`;
}

/** A command that names ids is about a tool that acts on them (if any does): the others are set aside. */
function narrowByIds(ranked: Scored[], entities: Entities): Scored[] {
  const prefixes = new Set(entities.ids.map((found) => found.prefix));
  if (prefixes.size === 0) return ranked;
  const acting = ranked.filter((scored) => routes[scored.label]?.ids.some((prefix) => prefixes.has(prefix)));
  if (acting.length === 0) return ranked;
  const total = acting.reduce((sum, scored) => sum + scored.probability, 0);
  return acting.map((scored) => ({ label: scored.label, probability: total > 0 ? scored.probability / total : 1 / acting.length }));
}

/**
 * The safety rule: a command only confirms a draft it names. Confirming without a draft id is
 * drafting: the draft is shown, and nothing is issued until it is confirmed by its id.
 */
function safe(ranked: Scored[], entities: Entities): Scored[] {
  if (idOf(entities, 'drf')) return ranked;
  const merged = new Map<string, number>();
  for (const scored of ranked) {
    const label = scored.label === 'invoice_confirm' ? 'invoice_draft' : scored.label;
    merged.set(label, (merged.get(label) ?? 0) + scored.probability);
  }
  return [...merged].map(([label, probability]) => ({ label, probability })).sort((a, b) => b.probability - a.probability || (a.label < b.label ? -1 : 1));
}

/**
 * The thresholds that do best on `tune` for a router trained without it: each wrong route costs as much
 * as three questions, an out-of-scope command routed as much as ten; a right route earns one.
 */
export function fitThresholds(classifier: Models, tune: readonly Labelled[], now: Date): Thresholds {
  const scored = tune.map((example) => {
    const entities = extractEntities(example.text, now);
    const ranked = safe(narrowByIds(classifier.classify(example.text), entities), entities);
    return { label: example.label === 'invoice_confirm' && !idOf(entities, 'drf') ? 'invoice_draft' : example.label, ranked };
  });
  let best = { thresholds: fittedThresholds, score: -Infinity };
  for (let route = 0; route <= 0.6001; route += 0.05) {
    for (let margin = 0; margin <= 0.4001; margin += 0.05) {
      for (const outOfScopeMost of [0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.3, 1]) {
        const thresholds = { route: round(route), margin: round(margin), outOfScope: outOfScopeMost };
        let score = 0;
        for (const { label, ranked } of scored) {
          const verdict = verdictOf(ranked, thresholds);
          if (verdict !== 'route' && verdict !== 'out_of_scope') continue;
          if ((ranked[0] as Scored).label === label) score += 1;
          else score -= label === outOfScope ? outOfScopeRouted : 3;
        }
        if (score > best.score) best = { thresholds, score };
      }
    }
  }
  return best.thresholds;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** What routing a command no tool serves costs in the fit, against 1 for a right route and 3 for a wrong one. */
const outOfScopeRouted = 10;
