import { capitalize } from '../../src/compose/text.js';
import { footerFacts, priceText } from '../../src/compose/contract.js';
import type { FactSheet, Offering } from '../../src/compose/facts.js';
import type { PageFrames } from '../../src/compose/frames/index.js';
import type { FormField, Section, SectionOf, SectionType } from '../../src/render/sections.js';
import type { Brand, ContentOverrides, WidgetKind } from './schema.js';
import type { TemplateCopy } from './template-copy.js';

/**
 * The sections of a widget: each kind's layout, every section filled from the copy, the caller's content and
 * the facts of the prompt. Sections that need what only the caller knows (answers, quotes, tiers without prices)
 * are left out of a page, or, when asked for, filled with example text marked as such (`example_note`).
 */

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
  facts: FactSheet;
  frames: PageFrames;
  now: Date;
  warnings: string[];
}

/** Default fields of each form kind, labelled in the page's language; a booking offers the caller's offerings. */
function formFields(kind: WidgetKind, request: BuildRequest): FormField[] {
  if (request.content.form_fields) return request.content.form_fields;
  const labels = request.frames.fields;
  switch (kind) {
    case 'waitlist':
      return [field('email', labels.email, 'email', true), field('name', labels.firstName, 'text', false)];
    case 'newsletter':
      return [field('email', labels.email, 'email', true), field('first_name', labels.firstName, 'text', false)];
    case 'booking': {
      const services = [...new Set(request.facts.offerings.map((offering) => capitalize(offering.name)))].slice(0, 30);
      return [
        field('name', labels.name, 'text', true),
        field('email', labels.email, 'email', true),
        field('phone', labels.phone, 'tel', false),
        services.length ? field('service', labels.service, 'select', true, services) : field('service', labels.service, 'text', true),
        field('date', labels.date, 'date', true),
        field('time', labels.time, 'time', false),
        field('notes', labels.notes, 'textarea', false),
      ];
    }
    case 'lead_capture':
      return [field('name', labels.name, 'text', true), field('email', labels.email, 'email', true), field('company', labels.company, 'text', false)];
    default:
      return [field('name', labels.name, 'text', true), field('email', labels.email, 'email', true), field('message', labels.message, 'textarea', true)];
  }
}

const formSectionId: Partial<Record<WidgetKind, string>> = { waitlist: 'waitlist', newsletter: 'subscribe', booking: 'booking', lead_capture: 'get-guide' };

/** A section of `type` written for this widget: what add_section uses when no props are given. */
export function defaultSection(type: SectionType, id: string, request: BuildRequest): Section {
  const { copy, content, kind } = request;
  const formId = formSectionId[kind] ?? 'contact';
  const ctaUrl = content.cta_url ?? (formKinds[kind] ? `#${formId}` : '#top');
  const cta = { text: copy.cta_text, url: ctaUrl === '#top' ? '#main' : ctaUrl };
  const { frames, facts } = request;
  const example = frames.examples;
  const build: { [T in SectionType]: () => SectionOf<T>['props'] } = {
    header: () => ({ brand: request.brandName, ...(request.brand.logo_url ? { logo_url: request.brand.logo_url } : {}), links: [] }),
    hero: () => ({ ...(copy.eyebrow ? { eyebrow: copy.eyebrow } : {}), headline: copy.headline, ...(copy.subheadline ? { subheadline: copy.subheadline } : {}), cta }),
    features: () =>
      copy.features
        ? { heading: copy.features_heading ?? frames.nav.features, items: copy.features }
        : { heading: copy.features_heading ?? frames.nav.features, items: [example.feature], example_note: example.note },
    offerings: () => ({
      heading: frames.headings.offerings,
      ...(facts.constraints.length ? { intro: facts.constraints.map((constraint) => `${capitalize(constraint.text.replace(/[\s.!?]+$/u, ''))}.`).join(' ') } : {}),
      items: (facts.offerings.length ? facts.offerings : [{ name: example.tier.name } as Pick<Offering, 'name' | 'price' | 'unit' | 'description'>]).slice(0, 24).map((offering) => ({
        name: capitalize(offering.name).slice(0, 80),
        ...(offering.price ? { price: priceText(offering.price, frames).slice(0, 40) } : {}),
        ...(offering.unit ? { unit: offering.unit.slice(0, 30) } : {}),
        ...(offering.description ? { description: offering.description.slice(0, 300) } : {}),
      })),
    }),
    pricing: () => {
      const heading = kind === 'pricing' ? copy.headline : frames.headings.pricing;
      const intro = kind === 'pricing' && copy.subheadline ? { intro: copy.subheadline } : {};
      const tierCta = { text: copy.cta_text, url: content.cta_url ?? (formKinds[kind] ? `#${formId}` : content.contact_email ? `mailto:${content.contact_email}` : '#main') };
      const tiers = copy.pricing ?? tiersOfFacts(request);
      if (!tiers) return { heading, ...intro, tiers: [{ ...example.tier, features: [], cta: tierCta, highlighted: false }], example_note: example.note };
      return {
        heading,
        ...intro,
        tiers: tiers.map((tier) => ({
          name: tier.name,
          price: tier.price,
          ...(tier.period ? { period: tier.period } : {}),
          ...(tier.description ? { description: tier.description } : {}),
          features: tier.features ?? [],
          cta: { ...tierCta, text: tier.cta_text ?? tierCta.text },
          highlighted: tier.highlighted ?? false,
        })),
      };
    },
    testimonials: () =>
      copy.testimonials
        ? { heading: kind === 'testimonials' ? copy.headline : frames.headings.testimonials, items: copy.testimonials }
        : { heading: kind === 'testimonials' ? copy.headline : frames.headings.testimonials, items: [example.testimonial], example_note: example.note },
    faq: () =>
      copy.faq
        ? { heading: kind === 'faq' ? copy.headline : frames.headings.faq, items: copy.faq }
        : { heading: kind === 'faq' ? copy.headline : frames.headings.faq, items: example.faq, example_note: example.note },
    countdown: () => ({
      heading: copy.headline,
      deadline: content.deadline ?? deadlineOf(request),
      ...(copy.subheadline ? { text: copy.subheadline } : {}),
      ended_text: frames.chrome.ended,
      ...(content.cta_url ? { cta: { text: copy.cta_text, url: content.cta_url } } : {}),
    }),
    form: () => ({
      heading: copy.form_heading ?? copy.headline,
      ...(copy.form_text ? { text: copy.form_text } : kind !== 'landing' && copy.subheadline ? { text: copy.subheadline } : {}),
      fields: formFields(kind, request),
      button_text: copy.button_text ?? copy.cta_text,
      success_message: copy.success_message ?? frames.success.message,
      ...(kind === 'waitlist' || kind === 'newsletter' || kind === 'lead_capture' ? { consent_text: frames.sentences.consent(request.brandName) } : {}),
    }),
    cta: () => ({ headline: copy.closing_headline ?? copy.headline, button: cta }),
    footer: () => footerOf(request),
  };
  return { id, type, props: build[type]() } as Section;
}

