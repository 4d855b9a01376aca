import { defineTask, sized } from '../../src/kernel/task.js';
import { buildDocument, reviseDocument, type DirectoryDocument, type VersionRow } from './draft.js';
import { buildSite, presentPage, siteZipOf } from './pages.js';
import type { RawListings } from './listings.js';
import type { BuildInput, ReviseInput } from './schema.js';

/** How much listing text or how many rows a call carries, for the message when it runs out of time. */
function listingsSize(...given: Array<RawListings | undefined>): string {
  const text = given.reduce((sum, raw) => sum + (typeof raw === 'string' ? raw.length : 0), 0);
  const rows = given.reduce((sum, raw) => sum + (raw && typeof raw !== 'string' ? raw.length : 0), 0);
  return rows ? sized('listings', rows, 'rows') : sized('listings', text);
}

/** The first version's document: the listings read (CSV or JSON) and checked row by row, fields and categories settled. */
export const directoryDraftTask = defineTask({
  name: 'directory.draft',
  run: ({ input, id, now }: { input: BuildInput; id: string; now: string }): DirectoryDocument => buildDocument(input, id, now),
  describe: ({ input }) => listingsSize(input.listings),
});

/** The next version's document from the changes, or none when they change nothing. */
export const directoryReviseTask = defineTask({
  name: 'directory.revise',
  run: ({ latest, changes, now }: { latest: Pick<VersionRow, 'id' | 'version' | 'document'>; changes: ReviseInput['changes']; now: string }) => reviseDocument(latest, changes, now),
  describe: ({ latest, changes }) => `${latest.document.listings.length.toLocaleString('en-US')} listings, ${listingsSize(changes.listings, changes.add_listings)}`,
});

/** A new version's search index (MiniSearch) and its hosted index page. */
export const directorySiteTask = defineTask({
  name: 'directory.site',
  run: ({ row, baseUrl, placements }: { row: Pick<VersionRow, 'id' | 'version' | 'document'>; baseUrl: string; placements: Record<string, string> }) => buildSite(row, baseUrl, placements),
  describe: ({ row }) => sized('the index', row.document.listings.length, 'listings'),
});

/** A stored version's static site: every page rendered, zipped (on its first download). */
export const directoryZipTask = defineTask({
  name: 'directory.zip',
  run: ({ row, baseUrl, placements }: { row: Pick<VersionRow, 'id' | 'version' | 'document' | 'searchIndex'>; baseUrl: string; placements: Record<string, string> }) =>
    siteZipOf(row, baseUrl, placements),
  describe: ({ row }) => sized('the site', row.document.listings.length + 1, 'pages'),
});

/** A stored version's index page as served now (its index loaded and browsed), for the tools' answer. */
export const directoryPageTask = defineTask({
  name: 'directory.page',
  run: ({ row, baseUrl, placements }: { row: Pick<VersionRow, 'id' | 'version' | 'document' | 'searchIndex'>; baseUrl: string; placements: Record<string, string> }) =>
    presentPage(row, baseUrl, placements),
  describe: ({ row }) => sized('the index', row.document.listings.length, 'listings'),
});

export const directoryTasks = [directoryDraftTask, directoryReviseTask, directorySiteTask, directoryZipTask, directoryPageTask] as const;
