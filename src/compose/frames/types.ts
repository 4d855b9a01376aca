/**
 * Grammatical frames (issue 14 §4): the fixed words of template copy in one language, written as sentences and
 * labels with typed slots. A slot is always a fact in the caller's own words (a business name, an offering, a
 * price as written) or a list of them; the prompt itself is never a slot. One file per language.
 */

/** A frame about a topic, for an audience or none: "{Topic}: a practical guide for {audience}". */
export type TopicFrame = (topic: string, audience: string | null) => string;
/** Variants of a frame for each tone of the template. */
export type ByTone<T> = Record<'professional' | 'friendly' | 'bold', T[]>;

/** The page's fixed words, by what they are for. */
export interface PageFrames {
  /** BCP 47 primary subtag. */
  lang: string;
  /** "from €2,900": a starting price. */
  from: (price: string) => string;
  /** "For busy parents": who the business serves, as a label. */
  audience: (who: string) => string;
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
  /**
   * Content packs about a topic (a prompt with no facts and no source): the words around the topic, a noun phrase
   * from the prompt ("sourdough baking"), and the audience, one from the caller or the prompt ("beginners") or none.
   * Every frame reads with any noun phrase, singular or plural, with or without an article: the topic is never the
   * subject of a verb that would agree with it, and never follows a word that would contract or elide with it.
   */
  topic: {
    /** Blog titles (labels). */
    titles: TopicFrame[];
    /** The first point, by tone. */
    openers: ByTone<TopicFrame>;
    /** The points after it: a goal, a first step, a measure, a habit, a review; each a list of variants. */
    steps: { goal: Array<(topic: string) => string>; step: string[]; measure: string[]; habit: string[]; review: Array<(topic: string) => string> };
    /** Headings of the blog's three sections (the opener and goal, the step and measure, the habit and review), each a list of variants. */
    headings: string[][];
    meta: TopicFrame;
    intros: TopicFrame[];
    conclusions: Array<(topic: string) => string>;
    /** The LinkedIn post's first line, by tone. */
    hooks: ByTone<(topic: string) => string>;
    /** The question that ends a LinkedIn post. */
    questions: string[];
    /** Email subjects (labels) and the preheader when the first point is too short for one. */
    subjects: Array<(topic: string) => string>;
    preheader: (topic: string) => string;
    greetings: ByTone<string>;
    signoffs: string[];
    /** The thread's first tweet (a label with its emoji) and its last. */
    threadHooks: TopicFrame[];
    threadEnds: string[];
    /** Titles of the page's three benefits, which carry the goal, the step and the measure (labels). */
    benefits: string[];
    /** The page's questions, answered by the first three points. */
    faq: { about: (topic: string) => string; start: string; step: string };
    /** The call to action's headline (a label, or a question) and its button. */
    cta: Array<(topic: string) => string>;
    buttons: string[];
  };
  /** Words the page's renderer and script write. */
  /** The countdown's ticking text: "3 d 4 h 12 min left" (the page's one script fills the numbers in). */
  remaining: (days: string, hours: string, minutes: string) => string;
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
