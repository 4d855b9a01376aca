/** Word sets that several parts of brief extraction read: what a prompt's words are when they are not its subject. */
import { stopwords } from '../lexicon.js';

/** A request's own small talk, beyond the shared stop words: courtesies, abbreviations and indefinites. */
const PROMPT_FILLERS = `please thanks thank hey hi hello yes lets let etc via per vs upon something anything everything
  nothing ones`.split(/\s+/u);

/** The shared stop words and a request's small talk: never keywords, never the head of a count or a name. */
export const PROMPT_STOPWORDS = new Set([...stopwords, ...PROMPT_FILLERS]);

/** Words about the deliverable, not the business: never keywords, never names on their own. */
export const GENERIC = new Set(
  `landing page pages website websites site sites web webpage homepage widget widgets newsletter newsletters email
  emails template templates section sections copy copywriting content text design layout form forms button buttons
  banner banners hero header footer business businesses company brand thing things stuff way lot kind version
  create make build write generate need want help idea ideas draft description blurb tagline headline headlines
  announcement bit details info information words call action cta seo tone style vibe vibes feel look looks colour
  color colours colors palette theme font fonts image images logo link links url domain signup sign-up waitlist
  price prices card cards list lists table grid modal popup mockup wireframe example sample placeholder please
  brief prompt output result results time audience target`.split(/\s+/u),
);

/** Format words: real content, but less telling than the subject, so they rank lower. */
export const WEAK = new Set(
  `course courses class classes lesson lessons event events launch app apps shop shops store stores product products
  service services tier tiers plan plans pricing offer offers program programs programme workshop workshops
  subscription subscriptions membership memberships customers clients people month months year years week weeks day
  days option options package packages page post posts blog update updates`.split(/\s+/u),
);

export const VERBISH = new Set(
  `create make build write design add use include generate draft need want give show list set get keep try
  describe produce craft prepare put turn help mention highlight feature focus explain tell say ask visit contact
  targeting targeted aimed geared tailored intended designed built made based located offering providing
  featuring selling serving`.split(/\s+/u),
);

/** Platforms a prompt mentions as channels ("an Instagram caption"), not the business's own name. */
export const PLATFORMS = new Set(
  `instagram facebook tiktok linkedin twitter youtube pinterest etsy shopify amazon google
  stripe substack mailchimp wordpress squarespace wix webflow whatsapp telegram discord slack reddit threads snapchat
  gmail outlook zoom eventbrite airbnb uber ebay notion figma canva`.split(/\s+/u),
);

/** Plan and tier labels: names only as part of a longer name ("Acme Pro"). */
export const TIER_WORDS = new Set(
  `basic starter pro plus premium team business enterprise free standard growth scale
  lite personal individual family unlimited ultimate essential essentials advanced monthly annual yearly weekly daily
  lifetime`.split(/\s+/u),
);

export const ACRONYMS = new Set(
  `ai seo cta faq api ui ux css html pdf url usd eur gbp b2b b2c saas crm diy asap fyi ok ps i pm am tbd tba eta
  roi kpi qr sms diy ceo cto cfo hr pr`.split(/\s+/u),
);

export const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

export const CALENDAR_WORDS = new Set([
  ...Object.keys(MONTHS),
  ...`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun today
  tomorrow tonight yesterday weekend spring summer autumn fall winter christmas easter halloween thanksgiving
  hanukkah diwali eid ramadan valentine valentines q1 q2 q3 q4`.split(/\s+/u),
]);

/** Nationalities and languages: capitalised, but neither places nor names ("our Italian restaurant"). */
export const NATIONALITIES = new Set(
  `english spanish french german italian portuguese chinese mandarin cantonese japanese korean arabic hindi dutch
  russian polish swedish turkish greek hebrew latin thai vietnamese indian mexican american british irish scottish
  welsh canadian australian brazilian peruvian ethiopian moroccan lebanese persian nordic scandinavian
  mediterranean asian european african caribbean cajun filipino indonesian malaysian nepalese tibetan cuban
  argentinian colombian jamaican hawaiian texan swiss austrian belgian danish norwegian finnish ukrainian`.split(/\s+/u),
);

/** Words that end a phrase read after a marker: an audience after "for", a name after "called". */
export const PHRASE_STOP = new Set(
  `in at near on with from by based located called named that which to priced costing this next per where when
  because so but via using featuring including like such during before after within about whose plus than
  starting launching is are was were will would should can could has have had`.split(/\s+/u),
);
