import type { Budget, Row } from './row.js';

const columns = ['benchmark', 'figure', 'baseline', 'ratio', 'budget', 'result'] as const;
/** Numbers read best right-aligned. */
const rightAligned = new Set<(typeof columns)[number]>(['figure', 'ratio']);

export function formatNumber(value: number): string {
  // Small figures keep two significant digits (0.0016 ms, not 0.00 ms).
  if (value !== 0 && Math.abs(value) < 0.1) return value.toPrecision(2);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const withUnit = (value: number, unit: string) => `${formatNumber(value)} ${unit}`.trim();

export function formatBudget(budget: Budget, unit: string): string {
  return budget.on === 'ratio' ? `ratio ${budget.op} ${budget.limit.toFixed(2)}` : `${budget.op} ${withUnit(budget.limit, unit)}`;
}

export const verdict = (row: Row) => (row.error !== undefined ? 'ERROR' : row.skipped !== undefined ? 'SKIPPED' : row.pass ? 'PASS' : 'FAIL');

function cells(row: Row): Record<(typeof columns)[number], string> {
  return {
    benchmark: row.name,
    figure: row.figure === null ? '-' : withUnit(row.figure, row.unit),
    baseline: row.baseline ? `${withUnit(row.baseline.figure, row.unit)} (${row.baseline.name})` : '-',
    ratio: row.ratio === null ? '-' : row.ratio.toFixed(2),
    budget: row.budget ? formatBudget(row.budget, row.unit) : '-',
    result: verdict(row),
  };
}

/** A plain-text table with aligned columns, then the error of each crashed row. */
export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = columns.map((column) => Math.max(column.length, ...body.map((line) => line[column].length)));
  const render = (values: readonly string[]) =>
    values
      .map((value, i) => {
        const width = widths[i] ?? 0;
        return rightAligned.has(columns[i] as (typeof columns)[number]) ? value.padStart(width) : value.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const lines = [render(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map((line) => render(columns.map((c) => line[c])))];
  for (const row of rows) if (row.error !== undefined) lines.push('', `${row.name}: ${row.error.trimEnd()}`);
  for (const row of rows) if (row.skipped !== undefined) lines.push('', `${row.name}: skipped, ${row.skipped}`);
  return `${lines.join('\n')}\n`;
}
