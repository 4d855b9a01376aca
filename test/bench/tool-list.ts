import { measuredRow, type Benchmark, type Row } from './row.js';

/**
 * Rows: what the tool list costs an agent's context (o200k tokens, bytes), each against the issue's
 * budget. Sizes, not timings: the same code gives the same figures on any machine.
 */
export const toolListSize: Benchmark = {
  name: 'tool list size',
  async run(): Promise<Row[]> {
    // Loaded when it runs, last: the catalogue's modules bring core-js along (see run.ts).
    const { toolListBudgets, toolListFigures } = await import('../support/tool-list.js');
    const figures = toolListFigures();
    const perTool = Object.fromEntries(figures.tools.map((tool) => [tool.name, { input: tool.inputTokens, output: tool.outputTokens }]));
    // The full list has no budget of its own in tokens: the per-tool budgets together bound it (titles and annotations aside).
    const listTokensBudget = figures.tools.length * (toolListBudgets.inputTokensAverage + toolListBudgets.outputTokensAverage);
    return [
      measuredRow({
        name: 'tools/list: name + description + input schema, average',
        unit: 'tokens',
        figure: figures.inputTokensAverage,
        budget: { on: 'figure', op: '<=', limit: toolListBudgets.inputTokensAverage },
        details: { per_tool: perTool },
      }),
      measuredRow({
        name: `tools/list: name + description + input schema, largest (${figures.inputTokensMax.name})`,
        unit: 'tokens',
        figure: figures.inputTokensMax.inputTokens,
        budget: { on: 'figure', op: '<=', limit: toolListBudgets.inputTokensMax },
      }),
      measuredRow({
        name: 'tools/list: output schema, average',
        unit: 'tokens',
        figure: figures.outputTokensAverage,
        budget: { on: 'figure', op: '<=', limit: toolListBudgets.outputTokensAverage },
      }),
      measuredRow({
        name: `tools/list: all ${figures.tools.length} tools as JSON`,
        unit: 'kB',
        figure: figures.listBytes / 1000,
        budget: { on: 'figure', op: '<=', limit: (toolListBudgets.listBytesPerTool * figures.tools.length) / 1000 },
        details: { bytes: figures.listBytes },
      }),
      measuredRow({
        name: `tools/list: all ${figures.tools.length} tools in tokens`,
        unit: 'tokens',
        figure: figures.listTokens,
        budget: { on: 'figure', op: '<=', limit: listTokensBudget },
      }),
    ];
  },
};
