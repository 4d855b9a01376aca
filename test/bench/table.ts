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

/** Aligned columns under a header and a rule; `right` says which columns hold numbers. */
function aligned(header: readonly string[], body: ReadonlyArray<readonly string[]>, right: (column: number) => boolean): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((line) => (line[i] ?? '').length)));
  const render = (values: readonly string[]) =>
    values
      .map((value, i) => (right(i) ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(render)];
}

/**
 * A breakdown a benchmark prints under the table (kept in `details.tables`, so in the JSON too): the figures
 * one row cannot hold, such as precision and recall per category.
 */
export interface DetailTable {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

const isDetailTable = (value: unknown): value is DetailTable =>
  typeof value === 'object' && value !== null && typeof (value as DetailTable).title === 'string' && Array.isArray((value as DetailTable).columns) && Array.isArray((value as DetailTable).rows);

const detailTablesOf = (row: Row): DetailTable[] => (Array.isArray(row.details?.tables) ? (row.details.tables as unknown[]).filter(isDetailTable) : []);

function formatDetailTable(table: DetailTable): string[] {
  const body = table.rows.map((line) => line.map(String));
  const numeric = (column: number) => table.rows.length > 0 && table.rows.every((line) => typeof line[column] === 'number' || /^-?\d+(?:\.\d+)?$/.test(String(line[column])));
  return [table.title, ...(body.length ? aligned(table.columns, body, numeric) : [])];
}

/** A plain-text table with aligned columns, then the breakdowns benchmarks add, then the error of each crashed row. */
export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const lines = aligned(
    columns,
    body.map((line) => columns.map((c) => line[c])),
    (i) => rightAligned.has(columns[i] as (typeof columns)[number]),
  );
  for (const table of rows.flatMap(detailTablesOf)) lines.push('', ...formatDetailTable(table));
  for (const row of rows) if (row.error !== undefined) lines.push('', `${row.name}: ${row.error.trimEnd()}`);
  for (const row of rows) if (row.skipped !== undefined) lines.push('', `${row.name}: skipped, ${row.skipped}`);
  return `${lines.join('\n')}\n`;
}
