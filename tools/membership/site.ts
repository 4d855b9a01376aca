import { stripeHostedOrigins } from '../../src/payments/operations.js';
import { zipSync, strToU8 } from 'fflate';
import { formatMoney } from '../../src/payments/money.js';
import { checkPageSize, renderDocument, type PageSection } from '../../src/render/page.js';
import type { CourseIndexSection, LessonListItem, LessonSection } from '../../src/render/lesson.js';
import type { Theme } from '../../src/render/theme.js';
import { lessonRefs, type Course, type LessonRef } from './course.js';
import type { MemberAccess, UnlockSchedule } from './drip.js';
import { lessonText } from './lesson-text.js';
import type { PricedTier } from './plan.js';

/** Everything the pages of one membership version render from. */
export interface SiteSpec {
  membershipId: string;
  course: Course;
  schedule: UnlockSchedule;
  tiers: PricedTier[];
  currency: string | null;
  brandName: string;
  lang: string;
  theme: Theme;
  /** `${baseUrl}/m/${membershipId}`: the hosted site. */
  siteUrl: string;
  /** tier_id → its executed payment link, when there is one. */
  paymentLinks: ReadonlyMap<string, string>;
}

/** Who is looking: the downloaded copy (every lesson, relative links), a visitor, or a signed-in member. */
export type Viewer = { kind: 'offline' } | { kind: 'visitor' } | { kind: 'member'; email: string; access: MemberAccess; completed: ReadonlySet<string>; notices: string[]; billing: boolean };

const minutes = (count: number) => `${count} min`;
const indexWords = { done: 'Done', open: 'Open', preview: 'Free preview', locked: 'Locked', members_only: 'Members only', minutes };
const lessonWords = { outline: 'In this lesson', key_points: 'Key points', exercises: 'Exercises', minutes };

const noText = 'This lesson has no text yet.';
const offlineNote = 'This is the downloaded copy of the course: every lesson is included. On the hosted site, lessons open for each member on the schedule.';

function hrefs(spec: SiteSpec, viewer: Viewer) {
  const offline = viewer.kind === 'offline';
  return {
    index: offline ? 'index.html' : spec.siteUrl,
    lesson: (id: string) => (offline ? `${id}.html` : `${spec.siteUrl}/lessons/${id}`),
  };
}

type LessonView = { state: 'open' | 'preview' | 'locked' | 'members_only'; note?: string };

/** What this viewer may do with one lesson, and why not. */
function viewOf(ref: LessonRef, viewer: Viewer, titles: ReadonlyMap<string, string>): LessonView {
  if (ref.lesson.preview) return { state: 'preview' };
  if (viewer.kind === 'offline') return { state: 'open' };
  if (viewer.kind === 'visitor') return { state: 'members_only' };
  const locked = viewer.access.locked.find((entry) => entry.lesson_id === ref.lesson_id);
  if (!locked) return { state: 'open' };
  const after = locked.after_completing ? ` and once you complete “${titles.get(locked.after_completing) ?? locked.after_completing}”` : '';
  return { state: 'locked', note: `Opens on ${locked.unlocks_on}${after}.` };
}

const readable = (view: LessonView) => view.state === 'open' || view.state === 'preview';

function header(spec: SiteSpec): PageSection {
  return { id: 'top', type: 'header', props: { brand: spec.brandName, links: [] } };
}

function joinOf(spec: SiteSpec): CourseIndexSection['props']['join'] {
  const paid = spec.tiers.filter((tier) => tier.amount > 0);
  if (!paid.length) return undefined;
  const period = { month: ' per month', year: ' per year', lifetime: ' once' } as const;
  return {
    heading: 'Join',
    tiers: paid.map((tier) => {
      const link = spec.paymentLinks.get(tier.tier_id);
      return {
        name: tier.name,
        price: `${formatMoney(BigInt(tier.amount), spec.currency ?? 'USD', spec.lang)}${period[tier.interval]}`,
        trial: tier.trial_days ? `${tier.trial_days}-day free trial` : undefined,
        action: link ?? `${spec.siteUrl}/join?tier=${tier.tier_id}`,
        method: link ? ('link' as const) : ('post' as const),
        button: `Join: ${tier.name}`.slice(0, 60),
      };
    }),
  };
}

function indexSection(spec: SiteSpec, viewer: Viewer): CourseIndexSection {
  const links = hrefs(spec, viewer);
  const titles = new Map(lessonRefs(spec.course).map((ref) => [ref.lesson_id, ref.lesson.title]));
  const completed = viewer.kind === 'member' ? viewer.completed : new Set<string>();
  const refs = lessonRefs(spec.course);
  const modules = spec.course.modules.map((module, moduleIndex) => ({
    title: module.title,
    lessons: refs
      .filter((ref) => ref.moduleIndex === moduleIndex)
      .map((ref): LessonListItem => {
        const view = viewOf(ref, viewer, titles);
        return {
          title: ref.lesson.title,
          href: readable(view) ? links.lesson(ref.lesson_id) : null,
          state: view.state,
          note: view.note,
          done: completed.has(ref.lesson_id),
          minutes: ref.lesson.duration_minutes,
          summary: ref.lesson.summary,
        };
      }),
  }));
  const total = spec.schedule.length;
  const notices = viewer.kind === 'offline' ? [offlineNote] : viewer.kind === 'member' ? viewer.notices : [];
  const props: CourseIndexSection['props'] = { title: spec.course.title, notices, modules, words: indexWords };
  if (viewer.kind === 'member') {
    const done = [...completed].filter((id) => titles.has(id)).length;
    props.progress = { done, total, label: `${done} of ${total} lessons done` };
    props.account = {
      kind: 'member',
      text: `Signed in as ${viewer.email}.`,
      actions: [...(viewer.billing ? [{ action: `${spec.siteUrl}/billing`, button: 'Manage billing' }] : []), { action: `${spec.siteUrl}/logout`, button: 'Sign out' }],
    };
  }
  if (viewer.kind === 'visitor') {
    props.join = joinOf(spec);
    props.account = { kind: 'sign_in', heading: 'Already a member?', action: `${spec.siteUrl}/login`, label: 'Your email address', button: 'Email me a sign-in link' };
  }
  return { id: 'course', type: 'course_index', props };
}

