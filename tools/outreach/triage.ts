import * as chrono from 'chrono-node';
import { localDate } from './cadence.js';

/**
 * Reply triage as executable rules: cue lists per category, read on the reply's own text (quoted history and
 * signatures cut), with negation handled ("not interested" is never interest: a negated interest cue counts as
 * a refusal) and a precedence that puts the replies that must stop a sequence first. OOO return dates are read
 * with chrono-node. Everything it decides is shown: the matched cues, the rule that won, the next step.
 */

export const categories = ['interested', 'question', 'not_now', 'not_interested', 'unsubscribe', 'out_of_office', 'referral', 'bounce'] as const;
export type Category = (typeof categories)[number];

/** Which category wins when cues of several match: what must stop or remove first, questions last. */
export const precedence: readonly Category[] = ['bounce', 'unsubscribe', 'out_of_office', 'referral', 'not_now', 'not_interested', 'interested', 'question'];

/** What triage does to the sequence: `continue` leaves it running (an away reply with no date). */
export type NextAction = 'remove' | 'reschedule' | 'hand_to_human' | 'continue';

const cues: Record<Category, readonly string[]> = {
  bounce: [
    'delivery status notification',
    'undeliverable',
    'undelivered mail',
    'mail delivery failed',
    'mail delivery subsystem',
    'delivery has failed',
    'delivery failure',
    'address not found',
    'could not be delivered',
    "couldn't be delivered",
    'wasn\u2019t delivered',
    "wasn't delivered",
    'user unknown',
    'unknown user',
    'mailbox unavailable',
    'mailbox not found',
    'mailbox does not exist',
    'no such user',
    'recipient address rejected',
    'message not delivered',
    'returned mail',
    '550 5.1.1',
    '5.1.1',
    '550 5.4.1',
    'permanent error',
    'this mailbox is no longer monitored',
    'this email address is no longer active',
    'this address is no longer in use',
    'account has been disabled',
    'mailer-daemon',
  ],
  unsubscribe: [
    'unsubscribe',
    'remove me',
    'remove us',
    'take me off',
    'take us off',
    'stop emailing',
    'stop e-mailing',
    'stop contacting',
    'stop sending',
    'stop messaging',
    'stop writing',
    'do not contact',
    "don't contact",
    'do not email',
    "don't email",
    'opt out',
    'opt-out',
    'opt me out',
    'opt us out',
    'opted out',
    'remove my email',
    'remove my address',
    'no more emails',
    'off your list',
    'off your mailing list',
    'leave me alone',
    'never contact',
    'never email',
    'reported as spam',
    'report this as spam',
    'please stop',
    'right to erasure',
    'right to be forgotten',
  ],
  out_of_office: [
    'out of office',
    'out of the office',
    'ooo',
    'on vacation',
    'on holiday',
    'on holidays',
    'on leave',
    'annual leave',
    'parental leave',
    'maternity leave',
    'paternity leave',
    'sick leave',
    'away from the office',
    'away from my desk',
    'currently away',
    'i am away',
    "i'm away",
    'limited access to email',
    'limited access to my email',
    'automatic reply',
    'auto-reply',
    'autoreply',
    'auto reply',
    'back in the office',
    'back in office',
    'return to the office',
    'returning on',
    'i will return',
    'i will be back',
    "i'll be back",
    'travelling with limited',
    'traveling with limited',
  ],
  referral: [
    'not the right person',
    'wrong person',
    'not the best person',
    'not the person',
    'better person',
    'right person would be',
    'right person is',
    'you should talk to',
    'you should speak to',
    'you should speak with',
    'you should contact',
    'you may want to contact',
    'you might want to contact',
    'reach out to my colleague',
    'contact my colleague',
    'speak to my colleague',
    'contact him',
    'contact her',
    'contact them',
    'reach out to him',
    'reach out to her',
    'reach out to them',
    'talk to him',
    'talk to her',
    'speak to him',
    'speak to her',
    'best contact',
    'cc\u2019ing',
    "cc'ing",
    'ccing',
    "i've cc'd",
    'copied in',
    'copying in',
    'looping in',
    'loop in',
    'forwarded this to',
    'forwarding this to',
    "i've forwarded",
    'passed this on to',
    'passing this to',
    'handles this',
    'handles our',
    'is responsible for',
    'in charge of',
    'no longer with',
    'no longer works',
    'has left the company',
    'left the company',
    'no longer at',
  ],
  not_now: [
    'not right now',
    'not now',
    'maybe later',
    'later this year',
    'later in the year',
    'next quarter',
    'next year',
    'in the new year',
    'after the holidays',
    'after summer',
    'in a few months',
    'in a couple of months',
    'in six months',
    'in 6 months',
    'in 3 months',
    'in three months',
    'in q1',
    'in q2',
    'in q3',
    'in q4',
    'reach out in',
    'get back to me in',
    'check back',
    'circle back',
    'revisit',
    'touch base in',
    'timing is not right',
    "timing isn't right",
    'timing is off',
    'bad timing',
    'not a good time',
    'busy season',
    'too busy right now',
    'no budget this',
    'budget is frozen',
    'budget freeze',
    'budget for this year',
    'not a priority right now',
    'not a priority at the moment',
    'at the moment',
    'right now',
    'at this time',
    'this quarter',
  ],
  not_interested: [
    'not interested',
    'no interest',
    'not a fit',
    "isn't a fit",
    'is not a fit',
    "isn't a good fit",
    "isn't for us",
    'not a good fit',
    'not the right fit',
    'no thanks',
    'no thank you',
    'no, thank you',
    'we are all set',
    "we're all set",
    'all set',
    'we already have',
    'we already use',
    'already use',
    'already working with',
    'already have a',
    'already have someone',
    'not looking',
    'we will pass',
    "we'll pass",
    'pass on this',
    'not for us',
    "don't need",
    'do not need',
    'no need',
    'not relevant',
    "doesn't apply",
    'does not apply',
    'we handle this in-house',
    'in-house',
    'not something we need',
    'not going to',
    'decline',
  ],
  interested: [
    'interested',
    'sounds good',
    'sounds great',
    'sounds interesting',
    'looks interesting',
    "let's talk",
    'lets talk',
    "let's chat",
    'happy to chat',
    'happy to talk',
    'happy to have a call',
    'set up a call',
    'set up a meeting',
    'book a call',
    'schedule a call',
    'schedule a meeting',
    'a quick call',
    'a short call',
    'jump on a call',
    'hop on a call',
    'send me more',
    'send more info',
    'tell me more',
    'learn more',
    'love to hear more',
    'would love to',
    'count me in',
    "let's do it",
    'keen',
    'i am in',
    "i'm in",
    'works for me',
    'what time works',
    'when are you free',
    'when works',
    'my calendar',
    'booked a time',
    'book time',
    'free on',
    'available on',
    'available next',
    'how about',
    'yes please',
    'sure,',
    'sure.',
    'yes,',
    'yes.',
    'definitely',
    'absolutely',
    'please send',
    'would like to',
    "i'd like to",
    'curious',
  ],
  question: [
    'how much',
    'pricing',
    'price',
    'prices',
    'cost',
    'costs',
    'what is',
    "what's",
    'how does',
    'how do',
    'does it',
    'do you',
    'can you',
    'could you',
    'is there',
    'are there',
    'which',
    'who else',
    'what kind',
    'what does',
    'is it',
    'are you',
    'where are',
    'integrat',
    'gdpr compliant',
    'gdpr-compliant',
    'gdpr',
    'contract',
    'minimum',
    'trial',
  ],
};

