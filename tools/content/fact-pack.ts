import type { FactSheet } from '../../src/compose/facts.js';
import { aboutParts, asSentence, contactHeading, dateText, hoursText, insideAnother, offeringList, priceText, stripEnd } from '../../src/compose/contract.js';
import { listOf, type PageFrames } from '../../src/compose/frames/index.js';
import { capitalize, fit } from '../../src/compose/text.js';
import type { Channel, Content } from './schema.js';

/**
 * The template's pack for a prompt that states facts (news, offerings, hours, an address, contacts): every
 * sentence is a fact in the caller's words or a frame of the pack's language around one, so the news opens
 * the first paragraph and the subject line and nothing is added that the caller did not say. Parts a channel
 * needs and the facts cannot fill (FAQ answers, benefits) are example text, listed as placeholders.
 */

export interface FactPackRequest {
  facts: FactSheet;
  frames: PageFrames;
  /** The caller's brand, else the name the prompt gives. */
  brand: string | null;
  channels: readonly Channel[];
}

export interface FactPack {
  content: Content;
  /** Parts of example text the caller should replace, by block. */
  placeholders: Array<{ block: Channel; supply: string }>;
}

/** Does the prompt state facts enough for a pack of them (rather than a topic to write about)? */
export const statesFacts = (facts: FactSheet): boolean => facts.news.length > 0 || facts.offerings.length > 0 || facts.hours.length > 0 || facts.address !== undefined;

const sentence = asSentence;

/** "#ClinicaSol"-style tags from names the caller gave. */
function tagsOf(words: readonly string[]): string[] {
  const tags: string[] = [];
  for (const word of words) {
    const tag = word
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(capitalize)
      .join('');
    if (tag.length >= 3 && tag.length <= 40 && !tags.includes(tag)) tags.push(tag);
    if (tags.length === 3) break;
  }
  return tags;
}

/** As many whole lines as fit in `max` characters, one per line. */
function linesWithin(lines: readonly string[], max: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + (kept.length ? 1 : 0) > max) break;
    length += line.length + (kept.length ? 1 : 0);
    kept.push(line);
  }
  return kept.join('\n');
}

/** The lead as a subject line: whole if it fits, else without its asides in brackets, else cut at a word. */
function subjectOf(lead: string): string {
  const whole = stripEnd(lead);
  if (whole.length <= 60) return whole;
  const plain = whole.replace(/\s*\([^()]*\)/gu, '').replace(/\s{2,}/g, ' ');
  return fit(plain, 60);
}

