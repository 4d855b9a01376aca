import { capitalize } from '../../src/compose/text.js';
import type { FormField, Section, SectionOf, SectionType } from '../../src/render/sections.js';
import type { nicheCopy } from './copy.js';
import type { Brand, ContentOverrides, WidgetKind } from './schema.js';
import type { TemplateCopy } from './template-copy.js';

/** The sections of a widget: each kind's layout, every section filled from the copy and the caller's content. */

const formKinds: Partial<Record<WidgetKind, true>> = { landing: true, waitlist: true, newsletter: true, contact: true, booking: true, lead_capture: true };

const field = (name: string, label: string, type: FormField['type'], required: boolean, options?: string[]): FormField => ({
  name,
  label,
  type,
  required,
  ...(options ? { options } : {}),
});

export interface BuildRequest {
  kind: WidgetKind;
  copy: TemplateCopy['copy'];
  content: ContentOverrides;
  brand: Brand;
  brandName: string;
  niche: ReturnType<typeof nicheCopy>;
  now: Date;
  /** A calendar date the prompt names (YYYY-MM-DD), for a countdown. */
  promptDate?: string;
  warnings: string[];
}

/** Default fields of each form kind. */
function formFields(kind: WidgetKind, request: BuildRequest): FormField[] {
  if (request.content.form_fields) return request.content.form_fields;
  switch (kind) {
    case 'waitlist':
      return [field('email', 'Email address', 'email', true), field('name', 'First name', 'text', false)];
    case 'newsletter':
      return [field('email', 'Email address', 'email', true), field('first_name', 'First name', 'text', false)];
    case 'booking':
      return [
        field('name', 'Your name', 'text', true),
        field('email', 'Email address', 'email', true),
        field('phone', 'Phone', 'tel', false),
        field('service', 'Service', 'select', true, request.niche.services),
        field('date', 'Preferred date', 'date', true),
        field('time', 'Preferred time', 'time', false),
        field('notes', 'Anything we should know?', 'textarea', false),
      ];
    case 'lead_capture':
      return [field('name', 'Your name', 'text', true), field('email', 'Work email', 'email', true), field('company', 'Company', 'text', false)];
    default:
      return [field('name', 'Your name', 'text', true), field('email', 'Email address', 'email', true), field('message', 'Message', 'textarea', true)];
  }
}

const formSectionId: Partial<Record<WidgetKind, string>> = { waitlist: 'waitlist', newsletter: 'subscribe', booking: 'booking', lead_capture: 'get-guide' };

/** A section of `type` written for this widget: what add_section uses when no props are given. */
export function defaultSection(type: SectionType, id: string, request: BuildRequest): Section {
  const { copy, content, kind } = request;
  const formId = formSectionId[kind] ?? 'contact';
  const ctaUrl = content.cta_url ?? (formKinds[kind] ? `#${formId}` : '#top');
  const cta = { text: copy.cta_text, url: ctaUrl === '#top' ? '#main' : ctaUrl };
  const build: { [T in SectionType]: () => SectionOf<T>['props'] } = {
    header: () => ({ brand: request.brandName, ...(request.brand.logo_url ? { logo_url: request.brand.logo_url } : {}), links: [] }),
    hero: () => ({ ...(copy.eyebrow ? { eyebrow: copy.eyebrow } : {}), headline: copy.headline, subheadline: copy.subheadline, cta }),
    features: () => ({ heading: copy.features_heading ?? `Why ${request.brandName}`, items: copy.features ?? request.niche.benefits.map(([title, text]) => ({ title, text })) }),
    pricing: () => ({
      heading: kind === 'pricing' ? copy.headline : 'Pricing',
      ...(kind === 'pricing' ? { intro: copy.subheadline } : {}),
      tiers: (copy.pricing ?? [{ name: 'Standard', price: 'Get a quote', features: request.niche.benefits.map(([title]) => title) }]).map((tier) => ({
        name: tier.name,
        price: tier.price,
        ...(tier.period ? { period: tier.period } : {}),
        ...(tier.description ? { description: tier.description } : {}),
        features: tier.features ?? [],
        cta: { text: tier.cta_text ?? copy.cta_text, url: content.cta_url ?? (formKinds[kind] ? `#${formId}` : content.contact_email ? `mailto:${content.contact_email}` : '#main') },
        highlighted: tier.highlighted ?? false,
      })),
    }),
    testimonials: () => ({
      heading: kind === 'testimonials' ? copy.headline : 'What people say',
      items: copy.testimonials ?? [{ quote: `${request.niche.benefits[0]![0]}: exactly what we hoped for.`, name: request.niche.customer }],
    }),
    faq: () => ({ heading: kind === 'faq' ? copy.headline : 'Questions and answers', items: copy.faq ?? request.niche.faq.map(([question, answer]) => ({ question, answer })) }),
    countdown: () => ({
      heading: copy.headline,
      deadline: content.deadline ?? deadlineOf(request),
      text: copy.subheadline,
      ended_text: 'It has started!',
      ...(content.cta_url ? { cta: { text: copy.cta_text, url: content.cta_url } } : {}),
    }),
    form: () => ({
      heading: copy.form_heading ?? copy.headline,
      ...(copy.form_text ? { text: copy.form_text } : kind !== 'landing' && copy.subheadline ? { text: copy.subheadline } : {}),
      fields: formFields(kind, request),
      button_text: copy.button_text ?? copy.cta_text,
      success_message: copy.success_message ?? 'Thank you!',
      ...(kind === 'waitlist' || kind === 'newsletter' || kind === 'lead_capture' ? { consent_text: `We only use your email for ${request.brandName} updates. Unsubscribe any time.` } : {}),
    }),
    cta: () => ({ headline: copy.closing_headline ?? copy.headline, button: cta }),
    footer: () => ({ text: copy.footer_text ?? `© ${request.now.getUTCFullYear()} ${request.brandName}`, links: [], ...(content.contact_email ? { contact_email: content.contact_email } : {}) }),
  };
  return { id, type, props: build[type]() } as Section;
}

