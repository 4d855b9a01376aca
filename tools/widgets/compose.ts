import type { Brief } from '../../src/compose/types.js';
import { capitalize, chooser, fit, titleCase } from '../../src/compose/text.js';
import type { FormField, Section, SectionOf, SectionType } from '../../src/render/sections.js';
import { nicheCopy } from './copy.js';
import type { Brand, ContentOverrides, Copy, WidgetKind } from './schema.js';

/**
 * The deterministic template composer for widgets: the kind from the prompt, copy from the
 * brief and the niche's curated lines, and the kind's sections filled from the copy. The
 * caller's content always wins; a model's copy sits between the two (see engine.ts).
 */

/** The first rule that matches names the kind; a page request wins over the widgets it contains. */
const kindRules: Array<[WidgetKind, RegExp]> = [
  ['landing', /\b(landing\s*page|home\s*page|homepage|website|web\s*site|one[-\s]pager|site)\b/i],
  ['countdown', /\b(count\s*down|countdown|timer|time left)\b/i],
  ['waitlist', /\b(wait\s*-?list|early access|coming soon|pre-?launch|beta (sign[-\s]?up|list))\b/i],
  ['newsletter', /\b(newsletter|mailing list|subscribe|subscription form|email list)\b/i],
  ['pricing', /\b(pricing|price (table|list)|plans? (table|comparison)|tiers?)\b/i],
  ['faq', /\b(faq|frequently asked|questions and answers|q\s*&\s*a)\b/i],
  ['testimonials', /\b(testimonials?|reviews? (section|widget|wall)|social proof|customer quotes)\b/i],
  ['booking', /\b(book(ing)?|appointment|reservation|reserve|schedul(e|ing))\b/i],
  ['lead_capture', /\b(lead|leads|lead magnet|free (guide|ebook|e-book|checklist|download)|quote request|get a quote)\b/i],
  ['contact', /\b(contact|get in touch|enquir(y|ies)|inquir(y|ies)|message us)\b/i],
  ['hero', /\b(hero|banner|header section|above the fold)\b/i],
];

export function inferKind(prompt: string): WidgetKind {
  return kindRules.find(([, pattern]) => pattern.test(prompt))?.[0] ?? 'landing';
}

const formKinds: Partial<Record<WidgetKind, true>> = { landing: true, waitlist: true, newsletter: true, contact: true, booking: true, lead_capture: true };

const field = (name: string, label: string, type: FormField['type'], required: boolean, options?: string[]): FormField => ({
  name,
  label,
  type,
  required,
  ...(options ? { options } : {}),
});

export interface ComposeRequest {
  kind: WidgetKind;
  brief: Brief;
  brand: Brand;
  now: Date;
  /** The caller's own words: what they supply needs no warning. */
  supplied: Pick<ContentOverrides, 'pricing' | 'testimonials'>;
}

export interface Composed {
  copy: Required<Pick<Copy, 'title' | 'description' | 'headline' | 'subheadline' | 'cta_text'>> & Copy;
  brandName: string;
  warnings: string[];
}

/** The subject in a few words ("dog grooming"), from the brief. */
function subjectOf(brief: Brief): string {
  const keyword = brief.keywords.find((word) => !/^(launch|sale|countdown|pricing|form)$/i.test(word));
  return keyword ?? nicheCopy(brief.niche).offer;
}

