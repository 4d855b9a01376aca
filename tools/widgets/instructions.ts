import { parse } from 'culori';
import { namedColorHex } from '../../src/compose/brief.js';
import type { Section, SectionType } from '../../src/render/sections.js';
import type { Operation } from './schema.js';

/**
 * Natural-language revisions without a model: each clause of the instructions ("make the
 * button green; add a FAQ section") becomes structured operations, or is returned as not
 * understood so that the result can say so. A model, when there is one, does this instead.
 */

export interface Parsed {
  operations: Operation[];
  /** Clauses no rule understood, with the reason. */
  unparsed: string[];
}

const NEEDS_MODEL =
  'needs a model: configure LLM_BASE_URL/LLM_MODEL or use an MCP client with sampling, or send operations (e.g. set_text) directly';

/** Words for each section type, as people say them. */
const typeWords: Array<[SectionType, RegExp]> = [
  ['faq', /\b(faqs?|frequently asked questions|questions?(?: and answers)?|q\s*&\s*a)\b/i],
  ['pricing', /\b(pricing|prices|price table|plans|tiers)\b/i],
  ['testimonials', /\b(testimonials?|reviews?|quotes|social proof)\b/i],
  ['features', /\b(features?|benefits?|why us)\b/i],
  ['countdown', /\b(countdown|timer)\b/i],
  ['form', /\b((contact|signup|sign-up|sign up|waitlist|newsletter|booking|lead) form|form|signup|sign-up)\b/i],
  ['cta', /\b(call to action|cta section|closing section|cta)\b/i],
  ['footer', /\bfooter\b/i],
  ['header', /\b(header|navigation|nav bar|navbar|menu)\b/i],
  ['hero', /\b(hero|banner|intro section)\b/i],
];

