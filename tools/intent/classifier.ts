import { seededRandom } from '../../src/kernel/seeded-random.js';

/**
 * A multinomial logistic regression over a command's features (features.ts), trained by stochastic
 * gradient descent in a fixed order: the same examples always make the same model, and its
 * probabilities are what the router's thresholds are fitted on. Small enough to train in a fraction
 * of a second and to score a command in microseconds; nothing is downloaded.
 */

export interface Labelled {
  text: string;
  label: string;
}

/** A command as the classifiers see it (features.ts), with its label. */
export interface Featured {
  features: ReadonlyMap<string, number>;
  label: string;
}

/** A trained classifier as plain data: it crosses threads (structured clone) from where it was trained. */
export interface ClassifierData {
  labels: string[];
  /** The features in weight order, one per line: one string crosses threads in a copy, tens of thousands take a tenth of a second. */
  features: string;
  weights: Float32Array;
}

export interface Scored {
  label: string;
  probability: number;
}

const epochs = 8;
const learningRate = 3;
const l2 = 1e-5;
/** What else, beside the examples and their features, decides the weights training gives (learnt.ts). */
export const trainingSettings = `logistic epochs=${epochs} rate=${learningRate} l2=${l2} seed=7 min-count=2`;

export class Classifier {
  private constructor(
    readonly labels: readonly string[],
    private readonly index: ReadonlyMap<string, number>,
    private readonly weights: Float32Array,
  ) {}

  /** Trains on `examples`: a second or so for the served router, which a compute thread does (tasks.ts). */
  static train(examples: readonly Featured[]): Classifier {
    const labels = [...new Set(examples.map((example) => example.label))].sort();
    const labelOf = new Map(labels.map((label, i) => [label, i]));
    // A feature seen in one example only generalises to nothing: left out, the model is smaller and learns faster.
    const seen = new Map<string, number>();
    for (const example of examples) for (const feature of example.features.keys()) seen.set(feature, (seen.get(feature) ?? 0) + 1);
    const index = new Map<string, number>();
    for (const [feature, count] of seen) if (count >= 2) index.set(feature, index.size);
    const encoded = examples.map((example) => {
      const ids: number[] = [];
      const values: number[] = [];
      for (const [feature, value] of example.features) {
        const id = index.get(feature);
        if (id === undefined) continue;
        ids.push(id);
        values.push(value);
      }
      return { ids: Int32Array.from(ids), values: normalised(values), label: labelOf.get(example.label) as number };
    });
    const classes = labels.length;
    const weights = new Float32Array(index.size * classes);
    const order = encoded.map((_, i) => i);
    const random = seededRandom(7);
    const step = stepper(weights, classes);
    for (let epoch = 0; epoch < epochs; epoch += 1) {
      shuffle(order, random);
      const rate = learningRate / (1 + epoch * 0.3);
      for (let n = 0; n < order.length; n += 1) {
        const example = encoded[order[n] as number] as (typeof encoded)[number];
        step(example.ids, example.values, example.label, rate);
      }
    }
    return new Classifier(labels, index, weights);
  }

  static from(data: ClassifierData): Classifier {
    return new Classifier(data.labels, new Map(data.features.split('\n').map((feature, i) => [feature, i])), data.weights);
  }

  data(): ClassifierData {
    return { labels: [...this.labels], features: [...this.index.keys()].join('\n'), weights: this.weights };
  }

  /** Every label with its probability, most likely first. */
  classify(features: ReadonlyMap<string, number>): Scored[] {
    const ids: number[] = [];
    const values: number[] = [];
    for (const [feature, value] of features) {
      const id = this.index.get(feature);
      if (id === undefined) continue;
      ids.push(id);
      values.push(value);
    }
    const probabilities = new Float64Array(this.labels.length);
    probabilitiesOf(this.weights, this.labels.length, Int32Array.from(ids), normalised(values), probabilities);
    return this.labels.map((label, i) => ({ label, probability: probabilities[i] as number })).sort((a, b) => b.probability - a.probability || (a.label < b.label ? -1 : 1));
  }
}

/**
 * One step of gradient descent on one example, as a plain function the engine optimises (the training
 * loop around it awaits). Only the classes the example moves are updated: the others' gradients are too
 * small to matter, and an example the model already gets right with near certainty teaches it nothing.
 */
function stepper(weights: Float32Array, classes: number) {
  const probabilities = new Float64Array(classes);
  const active = new Int32Array(classes);
  return (ids: Int32Array, values: Float64Array, label: number, rate: number): void => {
    probabilitiesOf(weights, classes, ids, values, probabilities);
    if ((probabilities[label] as number) > 0.999) return;
    probabilities[label] = (probabilities[label] as number) - 1;
    let moved = 0;
    for (let c = 0; c < classes; c += 1) if (Math.abs(probabilities[c] as number) > 1e-4) active[moved++] = c;
    const decay = 1 - rate * l2;
    for (let f = 0; f < ids.length; f += 1) {
      const row = (ids[f] as number) * classes;
      const scaled = rate * (values[f] as number);
      for (let m = 0; m < moved; m += 1) {
        const c = active[m] as number;
        weights[row + c] = (weights[row + c] as number) * decay - scaled * (probabilities[c] as number);
      }
    }
  };
}

/** The softmax of the example's scores, into `out`. */
function probabilitiesOf(weights: Float32Array, classes: number, ids: Int32Array, values: Float64Array, out: Float64Array): void {
  out.fill(0);
  for (let f = 0; f < ids.length; f += 1) {
    const row = (ids[f] as number) * classes;
    const value = values[f] as number;
    for (let c = 0; c < classes; c += 1) out[c] = (out[c] as number) + (weights[row + c] as number) * value;
  }
  let max = -Infinity;
  for (let c = 0; c < classes; c += 1) max = Math.max(max, out[c] as number);
  let sum = 0;
  for (let c = 0; c < classes; c += 1) {
    out[c] = Math.exp((out[c] as number) - max);
    sum += out[c] as number;
  }
  for (let c = 0; c < classes; c += 1) out[c] = (out[c] as number) / sum;
}

/** Weights scaled to unit length: a long command weighs no more than a short one. */
function normalised(values: readonly number[]): Float64Array {
  const length = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
  return Float64Array.from(values, (value) => value / length);
}

function shuffle(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
}
