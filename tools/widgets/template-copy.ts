import type { Brief } from '../../src/compose/types.js';
import { capitalize, chooser, fit, titleCase } from '../../src/compose/text.js';
import { nicheCopy } from './copy.js';
import type { Brand, ContentOverrides, Copy, WidgetKind } from './schema.js';

/**
 * The deterministic template's copy for widgets: the kind from the prompt, and copy from the
 * brief and the niche's curated lines. The caller's content always wins; a model's copy sits
 * between the two (see engine.ts). The sections are laid out from the copy in layout.ts.
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

export interface TemplateCopyRequest {
  kind: WidgetKind;
  brief: Brief;
  brand: Brand;
  now: Date;
  /** The caller's own words: what they supply needs no warning. */
  supplied: Pick<ContentOverrides, 'pricing' | 'testimonials'>;
}

/** The template's copy, the brand name it chose, and what the caller should supply. */
export interface TemplateCopy {
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
export function writeTemplateCopy({ kind, brief, brand, now, supplied }: TemplateCopyRequest): TemplateCopy {
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

  const byKind: Record<WidgetKind, () => Pick<TemplateCopy['copy'], 'headline' | 'subheadline' | 'cta_text' | 'eyebrow'>> = {
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
    booking: () => ({
      headline: fit(`Book with ${brandName}`, 120),
      subheadline: fit(`Choose a service and a time that suits you${place}. We will confirm by email.`, 300),
      cta_text: 'Request booking',
    }),
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
      success_message:
        {
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