/** Template copy for every part the kind shows; warnings say what the caller should supply. */
export function composeCopy({ kind, brief, brand, now, supplied }: ComposeRequest): Composed {
  const niche = nicheCopy(brief.niche);
  const warnings: string[] = [];
  const subject = subjectOf(brief);
  const place = brief.place ? ` in ${brief.place}` : '';
  const prices = brief.prices.map((price) => ({ price, name: tierName(brief.prompt, price.text) }));
  // "Starter $9" names a tier, not the business.
  const named = brief.names.find((name) => !prices.some((price) => price.name === name));
  const brandName = brand.name ?? named ?? fit(titleCase(`${brief.place ? `${brief.place} ` : ''}${subject}`), 60);
  if (!brand.name && !named) warnings.push(`No brand name was given, so the page calls the business "${brandName}"; pass brand.name to set it.`);
  const pick = chooser(JSON.stringify([kind, brief.prompt, brandName]));
  const audience = brief.audience ? ` for ${brief.audience}` : '';

  const byKind: Record<WidgetKind, () => Pick<Composed['copy'], 'headline' | 'subheadline' | 'cta_text' | 'eyebrow'>> = {
    landing: () => ({
      headline: fit(pick([`${capitalize(subject)}${place} you can count on`, `${capitalize(subject)}${place}, done right`, `Better ${subject}${place}${audience}`]), 120),
      subheadline: fit(`${brandName} offers ${subject}${audience}${place}. ${niche.benefits[0]![1]}`, 300),
      cta_text: niche.action,
    }),
    waitlist: () => ({
      eyebrow: 'Coming soon',
      headline: fit(pick([`Be first in line for ${brandName}`, `${brandName} is almost here`, `Get early access to ${brandName}`]), 120),
      subheadline: fit(`Join the waitlist and we will email you when ${subject} opens${audience}. No spam, one click to leave.`, 300),
      cta_text: 'Join the waitlist',
    }),
    newsletter: () => ({
      headline: fit(`Get the ${brandName} newsletter`, 120),
      subheadline: fit(`Useful news about ${subject}${audience}, straight to your inbox. Unsubscribe any time.`, 300),
      cta_text: 'Subscribe',
    }),
    pricing: () => ({ headline: 'Simple, transparent pricing', subheadline: fit(`Choose the ${brandName} plan that fits you. Change or cancel any time.`, 300), cta_text: niche.action }),
    faq: () => ({ headline: 'Frequently asked questions', subheadline: fit(`Answers about ${subject} at ${brandName}.`, 300), cta_text: niche.action }),
    testimonials: () => ({ headline: fit(`What people say about ${brandName}`, 120), subheadline: fit(`Words from people who chose ${brandName}.`, 300), cta_text: niche.action }),
    countdown: () => ({
      headline: fit(pick([`${capitalize(subject)} starts soon`, `Don't miss ${subject} at ${brandName}`]), 120),
      subheadline: fit(`Mark the date: ${brandName}'s ${subject} is coming.`, 300),
      cta_text: niche.action,
    }),
    contact: () => ({ headline: fit(`Contact ${brandName}`, 120), subheadline: 'Send us a message and we will get back to you within one working day.', cta_text: 'Send message' }),
    booking: () => ({ headline: fit(`Book with ${brandName}`, 120), subheadline: fit(`Choose a service and a time that suits you${place}. We will confirm by email.`, 300), cta_text: 'Request booking' }),
    lead_capture: () => ({
      headline: fit(pick([`Get your free ${subject} guide`, `Free ${subject} guide from ${brandName}`]), 120),
      subheadline: fit(`Leave your details and ${brandName} will send it to your inbox.`, 300),
      cta_text: 'Send me the guide',
    }),
    hero: () => ({
      headline: fit(pick([`${capitalize(subject)}${place}, made simple`, `${brandName}: ${subject}${place}`]), 120),
      subheadline: fit(`${niche.benefits[0]![1]} ${niche.benefits[1]![1]}`, 300),
      cta_text: niche.action,
    }),
  };
  const head = byKind[kind]();

  const pricing: Copy['pricing'] = prices.length
    ? prices.slice(0, 4).map(({ price, name }, index) => ({
        name: name ?? ['Basic', 'Standard', 'Premium', 'Enterprise'][index]!,
        price: fit(price.text.replace(/\s*(\/|per)\s*\w+$/i, ''), 30),
        ...(price.per ? { period: `per ${price.per}` } : {}),
        features: niche.benefits.slice(0, index + 1).map(([title]) => title),
        highlighted: prices.length > 1 && index === Math.min(1, prices.length - 1),
      }))
    : undefined;
  if (kind === 'pricing' && !pricing && !supplied.pricing) warnings.push('The prompt names no prices, so each tier asks people to get in touch; pass content.pricing with your tiers and prices.');
  if (kind === 'testimonials' && !supplied.testimonials) {
    warnings.push('These testimonials are illustrative, written by the template: replace them with real customer quotes (content.testimonials) before publishing.');
  }
  return {
    brandName,
    warnings,
    copy: {
      title: fit(`${brandName}${kind === 'landing' || kind === 'hero' ? ` | ${capitalize(subject)}${place}` : ` | ${head.headline}`}`, 70),
      description: fit(head.subheadline, 160),
      ...head,
      features_heading: fit(`Why ${brandName}`, 120),
      features: niche.benefits.map(([title, text]) => ({ title, text })),
      faq: niche.faq.map(([question, answer]) => ({ question, answer })),
      pricing,
      testimonials:
        kind === 'testimonials'
          ? [
              { quote: fit(`${niche.benefits[0]![0]}: exactly what we were promised.`, 600), name: `${niche.customer}${place}` },
              { quote: fit(`Easy to arrange and great value. We will be back to ${brandName}.`, 600), name: niche.customer },
            ]
          : undefined,
      form_heading: kind === 'landing' ? 'Get in touch' : head.headline,
      form_text: kind === 'landing' ? fit(`Tell us what you need and ${brandName} will reply within one working day.`, 300) : undefined,
      button_text: kind === 'landing' ? 'Send message' : head.cta_text,
      success_message: {
        waitlist: "You're on the list! We'll email you when it's ready.",
        newsletter: 'Thanks for subscribing! Check your inbox to say hello.',
        booking: 'Thanks! We have your request and will confirm the time by email.',
        lead_capture: 'Thanks! It is on its way to your inbox.',
      }[kind as string] ?? 'Thanks for your message! We will reply within one working day.',
      closing_headline: fit(`Ready when you are: ${niche.action.toLowerCase()} with ${brandName}`, 120),
      footer_text: fit(`© ${now.getUTCFullYear()} ${brandName}${place}`, 300),
    },
  };
}

/** "Starter $9/month" → "Starter": the capitalised words right before a price. */
function tierName(prompt: string, priceText: string): string | undefined {
  const at = prompt.indexOf(priceText);
  if (at < 0) return undefined;
  const before = prompt.slice(Math.max(0, at - 40), at);
  return /([A-Z][\p{L}+-]*(?: [A-Z][\p{L}+-]*)?)\s*(?:[:–—-]|\(|at|for)?\s*$/u.exec(before)?.[1];
}

export interface BuildRequest {
  kind: WidgetKind;
  copy: Composed['copy'];
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
  landing: [['header', 'header'], ['hero', 'hero'], ['features', 'features'], ['pricing', 'pricing'], ['testimonials', 'testimonials'], ['faq', 'faq'], ['form', 'contact'], ['cta', 'closing'], ['footer', 'footer']],
  waitlist: [['hero', 'hero'], ['form', 'waitlist']],
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
