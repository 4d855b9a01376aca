/**
 * Sections of course sites: the course's lesson list (each lesson open, locked with the day it
 * opens, or for members only; done or not) with the ways in (join, sign in), and one lesson
 * (its text, outline, key points, exercises, navigation). Written with the same helpers,
 * escaping and stylesheet as every other section; kept out of the widgets' section union.
 */
import { esc, safeHref } from './html.js';
import { heading, itemHeading, wrap, type SectionContext } from './sections.js';

/**
 * A link a course page may carry: an absolute http(s) URL of the hosted site, or a page of the
 * downloaded copy beside it (`m1-l2.html`), which `safeHref` would refuse as relative.
 */
const sitePage = /^[a-z0-9-]{1,40}\.html$/;
const courseHref = (url: string) => esc(sitePage.test(url) ? url : (safeHref(url) ?? '#'));

/** A lesson's text as blocks: what a renderer writes without ever passing markup through. */
export type TextBlock = { kind: 'heading'; id: string; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

export type LessonState = 'open' | 'preview' | 'locked' | 'members_only';

export interface LessonListItem {
  title: string;
  /** Where the lesson is read; null when this visitor cannot open it. */
  href: string | null;
  state: LessonState;
  /** Why it is closed, or when it opens ("Opens on 2026-03-08"). */
  note?: string;
  done: boolean;
  minutes?: number;
  summary?: string;
}

export interface CourseIndexSection {
  id: string;
  type: 'course_index';
  props: {
    title: string;
    intro?: string;
    /** A line shown above the list: an offline copy, a grace period, a member's greeting. */
    notices: string[];
    progress?: { done: number; total: number; label: string };
    modules: Array<{ title: string; lessons: LessonListItem[] }>;
    join?: { heading: string; tiers: Array<{ name: string; price: string; trial?: string; action: string; method: 'post' | 'link'; button: string }> };
    /** A sign-in form (email), or the signed-in member's controls. */
    account?: { kind: 'sign_in'; heading: string; action: string; label: string; button: string } | { kind: 'member'; text: string; actions: Array<{ action: string; button: string }> };
    words: { done: string; open: string; preview: string; locked: string; members_only: string; minutes: (count: number) => string };
  };
}

export interface LessonSection {
  id: string;
  type: 'lesson';
  props: {
    title: string;
    module_title: string;
    summary?: string;
    minutes?: number;
    /** Null when the visitor cannot read it: `closed` says why. */
    blocks: TextBlock[] | null;
    closed?: string;
    /** Said instead of text the caller never gave. */
    no_text?: string;
    outline: Array<{ id: string; text: string }>;
    key_points: string[];
    exercises: string[];
    complete?: { action: string; done: boolean; button: string; done_text: string };
    nav: { index: { href: string; text: string }; previous?: { href: string; text: string }; next?: { href: string; text: string } };
    words: { outline: string; key_points: string; exercises: string; minutes: (count: number) => string };
  };
}

export type CourseSection = CourseIndexSection | LessonSection;
export const courseSectionTypes = ['course_index', 'lesson'] as const;

const stateMark = (item: LessonListItem, words: CourseIndexSection['props']['words']) => {
  const label = item.done ? words.done : words[item.state];
  return `<span class="mark mark-${item.done ? 'done' : item.state}">${esc(label)}</span>`;
};

function lessonItem(item: LessonListItem, words: CourseIndexSection['props']['words']): string {
  const title = item.href ? `<a href="${courseHref(item.href)}">${esc(item.title)}</a>` : `<span>${esc(item.title)}</span>`;
  const minutes = item.minutes ? ` <span class="small">${esc(words.minutes(item.minutes))}</span>` : '';
  const summary = item.summary ? `<p class="small">${esc(item.summary)}</p>` : '';
  const note = item.note ? `<p class="small">${esc(item.note)}</p>` : '';
  return `<li class="lesson-item">${stateMark(item, words)} ${title}${minutes}${summary}${note}</li>`;
}

function joinBlock(join: NonNullable<CourseIndexSection['props']['join']>, context: SectionContext): string {
  const tiers = join.tiers
    .map((tier) => {
      const control =
        tier.method === 'link'
          ? `<a class="btn" href="${courseHref(tier.action)}">${esc(tier.button)}</a>`
          : `<form method="post" action="${esc(tier.action)}"><button type="submit" class="btn">${esc(tier.button)}</button></form>`;
      return `<li class="card tier">${itemHeading(context, tier.name)}<p class="price"><strong>${esc(tier.price)}</strong></p>${tier.trial ? `<p class="small">${esc(tier.trial)}</p>` : ''}${control}</li>`;
    })
    .join('');
  return `<div class="join"><p class="lesson-module">${esc(join.heading)}</p><ul class="grid">${tiers}</ul></div>`;
}

function accountBlock(account: NonNullable<CourseIndexSection['props']['account']>, sectionId: string): string {
  if (account.kind === 'member') {
    const forms = account.actions.map((entry) => `<form method="post" action="${esc(entry.action)}"><button type="submit" class="btn btn-secondary">${esc(entry.button)}</button></form>`).join('');
    return `<div class="account"><p>${esc(account.text)}</p><div class="actions">${forms}</div></div>`;
  }
  return (
    `<form class="account" method="post" action="${esc(account.action)}"><p class="lesson-module">${esc(account.heading)}</p>` +
    `<div class="field"><label for="${sectionId}-email">${esc(account.label)}</label><input id="${sectionId}-email" name="email" type="email" autocomplete="email" required></div>` +
    `<button type="submit" class="btn">${esc(account.button)}</button></form>`
  );
}

function renderCourseIndex(section: CourseIndexSection, context: SectionContext): string {
  const { title, intro, notices, progress, modules, join, account, words } = section.props;
  const notes = notices.map((notice) => `<p class="notice" role="note">${esc(notice)}</p>`).join('');
  const bar = progress ? `<p class="progress-line">${esc(progress.label)} <progress max="${progress.total}" value="${progress.done}">${progress.done}/${progress.total}</progress></p>` : '';
  const list = modules.map((module) => `<li>${itemHeading(context, module.title)}<ol class="lessons">${module.lessons.map((item) => lessonItem(item, words)).join('')}</ol></li>`).join('');
  return wrap(
    section,
    `${heading(section, title, context)}${intro ? `<p class="lead">${esc(intro)}</p>` : ''}${notes}${bar}<ol class="course-modules">${list}</ol>${join ? joinBlock(join, context) : ''}${account ? accountBlock(account, section.id) : ''}`,
  );
}

function textBlocks(blocks: TextBlock[], context: SectionContext): string {
  const level = context.headingLevel + 1;
  return blocks
    .map((block) => {
      if (block.kind === 'heading') return `<h${level} id="${esc(block.id)}">${esc(block.text)}</h${level}>`;
      if (block.kind === 'paragraph') return `<p>${esc(block.text)}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag} class="text-list">${block.items.map((item) => `<li>${esc(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}

const listBox = (title: string, items: string[], className: string, context: SectionContext) =>
  items.length
    ? `<aside class="card ${className}" aria-label="${esc(title)}">${itemHeading(context, title)}<ul class="text-list">${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul></aside>`
    : '';

function renderLesson(section: LessonSection, context: SectionContext): string {
  const { title, module_title, summary, minutes, blocks, closed, no_text, outline, key_points, exercises, complete, nav, words } = section.props;
  const meta = `<p class="lesson-module">${esc(module_title)}${minutes ? ` · ${esc(words.minutes(minutes))}` : ''}</p>`;
  const contents = outline.length
    ? `<nav class="outline" aria-label="${esc(words.outline)}"><p class="lesson-module">${esc(words.outline)}</p><ol>${outline.map((entry) => `<li><a href="#${esc(entry.id)}">${esc(entry.text)}</a></li>`).join('')}</ol></nav>`
    : '';
  const text = blocks ? `${contents}${listBox(words.key_points, key_points, 'key-points', context)}<div class="lesson-text">${textBlocks(blocks, context)}</div>` : '';
  const exercisesBox = blocks ? listBox(words.exercises, exercises, 'exercises', context) : '';
  const closedNote = closed ? `<p class="notice" role="note">${esc(closed)}</p>` : '';
  const noText = no_text ? `<p class="notice" role="note">${esc(no_text)}</p>` : '';
  const done = complete
    ? complete.done
      ? `<p class="mark mark-done">${esc(complete.done_text)}</p>`
      : `<form method="post" action="${esc(complete.action)}"><button type="submit" class="btn">${esc(complete.button)}</button></form>`
    : '';
  const links = [nav.previous && { ...nav.previous, rel: 'prev' }, { ...nav.index, rel: '' }, nav.next && { ...nav.next, rel: 'next' }]
    .filter((link): link is { href: string; text: string; rel: string } => Boolean(link))
    .map((link) => `<li><a href="${courseHref(link.href)}"${link.rel ? ` rel="${link.rel}"` : ''}>${esc(link.text)}</a></li>`)
    .join('');
  return wrap(
    section,
    `${meta}${heading(section, title, context)}${summary ? `<p class="lead">${esc(summary)}</p>` : ''}${closedNote}${noText}${text}${exercisesBox}${done}<nav class="lesson-nav" aria-label="${esc(nav.index.text)}"><ul class="inline">${links}</ul></nav>`,
    'narrow',
  );
}

export function renderCourseSection(section: CourseSection, context: SectionContext): string {
  return section.type === 'course_index' ? renderCourseIndex(section, context) : renderLesson(section, context);
}