function lessonSection(spec: SiteSpec, viewer: Viewer, refs: LessonRef[], index: number): LessonSection {
  const ref = refs[index] as LessonRef;
  const links = hrefs(spec, viewer);
  const titles = new Map(refs.map((entry) => [entry.lesson_id, entry.lesson.title]));
  const view = viewOf(ref, viewer, titles);
  const open = readable(view);
  const text = open && ref.lesson.body !== undefined ? lessonText(ref.lesson.body, ref.lesson_id) : null;
  const previous = refs[index - 1];
  const next = refs[index + 1];
  const closed = open ? undefined : view.state === 'locked' ? view.note : 'This lesson is for members: join or sign in on the course page.';
  const member = viewer.kind === 'member' && open;
  return {
    id: 'lesson',
    type: 'lesson',
    props: {
      title: ref.lesson.title,
      module_title: ref.module.title,
      summary: ref.lesson.summary,
      minutes: ref.lesson.duration_minutes,
      blocks: open ? (text?.blocks ?? []) : null,
      closed,
      no_text: open && ref.lesson.body === undefined ? noText : undefined,
      outline: text?.outline ?? [],
      key_points: text?.key_points ?? [],
      exercises: text?.exercises ?? [],
      complete: member ? { action: `${spec.siteUrl}/lessons/${ref.lesson_id}/complete`, done: viewer.completed.has(ref.lesson_id), button: 'Mark as done', done_text: 'Done' } : undefined,
      nav: {
        index: { href: links.index, text: 'All lessons' },
        previous: previous ? { href: links.lesson(previous.lesson_id), text: `Previous: ${previous.lesson.title}` } : undefined,
        next: next ? { href: links.lesson(next.lesson_id), text: `Next: ${next.lesson.title}` } : undefined,
      },
      words: lessonWords,
    },
  };
}

export interface RenderedSitePage {
  page: string;
  title: string;
  html: string;
  csp: string;
}

function render(spec: SiteSpec, page: string, title: string, description: string, section: PageSection): RenderedSitePage {
  const { html, csp } = renderDocument({
    title,
    description,
    lang: spec.lang,
    theme: spec.theme,
    sections: [header(spec), section],
    formAction: () => spec.siteUrl,
    // Join and billing redirect to Stripe's checkout and portal; sign-in sets this service's session cookie.
    formRedirects: [stripeHostedOrigins.checkout, stripeHostedOrigins.billingPortal],
    ownSession: true,
  });
  return { page, title, html, csp };
}

const describe = (spec: SiteSpec) => `${spec.course.title}: ${spec.schedule.length} lessons from ${spec.brandName}.`.slice(0, 160);

export function indexPage(spec: SiteSpec, viewer: Viewer): RenderedSitePage {
  return render(spec, 'index', spec.course.title.slice(0, 70), describe(spec), indexSection(spec, viewer));
}

/** A lesson's page, or null when the course has no such lesson. */
export function lessonPage(spec: SiteSpec, viewer: Viewer, lessonId: string): RenderedSitePage | null {
  const refs = lessonRefs(spec.course);
  const index = refs.findIndex((ref) => ref.lesson_id === lessonId);
  if (index < 0) return null;
  const ref = refs[index] as LessonRef;
  return render(spec, lessonId, `${ref.lesson.title} · ${spec.course.title}`.slice(0, 70), (ref.lesson.summary ?? describe(spec)).slice(0, 160), lessonSection(spec, viewer, refs, index));
}

/** Every page of the downloadable copy, refused when one passes the size budget (naming it). */
export function offlinePages(spec: SiteSpec): RenderedSitePage[] {
  const viewer: Viewer = { kind: 'offline' };
  const pages = [indexPage(spec, viewer), ...lessonRefs(spec.course).map((ref) => lessonPage(spec, viewer, ref.lesson_id) as RenderedSitePage)];
  for (const page of pages) {
    checkPageSize(page.html, page.page === 'index' ? 'The course page' : `Lesson ${page.page}'s page`, 'Split a long lesson body into several lessons.');
  }
  return pages;
}

/** The static site as a zip: index.html and one page per lesson. */
export function siteZip(pages: readonly RenderedSitePage[]): Uint8Array {
  // A fixed date keeps the same site the same bytes.
  const mtime = new Date('2000-01-01T00:00:00Z');
  return zipSync(Object.fromEntries(pages.map((page) => [`${page.page}.html`, [strToU8(page.html), { mtime }]])), { level: 6 });
}
