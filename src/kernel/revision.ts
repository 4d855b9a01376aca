import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** What a revision reports, the same for every revisable outcome. */
export const revisionReportShape = {
  changed: z.boolean().describe('False when nothing changed: no new version was made and nothing was charged.'),
  applied: z.array(z.string()).describe('The changes made, in order.'),
  unapplied: z.array(z.string()).describe('What was not done, and why.'),
};
export type RevisionReport = { changed: boolean; applied: string[]; unapplied: string[] };

/**
 * The honesty rule of every revision (widgets, content packs, and the outcomes after them): a
 * result equal to what it started from changed nothing. It makes no version and is not charged,
 * and what it would have "applied" is reported as not applied, being so already.
 */
export function judgeRevision(before: unknown, after: unknown, report: { applied: string[]; unapplied: string[] }): RevisionReport {
  if (!isDeepStrictEqual(before, after)) return { changed: true, ...report };
  return { changed: false, applied: [], unapplied: [...report.applied.map((change) => `${change} (already so: nothing changed)`), ...report.unapplied] };
}
