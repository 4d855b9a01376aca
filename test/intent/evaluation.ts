import type { Scored } from '../../tools/intent/classifier.js';
import { extractEntities, idOf } from '../../tools/intent/entities.js';
import { labelledCommands } from '../../tools/intent/examples/index.js';
import { servedModels } from '../../tools/intent/learnt.js';
import { outOfScope } from '../../tools/intent/routes.js';
import { routes } from '../../tools/intent/routes.js';
import { fittedThresholds, fitThresholds, Models, Router, type Decision, type Thresholds } from '../../tools/intent/router.js';

/**
 * The router's evaluation: thresholds fitted on the tune split by a classifier trained on the train
 * split alone, then the router as served (trained on train and tune) run on the held-out test split,
 * which neither has seen. Used by the bench (figures) and the tests (floors).
 */

export const evaluationClock = new Date('2026-11-28T10:00:00Z');

/** The router as intent_route serves it (learnt from the train and tune splits): the build's, when it matches these examples, else learnt here. */
export const servedRouter = (): Router => new Router(Models.from(servedModels()), fittedThresholds);

export interface Evaluation {
  fitted: Thresholds;
  heldOut: number;
  /** Top-1: the most likely tool (after the id and safety rules) is the labelled one; out of scope counts as a label. */
  top1: number;
  decisions: { routedRight: number; routedWrong: number; asked: number; outOfScopeRouted: string[]; inScopeUnrouted: number };
  perTool: Array<{ tool: string; precision: number; recall: number; support: number }>;
  confusions: Array<{ label: string; predicted: string; count: number; examples: string[] }>;
  /** Milliseconds per command to decide (classify, extract, rank), median and 95th percentile. */
  p50: number;
  p95: number;
}

export async function evaluate(): Promise<Evaluation> {
  const all = labelledCommands();
  const alone = Models.train(all.filter((example) => example.split === 'train'));
  const fitted = fitThresholds(
    alone,
    all.filter((example) => example.split === 'tune'),
    evaluationClock,
  );
  const router = new Router(servedRouter().models, fitted);
  const test = all.filter((example) => example.split === 'test');
  const timings: number[] = [];
  const rows = test.map((example) => {
    const started = performance.now();
    const decision: Decision = router.decide(example.text, evaluationClock);
    if (decision.kind === 'route') routes[decision.tool]?.build(decision.entities);
    timings.push(performance.now() - started);
    const entities = extractEntities(example.text, evaluationClock);
    const label = example.label === 'invoice_confirm' && !idOf(entities, 'drf') ? 'invoice_draft' : example.label;
    return { example, label, top: (decision.ranked[0] as Scored).label, decision };
  });
  const decisions = { routedRight: 0, routedWrong: 0, asked: 0, outOfScopeRouted: [] as string[], inScopeUnrouted: 0 };
  for (const { label, decision, example } of rows) {
    if (decision.kind === 'route') {
      if (decision.tool === label) decisions.routedRight += 1;
      else decisions.routedWrong += 1;
      if (label === outOfScope) decisions.outOfScopeRouted.push(example.text);
    } else if (decision.kind === 'ask') decisions.asked += 1;
    else if (label !== outOfScope) decisions.inScopeUnrouted += 1;
  }
  const labels = [...new Set(rows.map((row) => row.label))].sort();
  const perTool = labels.map((tool) => {
    const predicted = rows.filter((row) => row.top === tool);
    const actual = rows.filter((row) => row.label === tool);
    const right = actual.filter((row) => row.top === tool).length;
    return { tool, precision: predicted.length ? right / predicted.length : 1, recall: actual.length ? right / actual.length : 1, support: actual.length };
  });
  const confusionMap = new Map<string, { label: string; predicted: string; count: number; examples: string[] }>();
  for (const row of rows.filter((row) => row.top !== row.label)) {
    const key = `${row.label} ${row.top}`;
    const entry = confusionMap.get(key) ?? { label: row.label, predicted: row.top, count: 0, examples: [] };
    entry.count += 1;
    entry.examples.push(row.example.text);
    confusionMap.set(key, entry);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    fitted,
    heldOut: rows.length,
    top1: rows.filter((row) => row.top === row.label).length / rows.length,
    decisions,
    perTool,
    confusions: [...confusionMap.values()].sort((a, b) => b.count - a.count),
    p50: sorted[Math.floor(sorted.length / 2)] as number,
    p95: sorted[Math.floor(sorted.length * 0.95)] as number,
  };
}
