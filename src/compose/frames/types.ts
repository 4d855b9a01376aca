/**
 * Grammatical frames (issue 14 §4): the fixed words of template copy in one language, written as sentences and
 * labels with typed slots. A slot is always a fact in the caller's own words (a business name, an offering, a
 * price as written) or a list of them; the prompt itself is never a slot. One file per language.
 */

/** The page's fixed words, by what they are for. */
export interface PageFrames {
  /** BCP 47 primary subtag. */
  lang: string;
  /** "from €2,900": a starting price. */
  from: (price: string) => string;
  headings: {
    /** The section listing the caller's offerings with their prices. */
    offerings: string;
    pricing: string;
    faq: string;
    testimonials: string;
    /** Opening hours in the footer and the visit section. */
    hours: string;
    /** The visit section: address, hours, phone. */
    visit: string;
    contact: (name: string) => string;
    booking: (name: string) => string;
    newsletter: (name: string) => string;
    waitlist: (name: string) => string;
    /** A free offering the caller gives away (a guide, a checklist). */
    leadMagnet: (offer: string) => string;
    /** A countdown to a day the caller named: "{what}: {date}" or the name alone. */
    countdown: (name: string) => string;
  };
  /** Header navigation labels. */
  nav: { offerings: string; pricing: string; testimonials: string; faq: string; form: string; countdown: string; features: string; visit: string };
  buttons: { contact: string; send: string; book: string; subscribe: string; waitlist: string; lead: string; offerings: string };
  fields: { name: string; firstName: string; email: string; phone: string; message: string; service: string; date: string; time: string; notes: string; company: string };
  success: { message: string; booking: string; waitlist: string; newsletter: string; lead: string };
  /** Whole sentences, each ending with its punctuation. */
  sentences: {
    /** "{name} offers {list}." */
    offers: (name: string, list: string) => string;
    contactIntro: (name: string) => string;
    bookingIntro: (name: string) => string;
    waitlistIntro: (name: string) => string;
    newsletterIntro: (name: string) => string;
    leadIntro: (offer: string) => string;
    /** What a newsletter or waitlist form means for the person who sends it. */
    consent: (name: string) => string;
    countdownIntro: (what: string, date: string) => string;
  };
  /** Clearly marked example text for sections the caller asked for but gave no content for (meta.placeholders). */
  examples: {
    note: string;
    faq: Array<{ question: string; answer: string }>;
    testimonial: { quote: string; name: string };
    feature: { title: string; text: string };
    tier: { name: string; price: string };
  };
  /** Content packs written from facts (an announcement, an offer): the words around them. */
  pack: {
    greeting: string;
    /** "Opening hours at {name}: Mon–Fri 9:00–18:00, Sat 10:00–14:00." */
    hours: (name: string, lines: string) => string;
    /** "{name} is at {address}." */
    address: (name: string, address: string) => string;
    /** "Contact: {list of email, phone, URL}." */
    contact: (list: string) => string;
    /** Questions a pack's FAQ answers with the caller's facts. */
    questions: { hours: (name: string) => string; address: (name: string) => string; price: (offering: string) => string; contact: (name: string) => string };
    /** "{offering}: {price}." */
    price: (offering: string, price: string) => string;
  };
  /** Words the page's renderer and script write. */
  chrome: {
    sending: string;
    skip: string;
    choose: string;
    popular: string;
    trap: string;
    ended: string;
    sent: string;
    failed: string;
    offline: string;
    closed: string;
    address: string;
    phone: string;
    email: string;
  };
}
