import type { Labelled } from '../classifier.js';
import { accountMoreExamples } from './account-more.js';
import { accountExamples } from './account.js';
import { commerceMoreExamples } from './commerce-more.js';
import { commerceExamples } from './commerce.js';
import { directoryBusinessMoreExamples } from './directory-business-more.js';
import { directoryBusinessExamples } from './directory-business.js';
import { invoiceMoreExamples } from './invoices-more.js';
import { invoiceExamples } from './invoices.js';
import { mediaMoreExamples } from './media-more.js';
import { mediaExamples } from './media.js';
import { outOfScopeMoreExamples } from './out-of-scope-more.js';
import { outOfScopeExamples } from './out-of-scope.js';
import { outreachMoreExamples } from './outreach-more.js';
import { outreachExamples } from './outreach.js';

/** The label of a command no tool serves. */
export const outOfScope = 'out_of_scope';

export type Split = 'train' | 'tune' | 'test';

/** Each group's two batches of commands, by tool. */
const batches: ReadonlyArray<Readonly<Record<string, readonly string[]>>> = [
  accountExamples,
  accountMoreExamples,
  invoiceExamples,
  invoiceMoreExamples,
  mediaExamples,
  mediaMoreExamples,
  commerceExamples,
  commerceMoreExamples,
  directoryBusinessExamples,
  directoryBusinessMoreExamples,
  outreachExamples,
  outreachMoreExamples,
  { [outOfScope]: [...outOfScopeExamples, ...outOfScopeMoreExamples] },
];

/**
 * The labelled commands (written for this router, 80 or so per routable tool, and 400 no tool
 * serves), each in one split by its place in its tool's list: three in five to learn from, one to
 * fit the thresholds on, one held out for the evaluation. The same commands always fall in the same split.
 */
export function labelledCommands(): Array<Labelled & { split: Split }> {
  const byTool = new Map<string, string[]>();
  for (const batch of batches) for (const [label, commands] of Object.entries(batch)) byTool.set(label, [...(byTool.get(label) ?? []), ...commands]);
  return [...byTool].flatMap(([label, commands]) => commands.map((text, i) => ({ text, label, split: splitAt(i) })));
}

const splitAt = (i: number): Split => (i % 5 === 3 ? 'tune' : i % 5 === 4 ? 'test' : 'train');

/** The tools commands are labelled with: every tool intent_route may route to. */
export const routableTools = (): string[] => [...new Set(batches.flatMap((batch) => Object.keys(batch)))].filter((label) => label !== outOfScope);
