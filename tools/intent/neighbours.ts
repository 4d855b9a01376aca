import type { Featured } from './classifier.js';

/**
 * The labelled commands most like a command: the cosine of their features, each weighted by how rare
 * it is among the examples (tf-idf), over an inverted index. A second opinion beside the classifiers,
 * which learn one weight per feature and label for every command alike: a command worded like a few
 * examples of one tool is recognised by them even where the classifiers' weights lean elsewhere.
 */

/** How many of the most similar examples vote, by their similarity. */
const voters = 10;
/**
 * A command's features this common (in more than a third of the examples, idf ≤ 1) are left out of its
 * query: they add about as much to every example's score, and walking their long lists took half the
 * time of a decision (p50 1.25 → 0.76 ms on the tune split, the same accuracy).
 */
const commonIdf = 1;

/** The index as plain data: it crosses threads (structured clone) from where it was built. */
export interface NeighboursData {
  /** The features in index order, one per line. */
  features: string;
  idf: Float32Array;
  /** Example `postings[offsets[f]…offsets[f + 1]]` has feature f, with weight `weights[…]` in its unit vector. */
  offsets: Int32Array;
  postings: Int32Array;
  weights: Float32Array;
  labels: string[];
  /** Each example's label, as an index into `labels`. */
  labelOf: Uint16Array;
}

export class Neighbours {
  private readonly index: ReadonlyMap<string, number>;
  /** Each example's similarity to the command being scored: reset after each, so that scoring allocates nothing per example. */
  private readonly scores: Float32Array;

  private constructor(private readonly store: NeighboursData) {
    this.index = new Map(store.features.split('\n').map((feature, i) => [feature, i]));
    this.scores = new Float32Array(store.labelOf.length);
  }

  static build(examples: readonly Featured[]): Neighbours {
    const labels = [...new Set(examples.map((example) => example.label))].sort();
    const labelIndex = new Map(labels.map((label, i) => [label, i]));
    const documents = new Map<string, number>();
    for (const example of examples) for (const feature of example.features.keys()) if (feature !== 'bias') documents.set(feature, (documents.get(feature) ?? 0) + 1);
    // As the classifiers do: a feature of one example only matches nothing else.
    const features = [...documents].filter(([, count]) => count >= 2).map(([feature]) => feature);
    const index = new Map(features.map((feature, i) => [feature, i]));
    const idf = Float32Array.from(features, (feature) => Math.log(examples.length / (documents.get(feature) as number)));
    const vectors = examples.map((example) => unitVector(example.features, index, idf));
    const offsets = new Int32Array(features.length + 1);
    for (const vector of vectors) for (const id of vector.ids) offsets[id + 1] = (offsets[id + 1] as number) + 1;
    for (let f = 0; f < features.length; f += 1) offsets[f + 1] = (offsets[f + 1] as number) + (offsets[f] as number);
    const filled = offsets.slice(0, features.length);
    const postings = new Int32Array(offsets[features.length] as number);
    const weights = new Float32Array(postings.length);
    for (const [example, vector] of vectors.entries()) {
      for (const [k, id] of vector.ids.entries()) {
        const at = (filled[id] as number)++;
        postings[at] = example;
        weights[at] = vector.values[k] as number;
      }
    }
    const labelOf = Uint16Array.from(examples, (example) => labelIndex.get(example.label) as number);
    return new Neighbours({ features: features.join('\n'), idf, offsets, postings, weights, labels, labelOf });
  }

  static from(data: NeighboursData): Neighbours {
    return new Neighbours(data);
  }

  data(): NeighboursData {
    return this.store;
  }

  /** The labels of the examples most like `features`, each with its share of their similarity (summing to 1, or empty when none is alike). */
  vote(features: ReadonlyMap<string, number>): Map<string, number> {
    const { offsets, postings, weights, labels, labelOf } = this.store;
    const scores = this.scores;
    const query = unitVector(features, this.index, this.store.idf, commonIdf);
    const touched: number[] = [];
    for (const [k, id] of query.ids.entries()) {
      const value = query.values[k] as number;
      for (let at = offsets[id] as number, end = offsets[id + 1] as number; at < end; at += 1) {
        const example = postings[at] as number;
        if (scores[example] === 0) touched.push(example);
        scores[example] = (scores[example] as number) + value * (weights[at] as number);
      }
    }
    // The best few by insertion: ten slots, most candidates fall below the last at once.
    const best: number[] = [];
    for (const example of touched) {
      const score = scores[example] as number;
      if (best.length === voters && score <= (scores[best[voters - 1] as number] as number)) continue;
      let at = best.length === voters ? voters - 1 : best.length;
      while (at > 0 && (scores[best[at - 1] as number] as number) < score) {
        best[at] = best[at - 1] as number;
        at -= 1;
      }
      best[at] = example;
    }
    const votes = new Map<string, number>();
    let total = 0;
    for (const example of best) {
      const label = labels[labelOf[example] as number] as string;
      votes.set(label, (votes.get(label) ?? 0) + (scores[example] as number));
      total += scores[example] as number;
    }
    for (const example of touched) scores[example] = 0;
    for (const [label, score] of votes) votes.set(label, score / total);
    return votes;
  }
}

/** A command's features weighted by their rarity, as a unit vector over the index (features it lacks, or with an idf of `least` or less, are left out). */
function unitVector(features: ReadonlyMap<string, number>, index: ReadonlyMap<string, number>, idf: Float32Array, least = 0): { ids: number[]; values: number[] } {
  const ids: number[] = [];
  const values: number[] = [];
  for (const [feature, value] of features) {
    const id = index.get(feature);
    // A feature every example has (idf 0) says nothing of which is alike.
    if (id === undefined || (idf[id] as number) <= least) continue;
    ids.push(id);
    values.push(value * (idf[id] as number));
  }
  const length = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
  return { ids, values: values.map((value) => value / length) };
}
