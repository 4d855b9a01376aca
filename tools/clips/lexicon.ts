/** Word lists the scorer reads: small, curated, English; the reasons in a clip's score quote them. */
import { stopwords } from '../../src/compose/lexicon.js';

/** What talk adds to the shared stop words: fillers and hedges, contractions, vague nouns and everyday verbs. */
const spokenFillers = `um uh like yeah oh gonna wanna kind sort actually basically literally right honestly maybe probably pretty
  dont don't im i'm it's thats that's youre you're we're theyre they're ive i've isnt isn't
  thing things stuff lot lots part time way people today week
  know mean think going go said say says need needs want wants make makes made use used look looks start`.split(/\s+/);

/** The stop words of a transcript: the shared English ones and the spoken fillers. */
export const spokenStopwords = new Set([...stopwords, ...spokenFillers]);

/** A clip that opens on one of these starts mid-thought. */
export const danglingOpeners = new Set(
  `and but so because also which that this these those it he she they him her them then plus or nor yet anyway
  however therefore thus hence meanwhile besides moreover furthermore otherwise instead likewise that's thats`.split(/\s+/),
);

export const interrogatives = new Set('what why how who when where which is are do does did can could should would will have has ever'.split(' '));

export const boldWords = new Set(
  `never always nobody everyone everybody nothing everything best worst biggest secret secrets truth mistake mistakes wrong
  stop myth myths lie lies lied hate love insane crazy impossible guaranteed proven shocking unbelievable incredible
  huge massive ultimate only must destroy destroyed killed killing changed change-your-life`.split(/\s+/),
);

export const emotionWords = new Set(
  `amazing incredible insane crazy wild love loved hate hated terrified scared afraid fear angry furious shocked shocking
  surprised wow unbelievable awesome beautiful heartbreaking devastating brutal hilarious funny laugh laughed cried cry tears
  excited thrilled obsessed painful proud ashamed embarrassed disgusting terrible horrible fantastic perfect worst best
  dangerous risky broke rich fired quit died dead miracle nightmare dream`.split(/\s+/),
);

export const numberWords = new Set(
  'two three four five six seven eight nine ten eleven twelve twenty thirty fifty hundred thousand million billion first second third half double triple percent'.split(' '),
);

/** Whether a word (as spoken, with its punctuation) is emotionally charged. */
export const isEmotional = (word: string) => emotionWords.has(word.toLowerCase().replace(/[^\p{L}]/gu, ''));

/** Lower-case letters only, a light stem ("grooming" → "groom"): enough to match a word's forms. */
export function stem(word: string): string {
  const lower = word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, '')
    .replace(/'s$/, '');
  if (lower.length <= 4) return lower;
  return lower.replace(/(?:ingly|edly|ing|ed|ies|es|s|ly)$/, (suffix) => (suffix === 'ies' ? 'y' : ''));
}

/** The content tokens of a text: stems of the words that are not spoken stop words. */
export function contentTokens(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
    if (lower.length < 3 || spokenStopwords.has(lower) || /^\d+$/.test(lower)) continue;
    out.push(stem(lower));
  }
  return out;
}

/**
 * Words that make a reply, not a thought: a clip opening on "Yeah." or "Right, so…" starts in
 * the middle of an exchange; a clip made mostly of them says nothing.
 */
export const fillerWords = new Set(
  `um umm uh uhh uh-huh mm mmm mhm mm-hmm hmm hm er erm ah oh yeah yep yup yes nope right okay ok sure exactly totally
  absolutely definitely wow huh well like so anyway alright`.split(/\s+/),
);

/** The first words of a reply fragment: what answers the sentence before rather than opening a thought. */
export const replyOpeners = new Set(`yeah yep yup yes no nope right okay ok sure exactly totally absolutely definitely oh uh um mm hmm well anyway true`.split(/\s+/));

/** A question that asks nothing, only for assent: never a clip's first line, never a title. */
export const tagQuestion =
  /^(?:you know(?: what i['’]m saying| what i mean)?|you see|right|okay|isn['’]t it|don['’]t you think|can you imagine|(?:does )?(?:that|this) make sense|makes sense|(?:do )?you know what i mean|am i right|you with me)\?["')\]”’]*$/iu;
