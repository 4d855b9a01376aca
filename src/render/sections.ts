import { z } from 'zod';
import { textField } from '../kernel/fields.js';
import { outlinedAs } from '../kernel/json-schema.js';
import { framesFor, type PageFrames } from '../compose/frames/index.js';
import { en } from '../compose/frames/en.js';
import { esc, hrefSchema, imageUrlSchema, safeHref } from './html.js';

/**
 * Page sections: the structured source of truth of every generated page (widgets today;
 * storefronts, membership sites and directories reuse them). Each type has a props schema
 * and one renderer; renderers escape every piece of text and only write checked URLs.
 */

const line = textField;
const link = z.object({ text: line(60), url: hrefSchema });
export type Link = z.output<typeof link>;

export const fieldTypes = ['text', 'email', 'tel', 'url', 'number', 'date', 'time', 'textarea', 'select'] as const;

export const formFieldSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and underscores, starting with a letter (e.g. "email")'),
    label: line(80),
    type: z.enum(fieldTypes),
    required: z.boolean().default(false),
    options: z
      .array(outlinedAs({ type: 'string', minLength: 1, maxLength: 80 }, line(80).regex(/^[^\p{Cc}]*$/u, 'must be one line of text without control characters')))
      .min(1)
      .max(30)
      .optional()
      .describe('For select.'),
    placeholder: line(80).optional(),
  })
  .refine((field) => (field.type === 'select') === (field.options !== undefined), {
    message: 'a select field needs options, and only a select field has them',
    path: ['options'],
  });
export type FormField = z.output<typeof formFieldSchema>;

/** Set on a section whose text is example text the caller must replace: the page shows it as such (meta.placeholders lists it). */
const exampleNote = line(200).optional().describe('Marks the section as example text to replace.');

const props = {
  header: z.object({
    brand: line(80),
    logo_url: imageUrlSchema.optional(),
    links: z.array(link).max(6).default([]),
  }),
  hero: z.object({
    eyebrow: line(80).optional(),
    headline: line(120),
    subheadline: line(300).optional(),
    cta: link.optional(),
    secondary_cta: link.optional(),
  }),
  features: z.object({
    heading: line(120),
    intro: line(300).optional(),
    items: z
      .array(z.object({ title: line(80), text: line(300) }))
      .min(1)
      .max(9),
    example_note: exampleNote,
  }),
  offerings: z.object({
    heading: line(120),
    intro: line(300).optional(),
    items: z
      .array(z.object({ name: line(80), price: line(40).optional().describe('As shown, e.g. "from €2,900".'), unit: line(30).optional(), description: line(300).optional() }))
      .min(1)
      .max(24),
  }),
  pricing: z.object({
    heading: line(120),
    intro: line(300).optional(),
    tiers: z
      .array(
        z.object({
          name: line(40),
          price: line(30).describe('As shown, e.g. "$29" or "Free".'),
          period: line(30).optional().describe('e.g. "per month".'),
          description: line(200).optional(),
          features: z.array(line(120)).max(12).default([]),
          cta: link,
          highlighted: z.boolean().default(false),
        }),
      )
      .min(1)
      .max(4),
    note: line(300).optional(),
    example_note: exampleNote,
  }),
  testimonials: z.object({
    heading: line(120),
    items: z
      .array(z.object({ quote: line(600), name: line(80), role: line(80).optional() }))
      .min(1)
      .max(6),
    example_note: exampleNote,
  }),
  faq: z.object({
    heading: line(120),
    items: z
      .array(z.object({ question: line(200), answer: line(1000) }))
      .min(1)
      .max(12),
    example_note: exampleNote,
  }),
  countdown: z.object({
    heading: line(120),
    deadline: z.iso.datetime({ offset: true }).describe('ISO 8601 date-time the countdown ends at.'),
    text: line(300).optional(),
    ended_text: line(200),
    cta: link.optional(),
  }),
  form: z.object({
    heading: line(120),
    text: line(300).optional(),
    fields: z
      .array(formFieldSchema)
      .min(1)
      .max(10)
      .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, 'field names must be unique'),
    button_text: line(40),
    success_message: line(300),
    consent_text: line(300).optional(),
  }),
  cta: z.object({ headline: line(120), text: line(300).optional(), button: link }),
  footer: z.object({
    text: line(300),
    links: z.array(link).max(8).default([]),
    contact_email: z.email().max(254).optional(),
    phone: line(40).optional(),
    address: line(200).optional(),
    hours: z.array(line(80)).max(14).optional().describe('One line per group of days, e.g. "Mon–Fri 9:00–18:00".'),
  }),
} as const;

export const sectionTypes = Object.keys(props) as Array<keyof typeof props>;
export type SectionType = keyof typeof props;