export function writeFactPack({ facts, frames, brand, channels }: FactPackRequest): FactPack {
  const name = brand ?? facts.business.name?.text ?? null;
  const list = offeringList(facts, frames);
  const offers = facts.offerings.length && name ? frames.sentences.offers(name, list) : null;
  const news = facts.news[0];
  const lead = news ? sentence(news.what) : (offers ?? (name ? sentence(name) : sentence(list || frames.headings.hours)));
  const priceLines = facts.offerings.filter((offering) => offering.price).map((offering) => frames.pack.price(capitalize(offering.name), priceText(offering.price!, frames)));
  const conditions = facts.constraints.map((constraint) => sentence(constraint.text));
  const dates = facts.dates.filter((date) => !insideAnother(date, facts)).map((date) => sentence(date.what ? `${capitalize(date.what)}: ${dateText(date, frames)}` : dateText(date, frames)));
  // Hours inside the news are the news ("now opens on Saturdays 9–14"), not the week's hours.
  const hoursLines = facts.hours
    .filter((hours) => !insideAnother(hours, facts))
    .map((hours) => hoursText(hours, frames))
    .join(', ');
  const hours = hoursLines ? (name ? frames.pack.hours(name, hoursLines) : `${frames.headings.hours}: ${hoursLines}.`) : null;
  const address = facts.address ? (name ? frames.pack.address(name, facts.address.text) : `${frames.chrome.address}: ${facts.address.text}.`) : null;
  const contacts = [...facts.contacts.emails, ...facts.contacts.phones, ...facts.contacts.urls].map((contact) => contact.text);
  const contact = contacts.length ? frames.pack.contact(listOf(frames, contacts)) : null;
  const invite = name ? frames.sentences.contactIntro(name) : null;
  // What the business is, where and for whom, and its own claims, in the caller's words.
  const about = aboutParts(facts, frames);
  const aboutLine = about.length ? sentence(`${name ? `${name}: ` : ''}${about.join(' · ')}`) : null;
  const claims = facts.claims.map((claim) => sentence(claim.text));
  const offerParagraph = [aboutLine, offers !== lead ? offers : null, ...claims, ...priceLines, ...conditions].filter((text): text is string => Boolean(text));
  const visitParagraph = [hours, address].filter((text): text is string => Boolean(text));
  const all = [lead, ...dates, ...offerParagraph, ...visitParagraph, ...(contact ? [contact] : [])];
  const topic = fit(stripEnd(lead), 120);
  const content: Content = { topic };
  const placeholders: FactPack['placeholders'] = [];
  const contactTitle = contactHeading(name, frames);

  if (channels.includes('blog')) {
    const sections = [
      dates.length ? { heading: capitalize(stripEnd(news?.what ?? topic)).slice(0, 120), body: dates.join(' ') } : null,
      offerParagraph.length ? { heading: frames.headings.offerings, body: offerParagraph.join(' ') } : null,
      visitParagraph.length ? { heading: frames.headings.visit, body: visitParagraph.join(' ') } : null,
      contact ? { heading: contactTitle, body: contact } : null,
    ].filter((section): section is { heading: string; body: string } => section !== null);
    // A blog has two sections at least: what the facts cannot fill is numbered example text, listed to replace.
    if (sections.length < 2) placeholders.push({ block: 'blog', supply: 'sections in your own words (content_revise replacement)' });
    for (let n = 1; sections.length < 2; n += 1) sections.push({ heading: fit(`${frames.examples.feature.title} (${n})`, 120), body: frames.examples.feature.text });
    content.blog = { title: fit(topic, 110), meta_description: fit(all.join(' '), 155), intro: lead, sections, conclusion: invite ?? sentence(contactTitle) };
  }
  if (channels.includes('linkedin')) {
    // A lead too long for the hook is said whole in the body.
    const rest = lead.length > 140 ? all : all.slice(1);
    content.linkedin = {
      hook: fit(lead, 140),
      // The hook says the news: the body goes on with the other facts, or the invitation, never the hook again.
      // Each line fitted on its own: fitting the whole would join the lines into one.
      body: linesWithin(
        (rest.length ? rest : [invite ?? sentence(contactTitle)]).map((line) => `→ ${fit(line, 480)}`),
        2500,
      ),
      hashtags: tagsOf([...(name ? [name] : []), ...facts.offerings.map((offering) => offering.name)]),
    };
  }
  if (channels.includes('email')) {
    let preheader = fit([...all.slice(1), invite].filter(Boolean).join(' ') || lead, 100);
    // The schema wants 40 characters: a short preheader says the lead too.
    if (preheader.length < 40) preheader = fit(`${lead} ${preheader}`, 100);
    if (preheader.length < 40) preheader = fit(`${preheader} ${contactTitle}. ${topic}.`, 100);
    content.email = {
      subject: subjectOf(lead),
      preheader,
      greeting: frames.pack.greeting,
      paragraphs: [lead, dates.join(' '), offerParagraph.join(' '), visitParagraph.join(' '), contact ?? ''].filter(Boolean).map((paragraph) => fit(paragraph, 1500)),
      signoff: name ? `— ${name}` : '—',
    };
  }
  if (channels.includes('x_thread')) {
    const tweets = all.slice(0, 15);
    if (tweets.length < 2) tweets.push(invite ?? sentence(contactTitle));
    content.x_thread = { tweets };
  }
  if (channels.includes('page_sections')) {
    const benefits = [
      ...facts.offerings.slice(0, 4).map((offering) => ({
        title: fit(capitalize(offering.name), 80),
        text: fit(offering.price ? frames.pack.price(capitalize(offering.name), priceText(offering.price, frames)) : (offering.description ?? sentence(offering.name)), 300),
      })),
      ...(hours ? [{ title: frames.headings.hours, text: fit(hours, 300) }] : []),
      ...(address ? [{ title: frames.headings.visit, text: fit(address, 300) }] : []),
      ...(contact ? [{ title: contactTitle.slice(0, 80), text: fit(contact, 300) }] : []),
    ].slice(0, 6);
    if (benefits.length < 3) placeholders.push({ block: 'page_sections', supply: 'benefits: your own reasons to choose you (content_revise replacement)' });
    // Example items are numbered: the same example twice would read as a mistake.
    for (let n = 1; benefits.length < 3; n += 1) benefits.push({ title: fit(`${frames.examples.feature.title} (${n})`, 80), text: frames.examples.feature.text });
    const faq = [
      ...(hours && name ? [{ question: frames.pack.questions.hours(name), answer: hours }] : []),
      ...(address && name ? [{ question: frames.pack.questions.address(name), answer: address }] : []),
      ...facts.offerings
        .filter((offering) => offering.price)
        .slice(0, 2)
        .map((offering) => ({ question: frames.pack.questions.price(offering.name), answer: frames.pack.price(capitalize(offering.name), priceText(offering.price!, frames)) })),
      ...(contact && name ? [{ question: frames.pack.questions.contact(name), answer: contact }] : []),
    ].slice(0, 6);
    if (faq.length < 2) placeholders.push({ block: 'page_sections', supply: 'faq: your own questions and answers (content_revise replacement)' });
    for (const example of frames.examples.faq) if (faq.length < 2) faq.push(example);
    content.page_sections = {
      hero: { headline: fit(topic, 90), subheadline: fit(all[1] ?? invite ?? lead, 200) },
      benefits,
      faq: faq.map((entry) => ({ question: fit(entry.question, 200), answer: fit(entry.answer, 600) })),
      cta: { headline: fit(contactTitle, 120), button_text: fit(frames.buttons.contact, 40) },
    };
  }
  return { content, placeholders };
}
