import { parse } from '../../src/render/color.js';
import { namedColorHex } from '../../src/compose/colors.js';
import type { Section, SectionType } from '../../src/render/sections.js';
import { pinned } from './operations.js';
import { tiersOfFacts } from './layout.js';
import { footerFacts } from '../../src/compose/contract.js';
import type { Operation } from './schema.js';
import { extractFacts } from '../../src/compose/facts-extract.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor, type PageFrames } from '../../src/compose/frames/index.js';

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

const NEEDS_MODEL = 'needs a model: configure LLM_BASE_URL/LLM_MODEL or use an MCP client with sampling, or send operations (e.g. set_text) directly';

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
  const words = text
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
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

/** Operations for a clause, or why it cannot be done (a string), or undefined when the rule does not understand it. */
type Rule = (clause: string, sections: readonly Section[], frames: PageFrames) => Operation[] | string | undefined;

const first = (sections: readonly Section[], type: SectionType) => sections.find((section) => section.type === type);

/** set_text on the first section of `type`, or why not. */
const textOf = (sections: readonly Section[], type: SectionType, field: string, value: string): Operation[] | string => {
  const section = first(sections, type);
  return section ? [{ op: 'set_text', section_id: section.id, field, value }] : `the widget has no ${type} section`;
};

/** The heading field of a section: where "the headline" or "the title" of it lives. */
const headingField = (section: Section) => (section.type === 'hero' || section.type === 'cta' ? 'headline' : section.type === 'header' ? 'brand' : section.type === 'footer' ? 'text' : 'heading');

type ColourRole = 'primary' | 'accent' | 'background' | 'text';

/** Which theme colour a phrase names; buttons and links are the primary colour. */
function roleIn(text: string): ColourRole | undefined {
  if (/\b(background|bg|page colou?r)\b/i.test(text)) return 'background';
  if (/\b(accent|highlight|border)s?\b/i.test(text)) return 'accent';
  if (/\b(text|font|copy|writing)\b/i.test(text)) return 'text';
  if (/\b(buttons?|cta|call to action|links?|primary|brand|main) ?(colou?r)?\b/i.test(text)) return 'primary';
  return undefined;
}

/** Mood: "darker and more minimal", "light mode", "cleaner", "rounder corners", "serif font", "change the font to Georgia". */
function moodOf(clause: string): Operation[] | undefined {
  const theme: Extract<Operation, { op: 'set_theme' }> = { op: 'set_theme' };
  // "Make the text darker" is about one colour, not the page: a model (or a colour) says which.
  const part = '(?:text|fonts?|buttons?|links?|headlines?|headings?|accents?|cta)';
  const ofAPart = new RegExp(`\\b${part}(?:\\s+[\\w-]+){0,3}?\\s+(?:dark|light)er\\b|\\b(?:dark|light)er\\s+${part}\\b`, 'i').test(clause);
  if (!ofAPart && /\b(dark(er)?( mode| theme)?|night mode|moodier)\b/i.test(clause)) theme.mode = 'dark';
  else if (!ofAPart && /\b(light(er)?( mode| theme)?|brighter)\b/i.test(clause)) theme.mode = 'light';
  if (/\b(minimal(ist)?|simpler|cleaner|plainer|less busy|sparse)\b/i.test(clause)) theme.density = 'minimal';
  else if (/\b(richer|more (detail|depth)|less minimal|cozier|comfortable)\b/i.test(clause)) theme.density = 'comfortable';
  // The shape word may come before or after what it shapes: "rounder corners", "make the corners rounder".
  const shaped = /\b(corners?|edges?|buttons?|cards?)\b/i.test(clause);
  if (/\bpills?\b/i.test(clause)) theme.radius = 'pill';
  else if (shaped && /\b(square[rd]?|sharp(er)?|straight)\b/i.test(clause)) theme.radius = 'none';
  else if (shaped && /\b(round(er|ed)?|soft(er)?|curved)\b/i.test(clause)) theme.radius = 'large';
  const family = /\b(sans[- ]?serif|sans|serif|mono(?:space)?|rounded)[- ](?:fonts?|type(?:faces?)?|text)\b|\b(?:fonts?|typefaces?)\b.*?\b(sans[- ]?serif|serif|mono(?:space)?|rounded)\b/i.exec(
    clause,
  );
  // A font by name must be capitalised, as names are: "change the font to Georgia", "use the Inter font".
  const named = /\b(?:fonts?|typefaces?)(?: family)? (?:to|:) ?["'“]?([A-Z][\p{L}\p{N} -]{0,38}?)["'”]?$|\buse (?:the )?([A-Z][\p{L}\p{N}-]*(?: [A-Z][\p{L}\p{N}-]*)*) (?:font|typeface)\b/u.exec(
    clause,
  );
  if (family) {
    const name = (family[1] ?? family[2] ?? '').toLowerCase();
    theme.font = name.startsWith('sans') ? 'sans' : name.startsWith('mono') ? 'mono' : name;
  } else if (named) theme.font = (named[1] ?? named[2] ?? '').trim();
  return Object.keys(theme).length > 1 ? [theme] : undefined;
}

const countWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** "3 tiers", "three plans": how many the clause asks for, if it says. */
function askedCount(clause: string): number | undefined {
  const match = /\b(\d{1,2}|one|two|three|four|five|six)\s+(?:pricing\s+)?(?:tiers?|plans?|packages?|options?|prices?|levels?)\b/i.exec(clause);
  if (!match) return undefined;
  const word = (match[1] as string).toLowerCase();
  return countWords[word] ?? Number(word);
}

/** The page's main button, which new tiers point at as the rest of the page does. */
function mainCta(sections: readonly Section[], frames: PageFrames): { text: string; url: string } {
  for (const section of sections) {
    if (section.type === 'hero' && section.props.cta) return section.props.cta;
    if (section.type === 'cta') return section.props.button;
  }
  return { text: frames.buttons.contact, url: '#main' };
}

/**
 * Changes that carry the caller's facts: "add a pricing section with 3 tiers: Check-up €45, Whitening €250,
 * Invisalign from €2,900", "add our address … and opening hours to the footer". The facts are read with the
 * prompt's extractor; what was asked and not found is refused with the reason, never half done.
 */
function withFacts(clause: string, sections: readonly Section[], frames: PageFrames): Operation[] | string | undefined {
  if (!/\b(add|include|insert|put|show|list|set)\b/i.test(clause)) return undefined;
  const facts = extractFacts(clause, { referenceDate: new Date().toISOString().slice(0, 10) });
  // What to add is named before the list ("pricing with 3 tiers: …"), whose names could name a section type too.
  const type = typeIn(clause.split(/:\s/)[0] ?? clause);
  if (type === 'pricing' && facts.offerings.length) {
    const priced = facts.offerings.filter((offering) => offering.price);
    const asked = askedCount(clause);
    const found = priced.map((offering) => `${offering.name} ${offering.price?.text}`).join(', ');
    if (asked !== undefined && asked !== priced.length) return `asked for ${asked} tiers but read ${priced.length} with a price (${found || 'none'}); write each as "Name €price", separated by commas`;
    if (priced.length > 4) return `a pricing section holds at most 4 tiers and ${priced.length} were given; use fewer, or add them as an offerings section`;
    const cta = mainCta(sections, frames);
    const tiers = (tiersOfFacts({ facts, frames }) ?? []).map((tier) => ({ ...tier, features: [], cta, highlighted: false }));
    return [{ op: 'add_section', type: 'pricing', props: { heading: frames.headings.pricing, tiers } }];
  }
  if (type !== 'footer') return undefined;
  const footer = first(sections, 'footer');
  const wanted = { address: /\b(address|location)\b/i, hours: /\b(opening\s+)?hours\b|\bopening times\b/i, phone: /\b(phone|telephone|number)\b/i, email: /\be-?mail\b/i };
  const found = footerFacts(facts, frames);
  const missing = [
    wanted.address.test(clause) && !found.address ? 'the address (write it with its street number and town)' : '',
    wanted.hours.test(clause) && !found.hours ? 'the opening hours (write them as "Mon–Fri 9:00–18:00")' : '',
    wanted.phone.test(clause) && !found.phone ? 'the phone number' : '',
    wanted.email.test(clause) && !found.contact_email ? 'the email address' : '',
  ].filter(Boolean);
  // The footer's own links stay: only what the instructions gave is set.
  const { links, ...given } = found;
  const props: Record<string, unknown> = { ...given, ...(links.length ? { links } : {}) };
  if (missing.length) return `could not read ${missing.join(', ')} in the instructions`;
  if (!Object.keys(props).length) return undefined;
  if (!footer) return [{ op: 'add_section', type: 'footer', props: { text: '©', ...props } }];
  return [{ op: 'set_props', section_id: footer.id, props }];
}

