import { stripeHostedOrigins } from '../../src/payments/operations.js';
import { zipFiles } from '../../src/files/zip.js';
import { formatMoney } from '../../src/payments/money.js';
import { checkPageSize, renderDocument, type PageSection } from '../../src/render/page.js';
import type { CourseIndexSection, LessonListItem, LessonSection } from '../../src/render/lesson.js';
import type { Theme } from '../../src/render/theme.js';
import { lessonRefs, type Course, type LessonRef } from './course.js';
import type { Completions, MemberAccess, UnlockSchedule } from './drip.js';
import { lessonText } from './lesson-text.js';
import type { PricedTier } from './plan.js';
import { siteLanguage, siteWords, type SiteWords } from './words.js';

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
export type Viewer = { kind: 'offline' } | { kind: 'visitor' } | { kind: 'member'; email: string; access: MemberAccess; completed: Completions; notices: string[]; billing: boolean };

function hrefs(spec: SiteSpec, viewer: Viewer) {
  const offline = viewer.kind === 'offline';
  return {
    index: offline ? 'index.html' : spec.siteUrl,
    lesson: (id: string) => (offline ? `${id}.html` : `${spec.siteUrl}/lessons/${id}`),
  };
}

type LessonView = { state: 'open' | 'preview' | 'locked' | 'members_only'; note?: string };

/** What this viewer may do with one lesson, and why not. */
function viewOf(ref: LessonRef, viewer: Viewer, titles: ReadonlyMap<string, string>, words: SiteWords): LessonView {
  if (ref.lesson.preview) return { state: 'preview' };
  if (viewer.kind === 'offline') return { state: 'open' };
  if (viewer.kind === 'visitor') return { state: 'members_only' };
  const locked = viewer.access.locked.find((entry) => entry.lesson_id === ref.lesson_id);
  if (!locked) return { state: 'open' };
  const after = locked.after_completing ? (titles.get(locked.after_completing) ?? locked.after_completing) : undefined;
  return { state: 'locked', note: words.opens_on(locked.unlocks_on, after) };
}

const readable = (view: LessonView) => view.state === 'open' || view.state === 'preview';

function header(spec: SiteSpec): PageSection {
  return { id: 'top', type: 'header', props: { brand: spec.brandName, links: [] } };
}

function joinOf(spec: SiteSpec, words: SiteWords): CourseIndexSection['props']['join'] {
  const paid = spec.tiers.filter((tier) => tier.amount > 0);
  if (!paid.length) return undefined;
  const lang = siteLanguage(spec.lang).lang;
  return {
    heading: words.join,
    tiers: paid.map((tier) => {
      const link = spec.paymentLinks.get(tier.tier_id);
      return {
        name: tier.name,
        price: words.price[tier.interval](formatMoney(BigInt(tier.amount), spec.currency ?? 'USD', lang)),
        trial: tier.trial_days ? words.trial(tier.trial_days) : undefined,
        action: link ?? `${spec.siteUrl}/join?tier=${tier.tier_id}`,
        method: link ? ('link' as const) : ('post' as const),
        button: words.join_tier(tier.name).slice(0, 60),
      };
    }),
  };
}

