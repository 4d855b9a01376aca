import { defineTask, sized } from '../../src/kernel/task.js';
import { offlinePages, siteZip, type SiteSpec } from './site.js';

/** What the tools list of each page of the site. */
export type SitePages = Array<{ page: string; title: string; bytes: number }>;

/**
 * A version's lesson site, rendered on a compute thread: every page through the size check, with what the tools
 * list of each page, and the zip when asked (a 50-lesson course is tens of milliseconds of rendering).
 */
export const membershipSiteTask = defineTask({
  name: 'membership.site',
  run: ({ spec, zip }: { spec: SiteSpec; zip: boolean }): { pages: SitePages; zip: Uint8Array | null } => {
    const pages = offlinePages(spec);
    return {
      pages: pages.map((page) => ({ page: page.page, title: page.title, bytes: Buffer.byteLength(page.html) })),
      zip: zip ? siteZip(pages) : null,
    };
  },
  describe: ({ spec }) =>
    sized(
      'the site',
      spec.course.modules.reduce((sum, module) => sum + module.lessons.length, 1),
      'pages',
    ),
});