// An agent copies section ids from a widget's sections: their pattern is no news to it.
export const sectionIdSchema = outlinedAs({ type: 'string', maxLength: 40 }, z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and hyphens, starting with a letter'));

const sectionOf = <T extends SectionType>(type: T) => z.object({ id: sectionIdSchema, type: z.literal(type), props: props[type] });

/**
 * A section as output schemas show it: its props, which differ by type, are in every result that
 * holds the section, so the ten props schemas need not be in every widget tool's output schema.
 */
const sectionOutline = {
  type: 'object',
  required: ['id', 'type', 'props'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string', enum: sectionTypes },
    props: { type: 'object', description: "The type's fields; widget_revise set_text and set_props change them." },
  },
};

export const sectionSchema = outlinedAs(
  sectionOutline,
  z.discriminatedUnion('type', [
    sectionOf('header'),
    sectionOf('hero'),
    sectionOf('features'),
    sectionOf('offerings'),
    sectionOf('pricing'),
    sectionOf('testimonials'),
    sectionOf('faq'),
    sectionOf('countdown'),
    sectionOf('form'),
    sectionOf('cta'),
    sectionOf('footer'),
  ]),
);
export type Section = z.output<typeof sectionSchema>;
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** What a renderer needs beyond its section. */
export interface SectionContext {
  /** Where a form section posts (an absolute URL of this service). */
  formAction: (sectionId: string) => string;
  /** h1 for the page's first heading, h2 after. */
  headingLevel: 1 | 2;
  locale: string;
}

/** The renderer's own words in the page's language (English for a language the frames do not have). */
export const chromeOf = (locale: string): PageFrames['chrome'] => (framesFor(locale) ?? en).chrome;

/** The visible mark of example text: the caller must replace it before publishing. */
const exampleMark = (note: string | undefined) => (note ? `<p class="example-note" role="note">${esc(note)}</p>` : '');
const exampleClass = (note: string | undefined) => (note ? 'example' : '');

/** A long date in the page's language; a tag Intl does not know falls back to English. */
function dateFormat(locale: string): Intl.DateTimeFormat {
  const options = { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' } as const;
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat('en', options);
  }
}

/** What the shared helpers below need of a section: pages also hold sections of their own kinds (commerce.ts). */
interface Placed {
  id: string;
  type: string;
}

/** Item headings sit one level below their section's heading. */
export const itemHeading = (context: SectionContext, text: string) => `<h${context.headingLevel + 1}>${esc(text)}</h${context.headingLevel + 1}>`;

const href = (url: string) => esc(safeHref(url) ?? '#');

function button(target: Link, kind: 'primary' | 'secondary' = 'primary'): string {
  return `<a class="btn${kind === 'secondary' ? ' btn-secondary' : ''}" href="${href(target.url)}">${esc(target.text)}</a>`;
}

export function heading(section: Placed, text: string, context: SectionContext): string {
  const level = context.headingLevel;
  return `<h${level} id="${section.id}-title">${esc(text)}</h${level}>`;
}

export const optionalParagraph = (text: string | undefined, className = 'lead') => (text ? `<p class="${className}">${esc(text)}</p>` : '');

export function wrap(section: Placed, inner: string, className = ''): string {
  return `<section id="${section.id}" class="sec sec-${section.type}${className ? ` ${className}` : ''}" aria-labelledby="${section.id}-title"><div class="wrap">${inner}</div></section>`;
}

const autocomplete: Partial<Record<string, string>> = {
  email: 'email',
  name: 'name',
  full_name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
  company: 'organization',
  organization: 'organization',
  website: 'url',
};

function formField(section: Section, field: FormField, chrome: PageFrames['chrome']): string {
  // A namespace of their own: a field named "title" or "hp" must not take the heading's or the honeypot's id.
  const id = `${section.id}-field-${field.name}`;
  const required = field.required ? ' required' : '';
  const hint = field.required ? '<span class="req" aria-hidden="true"> *</span>' : '';
  // A single-line control's placeholder may not contain line breaks (HTML content model): they become spaces.
  const shown = field.placeholder && field.type !== 'textarea' ? field.placeholder.replace(/\s*[\r\n]+\s*/g, ' ') : field.placeholder;
  const placeholder = shown ? ` placeholder="${esc(shown)}"` : '';
  // Own keys only: a field named "constructor" would otherwise write Object's source into the attribute.
  const complete = (Object.hasOwn(autocomplete, field.name) ? autocomplete[field.name] : undefined) ?? (field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : undefined);
  const auto = complete ? ` autocomplete="${complete}"` : '';
  let control: string;
  if (field.type === 'textarea') control = `<textarea id="${id}" name="${field.name}" rows="4" maxlength="2000"${required}${placeholder}></textarea>`;
  else if (field.type === 'select') {
    // An explicit value: without one the browser sends the text with whitespace collapsed, which the server's check refuses.
    const options = (field.options ?? []).map((option) => `<option value="${esc(option)}">${esc(option)}</option>`).join('');
    control = `<select id="${id}" name="${field.name}"${required}><option value="">${esc(chrome.choose)}</option>${options}</select>`;
  } else
    control =
      `<input id="${id}" name="${field.name}" type="${field.type}" maxlength="${field.type === 'number' || field.type === 'date' || field.type === 'time' ? '' : '500'}"${required}${auto}${placeholder}>`.replace(
        ' maxlength=""',
        '',
      );
  return `<div class="field"><label for="${id}">${esc(field.label)}${hint}</label>${control}</div>`;
}

/** The honeypot: invisible to people and assistive technology, tempting to bots. */
const honeypotField = '_hp';
const honeypot = (section: Section, chrome: PageFrames['chrome']) =>
  `<div class="hp" aria-hidden="true"><label for="${section.id}-trap">${esc(chrome.trap)}</label><input id="${section.id}-trap" name="${honeypotField}" type="text" tabindex="-1" autocomplete="off"></div>`;
export { honeypotField };

const renderers: { [T in SectionType]: (section: SectionOf<T>, context: SectionContext) => string } = {
  header(section) {
    const { brand, logo_url, links } = section.props;
    const logo = logo_url ? `<img src="${esc(safeHref(logo_url) ?? '')}" alt="" width="32" height="32">` : '';
    const nav = links.length ? `<nav aria-label="Sections"><ul>${links.map((target) => `<li><a href="${href(target.url)}">${esc(target.text)}</a></li>`).join('')}</ul></nav>` : '';
    return `<header id="${section.id}" class="site-header"><div class="wrap bar"><a class="brand" href="#main">${logo}<span>${esc(brand)}</span></a>${nav}</div></header>`;
  },
  hero(section, context) {
    const { eyebrow, headline, subheadline, cta, secondary_cta } = section.props;
    const actions = cta || secondary_cta ? `<p class="actions">${cta ? button(cta) : ''}${secondary_cta ? button(secondary_cta, 'secondary') : ''}</p>` : '';
    return wrap(section, `${eyebrow ? `<p class="eyebrow">${esc(eyebrow)}</p>` : ''}${heading(section, headline, context)}${optionalParagraph(subheadline)}${actions}`, 'hero');
  },
  features(section, context) {
    const { heading: title, intro, items, example_note } = section.props;
    const cards = items.map((item) => `<li class="card">${itemHeading(context, item.title)}<p>${esc(item.text)}</p></li>`).join('');
    return wrap(section, `${heading(section, title, context)}${exampleMark(example_note)}${optionalParagraph(intro)}<ul class="grid">${cards}</ul>`, exampleClass(example_note));
  },
  offerings(section, context) {
    const { heading: title, intro, items } = section.props;
    const entries = items
      .map((item) => {
        const price = item.price ? `<p class="price"><strong>${esc(item.price)}</strong>${item.unit ? ` <span>${esc(item.unit)}</span>` : ''}</p>` : '';
        return `<li class="card">${itemHeading(context, item.name)}${price}${optionalParagraph(item.description, 'small')}</li>`;
      })
      .join('');
    return wrap(section, `${heading(section, title, context)}${optionalParagraph(intro)}<ul class="grid">${entries}</ul>`);
  },
  pricing(section, context) {
    const { heading: title, intro, tiers, note, example_note } = section.props;
    const chrome = chromeOf(context.locale);
    const cards = tiers
      .map((tier) => {
        const features = tier.features.length ? `<ul class="ticks">${tier.features.map((feature) => `<li>${esc(feature)}</li>`).join('')}</ul>` : '';
        const badge = tier.highlighted ? `<p class="badge">${esc(chrome.popular)}</p>` : '';
        return `<li class="card tier${tier.highlighted ? ' featured' : ''}">${badge}${itemHeading(context, tier.name)}<p class="price"><strong>${esc(tier.price)}</strong>${tier.period ? ` <span>${esc(tier.period)}</span>` : ''}</p>${optionalParagraph(tier.description, 'small')}${features}<p>${button(tier.cta, tier.highlighted ? 'primary' : 'secondary')}</p></li>`;
      })
      .join('');
    return wrap(
      section,
      `${heading(section, title, context)}${exampleMark(example_note)}${optionalParagraph(intro)}<ul class="grid">${cards}</ul>${optionalParagraph(note, 'small')}`,
      exampleClass(example_note),
    );
  },
  testimonials(section, context) {
    const { heading: title, items, example_note } = section.props;
    const quotes = items
      .map(
        (item) =>
          `<li class="card"><figure><blockquote><p>${esc(item.quote)}</p></blockquote><figcaption><strong>${esc(item.name)}</strong>${item.role ? `, ${esc(item.role)}` : ''}</figcaption></figure></li>`,
      )
      .join('');
    return wrap(section, `${heading(section, title, context)}${exampleMark(example_note)}<ul class="grid">${quotes}</ul>`, `alt ${exampleClass(example_note)}`.trim());
  },
  faq(section, context) {
    const { heading: title, items, example_note } = section.props;
    // Example answers are shown open: text to replace must not hide behind a click.
    const open = example_note ? ' open' : '';
    const entries = items.map((item) => `<details${open}><summary>${esc(item.question)}</summary><p>${esc(item.answer)}</p></details>`).join('');
    return wrap(section, `${heading(section, title, context)}${exampleMark(example_note)}<div class="faq">${entries}</div>`, exampleClass(example_note));
  },
  countdown(section, context) {
    const { heading: title, deadline, text, ended_text, cta } = section.props;
    const when = new Date(deadline);
    const shown = `${dateFormat(context.locale).format(when)} UTC`;
    const iso = when.toISOString();
    return wrap(
      section,
      `${heading(section, title, context)}${optionalParagraph(text)}<p class="countdown" data-deadline="${iso}" data-ended="${esc(ended_text)}" data-left="${esc((framesFor(context.locale) ?? en).remaining('{d}', '{h}', '{m}'))}"><span class="remaining" role="timer"></span> <time datetime="${iso}">${esc(shown)}</time></p>${cta ? `<p class="actions">${button(cta)}</p>` : ''}`,
      'alt center',
    );
  },
  form(section, context) {
    const { heading: title, text, fields, button_text, consent_text } = section.props;
    const chrome = chromeOf(context.locale);
    const inner = `${fields.map((field) => formField(section, field, chrome)).join('')}${honeypot(section, chrome)}${consent_text ? `<p class="small">${esc(consent_text)}</p>` : ''}<button type="submit" class="btn">${esc(button_text)}</button><p class="form-status" role="status"></p>`;
    // The page's one script says these in the page's language.
    const said = `data-sending="${esc(chrome.sending)}" data-sent="${esc(chrome.sent)}" data-failed="${esc(chrome.failed)}" data-offline="${esc(chrome.offline)}"`;
    const form = `<form class="ao-form" method="post" action="${esc(context.formAction(section.id))}" accept-charset="utf-8" ${said}>${inner}</form>`;
    return wrap(section, `${heading(section, title, context)}${optionalParagraph(text)}${form}`, 'narrow');
  },
  cta(section, context) {
    const { headline, text, button: target } = section.props;
    return wrap(section, `${heading(section, headline, context)}${optionalParagraph(text)}<p class="actions">${button(target)}</p>`, 'alt center');
  },
  footer(section, context) {
    const { text, links, contact_email, phone, address, hours } = section.props;
    const chrome = chromeOf(context.locale);
    const items = [
      ...links.map((target) => `<li><a href="${href(target.url)}">${esc(target.text)}</a></li>`),
      ...(phone?.split(' · ') ?? []).map((number) => {
        const telephone = telHref(number);
        return `<li>${telephone ? `<a href="${esc(telephone)}">${esc(number)}</a>` : esc(number)}</li>`;
      }),
      ...(contact_email ? [`<li><a href="${esc(new URL(`mailto:${contact_email}`).href)}">${esc(contact_email)}</a></li>`] : []),
    ];
    const place = address ? `<address>${esc(address)}</address>` : '';
    const times = hours?.length ? `<p class="small">${hours.map((entry) => esc(entry)).join('<br>')}</p>` : '';
    const visit = place || times ? `<div class="visit" aria-label="${esc(chrome.address)}">${place}${times}</div>` : '';
    return `<footer id="${section.id}" class="site-footer"><div class="wrap">${visit}<p>${esc(text)}</p>${items.length ? `<ul class="inline">${items.join('')}</ul>` : ''}</div></footer>`;
  },
};

/** A tel: link for a phone number as written, or null when it has too few digits to dial. */
function telHref(phone: string): string | null {
  const dialled = phone.replace(/(?!^\+)[^\d]/g, '');
  return dialled.replace('+', '').length >= 6 ? `tel:${dialled}` : null;
}

export function renderSection(section: Section, context: SectionContext): string {
  return (renderers[section.type] as (section: Section, context: SectionContext) => string)(section, context);
}