/** The deadline a countdown without one counts to: a date in the prompt, else two weeks out (and a warning). */
function deadlineOf(request: BuildRequest): string {
  const date = request.facts.dates[0]?.iso;
  if (date) return date.includes('T') ? `${date}:00Z` : `${date}T00:00:00Z`;
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
    ['offerings', 'offer'],
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
    // A landing page shows what only the caller knows (offerings, reasons, prices, quotes, answers) only when it has them.
    if (kind !== 'landing') return true;
    if (type === 'offerings') return request.facts.offerings.length > 0;
    if (type === 'features') return copy.features !== undefined;
    if (type === 'pricing') return copy.pricing !== undefined;
    if (type === 'testimonials') return copy.testimonials !== undefined;
    if (type === 'faq') return copy.faq !== undefined;
    return true;
  });
  const sections = wanted.map(([type, id]) => defaultSection(type, id, request));
  const header = sections.find((section) => section.type === 'header');
  if (header?.type === 'header') {
    header.props.links = sections
      .filter(isNavigable)
      .map((section) => ({ text: navLabel(section, request.frames.nav), url: `#${section.id}` }))
      .slice(0, 5);
  }
  return sections;
}

/** Sections a header links to: the page's destinations, not its opening, closing or navigation. */
export const isNavigable = (section: Section) => !['header', 'hero', 'footer', 'cta'].includes(section.type);

/** A section's entry in the header navigation. */
export function navLabel(section: Section, nav: PageFrames['nav']): string {
  const labels: Partial<Record<SectionType, string>> = {
    features: nav.features,
    offerings: nav.offerings,
    pricing: nav.pricing,
    testimonials: nav.testimonials,
    faq: nav.faq,
    form: nav.form,
    countdown: nav.countdown,
  };
  return labels[section.type] ?? capitalize(section.type);
}

/** Tiers from the facts' priced offerings, each under its own name: never a tier name the caller did not give. */
export function tiersOfFacts({ facts, frames }: Pick<BuildRequest, 'facts' | 'frames'>): NonNullable<TemplateCopy['copy']['pricing']> | undefined {
  const priced = facts.offerings.filter((offering) => offering.price);
  if (!priced.length) return undefined;
  return priced.slice(0, 4).map((offering) => ({
    name: capitalize(offering.name).slice(0, 40),
    price: priceText(offering.price as NonNullable<typeof offering.price>, frames).slice(0, 30),
    ...(offering.unit ? { period: offering.unit.slice(0, 30) } : {}),
    ...(offering.description ? { description: offering.description.slice(0, 200) } : {}),
  }));
}

/** The footer: the caller's address, hours and contacts from the facts, the content's email over the prompt's. */
function footerOf(request: BuildRequest): SectionOf<'footer'>['props'] {
  const { facts, frames, copy, content } = request;
  return {
    text: copy.footer_text ?? `© ${request.now.getUTCFullYear()} ${request.brandName}`,
    ...footerFacts(facts, frames),
    ...(content.contact_email ? { contact_email: content.contact_email } : {}),
  };
}
