/** What a row's budget is checked against: the figure itself, or figure ÷ baseline. */
export interface Budget {
  on: 'figure' | 'ratio';
  op: '>=' | '<=';
  limit: number;
}

/** One line of the results table (and of `.bench/results.json`). */
export interface Row {
  name: string;
  unit: string;
  /** null when the benchmark crashed before measuring. */
  figure: number | null;
  baseline: { name: string; figure: number } | null;
  /** figure ÷ baseline figure. */
  ratio: number | null;
  budget: Budget | null;
  pass: boolean;
  /** Why the benchmark crashed, if it did. */
  error?: string;
  /** Why it was not measured on this machine (a missing database server), if it was not. */
  skipped?: string;
  /** Extra figures kept in the JSON only (latency percentiles, every sample…). */
  details?: Record<string, unknown>;
}

/** A benchmark measures one or more rows; more rows are added by adding benchmarks to run.ts. */
export interface Benchmark {
  name: string;
  run(): Promise<Row[]>;
}

export function measuredRow(spec: { name: string; unit: string; figure: number; baseline?: { name: string; figure: number }; budget: Budget; details?: Record<string, unknown> }): Row {
  const baseline = spec.baseline ?? null;
  const ratio = baseline && baseline.figure > 0 ? spec.figure / baseline.figure : null;
  const checked = spec.budget.on === 'figure' ? spec.figure : ratio;
  const pass = checked !== null && Number.isFinite(checked) && (spec.budget.op === '>=' ? checked >= spec.budget.limit : checked <= spec.budget.limit);
  return { name: spec.name, unit: spec.unit, figure: spec.figure, baseline, ratio, budget: spec.budget, pass, details: spec.details };
}

/** The row a crashed benchmark leaves, so that the table still shows it (as ERROR). */
export function crashedRow(name: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return { name, unit: '', figure: null, baseline: null, ratio: null, budget: null, pass: false, error: message };
}

/** A row that could not be measured here, with what would make it run. */
export function skippedRow(name: string, why: string): Row {
  return { name, unit: '', figure: null, baseline: null, ratio: null, budget: null, pass: true, skipped: why };
}
