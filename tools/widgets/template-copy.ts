import type { Brief } from '../../src/compose/types.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { aboutParts, asSentence, contactHeading, dateText, insideAnother, offeringList, stripEnd } from '../../src/compose/contract.js';
import type { PageFrames } from '../../src/compose/frames/index.js';
import { capitalize, fit } from '../../src/compose/text.js';
import type { Brand, ContentOverrides, Copy, WidgetKind } from './schema.js';

/**
 * The deterministic template's copy for widgets: frames of the page's language (src/compose/frames) filled with
 * the facts of the prompt (src/compose/facts) and nothing else, so it invents no claim, price, quote or answer.
 * The caller's content always wins; a model's copy sits between the two (see engine.ts). Fact-bearing sections
 * (offerings, hours, address, contacts) are laid out from the facts themselves in layout.ts.
 */

/** The first rule that matches names the kind; a page request wins over the widgets it contains. */
const kindRules: Array<[WidgetKind, RegExp]> = [
  ['landing', /\b(landing\s*page|home\s*page|homepage|website|web\s*site|one[-\s]pager|site|página|pagina|seite|webseite|site web)\b/iu],
  ['countdown', /\b(count\s*down|countdown|timer|time left|cuenta atrás|contagem regressiva|compte à rebours)\b/iu],
  ['waitlist', /\b(wait\s*-?list|early access|coming soon|pre-?launch|beta (sign[-\s]?up|list)|lista de espera|warteliste|liste d'attente)\b/iu],
  ['newsletter', /\b(newsletter|mailing list|subscribe|subscription form|email list|boletín)\b/iu],
  ['pricing', /\b(pricing|price (table|list)|plans? (table|comparison)|tiers?|precios|preços|preise|tarifs)\b/iu],
  ['faq', /\b(faq|frequently asked|questions and answers|q\s*&\s*a|preguntas frecuentes|perguntas frequentes|häufige fragen)\b/iu],
  ['testimonials', /\b(testimonials?|reviews? (section|widget|wall)|social proof|customer quotes|testimonios|depoimentos|témoignages)\b/iu],
  ['booking', /\b(book(ing)?|appointment|reservation|reserve|schedul(e|ing)|reserva|agendamento|termin|réservation)\b/iu],
  ['lead_capture', /\b(lead|leads|lead magnet|free (guide|ebook|e-book|checklist|download)|quote request|get a quote)\b/iu],
  ['contact', /\b(contact|get in touch|enquir(y|ies)|inquir(y|ies)|message us|contacto|contato|kontakt)\b/iu],
  ['hero', /\b(hero|banner|header section|above the fold)\b/iu],
];

export function inferKind(prompt: string): WidgetKind {
  return kindRules.find(([, pattern]) => pattern.test(prompt))?.[0] ?? 'landing';
}

export interface TemplateCopyRequest {
  kind: WidgetKind;
  facts: FactSheet;
  brief: Brief;
  brand: Brand;
  frames: PageFrames;
  now: Date;
  /** The caller's own words: what they supply needs no warning. */
  supplied: Pick<ContentOverrides, 'pricing' | 'testimonials' | 'faq'>;
}

/** The template's copy, the brand name it chose, and what the caller should supply. */
export interface TemplateCopy {
  copy: Required<Pick<Copy, 'title' | 'description' | 'headline' | 'subheadline' | 'cta_text'>> & Copy;
  brandName: string;
  warnings: string[];
}

/** Longer news is said in full in the text under a headline of the business's name. */
const NEWS_HEADLINE_MAX = 110;

const sentence = asSentence;

/** The business's name: the caller's, else the prompt's, else a description of it (with a warning). */
function nameOf({ brand, facts, brief }: TemplateCopyRequest, warnings: string[]): string {
  const named = brand.name ?? facts.business.name?.text;
  if (named) return named;
  const keyword = brief.keywords.find((word) => !/^(launch|sale|countdown|pricing|form|page|landing|website)$/i.test(word));
  const description = keyword ? fit(capitalize(keyword), 60) : capitalize(facts.offerings[0]?.name ?? 'Welcome');
  warnings.push(`No business name was given, so the page calls it "${description}"; pass brand.name to set it.`);
  return description;
}

/** The facts that open a page, as sentences: news first, then what is on offer, conditions and dates. */
function factSentences(request: TemplateCopyRequest, name: string | undefined, headlineIsList: boolean): string[] {
  const { facts, frames, kind } = request;
  const out: string[] = [];
  // News too long for a headline opens the text instead.
  if (facts.news[0] && facts.news[0].what.length > NEWS_HEADLINE_MAX) out.push(sentence(facts.news[0].what));
  if (name && facts.offerings.length && !headlineIsList) out.push(frames.sentences.offers(name, offeringList(facts, frames)));
  // The caller's own claims about the business ("Gas Safe registered"), in their words.
  for (const claim of facts.claims) out.push(sentence(claim.text));
  // On a landing page with offerings, their conditions open the offerings section instead.
  if (!(kind === 'landing' && facts.offerings.length)) for (const constraint of facts.constraints) out.push(sentence(constraint.text));
  // A date the news, a condition or an offering already states is said once.
  for (const date of facts.dates)
    if (!insideAnother(date, facts)) out.push(sentence(date.what ? frames.sentences.countdownIntro(capitalize(date.what), dateText(date, frames)) : dateText(date, frames)));
  return out;
}

/** Template copy for every part the kind shows; warnings say what the caller should supply. */
export function writeTemplateCopy(request: TemplateCopyRequest): TemplateCopy {
  const { kind, facts, frames, now, supplied } = request;
  const warnings: string[] = [];
  const brandName = nameOf(request, warnings);
  // Sentences about the business need its name; without one, they are left out rather than said of a description.
  const name = request.brand.name ?? facts.business.name?.text;
  const invite = name ? frames.sentences.contactIntro(name) : '';
  const contactTitle = contactHeading(name, frames);
  const news = facts.news[0];
  const names = facts.offerings.map((offering) => offering.name);
  const list = names.length && names.length <= 4 ? capitalize(offeringList(facts, frames)) : undefined;
  const headline = news && news.what.length <= NEWS_HEADLINE_MAX ? capitalize(stripEnd(news.what)) : (list ?? brandName);
  const opening = factSentences(request, name, !news && headline === list).join(' ');
  const freeOffer = facts.offerings.find((offering) => !offering.price)?.name;
  // What the business is, where and for whom, as a label above the headline: "Dental clinic · Madrid · For families".
  const about = aboutParts(facts, frames);
  const eyebrow = about.length ? fit(capitalize(about.join(' · ')), 80) : undefined;

  const byKind: Record<WidgetKind, () => Pick<TemplateCopy['copy'], 'headline' | 'subheadline' | 'cta_text' | 'eyebrow'>> = {
    landing: () => ({ eyebrow, headline, subheadline: opening || invite, cta_text: frames.buttons.contact }),
    hero: () => ({ eyebrow: eyebrow ?? (headline === brandName ? undefined : brandName), headline, subheadline: opening || invite, cta_text: frames.buttons.contact }),
    waitlist: () => ({
      eyebrow: news ? brandName : undefined,
      headline: news ? headline : frames.headings.waitlist(brandName),
      subheadline: frames.sentences.waitlistIntro(brandName),
      cta_text: frames.buttons.waitlist,
    }),
    newsletter: () => ({ headline: frames.headings.newsletter(brandName), subheadline: frames.sentences.newsletterIntro(brandName), cta_text: frames.buttons.subscribe }),
    pricing: () => ({ headline: frames.headings.pricing, subheadline: opening || invite, cta_text: frames.buttons.contact }),
    faq: () => ({ headline: frames.headings.faq, subheadline: invite, cta_text: frames.buttons.contact }),
    testimonials: () => ({ headline: frames.headings.testimonials, subheadline: invite, cta_text: frames.buttons.contact }),
    countdown: () => {
      const date = facts.dates[0];
      const what = date?.what ? capitalize(date.what) : news ? headline : brandName;
      return {
        headline: frames.headings.countdown(what),
        subheadline: date ? sentence(frames.sentences.countdownIntro(what, dateText(date, frames))) : opening || invite,
        cta_text: frames.buttons.contact,
      };
    },
    contact: () => ({ headline: contactTitle, subheadline: invite, cta_text: frames.buttons.send }),
    booking: () => ({ headline: frames.headings.booking(brandName), subheadline: frames.sentences.bookingIntro(brandName), cta_text: frames.buttons.book }),
    lead_capture: () => {
      const offer = freeOffer ?? brandName;
      return { headline: frames.headings.leadMagnet(offer), subheadline: frames.sentences.leadIntro(offer), cta_text: frames.buttons.lead };
    },
  };
  const head = byKind[kind]();
  const priced = facts.offerings.filter((offering) => offering.price);
  if (kind === 'pricing' && !priced.length && !supplied.pricing) warnings.push('The prompt names no prices, so the tiers are marked example text; pass content.pricing with your tiers and prices.');
  if (kind === 'faq' && !supplied.faq) warnings.push('The FAQ is marked example text: the template writes no answers for you; pass content.faq with your questions and answers.');
  if (kind === 'testimonials' && !supplied.testimonials) warnings.push('The testimonials are marked example text: pass content.testimonials with real customer quotes and names.');
  const subheadline = fit(head.subheadline, 300);
  return {
    brandName,
    warnings,
    copy: {
      title: fit(head.headline === brandName ? brandName : `${brandName} | ${head.headline}`, 70),
      description: fit(subheadline || head.headline, 160),
      ...head,
      headline: fit(head.headline, 120),
      subheadline,
      form_heading: kind === 'landing' ? contactTitle : fit(head.headline, 120),
      // The hero already invites a message: the form's heading is enough.
      form_text: undefined,
      button_text: kind === 'landing' ? frames.buttons.send : head.cta_text,
      success_message:
        { waitlist: frames.success.waitlist, newsletter: frames.success.newsletter, booking: frames.success.booking, lead_capture: frames.success.lead }[kind as string] ?? frames.success.message,
      // The close restates the offer above its button (news is said once: then the name); the form's heading names the business.
      closing_headline: fit(news ? brandName : head.headline, 120),
      footer_text: fit(`© ${now.getUTCFullYear()}${name ? ` ${name}` : ''}`, 300),
    },
  };
}
