import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { categories, triageReply, type Category } from '../../tools/outreach/triage.js';

/** The labelled replies and the per-category figures of the triage rules on them (used by the test and the bench). */

export interface LabelledReply {
  category: Category;
  text: string;
  subject?: string;
}

export const loadReplies = (which: 'replies' | 'replies-holdout'): LabelledReply[] =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, `${which}.json`), 'utf8')) as { replies: LabelledReply[] }).replies;

export interface Evaluation {
  total: number;
  correct: number;
  accuracy: number;
  per_category: Record<Category, { precision: number; recall: number; support: number }>;
  misses: Array<{ expected: Category; got: Category; text: string }>;
  ms_per_reply: number;
}

export const triageNow = new Date('2026-11-23T10:00:00.000Z');

export function evaluate(replies: readonly LabelledReply[], rounds = 20): Evaluation {
  const predicted = replies.map((reply) => triageReply(reply.text, triageNow, { subject: reply.subject }).category);
  // Timed apart from the scoring, over several rounds (a warm run, as a server would be).
  const started = performance.now();
  for (let round = 0; round < rounds; round++) for (const reply of replies) triageReply(reply.text, triageNow, { subject: reply.subject });
  const msPerReply = (performance.now() - started) / (rounds * replies.length);
  const per = {} as Evaluation['per_category'];
  for (const category of categories) {
    const truePositive = replies.filter((reply, i) => reply.category === category && predicted[i] === category).length;
    const predictedCount = predicted.filter((got) => got === category).length;
    const support = replies.filter((reply) => reply.category === category).length;
    per[category] = { precision: predictedCount ? truePositive / predictedCount : 1, recall: support ? truePositive / support : 1, support };
  }
  const misses = replies.flatMap((reply, i) => (predicted[i] === reply.category ? [] : [{ expected: reply.category, got: predicted[i] as Category, text: reply.text }]));
  const correct = replies.length - misses.length;
  return { total: replies.length, correct, accuracy: correct / replies.length, per_category: per, misses, ms_per_reply: msPerReply };
}
