import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedExamples } from '../../tools/intent/examples/index.js';
import { fingerprintOf, learntRouterFile, readLearnt, saveLearnt, servedModels } from '../../tools/intent/learnt.js';
import { Models } from '../../tools/intent/router.js';

/**
 * The router is learnt at build time into dist/intent-router.bin; a process reads it instead of learning
 * for seconds on its first command, but only when it was learnt from exactly these examples, words and features.
 */
describe('the router learnt at build time', () => {
  const examples = servedExamples();
  const fingerprint = fingerprintOf(examples);

  it('is in the build, learnt from the examples and features as they are (npm run build writes it)', () => {
    const models = readLearnt(learntRouterFile(), fingerprint);
    expect(models, 'dist/intent-router.bin is missing or stale: run npm run build').toBeDefined();
    expect(models?.tools.labels).toEqual([...new Set(examples.map((example) => example.label))].sort());
  });

  it('is read only when its fingerprint matches; otherwise the router is learnt again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnt-'));
    const file = path.join(dir, 'intent-router.bin');
    // A small router, so that reading it is told apart from learning the real one.
    const small = Models.train(examples.slice(0, 200)).data();
    saveLearnt(file, fingerprint, small);
    expect(servedModels(file).tools.features).toBe(small.tools.features);
    saveLearnt(file, 'learnt from other examples', small);
    const learnt = servedModels(file);
    expect(learnt.tools.labels.length).toBeGreaterThan(small.tools.labels.length);
    expect(learnt.tools.features).not.toBe(small.tools.features);
    fs.writeFileSync(file, 'not a serialized router');
    expect(readLearnt(file, fingerprint)).toBeUndefined();
    fs.rmSync(dir, { recursive: true });
  }, 60_000);

  it('changes its fingerprint with an example or a label', () => {
    const changed = examples.map((example, i) => (i === 0 ? { ...example, text: `${example.text}!` } : example));
    expect(fingerprintOf(changed)).not.toBe(fingerprint);
    const relabelled = examples.map((example, i) => (i === 5 ? { ...example, label: 'out_of_scope' } : example));
    expect(fingerprintOf(relabelled)).not.toBe(fingerprint);
  });
});
