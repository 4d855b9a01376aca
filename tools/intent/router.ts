import { Classifier, type ClassifierData, type Labelled, type Scored } from './classifier.js';
import { extractEntities, idOf, type Entities } from './entities.js';
import { featuresOf } from './features.js';
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
}

/**
 * Fitted on the tune split by `fitThresholds` (test/intent/router.test.ts checks that these are what
 * the fit gives for the examples as they are, and `npm run bench -- intent` prints the fit).
 */
export const fittedThresholds: Thresholds = { route: 0.45, margin: 0.3 };

export type Decision =
  | { kind: 'route'; tool: string; confidence: number; ranked: Scored[]; entities: Entities; why: string }
  | { kind: 'ask'; ranked: Scored[]; entities: Entities; why: string }
  | { kind: 'out_of_scope'; ranked: Scored[]; entities: Entities; why: string };

/** The three classifiers as plain data, to cross threads. */
export interface ModelsData {
  tools: ClassifierData;
  families: ClassifierData;
  actions: ClassifierData;
}

/**
 * Three classifiers over the same features: one learns the tools, one the families (what a command
 * acts on: invoices, widgets…) and one the actions (show, change, make…), each family and action from
 * the examples of every tool that shares it. A tool's score is the three agreeing on it.
 */
export class Models {
  constructor(
    readonly tools: Classifier,
    readonly families: Classifier,
    readonly actions: Classifier,
  ) {}

  static train(examples: readonly Labelled[]): Models {
    // Each command's features once, for all three.
    const featured = examples.map((example) => ({ features: featuresOf(example.text), spec: routes[example.label], label: example.label }));
    return new Models(
      Classifier.train(featured),
      Classifier.train(featured.map((example) => ({ features: example.features, label: example.spec?.family ?? outOfScope }))),
      Classifier.train(featured.flatMap((example) => (example.spec ? [{ features: example.features, label: example.spec.action }] : []))),
    );
  }

  static from(data: ModelsData): Models {
    return new Models(Classifier.from(data.tools), Classifier.from(data.families), Classifier.from(data.actions));
  }

  data(): ModelsData {
    return { tools: this.tools.data(), families: this.families.data(), actions: this.actions.data() };
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
    return logits.map((entry) => ({ label: entry.label, probability: Math.exp(entry.logit - max) / total })).sort((a, b) => b.probability - a.probability || (a.label < b.label ? -1 : 1));
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
    if (verdict === 'ask') {
      const why =
        top.probability < this.thresholds.route && top.label !== outOfScope
          ? `No tool is likely enough: ${top.label} at ${percent(top.probability)}.`
          : `${named(top)} (${percent(top.probability)}) and ${second ? named(second) : ''} (${percent(second?.probability ?? 0)}) are too close to choose.`;
      return { kind: 'ask', ranked, entities, why };
    }
    return { kind: 'route', tool: top.label, confidence: top.probability, ranked, entities, why: whyOf(top, entities) };
  }
}

/**
 * What the thresholds make of a ranking: a route when the first is likely enough and clearly ahead of
 * the next; out of scope when "no tool" is clearly ahead of every tool; a question otherwise.
 */
function verdictOf(ranked: readonly Scored[], thresholds: Thresholds): Decision['kind'] {
  const [top, second] = ranked as [Scored, Scored | undefined];
  const lead = top.probability - (second?.probability ?? 0);
  if (top.label === outOfScope) return lead < thresholds.margin ? 'ask' : 'out_of_scope';
  return top.probability < thresholds.route || lead < thresholds.margin ? 'ask' : 'route';
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
      let score = 0;
      for (const { label, ranked } of scored) {
        const verdict = verdictOf(ranked, { route, margin });
        if (verdict === 'ask') continue;
        if ((ranked[0] as Scored).label === label) score += 1;
        else score -= label === outOfScope ? 10 : 3;
      }
      if (score > best.score) best = { thresholds: { route: round(route), margin: round(margin) }, score };
    }
  }
  return best.thresholds;
}

const round = (value: number) => Math.round(value * 100) / 100;