/** The deadline a countdown without one counts to: a date in the prompt, else two weeks out (and a warning). */
function deadlineOf(request: BuildRequest): string {
  if (request.promptDate) return `${request.promptDate}T00:00:00Z`;
  const fallback = new Date(request.now.getTime() + 14 * 86_400_000);
  fallback.setUTCHours(0, 0, 0, 0);
  request.warnings.push(`No date was given, so the countdown ends on ${fallback.toISOString().slice(0, 10)}; pass content.deadline (ISO 8601) to set it.`);
  return fallback.toISOString();
}

/** Which sections each kind is made of, in order. */
const layouts: Record<WidgetKind, Array<[SectionType, string]>> = {
  landing: [
    ['header', 'header'],
    ['hero', 'hero'],
    ['features', 'features'],
    ['pricing', 'pricing'],
    ['testimonials', 'testimonials'],
    ['faq', 'faq'],
    ['form', 'contact'],
    ['cta', 'closing'],
    ['footer', 'footer'],
  ],
  waitlist: [
    ['hero', 'hero'],
    ['form', 'waitlist'],
  ],
  newsletter: [['form', 'subscribe']],
  pricing: [['pricing', 'pricing']],
  faq: [['faq', 'faq']],
  testimonials: [['testimonials', 'testimonials']],
  countdown: [['countdown', 'countdown']],
  contact: [['form', 'contact']],
  booking: [['form', 'booking']],
  lead_capture: [['form', 'get-guide']],
  hero: [['hero', 'hero']],
};

export function buildSections(request: BuildRequest): Section[] {
  const { kind, copy } = request;
  const wanted = layouts[kind].filter(([type]) => {
    // A landing page shows prices and quotes only when it has real ones.
    if (kind === 'landing' && type === 'pricing') return copy.pricing !== undefined;
    if (kind === 'landing' && type === 'testimonials') return copy.testimonials !== undefined;
    return true;
  });
  const sections = wanted.map(([type, id]) => defaultSection(type, id, request));
  const header = sections.find((section) => section.type === 'header');
  if (header?.type === 'header') {
    header.props.links = sections
      .filter(isNavigable)
      .map((section) => ({ text: navLabel(section), url: `#${section.id}` }))
      .slice(0, 5);
  }
  return sections;
}

/** Sections a header links to: the page's destinations, not its opening, closing or navigation. */
export const isNavigable = (section: Section) => !['header', 'hero', 'footer', 'cta'].includes(section.type);

/** A section's entry in the header navigation. */
export function navLabel(section: Section): string {
  const labels: Partial<Record<SectionType, string>> = { features: 'Why us', pricing: 'Pricing', testimonials: 'Reviews', faq: 'FAQ', form: 'Contact', countdown: 'Countdown' };
  return labels[section.type] ?? capitalize(section.type);
}
