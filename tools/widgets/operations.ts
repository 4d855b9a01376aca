import { z } from 'zod';
import { quote } from '../../src/kernel/quote.js';
import { sectionSchema, type Section, type SectionType } from '../../src/render/sections.js';
import type { ThemeRequest } from '../../src/render/theme.js';
import { isPlainObject, unknownFields } from '../../src/kernel/unknown-fields.js';
import type { Operation } from './schema.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor } from '../../src/compose/frames/index.js';
import { isNavigable, navLabel } from './layout.js';

/**
 * Structured edits of a widget: each operation either applies completely (the result is
 * checked against the section schemas) or is reported unapplied with the reason. Nothing is
 * claimed that did not happen.
 */

export interface WidgetDraft {
  sections: Section[];
  theme: ThemeRequest;
  title: string;
  description: string;
  lang: string;
}

export interface Applied {
  draft: WidgetDraft;
  applied: string[];
  unapplied: string[];
}

class Refusal extends Error {}

/** Writes a section the caller (or a model) may not know by heart; the default for add_section. */
export type SectionMaker = (type: SectionType, id: string) => Section;

const issuesOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || '(props)'}: ${issue.message}`).join('; ');

function checked(section: unknown): Section {
  const parsed = sectionSchema.safeParse(section);
  if (!parsed.success) throw new Refusal(issuesOf(parsed.error));
  const unknown = unknownFields(section, parsed.data);
  if (unknown.length) throw new Refusal(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((path) => `"${path}"`).join(', ')}`);
  return parsed.data;
}

function find(draft: WidgetDraft, id: string): Section {
  const section = draft.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Refusal(`there is no section "${id}"; the sections are ${draft.sections.map((s) => `"${s.id}"`).join(', ') || 'none'}`);
  return section;
}

function replace(draft: WidgetDraft, section: Section): void {
  draft.sections = draft.sections.map((candidate) => (candidate.id === section.id ? section : candidate));
}

/** Why a section cannot move, if it cannot: the page always shows headers first and footers last. */
export const pinned = (section: Section): string | undefined =>
  section.type === 'header' || section.type === 'footer' ? `the ${section.type} always sits at the ${section.type === 'header' ? 'top' : 'bottom'} of the page` : undefined;

/**
 * The index a section of `type` goes to from before/after/position (default: before the footer,
 * else last). The page always shows headers first and footers last, so the list keeps that order
 * too: anything else would report a position the page does not show.
 */
function targetIndex(draft: WidgetDraft, type: SectionType, where: { before?: string; after?: string; position?: number }, adding = false): number {
  const end = draft.sections.length;
  const indexOf = (found: number) => (found < 0 ? end : found);
  const body = indexOf(draft.sections.findIndex((section) => section.type !== 'header'));
  const footer = indexOf(draft.sections.findIndex((section) => section.type === 'footer'));
  const [low, high] = type === 'header' ? [0, body] : type === 'footer' ? [footer, end] : [body, footer];
  // Unless placed, a new section goes before the closing call to action (a cta right before the footer).
  const closing = adding && type !== 'cta' && draft.sections[footer - 1]?.type === 'cta' ? footer - 1 : high;
  const wanted = where.before ? draft.sections.indexOf(find(draft, where.before)) : where.after ? draft.sections.indexOf(find(draft, where.after)) + 1 : (where.position ?? Math.max(low, closing));
  return Math.max(low, Math.min(wanted, high));
}

function setPath(target: Record<string, unknown>, path: string[], value: string): void {
  let node: unknown = target;
  for (const [index, key] of path.entries()) {
    if (typeof node !== 'object' || node === null) throw new Refusal(`"${path.slice(0, index).join('.')}" is not an object or list`);
    const container = node as Record<string, unknown>;
    // Own fields only: "__proto__.x" would otherwise write to Object.prototype, and "constructor" is no prop.
    if (key in Object.prototype) throw new Refusal(`"${path.slice(0, index + 1).join('.')}" is not a field`);
    if (index === path.length - 1) {
      if (Object.hasOwn(container, key) && typeof container[key] !== 'string') throw new Refusal(`"${path.join('.')}" is not a text field`);
      container[key] = value;
      return;
    }
    if (!Object.hasOwn(container, key)) throw new Refusal(`there is no "${path.slice(0, index + 1).join('.')}"`);
    node = container[key];
  }
}