/**
 * Words that turn the cue after them around ("not interested", "don't need a call", "never keen"), up to three
 * words before it. The scope ends at punctuation and at "but" (the caller cuts there), and a comparative in
 * between keeps the cue as it is: "never been more interested" is interest.
 */
const negators =
  /\b(?:not|no|never|don['\u2019]?t|do not|doesn['\u2019]?t|does not|didn['\u2019]?t|isn['\u2019]?t|aren['\u2019]?t|wasn['\u2019]?t|won['\u2019]?t|wouldn['\u2019]?t|hardly|neither|nor|without|nothing)\s+((?:[\w'\u2019]+\s+){0,3})$/i;
const negationEnds = /[.,;:!?()\u2013\u2014]|\s-\s|\b(?:but|however|though|although)\b/g;
const comparative = /\b(?:more|better|happier|keener|gladder)\b/;

function negatedBefore(before: string): boolean {
  const clause = before.split(negationEnds).at(-1) ?? '';
  const found = negators.exec(clause);
  return found !== null && !comparative.test(found[1] ?? '');
}

/** Refusal cues that are no refusal with these words after them: "we don't need to think long". */
const notARefusalAfter: ReadonlyMap<string, RegExp> = new Map(
  ["don't need", 'do not need', 'no need'].map((cue) => [cue, /^\s+to\s+(?:think|wait|decide|deliberate|discuss|consider|be convinced|be sold|convince|persuade|sell|hesitate|worry|apologi[sz]e)\b/]),
);

interface CompiledCue {
  cue: string;
  category: Category;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compiled: CompiledCue[] = precedence.flatMap((category) => cues[category].map((cue) => ({ cue, category })));
const byCue = new Map(compiled.map((entry) => [entry.cue, entry]));
// One pass over the text; longer cues first so that "not interested" wins over "interested" at the same place.
const patternOf = (list: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...list]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
const cuePattern = patternOf(compiled.filter((entry) => entry.category !== 'unsubscribe').map((entry) => entry.cue));
// Unsubscribe cues in a pass of their own, so that no other cue overlapping them ("please stop" in "please stop sending") eats them.
const unsubscribePattern = patternOf(cues.unsubscribe);
/**
 * Erasure requests, said in many ways: "delete all my personal data", "under GDPR, please erase my details". A
 * mention of GDPR alone is a question ("Is this GDPR-compliant?"), never an unsubscribe.
 */
const erasure = [
  { cue: 'delete my data', pattern: /\b(?:delete|remove|erase|wipe)\s+(?:all\s+(?:of\s+)?)?(?:my|our)\s+(?:personal\s+)?(?:data|details|information|info)\b/g },
  { cue: 'under gdpr … delete', pattern: /\b(?:under|per|as per|according to|in line with)\s+(?:the\s+)?gdpr\b[^.?!\n]{0,80}?\b(?:delete|remove|erase)\b/g },
];
// A question stem may begin a word ("integrat…ion"): they are matched on their own, as prefixes.
const prefixCues = new Set(['integrat']);

/** The reply's own words: quoted history, forwarded headers and the sign-off cut. */
export function ownText(reply: string): string {
  const lines = reply.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^>/.test(trimmed)) break;
    if (/^On .{4,120} wrote:$/i.test(trimmed) || /^-{2,}\s*(?:Original Message|Forwarded message)/i.test(trimmed) || (/^From:\s.+/i.test(trimmed) && kept.length > 0)) break;
    if (/^(?:--|__)\s*$/.test(trimmed) || /^Sent from my /i.test(trimmed)) break;
    kept.push(line);
  }
  return kept.join('\n').slice(0, 4000);
}

export interface MatchedCue {
  cue: string;
  category: Category;
  /** The cue was negated ("not … interested"): it counted for `category` instead of its own. */
  negated_from?: Category;
}

export interface Triage {
  category: Category;
  confidence: number;
  cues: MatchedCue[];
  rule: string;
  next_step: { action: NextAction; until: string | null; why: string };
  /** Out of office: the return date read from the reply (ISO), or null when none was found. */
  return_date: string | null;
  /** Referral: addresses named in the reply (the person to write to instead). */
  referred_to: string[];
}

const emailsIn = (text: string) => [...new Set((text.match(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi) ?? []).map((email) => email.toLowerCase()))];

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The next day-of-month `n` after `today` ("back on the 14th"): this month if still ahead, else the next month that has it. */
function nextOccurrence(today: string, n: number): string | null {
  if (n < 1 || n > 31) return null;
  let [year, month, day] = today.split('-').map(Number) as [number, number, number];
  for (let tries = 0; tries < 13; tries++) {
    if (n > day && n <= daysInMonth(year, month)) return `${year}-${String(month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
    [year, month, day] = month === 12 ? [year + 1, 1, 0] : [year, month + 1, 0];
  }
  return null;
}

// "until the 14th", "back on 3rd", "Monday the 30th": a day of the month alone, which chrono leaves out.
const ordinalDay = /\b(?:the|on|until|till|til|by|after|from|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/gi;

/**
 * The latest calendar day the reply names that is at least the day after it arrived, in the reply's own zone (a
 * return from leave). Read with chrono-node on the local calendar; "Returning Monday" on a Monday is the next one.
 */
export function returnDateOf(text: string, now: Date, zone = 'UTC'): string | null {
  const today = localDate(now, zone);
  // Noon of the local day, read as UTC: chrono's dates are then local calendar days.
  const reference = new Date(`${today}T12:00:00.000Z`);
  // An away notice says its date early: the first 1,500 characters keep chrono's work bounded.
  const head = text.slice(0, 1500);
  const found = chrono.parse(head, { instant: reference, timezone: 'UTC' }, { forwardDate: true });
  const days: string[] = [];
  for (const result of found) {
    const component = result.end ?? result.start;
    let day = component.date().toISOString().slice(0, 10);
    if (day <= today && component.isCertain('weekday') && !component.isCertain('day')) day = addDays(day, 7);
    if (day > today) days.push(day);
  }
  for (const match of head.matchAll(ordinalDay)) {
    const at = match.index + match[0].length - (match[1]?.length ?? 0) - 2;
    if (found.some((result) => at >= result.index && at < result.index + result.text.length)) continue;
    const day = nextOccurrence(today, Number(match[1]));
    if (day) days.push(day);
  }
  return days.sort().at(-1) ?? null;
}

function matchCues(text: string): MatchedCue[] {
  const lower = text.toLowerCase();
  const found: Array<MatchedCue & { at: number }> = [];
  const taken: Array<[number, number]> = [];
  const take = (cue: string, at: number, end: number) => {
    found.push({ cue, category: 'unsubscribe', at });
    taken.push([at, end]);
  };
  for (const match of lower.matchAll(unsubscribePattern)) take(match[0], match.index, match.index + match[0].length);
  for (const { cue, pattern } of erasure) for (const match of lower.matchAll(pattern)) take(cue, match.index, match.index + match[0].length);
  for (const match of lower.matchAll(cuePattern)) {
    const entry = byCue.get(match[0]);
    const at = match.index;
    const end = at + match[0].length;
    if (!entry || taken.some(([from, to]) => at < to && end > from)) continue;
    const after = lower.slice(end, end + 40);
    if (notARefusalAfter.get(entry.cue)?.test(after)) continue;
    // "looping in nobody": a referral cue that names no one.
    if (entry.category === 'referral' && /^\s*(?:nobody|no one|anyone)\b/.test(after)) continue;
    // Interest and "later" flip into a refusal ("not keen", "don't check back"); the refusal cues carry their own "not".
    const negated = (entry.category === 'interested' || entry.category === 'not_now') && negatedBefore(lower.slice(Math.max(0, at - 40), at));
    if (negated) found.push({ cue: entry.cue, category: 'not_interested', negated_from: entry.category, at });
    else found.push({ cue: entry.cue, category: entry.category, at });
  }
  const matched: MatchedCue[] = found.sort((a, b) => a.at - b.at).map(({ at: _at, ...cue }) => cue);
  for (const prefix of prefixCues) if (lower.includes(prefix)) matched.push({ cue: prefix, category: 'question' });
  return matched;
}

// "STOP", "Unsubscribe!", "remove me please": the whole reply is the command (a short sign-off line may follow).
const stopCommand = /^(?:please )?(?:stop|unsubscribe|unsubscribe me|unsub|remove|remove me|remove us|opt out|opt me out|take me off|no more)(?: please| thanks| thank you)?$/;

function bareStopCommand(body: string): string | null {
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const [first, ...rest] = lines;
  if (!first || rest.join(' ').length > 60) return null;
  const command = first
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stopCommand.test(command) ? command : null;
}

const refusalWithTime = /\b(?:right now|at the moment|at this time|this quarter|currently)\b/i;
const laterCue = /\b(?:later|next|maybe|in a few|in \d+|in (?:two|three|six) months|reach out|check back|circle back|revisit|after|future|down the road|q[1-4])\b/i;

export interface TriageOptions {
  subject?: string | undefined;
  from?: string | undefined;
  /** The reply's local zone (the lead's): a return date must be at least the day after it arrived there. */
  timezone?: string | undefined;
}

/** Classifies one reply. `now` is when it arrived; it anchors relative dates ("back next Monday"). */
export function triageReply(reply: string, now: Date, options: TriageOptions = {}): Triage {
  const body = ownText(reply);
  const command = bareStopCommand(body.trim() ? body : (options.subject ?? ''));
  if (command) {
    const matched: MatchedCue[] = [{ cue: command, category: 'unsubscribe' }];
    return {
      category: 'unsubscribe',
      confidence: 0.97,
      cues: matched,
      rule: `the whole reply is "${command}": an unsubscribe`,
      next_step: nextStepOf('unsubscribe', null),
      return_date: null,
      referred_to: [],
    };
  }
  const text = ownText(`${options.subject ? `${options.subject}\n` : ''}${reply}`);
  let matched = matchCues(text);
  // Bounces come from the mail system, not the person: their headers (subject) count.
  const has = (category: Category) => matched.some((cue) => cue.category === category);
  const referred = emailsIn(text).filter((email) => email !== options.from?.toLowerCase());
  let rule = '';
  // "No longer with the company": a referral when someone else is named, otherwise a dead address.
  // Another address named with a word of contact ("write to ana@…") is a referral cue of its own.
  if (referred.length && /\b(?:contact|reach|write to|email|e-mail|speak|talk|forward)/i.test(text) && !has('referral')) matched.push({ cue: 'names another address', category: 'referral' });
  const gone = matched.find((cue) => /no longer (?:with|works|at)|left the company/.test(cue.cue));
  if (gone && referred.length === 0 && !/\b(?:contact|reach out|speak|talk|colleague|cc|loop)/i.test(text)) {
    matched = [...matched.filter((cue) => cue !== gone), { cue: gone.cue, category: 'bounce' }];
    rule = 'no longer with the company and no one else named: the address is dead (bounce)';
  }
  // A refusal "at the moment" that points to later is a "not now", not a "no".
  if (has('not_interested') && refusalWithTime.test(text) && laterCue.test(text) && !has('unsubscribe')) {
    matched = matched.map((cue) => (cue.category === 'not_interested' ? { ...cue, category: 'not_now' as const, negated_from: cue.negated_from } : cue));
    rule ||= 'a refusal for now that points to later: not_now';
  }
  // Time words alone ("right now", "at the moment") only mean "later" next to a refusal or a later cue.
  const weakNotNow = new Set(['at the moment', 'right now', 'at this time', 'this quarter']);
  if (matched.filter((cue) => cue.category === 'not_now').every((cue) => weakNotNow.has(cue.cue)) && !laterCue.test(text)) {
    matched = matched.filter((cue) => cue.category !== 'not_now' || !weakNotNow.has(cue.cue));
  }
  const questionMarks = (text.match(/\?/g) ?? []).length;
  const scores = new Map<Category, number>();
  for (const cue of matched) scores.set(cue.category, (scores.get(cue.category) ?? 0) + 1);
  if (questionMarks && !scores.has('question')) scores.set('question', 1);
  let category: Category | undefined = precedence.find((candidate) => (scores.get(candidate) ?? 0) > 0);
  // A question that only asks for a call or more information is interest.
  if (category === 'question' && has('interested')) category = 'interested';
  let confidence: number;
  if (!category) {
    category = 'question';
    confidence = 0.2;
    rule ||= 'no cue matched: read by a person';
  } else {
    const own = scores.get(category) ?? 0;
    const others = [...scores.entries()].filter(([other]) => other !== category).reduce((sum, [, count]) => sum + count, 0);
    confidence = Math.min(0.97, 0.55 + 0.15 * Math.min(own, 3) - 0.05 * Math.min(others, 4));
    rule ||= `precedence ${precedence.join(' > ')}: ${category} matched first`;
  }
  const returnDate = category === 'out_of_office' || category === 'not_now' ? returnDateOf(text, now, options.timezone) : null;
  return {
    category,
    confidence: Math.round(confidence * 100) / 100,
    cues: matched,
    rule,
    next_step: nextStepOf(category, returnDate),
    return_date: category === 'out_of_office' ? returnDate : null,
    referred_to: category === 'referral' ? referred : [],
  };
}

/** What the triage tool does for each category, said as it is done (triage.tool.ts applies exactly this). */
function nextStepOf(category: Category, date: string | null): Triage['next_step'] {
  switch (category) {
    case 'bounce':
      return { action: 'remove', until: null, why: 'The address does not take mail: stop the sequence and suppress it.' };
    case 'unsubscribe':
      return { action: 'remove', until: null, why: 'They asked not to be contacted: stop, and suppress the address for every later send.' };
    case 'out_of_office':
      return date
        ? { action: 'reschedule', until: date, why: `Away until ${date}: the sequence is paused; the next step goes out in its first send window from then.` }
        : { action: 'continue', until: null, why: 'Away, with no return date in the reply: nothing is paused and the sequence goes on as planned; stop it by hand if the absence is long.' };
    case 'referral':
      return { action: 'hand_to_human', until: null, why: 'They named someone else: stop this sequence and write to that person yourself.' };
    case 'not_now':
      return {
        action: 'hand_to_human',
        until: date,
        why: date ? `Not now: the sequence stops; a person follows up by hand from ${date}.` : 'Not now: the sequence stops; a person follows up by hand later.',
      };
    case 'not_interested':
      return { action: 'remove', until: null, why: 'A clear no: stop the sequence and mark the lead unqualified.' };
    case 'interested':
      return { action: 'hand_to_human', until: null, why: 'Interested: stop the sequence and answer in person (offer times).' };
    case 'question':
      return { action: 'hand_to_human', until: null, why: 'A question: stop the sequence and answer it in person.' };
  }
}
