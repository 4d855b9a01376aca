/**
 * Reads the fact extractor's errors: per-field precision and recall over the labelled prompts, then every extra
 * or missed fact of one field. `npx tsx test/support/facts-report.ts offerings.name`; `--heldout` reads the held-out set.
 */
import { performance } from 'node:perf_hooks';
import { extractFacts } from '../../src/compose/facts-extract.js';
import { heldoutPrompts } from '../fixtures/facts/heldout.js';
import { labelledPrompts as mainPrompts, referenceDate } from '../fixtures/facts/labelled.js';
import { reportedFields } from '../../src/compose/facts.js';
import { scoreSheets } from './facts-score.js';

const args = process.argv.slice(2);
const labelledPrompts = args.includes('--heldout') ? heldoutPrompts : mainPrompts;
const pairs = labelledPrompts.map(({ id, prompt, facts }) => ({ id, expected: facts, found: extractFacts(prompt, { referenceDate }) }));
const { scores, errors } = scoreSheets(pairs);
for (const [field, score] of Object.entries(scores)) {
  const goal = (reportedFields as readonly string[]).includes(field) ? ' (no goal)' : '';
  console.log(field.padEnd(16), score.precision.toFixed(3), score.recall.toFixed(3), `${score.truePositives}/${score.predicted}/${score.expected}${goal}`);
}
const field = args.find((arg) => !arg.startsWith('--'));
if (field) for (const error of errors.filter((e) => e.field === field)) console.log(error.id, error.kind, JSON.stringify(error.value));
const wrongLang = pairs.filter((pair) => pair.found.lang !== pair.expected.lang).map((pair) => pair.id);
console.log('lang wrong:', wrongLang.length, wrongLang.join(' '));
const start = performance.now();
for (let round = 0; round < 5; round += 1) for (const { prompt } of labelledPrompts) extractFacts(prompt, { referenceDate });
console.log('mean ms per prompt', ((performance.now() - start) / 5 / labelledPrompts.length).toFixed(3));
