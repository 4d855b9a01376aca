import { performance } from 'node:perf_hooks';
import { servedModels } from '../../tools/intent/learnt.js';
import { servedExamples } from '../../tools/intent/examples/index.js';
import { Models } from '../../tools/intent/router.js';
import { evaluate } from '../intent/evaluation.js';
import { measuredRow, type Benchmark, type Row } from './row.js';
import type { DetailTable } from './table.js';

/**
 * intent_route's router on the held-out split of its labelled commands (never learnt from, nor used
 * to fit its thresholds): top-1 accuracy, out-of-scope commands routed, ms per decision; per-tool
 * precision and recall and the confusions print under the table.
 */
export const intentRouting: Benchmark = {
  name: 'intent',
  async run(): Promise<Row[]> {
    // What the first routing call of a process does on its compute thread: read the router the build learnt.
    const read = performance.now();
    servedModels();
    const readMs = performance.now() - read;
    const started = performance.now();
    Models.train(servedExamples());
    const learnMs = performance.now() - started;
    const evaluation = await evaluate();
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const perTool: DetailTable = {
      title: `intent_route per tool, held-out split (${evaluation.heldOut} commands; thresholds fitted on the tune split: route ≥ ${evaluation.fitted.route}, lead ≥ ${evaluation.fitted.margin}, out of scope ≤ ${evaluation.fitted.outOfScope})`,
      columns: ['tool', 'precision', 'recall', 'support'],
      rows: evaluation.perTool.map((tool) => [tool.tool, tool.precision.toFixed(2), tool.recall.toFixed(2), tool.support]),
    };
    const confusions: DetailTable = {
      title: `intent_route confusion matrix, off-diagonal cells (labelled → top-1): ${evaluation.confusions.reduce((sum, cell) => sum + cell.count, 0)} miss(es)`,
      columns: ['labelled → top-1', 'commands', 'example'],
      rows: evaluation.confusions.map((cell) => [`${cell.label} → ${cell.predicted}`, cell.count, JSON.stringify((cell.examples[0] ?? '').slice(0, 70))]),
    };
    const { decisions } = evaluation;
    const details = {
      held_out: evaluation.heldOut,
      thresholds: evaluation.fitted,
      decisions: { ...decisions, outOfScopeRouted: decisions.outOfScopeRouted.length, out_of_scope_routed_commands: decisions.outOfScopeRouted },
      per_tool: evaluation.perTool,
      confusions: evaluation.confusions,
      tables: [perTool, confusions],
    };
    return [
      measuredRow({
        name: `intent_route held-out top-1 accuracy (${evaluation.heldOut} commands, ${evaluation.perTool.length} labels)`,
        unit: '%',
        figure: Math.round(evaluation.top1 * 1000) / 10,
        budget: { on: 'figure', op: '>=', limit: 97 },
        details,
      }),
      measuredRow({
        name: `intent_route held-out decisions: ${decisions.routedRight} routed right, ${decisions.routedWrong} routed wrong, ${decisions.asked} asked back; out-of-scope commands routed`,
        unit: 'commands',
        figure: decisions.outOfScopeRouted.length,
        budget: { on: 'figure', op: '<=', limit: 0 },
      }),
      measuredRow({
        name: `intent_route decision (classify, ids, safety, arguments read), ms per command p50 (p95 ${round(evaluation.p95)})`,
        unit: 'ms',
        figure: round(evaluation.p50),
        budget: { on: 'figure', op: '<=', limit: 2 },
      }),
      measuredRow({
        // Once per process, on a compute thread: the first call should take no longer than an ordinary call may compute (CALL_BUDGET_MS).
        name: `intent_route router on first use, read from the build's dist/intent-router.bin (learning it from the train and tune splits: ${Math.round(learnMs).toLocaleString('en')} ms, at build time)`,
        unit: 'ms',
        figure: Math.round(readMs),
        budget: { on: 'figure', op: '<=', limit: 5000 },
      }),
    ];
  },
};