/** Whether a link inside `value` (props, a list, a link) goes to `url`. */
const linksTo = (value: unknown, url: string): boolean =>
  Array.isArray(value) ? value.some((item) => linksTo(item, url)) : isPlainObject(value) && (value.url === url || Object.values(value).some((item) => linksTo(item, url)));

/**
 * After a section is removed: navigation links to it go too (a menu entry that leads nowhere),
 * and buttons that still point at it are named, since only the caller knows where they should go.
 */
function unlink(draft: WidgetDraft, anchor: string): string {
  let navigation = false;
  for (const section of draft.sections) {
    if ((section.type === 'header' || section.type === 'footer') && linksTo(section.props.links, anchor)) {
      replace(draft, checked({ ...section, props: { ...section.props, links: section.props.links.filter((link) => link.url !== anchor) } }));
      navigation = true;
    }
  }
  const buttons = draft.sections.filter((section) => linksTo(section.props, anchor)).map((section) => `"${section.id}"`);
  return `${navigation ? ' and its navigation link' : ''}${buttons.length ? `; buttons in ${buttons.join(', ')} still link to ${anchor}: point them elsewhere with set_cta or set_props` : ''}`;
}

/** A new destination gets its entry in the header navigation, when there is one with room. */
function linkFromHeader(draft: WidgetDraft, section: Section): string {
  const header = draft.sections.find((candidate) => candidate.type === 'header');
  if (header?.type !== 'header' || !isNavigable(section) || header.props.links.length >= 6) return '';
  replace(draft, checked({ ...header, props: { ...header.props, links: [...header.props.links, { text: navLabel(section, (framesFor(draft.lang) ?? en).nav), url: `#${section.id}` }] } }));
  return ' and its navigation link';
}

const unique = (draft: WidgetDraft, wanted: string) => {
  let id = wanted;
  for (let n = 2; draft.sections.some((section) => section.id === id); n += 1) id = `${wanted}-${n}`;
  return id;
};

