import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { packageRoot } from '../../src/version.js';
import { trainingSettings, type Labelled } from './classifier.js';
import { servedExamples } from './examples/index.js';
import { lexicon } from './concepts.js';
import { featuresOf } from './features.js';
import { glossary } from './glossary.js';
import { Models, type ModelsData } from './router.js';
import { routes } from './routes.js';

/**
 * The served router, learnt once when the package is built (`npm run build` writes dist/intent-router.bin)
 * rather than in every process on its first command: learning takes seconds, and each stdio client
 * starts its own process. The file is used only when it was learnt from exactly what this code would
 * learn from (its fingerprint); otherwise, as from a source checkout whose examples changed since the
 * build, the router is learnt here as before.
 */

export const learntRouterFile = (): string | undefined => (packageRoot ? path.join(packageRoot, 'dist', 'intent-router.bin') : undefined);

interface LearntFile {
  fingerprint: string;
  models: ModelsData;
}

/**
 * What the learnt weights depend on: the training settings, the lexicon and the glossary, every example
 * with its label and its tool's family and action, and the features of one example in ten (so that a
 * change to how features are made shows without computing them all).
 */
export function fingerprintOf(examples: readonly Labelled[]): string {
  const hash = createHash('sha256').update(trainingSettings).update(JSON.stringify(lexicon)).update(JSON.stringify(glossary));
  for (const [i, example] of examples.entries()) {
    const spec = routes[example.label];
    hash.update(`\n${example.label}\t${spec?.family ?? ''}\t${spec?.action ?? ''}\t${example.text}`);
    if (i % 10 === 0) hash.update(`\t${JSON.stringify([...featuresOf(example.text)])}`);
  }
  return hash.digest('hex');
}

/** The served router's classifiers: read from the build's file when it matches, learnt here otherwise. */
export function servedModels(file = learntRouterFile()): ModelsData {
  const examples = servedExamples();
  const fingerprint = fingerprintOf(examples);
  return readLearnt(file, fingerprint) ?? Models.train(examples).data();
}

/** The classifiers in `file` if they were learnt from what `fingerprint` says. */
export function readLearnt(file: string | undefined, fingerprint: string): ModelsData | undefined {
  if (!file) return undefined;
  try {
    const learnt = deserialize(fs.readFileSync(file)) as LearntFile;
    return learnt.fingerprint === fingerprint ? learnt.models : undefined;
  } catch {
    // Missing (a source checkout), or written by another Node's serializer: learning here is the way that always works.
    return undefined;
  }
}

export function saveLearnt(file: string, fingerprint: string, models: ModelsData): void {
  const learnt: LearntFile = { fingerprint, models };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, serialize(learnt));
}

/** Learns the served router and writes it where `servedModels` looks (scripts/learn-router.mjs, at build time). */
export function writeLearntRouter(file: string): void {
  const examples = servedExamples();
  saveLearnt(file, fingerprintOf(examples), Models.train(examples).data());
}