const rules: Rule[] = [
  withFacts,
  // "change the headline to 'Ship faster'", "set the FAQ heading to '…'", "button text: 'Join'"
  (clause, sections) => {
    const found = quotedValue(clause);
    if (!found?.value) return undefined;
    const { value } = found;
    const before = clause.slice(0, found.index);
    if (/\b(button|cta|call to action)\b/i.test(before) && !/\bheadline\b/i.test(before)) return [{ op: 'set_cta', text: value }];
    if (/\b(page title|browser title|meta title|seo title)\b/i.test(before)) return [{ op: 'set_meta', title: value }];
    if (/\b(meta description|seo description|page description)\b/i.test(before)) return [{ op: 'set_meta', description: value }];
    if (/\b(subheadline|sub-headline|subheading|subtitle|tagline|sub title)\b/i.test(before)) return textOf(sections, 'hero', 'subheadline', value);
    if (/\beyebrow\b/i.test(before)) return textOf(sections, 'hero', 'eyebrow', value);
    if (/\b(brand|business|company) name\b/i.test(before)) return textOf(sections, 'header', 'brand', value);
    if (/\b(headline|heading|title|header text)\b/i.test(before)) {
      const target = sectionIn(before.replace(/\b(headline|heading|title)\b/gi, ' '), sections) ?? first(sections, 'hero') ?? sections.find((section) => section.type !== 'header');
      return target ? [{ op: 'set_text', section_id: target.id, field: headingField(target), value }] : undefined;
    }
    if (/\bsuccess message|thank[- ]?you message\b/i.test(before)) return textOf(sections, 'form', 'success_message', value);
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
    if (!targets.length) return type ? `the widget has no ${type} section` : undefined;
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
  // "move the FAQ up", "move pricing down one"
  (clause, sections) => {
    const match = /\b(move|shift|bump)\b(.*?)\b(up|down|higher|lower)\b/i.exec(clause);
    const section = match ? sectionIn(match[2] ?? '', sections) : undefined;
    if (!match || !section) return undefined;
    const index = sections.indexOf(section);
    const up = /^(up|higher)$/i.test(match[3] ?? '');
    const neighbour = sections[up ? index - 1 : index + 1];
    if (!neighbour || pinned(neighbour)) return `the ${section.type} section is already at the ${up ? 'top' : 'bottom'}`;
    return [{ op: 'move_section', section_id: section.id, ...(index > sections.indexOf(neighbour) ? { before: neighbour.id } : { after: neighbour.id }) }];
  },
  // "swap the FAQ and the pricing": the later one takes the earlier one's place, then the earlier one the later one's.
  (clause, sections) => {
    const match = /\b(swap|switch|exchange)\b(.*?)\b(?:and|with)\b(.*)/i.exec(clause);
    const pair = match ? [sectionIn(match[2] ?? '', sections), sectionIn(match[3] ?? '', sections)] : [];
    if (!pair[0] || !pair[1] || pair[0] === pair[1]) return undefined;
    const fixed = pair.map((section) => pinned(section as Section)).find(Boolean);
    if (fixed) return fixed;
    const [earlier, later] = [...(pair as Section[])].sort((a, b) => sections.indexOf(a) - sections.indexOf(b)) as [Section, Section];
    const beforeLater = sections[sections.indexOf(later) - 1] as Section;
    const operations: Operation[] = [{ op: 'move_section', section_id: later.id, before: earlier.id }];
    if (beforeLater !== earlier) operations.push({ op: 'move_section', section_id: earlier.id, after: beforeLater.id });
    return operations;
  },
  // Colours: "make the button green", "background to navy", "text colour #222", "use teal",
  // and several in one clause: "make the button green and the background black", "white text, navy background".
  (clause) => {
    if (!colourIn(clause)) return undefined;
    if (/\bbutton (text|label|font)s?\b|\b(text|label)s? (on|of) the buttons?\b/i.test(clause)) {
      return 'the button text colour is chosen for contrast with the button colour; change the button colour (primary) instead';
    }
    const theme: Extract<Operation, { op: 'set_theme' }> = { op: 'set_theme' };
    // A part with a role and no colour ("the button and the links green") takes the next colour.
    let waiting: ColourRole[] = [];
    const rest: string[] = [];
    for (const part of clause.split(/\s*(?:,|\band\b|\bwith\b)\s*/i)) {
      const role = roleIn(part);
      const colour = colourIn(part);
      if (!colour) {
        if (role) waiting.push(role);
        else if (part.replace(/\b(please|thanks|thank you|too|also|as well)\b/gi, '').trim()) rest.push(part);
        continue;
      }
      for (const target of role ? [...waiting, role] : waiting.length ? waiting : ['primary' as const]) theme[target] = colour;
      waiting = [];
    }
    if (!rest.length) return [theme];
    // "Make the button green and the page darker": the other parts must be understood too, or the clause is not.
    const mood = moodOf(rest.join(', '));
    return mood ? [{ ...theme, ...mood[0] }] : undefined;
  },
  moodOf,
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

/** Splits instructions into clauses: lines, semicolons, sentences ("3.5" and "example.com" are not), "then". */
function clausesOf(instructions: string): string[] {
  return instructions
    .split(/[;\n]+|\.+(?=\s|$)|\band then\b|,\s*then\b|\bthen\b/i)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 2);
}

/** Also splits "make the button green and remove the testimonials" at an "and" that starts a new command. */
function commandsOf(clause: string): string[] {
  return clause
    .split(/\s*(?:,|\band\b)\s*(?=(?:add|remove|delete|drop|move|make|change|set|use|link|put|include|hide|get rid of|swap|rename|translate|rewrite|turn)\b)/i)
    .filter((part) => part.trim().length > 2);
}

/** Clauses and commands, with quoted text never split: "change the headline to 'Rest, then play; and make friends.'" is one. */
function commandsIn(instructions: string): string[] {
  const quotes: string[] = [];
  const masked = instructions.replace(new RegExp(quoted.source, 'gu'), (text) => `\u0000${quotes.push(text) - 1}\u0000`);
  // eslint-disable-next-line no-control-regex -- NUL brackets the index of a quote masked above
  const mask = /\u0000(\d+)\u0000/g;
  return clausesOf(masked)
    .flatMap(commandsOf)
    .map((command) => command.replace(mask, (_m, index: string) => quotes[Number(index)] ?? ''));
}

/** `lang`: the page's language, which new fixed words are written in. */
export function parseInstructions(instructions: string, sections: readonly Section[], lang = 'en'): Parsed {
  const frames = framesFor(lang) ?? en;
  const operations: Operation[] = [];
  const unparsed: string[] = [];
  for (const clause of commandsIn(instructions)) {
    const understood = rules.map((rule) => rule(clause, sections, frames)).find((result) => result !== undefined);
    if (understood === undefined) unparsed.push(`${clause} (${NEEDS_MODEL})`);
    else if (typeof understood === 'string') unparsed.push(`${clause} (${understood})`);
    else operations.push(...understood);
  }
  return { operations, unparsed };
}