/** How a story, claim or question is set up: a clip that opens like this has a setup for its payoff. */
export const setupOpeners =
  /^(?:what|why|how|who|when|where|is|are|do|does|did|can|could|should|would|have|has|here'?s|let me tell you|i remember|i'll never forget|one time|there was|there's this|the (?:thing|problem|truth|secret|reason|best|worst|biggest)|imagine|think about|the first time|when i was|i used to|my (?:favourite|favorite|biggest)|most people|nobody|everyone|never|always)\b/i;

/**
 * Housekeeping, by what is said: sponsor reads (the trigger, the promo code or offer that closes
 * them), intros and sign-offs. A sentence that matches is never inside a clip.
 */
export const sponsorStart =
  /\b(?:brought to you by|sponsored by|sponsored (?:news|segment|message|spot|read)|time for (?:a (?:quick )?)?(?:word from (?:our|today's) sponsors?|sponsor(?:ed)? (?:break|segment)|an? ad break)|(?:word|message) from (?:our|today's|this week's) (?:sponsors?|partners?)|thanks to (?:our|today's) partners|(?:our|today's|this episode's|this week's) sponsors?\b|a word from (?:our|today's) sponsors?|support for (?:this|the) (?:show|podcast|episode) comes from|thanks to (?:our|today's) sponsors?|(?:this|today's) (?:episode|show|podcast|program|programme) is (?:brought to you|sponsored|supported|presented|made possible|powered) by|(?:support|funding) for (?:this|the) (?:show|podcast|episode|program) (?:is provided by|comes from))/i;
export const sponsorEnd =
  /\b(?:for sponsoring (?:this|the|today's)|(?:follow|click|use) the link in (?:your|the) (?:chapter data|description|show notes|newsletter)|promo code|discount code|coupon code|use (?:the )?code|code [A-Z0-9]{3,}|\d+ ?% off|percent off|free trial|(?:dot )?com slash|\.com\/|\w+\.(?:com|co|io|org)\b|sign up (?:today|now|at)|first (?:month|box|order) free|link in the (?:description|show notes))/i;
export const signOff =
  /\b(?:thanks? (?:you )?(?:so much )?for (?:listening|watching|tuning in|joining us|having me|coming on|your time)|see you (?:next time|next week|tomorrow|soon|in the next)|until next time|that(?:'s| is) (?:all|it|the news|the show|our show) for (?:today|this week|this episode|now)|(?:i'?ll )?talk to you (?:again )?(?:real |very )?soon|have a (?:great|good|wonderful) (?:week|weekend)|(?:5|five)[- ]star[t]? review|tell your friends about|(?:hit|please|and) subscribe|(?:don'?t forget to|make sure (?:to|you)) (?:like and )?subscribe|subscribe (?:wherever|on apple|on spotify|in your podcast)|subscribe to (?:the|our|my) (?:channel|show|podcast|newsletter)|rate and review|leave (?:us )?a review|follow us on|(?:good)?bye(?: then| now| everyone| everybody)?[.!]?$|take care[.!]?$|thank you,? (?:everyone|everybody|all|guys)[.!]?$|(?:have|need|got) to (?:get going|run|wrap (?:it )?up)|let'?s wrap (?:it )?up|that'?s all the time we have)/i;
/** An intro: only read as one near the start of the transcript ("welcome to the team" mid-talk is talk). */
export const introLine =
  /\b(?:welcome (?:back )?to (?:the|this|another|episode|our)\b|^welcome (?:back )?to\b|i'?m [\w'-]+(?: [\w'-]+)?,? and (?:this is|you'?re listening to)\b|^(?:hey|hi|hello|what'?s up|what up|howdy),? (?:nerds|everyone|everybody|all|guys|folks|friends)\b|i'?m your host|on (?:today'?s|this week'?s) (?:episode|show)|this is episode \d+|(?:good (?:morning|afternoon|evening)|hi|hello),? (?:everyone|everybody|all|guys)[.!]?$)/i;
/** Where the show proper starts, after its intro and announcements ("Ok, let's get into the news."). */
export const showStarts = /\b(?:let'?s (?:get|dive|jump) (?:right |straight )?(?:into|in|started)|without further ado|on with the (?:show|news))\b/i;
/** The host handing the floor on ("Go ahead, sir.", "Next question."): a whole sentence of it is housekeeping. */
export const handover = /^(?:(?:all right|okay|ok),? )?(?:go ahead|next question|you'?re up)(?:,? (?:sir|ma'?am|please|\p{Lu}\p{Ll}+))?[.!]?$/iu;