function applyOne(draft: WidgetDraft, operation: Operation, makeSection: SectionMaker): string {
  switch (operation.op) {
    case 'set_text': {
      const section = structuredClone(find(draft, operation.section_id));
      setPath(section.props, operation.field.split('.'), operation.value);
      replace(draft, checked(section));
      return `set ${operation.section_id}.${operation.field} to ${quote(operation.value)}`;
    }
    case 'set_theme': {
      const { op: _op, ...changes } = operation;
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (!Object.keys(given).length) throw new Refusal('no theme field was given');
      // A requested mode replaces a background chosen for the other mode.
      if (given.mode && !given.background) delete draft.theme.background;
      if (given.mode && !given.text) delete draft.theme.text;
      draft.theme = { ...draft.theme, ...given };
      return `theme: ${Object.entries(given)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ')}`;
    }
    case 'add_section': {
      const id = unique(draft, operation.type === 'form' ? 'form' : operation.type);
      const section = operation.props ? checked({ id, type: operation.type, props: operation.props }) : makeSection(operation.type, id);
      const at = targetIndex(draft, operation.type, operation, true);
      draft.sections.splice(at, 0, section);
      return `added a ${operation.type} section "${id}" at position ${at}${linkFromHeader(draft, section)}`;
    }
    case 'remove_section': {
      const section = find(draft, operation.section_id);
      if (draft.sections.length === 1) throw new Refusal(`"${section.id}" is the widget's only section; add another first`);
      draft.sections = draft.sections.filter((candidate) => candidate !== section);
      return `removed the ${section.type} section "${section.id}"${unlink(draft, `#${section.id}`)}`;
    }
    case 'move_section': {
      const section = find(draft, operation.section_id);
      if (operation.before === section.id || operation.after === section.id) throw new Refusal('a section cannot move relative to itself');
      // Checked before the section leaves the list, so that a refusal names every section.
      for (const anchor of [operation.before, operation.after]) if (anchor) find(draft, anchor);
      const fixed = pinned(section);
      if (fixed) throw new Refusal(fixed);
      const from = draft.sections.indexOf(section);
      draft.sections = draft.sections.filter((candidate) => candidate !== section);
      const at = targetIndex(draft, section.type, operation);
      if (at === from) throw new Refusal(`"${section.id}" is already there (position ${at})`);
      draft.sections.splice(at, 0, section);
      return `moved "${section.id}" to position ${at}`;
    }
    case 'set_cta': {
      if (operation.text === undefined && operation.url === undefined) throw new Refusal('give text or url');
      // An in-page link must lead somewhere on this page ("#main" is the page's content).
      if (operation.url?.startsWith('#') && operation.url !== '#main') find(draft, operation.url.slice(1));
      const targets = operation.section_id ? [find(draft, operation.section_id)] : draft.sections;
      const changed: string[] = [];
      for (const original of targets) {
        const section = structuredClone(original);
        const props = section.props as Record<string, unknown>;
        const link = (key: string) => {
          const current = props[key] as { text: string; url: string } | undefined;
          if (!current && !(operation.text && operation.url)) return false;
          props[key] = { text: operation.text ?? current?.text, url: operation.url ?? current?.url };
          return true;
        };
        const did =
          section.type === 'hero'
            ? link('cta')
            : section.type === 'cta'
              ? link('button')
              : section.type === 'countdown'
                ? link('cta')
                : section.type === 'form' && operation.text
                  ? ((props.button_text = operation.text), true)
                  : false;
        if (did) {
          replace(draft, checked(section));
          changed.push(section.id);
        }
      }
      if (!changed.length) throw new Refusal(operation.section_id ? `section "${operation.section_id}" has no main button` : 'the widget has no main button (hero, call to action, countdown or form)');
      return `main button${operation.text ? ` text ${quote(operation.text)}` : ''}${operation.url ? ` link ${operation.url}` : ''} in ${changed.map((id) => `"${id}"`).join(', ')}`;
    }
    case 'set_props': {
      const section = find(draft, operation.section_id);
      replace(draft, checked({ ...section, props: { ...section.props, ...operation.props } }));
      return `updated ${Object.keys(operation.props).join(', ')} of "${section.id}"`;
    }
    case 'set_meta': {
      const { op: _op, ...changes } = operation;
      const given = Object.entries(changes).filter(([, value]) => value !== undefined) as Array<[keyof WidgetDraft & ('title' | 'description' | 'lang'), string]>;
      if (!given.length) throw new Refusal('give title, description or lang');
      for (const [key, value] of given) draft[key] = value;
      return `page ${given.map(([key, value]) => `${key} ${quote(value)}`).join(', ')}`;
    }
  }
}

const describe = (operation: Operation) => `${operation.op}${'section_id' in operation && operation.section_id ? ` "${operation.section_id}"` : ''}${'type' in operation ? ` ${operation.type}` : ''}`;

/** Applies operations in order to a copy of `draft`; each one that cannot apply is reported and skipped. */
export function applyOperations(draft: WidgetDraft, operations: readonly Operation[], makeSection: SectionMaker): Applied {
  const next = structuredClone(draft);
  const applied: string[] = [];
  const unapplied: string[] = [];
  for (const operation of operations) {
    const before = structuredClone(next);
    try {
      applied.push(applyOne(next, operation, makeSection));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      Object.assign(next, before);
      unapplied.push(`${describe(operation)}: ${error.message}`);
    }
  }
  return { draft: next, applied, unapplied };
}
