/** The newest version of each id from rows listed newest first, at most `limit` of them (for lists of versioned results). */
export function latestPerId<Row extends { id: string }>(rows: readonly Row[], limit: number): Row[] {
  const seen = new Set<string>();
  const latest: Row[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    latest.push(row);
    if (latest.length === limit) break;
  }
  return latest;
}