function typeIn(text: string): SectionType | undefined {
  return typeWords.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The section a phrase points at: by id, else the first section of the named type. */
function sectionIn(text: string, sections: readonly Section[]): Section | undefined {
  const byId = sections.find((section) => new RegExp(`(^|[^a-z0-9-])${section.id}([^a-z0-9-]|$)`, 'i').test(text));
  if (byId) return byId;
  const type = typeIn(text);
  return type ? sections.find((section) => section.type === type) : undefined;
}

/** A colour in words or CSS ("green", "sage green", "#2e7d32", "rgb(0 128 0)") → #rrggbb. */
function colourIn(text: string): string | undefined {
  const css = /(#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|oklch\([^)]*\))/i.exec(text)?.[1];
  if (css && parse(css)) return css;
  const words = text.toLowerCase().replace(/[^a-z\s-]/g, ' ').split(/\s+/).filter(Boolean);
  for (let length = 3; length >= 1; length -= 1) {
    for (let start = 0; start + length <= words.length; start += 1) {
      const phrase = words.slice(start, start + length).join(' ');
      const hex = namedColorHex(phrase);
      if (hex) return hex;
    }
  }
  return undefined;
}

/** Quoted text: "…", “…”, ‘…’ or '…' (an apostrophe inside a word, as in don't, does not close it). */
const quoted = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\p{L}\p{N}])'(.+?)'(?![\p{L}\p{N}])/u;
const quotedValue = (text: string) => {
  const match = quoted.exec(text);
  return match ? { value: match[1] ?? match[2] ?? match[3] ?? match[4] ?? '', index: match.index } : undefined;
};
const urlPattern = /\b(https?:\/\/[^\s"'<>]+|mailto:[^\s"'<>]+)/i;

type Rule = (clause: string, sections: readonly Section[]) => Operation[] | undefined;

const first = (sections: readonly Section[], type: SectionType) => sections.find((section) => section.type === type);

/** The heading field of a section: where "the headline" or "the title" of it lives. */
const headingField = (section: Section) => (section.type === 'hero' || section.type === 'cta' ? 'headline' : section.type === 'header' ? 'brand' : section.type === 'footer' ? 'text' : 'heading');

const rules: Rule[] = [
  // "change the headline to 'Ship faster'", "set the FAQ heading to '…'", "button text: 'Join'"
  (clause, sections) => {
    const found = quotedValue(clause);
    if (!found?.value) return undefined;
    const { value } = found;
    const before = clause.slice(0, found.index);
    if (/\b(button|cta|call to action)\b/i.test(before) && !/\bheadline\b/i.test(before)) return [{ op: 'set_cta', text: value }];
    if (/\b(page title|browser title|meta title|seo title)\b/i.test(before)) return [{ op: 'set_meta', title: value }];
    if (/\b(meta description|seo description|page description)\b/i.test(before)) return [{ op: 'set_meta', description: value }];
    if (/\b(subheadline|sub-headline|subheading|subtitle|tagline|sub title)\b/i.test(before)) {
      const hero = first(sections, 'hero');
      return hero ? [{ op: 'set_text', section_id: hero.id, field: 'subheadline', value }] : undefined;
    }
    if (/\beyebrow\b/i.test(before)) {
      const hero = first(sections, 'hero');
      return hero ? [{ op: 'set_text', section_id: hero.id, field: 'eyebrow', value }] : undefined;
    }
    if (/\b(brand|business|company) name\b/i.test(before)) {
      const header = first(sections, 'header');
      return header ? [{ op: 'set_text', section_id: header.id, field: 'brand', value }] : undefined;
    }
    if (/\b(headline|heading|title|header text)\b/i.test(before)) {
      const target = sectionIn(before.replace(/\b(headline|heading|title)\b/gi, ' '), sections) ?? first(sections, 'hero') ?? sections.find((section) => section.type !== 'header');
      return target ? [{ op: 'set_text', section_id: target.id, field: headingField(target), value }] : undefined;
    }
    if (/\bsuccess message|thank[- ]?you message\b/i.test(before)) {
      const form = first(sections, 'form');
      return form ? [{ op: 'set_text', section_id: form.id, field: 'success_message', value }] : undefined;
    }
    return undefined;
  },
  // "link the button to https://…", "make the CTA go to mailto:…"
  (clause) => {
    const url = urlPattern.exec(clause)?.[1];
    return url && /\b(button|cta|call to action|link)\b/i.test(clause) ? [{ op: 'set_cta', url: url.replace(/[.,;)]+$/, '') }] : undefined;
  },
  // "add a FAQ section", "add pricing after the features", "add testimonials at the top"
  (clause, sections) => {
    const match = /\b(add|include|insert|append|put in|give me)\b(.*)/i.exec(clause);
    if (!match) return undefined;
    const [what, where] = (match[2] ?? '').split(/\b(?=before|after|above|below|under|at the (?:top|bottom|end|start)|to the (?:top|bottom|end|start))\b/i);
    const type = typeIn(what ?? '');
    if (!type) return undefined;
    return [{ op: 'add_section', type, ...placement(where ?? '', sections) }];
  },
  // "remove the testimonials", "delete the pricing section", "get rid of the countdown"
  (clause, sections) => {
    if (!/\b(remove|delete|drop|hide|get rid of|take out|lose)\b/i.test(clause)) return undefined;
    const type = typeIn(clause);
    const targets = type ? sections.filter((section) => section.type === type) : [sectionIn(clause, sections)].filter((s): s is Section => s !== undefined);
    if (!targets.length) return type ? [] : undefined;
    return targets.map((section) => ({ op: 'remove_section', section_id: section.id }));
  },
  // "move the FAQ above the pricing", "move the form to the top"
  (clause, sections) => {
    const match = /\b(move|put|place|show)\b(.*?)\b(before|after|above|below|under|to the (?:top|bottom|end|start)|at the (?:top|bottom|end|start)|first|last)\b(.*)/i.exec(clause);
    if (!match) return undefined;
    const section = sectionIn(match[2] ?? '', sections);
    if (!section) return undefined;
    return [{ op: 'move_section', section_id: section.id, ...placement(`${match[3]} ${match[4] ?? ''}`, sections) }];
  },
  // Colours: "make the button green", "background to navy", "text colour #222", "use teal"
  (clause) => {
    const colour = colourIn(clause);
    if (!colour) return undefined;
    if (/\b(background|bg|page colou?r)\b/i.test(clause)) return [{ op: 'set_theme', background: colour }];
    if (/\b(text|font) colou?r\b|\btext\b/i.test(clause) && !/\bbutton\b/i.test(clause)) return [{ op: 'set_theme', text: colour }];
    if (/\b(accent|highlight|border)s?\b/i.test(clause)) return [{ op: 'set_theme', accent: colour }];
    return [{ op: 'set_theme', primary: colour }];
  },
  // Mood: "darker and more minimal", "light mode", "cleaner", "rounder corners", "serif font"
  (clause) => {
    const theme: Extract<Operation, { op: 'set_theme' }> = { op: 'set_theme' };
    if (/\b(dark(er)?( mode| theme)?|night mode|moodier)\b/i.test(clause)) theme.mode = 'dark';
    else if (/\b(light(er)?( mode| theme)?|brighter)\b/i.test(clause)) theme.mode = 'light';
    if (/\b(minimal(ist)?|simpler|cleaner|plainer|less busy|sparse)\b/i.test(clause)) theme.density = 'minimal';
    else if (/\b(richer|more (detail|depth)|less minimal|cozier|comfortable)\b/i.test(clause)) theme.density = 'comfortable';
    if (/\bpill\b/i.test(clause)) theme.radius = 'pill';
    else if (/\b(square|sharp|straight)\b.*\b(corners?|edges?|buttons?)\b/i.test(clause)) theme.radius = 'none';
    else if (/\b(round(er|ed)?|soft(er)?)\b.*\b(corners?|edges?|buttons?)\b/i.test(clause)) theme.radius = 'large';
    const font = /\b(sans[- ]?serif|sans|serif|mono(space)?|rounded)\b(?=.*\b(font|type|typeface|text)\b)|\b(font|typeface)\b.*\b(sans[- ]?serif|serif|mono(space)?|rounded)\b/i.exec(clause);
    if (font) {
      const name = (font[1] ?? font[5] ?? '').toLowerCase();
      theme.font = name.startsWith('sans') ? 'sans' : name.startsWith('mono') ? 'mono' : name;
    }
    return Object.keys(theme).length > 1 ? [theme] : undefined;
  },
];

function placement(where: string, sections: readonly Section[]): { before?: string; after?: string; position?: number } {
  if (/\b(top|start|first)\b/i.test(where)) {
    // "The top" of a page is just below its header.
    const header = sections.findIndex((section) => section.type === 'header');
    return { position: header + 1 };
  }
  if (/\b(bottom|end|last)\b/i.test(where)) return {};
  const target = sectionIn(where.replace(/\b(before|after|above|below|under)\b/gi, ' '), sections);
  if (!target) return {};
  return /\b(before|above)\b/i.test(where) ? { before: target.id } : { after: target.id };
}

/** Splits instructions into clauses: sentences, semicolons, lines, "then"; quoted text is never split. */
function clausesOf(instructions: string): string[] {
  const protectedText = instructions.replace(new RegExp(quoted.source, 'gu'), (text) => text.replace(/[.;\n]/g, (c) => `\u0000${c.charCodeAt(0)}\u0000`));
  return protectedText
    .split(/[.;\n]+(?=\s|$)|\band then\b|,\s*then\b|\bthen\b/i)
    .map((clause) => clause.replace(/\u0000(\d+)\u0000/g, (_m, code: string) => String.fromCharCode(Number(code))).trim())
    .filter((clause) => clause.length > 2);
}

/** Also splits "make the button green and remove the testimonials" at an "and" that starts a new command. */
function commandsOf(clause: string): string[] {
  return clause.split(/\s*(?:,|\band\b)\s*(?=(?:add|remove|delete|drop|move|make|change|set|use|link|put|include|hide|get rid of)\b)/i).filter((part) => part.trim().length > 2);
}

export function parseInstructions(instructions: string, sections: readonly Section[]): Parsed {
  const operations: Operation[] = [];
  const unparsed: string[] = [];
  for (const clause of clausesOf(instructions).flatMap(commandsOf)) {
    const understood = rules.map((rule) => rule(clause, sections)).find((result) => result !== undefined);
    if (understood === undefined) unparsed.push(`${clause} (${NEEDS_MODEL})`);
    else if (!understood.length) unparsed.push(`${clause} (the widget has no such section)`);
    else operations.push(...understood);
  }
  return { operations, unparsed };
}