function indexSection(spec: SiteSpec, viewer: Viewer, words: SiteWords): CourseIndexSection {
  const links = hrefs(spec, viewer);
  const titles = new Map(lessonRefs(spec.course).map((ref) => [ref.lesson_id, ref.lesson.title]));
  const completed: Completions = viewer.kind === 'member' ? viewer.completed : new Map();
  const refs = lessonRefs(spec.course);
  const modules = spec.course.modules.map((module, moduleIndex) => ({
    title: module.title,
    lessons: refs
      .filter((ref) => ref.moduleIndex === moduleIndex)
      .map((ref): LessonListItem => {
        const view = viewOf(ref, viewer, titles, words);
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
  const notices = viewer.kind === 'offline' ? [words.offline_note] : viewer.kind === 'member' ? viewer.notices : [];
  const props: CourseIndexSection['props'] = { title: spec.course.title, notices, modules, words: { ...words.marks, minutes: words.minutes } };
  if (viewer.kind === 'member') {
    const done = [...completed.keys()].filter((id) => titles.has(id)).length;
    props.progress = { done, total, label: words.progress(done, total) };
    props.account = {
      kind: 'member',
      text: words.signed_in_as(viewer.email),
      actions: [...(viewer.billing ? [{ action: `${spec.siteUrl}/billing`, button: words.manage_billing }] : []), { action: `${spec.siteUrl}/logout`, button: words.sign_out }],
    };
  }
  if (viewer.kind === 'visitor') {
    props.join = joinOf(spec, words);
    props.account = { kind: 'sign_in', heading: words.already_member, action: `${spec.siteUrl}/login`, label: words.email_label, button: words.send_link };
  }
  return { id: 'course', type: 'course_index', props };
}

function lessonSection(spec: SiteSpec, viewer: Viewer, refs: LessonRef[], index: number, words: SiteWords): LessonSection {
  const ref = refs[index] as LessonRef;
  const links = hrefs(spec, viewer);
  const titles = new Map(refs.map((entry) => [entry.lesson_id, entry.lesson.title]));
  const view = viewOf(ref, viewer, titles, words);
  const open = readable(view);
  const text = open && ref.lesson.body !== undefined ? lessonText(ref.lesson.body, ref.lesson_id) : null;
  const previous = refs[index - 1];
  const next = refs[index + 1];
  const closed = open ? undefined : view.state === 'locked' ? view.note : words.members_only;
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
      no_text: open && ref.lesson.body === undefined ? words.no_text : undefined,
      outline: text?.outline ?? [],
      key_points: text?.key_points ?? [],
      exercises: text?.exercises ?? [],
      complete: member ? { action: `${spec.siteUrl}/lessons/${ref.lesson_id}/complete`, done: viewer.completed.has(ref.lesson_id), button: words.mark_done, done_text: words.marks.done } : undefined,
      nav: {
        index: { href: links.index, text: words.all_lessons },
        previous: previous ? { href: links.lesson(previous.lesson_id), text: words.previous(previous.lesson.title) } : undefined,
        next: next ? { href: links.lesson(next.lesson_id), text: words.next(next.lesson.title) } : undefined,
      },
      words: { outline: words.outline, key_points: words.key_points, exercises: words.exercises, minutes: words.minutes },
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
    lang: siteLanguage(spec.lang).lang,
    theme: spec.theme,
    sections: [header(spec), section],
    formAction: () => spec.siteUrl,
    // Join and billing redirect to Stripe's checkout and portal; sign-in sets this service's session cookie.
    formRedirects: [stripeHostedOrigins.checkout, stripeHostedOrigins.billingPortal],
    ownSession: true,
  });
  return { page, title, html, csp };
}

const describe = (spec: SiteSpec, words: SiteWords) => words.description(spec.course.title, spec.schedule.length, spec.brandName).slice(0, 160);

export function indexPage(spec: SiteSpec, viewer: Viewer): RenderedSitePage {
  const words = siteWords(spec.lang);
  return render(spec, 'index', spec.course.title.slice(0, 70), describe(spec, words), indexSection(spec, viewer, words));
}

/** A lesson's page, or null when the course has no such lesson. */
export function lessonPage(spec: SiteSpec, viewer: Viewer, lessonId: string): RenderedSitePage | null {
  const refs = lessonRefs(spec.course);
  const index = refs.findIndex((ref) => ref.lesson_id === lessonId);
  if (index < 0) return null;
  const ref = refs[index] as LessonRef;
  const words = siteWords(spec.lang);
  return render(
    spec,
    lessonId,
    `${ref.lesson.title} · ${spec.course.title}`.slice(0, 70),
    (ref.lesson.summary ?? describe(spec, words)).slice(0, 160),
    lessonSection(spec, viewer, refs, index, words),
  );
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
  return zipFiles(Object.fromEntries(pages.map((page) => [`${page.page}.html`, page.html])));
}
