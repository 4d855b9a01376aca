import type { Segment } from './leads.js';

/**
 * The campaign's words. Facts first: the offer and the ideal customer are the caller's (given, or read as
 * written from the prompt); the template adds only greetings, the ask and the sign-off around them. No
 * statistics, testimonials, case studies, customer names or results are ever written: there are none to use.
 */

export const channels = ['email', 'linkedin', 'phone'] as const;
export type Channel = (typeof channels)[number];

export interface Sender {
  name?: string | undefined;
  company?: string | undefined;
  address?: string | undefined;
  calendar_url?: string | undefined;
}

export interface Brief {
  offer: string;
  ideal_customer: string | null;
  /** Where each came from: the caller's field, or a sentence of the prompt. */
  sources: { offer: 'offer' | 'prompt'; ideal_customer: 'ideal_customer' | 'prompt' | null };
  /** Words of the prompt addressed to this tool ("Write me a campaign for…", "Make it friendly."), kept out of the emails. */
  set_aside?: string[];
}

const idealCue = /\b(?:ideal customers?|ideal clients?|target(?:ing)?(?: customers?| audience)?|audience|icp|we want to reach|aimed at)\b\s*(?:is|are|=|:|-|–)?\s*/i;

// A prompt is partly a request to this tool: those words are instructions, not facts, and never go to a lead.
const copyNoun = String.raw`(?:cold\s+)?(?:e-?mail|campaign|sequence|cadence|outreach|copy|messages?|templates?|mailers?|emails|e-mails|drip|follow-?ups?)`;
const requestVerb = String.raw`(?:write|create|draft|generate|build|make|put together|set up|design|produce|prepare|craft|compose|give|come up with)`;
const asking = String.raw`(?:(?:hi|hey|hello)\b[,!]?\s*)?(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|help\s+me\s+|i(?:'d|\s+would)\s+like\s+you\s+to\s+|i\s+(?:want|need)\s+you\s+to\s+)?`;
/** "Write me a cold email campaign for my", "I need an outreach sequence about our", "Can you draft 3 emails:". */
const requestLead = new RegExp(
  String.raw`^${asking}(?:${requestVerb}\s+(?:me\s+|us\s+)?|(?:i|we)\s*(?:need|want|would\s+like|'d\s+like|am\s+looking\s+for|'m\s+looking\s+for|are\s+looking\s+for)\s+)` +
    String.raw`(?:[\w'-]+\s+){0,5}?${copyNoun}(?:\s+${copyNoun})*\b` +
    String.raw`(?:\s*(?:[:,–—-]\s*)?(?:for|about|promoting|to\s+promote|to\s+sell|selling|that\s+(?:sells|promotes|pitches|introduces)|pitching|to\s+pitch|on\s+behalf\s+of|introducing|to\s+introduce|advertising|to\s+advertise)\s+(?:(?:my|our)\s+)?|\s*[:,–—-]\s*)?`,
  'i',
);
/** Sentences about the copy itself: its tone, length or wording ("Make it friendly.", "Keep it short", "The emails should…"). */
const styleOnly = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:make|keep)\s+(?:it|them|each\s+one|the\s+(?:emails?|tone|copy|messages?|sequence|campaign|subject(?:\s+lines?)?))\b|(?:use|write\s+(?:it\s+)?in|adopt)\s+an?\s+[\w\s-]{0,30}?\b(?:tone|voice|style)\b|(?:the\s+)?(?:tone|voice|style|length)(?:\s+of\s+the\s+\w+)?\s*(?::|should|must)|(?:the\s+|each\s+|every\s+)?(?:${copyNoun}|subject\s+lines?)\s+(?:should|must|needs?\s+to|has\s+to|have\s+to|shall)\b|(?:don'?t|do\s+not|never|avoid)\s+(?:be|sound|use|make|write)\b|thanks?(?:\s+(?:in\s+advance|a\s+lot|so\s+much))?[!.,]?$|thank\s+you(?:\s+(?:in\s+advance|so\s+much|very\s+much))?[!.,]?$|(?:hi|hey|hello)(?:\s+there)?[!.,]?$)`,
  'i',
);
/** "Mention that we…", "Highlight our…": the fact is kept, the instruction dropped. */
const mentionLead = /^(?:please\s+)?(?:be\s+sure\s+to\s+|make\s+sure\s+(?:to|you)\s+)?(?:mention|say|note|explain|highlight|emphasi[sz]e|stress|point\s+out|include|add)\s+(?:that\s+)?/i;
/** A style request tacked onto a fact: "…, and make it friendly", "… in a friendly tone". */
const styleTail = /\s*(?:[,;–—-]\s*|\s+)(?:and\s+|but\s+)?(?:please\s+)?(?:(?:make|keep)\s+(?:it|them|the\s+(?:emails?|tone|copy))\b.*|in\s+an?\s+[\w\s-]{0,30}?\b(?:tone|voice|style)\b)\s*([.!?]?)$/i;

/** A prompt sentence with the words addressed to the tool taken out; what was taken, if anything. */
function factsOf(sentence: string): { text: string; removed: string | null } {
  if (styleOnly.test(sentence)) return { text: '', removed: sentence };
  let text = sentence;
  const request = requestLead.exec(text);
  if (request?.[0].trim()) text = text.slice(request[0].length);
  const mention = mentionLead.exec(text);
  if (mention) text = text.slice(mention[0].length);
  text = text
    .replace(styleTail, '$1')
    .replace(/^please\s+/i, '')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(text)) text = '';
  else if (text !== sentence.trim()) text = upperFirst(text.replace(/^[,;:–—-]\s*/, ''));
  // "Can you write a campaign promoting PixelPress, our print shop?" leaves a statement, not a question.
  if (request?.[0].trim()) text = text.replace(/\?$/, '.');
  if (text && !/[.!?]$/.test(text) && /[.!?]$/.test(sentence)) text += '.';
  return { text, removed: text === sentence.trim() ? null : sentence };
}

const upperFirst = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Words that name a kind of business and nothing about this one. */
const genericNouns = new Set(['business', 'company', 'firm', 'agency', 'shop', 'store', 'startup', 'brand', 'service', 'services', 'practice', 'studio']);

/** The offer and the ideal customer, from the caller's fields or, as written, from the prompt's sentences (less what is said to the tool). */
export function readBrief(prompt: string, offer?: string, idealCustomer?: string): Brief {
  const setAside: string[] = [];
  const read = prompt
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .map((sentence) => {
      const facts = factsOf(sentence);
      if (facts.removed) setAside.push(facts.removed);
      return facts;
    });
  // What a request leaves can be a stub ("…campaign for my plumbing business" → "Plumbing business."): a few words
  // the rest of the prompt says anyway add nothing to an email, so they go.
  const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const sentences = read
    .filter(({ text, removed }, index) => {
      if (!text || !removed) return Boolean(text);
      const words = wordsOf(text);
      if (words.length > 4) return true;
      const elsewhere = new Set(read.flatMap((other, at) => (at === index ? [] : wordsOf(other.text))));
      return !words.every((word) => elsewhere.has(word) || word.length <= 3 || genericNouns.has(word));
    })
    .map(({ text }) => text);
  const idealSentence = sentences.find((sentence) => idealCue.test(sentence));
  const fromPrompt = idealSentence
    ? idealSentence
        .replace(idealCue, '')
        .replace(/[.!]+$/, '')
        .trim()
    : '';
  const rest = sentences.filter((sentence) => sentence !== idealSentence).join(' ');
  return {
    offer: offer ?? rest,
    ideal_customer: idealCustomer ?? (fromPrompt || null),
    sources: { offer: offer ? 'offer' : 'prompt', ideal_customer: idealCustomer ? 'ideal_customer' : fromPrompt ? 'prompt' : null },
    ...(setAside.length ? { set_aside: setAside } : {}),
  };
}

export interface StepVariant {
  id: 'A' | 'B';
  subject: string | null;
  body: string;
}

export interface Step {
  step_id: string;
  channel: Channel;
  /** Business days after the start. */
  day: number;
  /** Email steps are sent; LinkedIn and phone steps are tasks for a person, returned as data. */
  kind: 'send' | 'task';
  /** The lead field a task needs (phone, linkedin_url): leads without it skip the step. */
  requires: 'phone' | 'linkedin_url' | null;
  variants: StepVariant[];
  written_by: 'caller' | 'template';
}

/** The compliance footer every email carries: the sender's postal address and a one-click unsubscribe link. */
export function footerOf(sender: Sender): string {
  const who = [sender.company ?? sender.name, sender.address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ');
  return `\n\n--\n${who ? `${who}\n` : ''}Unsubscribe (one click): {{unsubscribe_url}}`;
}

/** An email body as sent: the caller's or the template's words, then the footer unless the body already has both parts. */
export function withFooter(body: string, sender: Sender): string {
  if (body.includes('{{unsubscribe_url}}') && body.includes('{{sender_address}}')) return body;
  return `${body.trimEnd()}${footerOf(sender)}`;
}

const signature = (sender: Sender) => [sender.name, sender.company].filter(Boolean).join('\n');
const ask = (sender: Sender) => (sender.calendar_url ? `Would a short call be useful? You can pick a time here: {{calendar_url}}` : 'Would a short call be useful?');
const paragraphs = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n\n');

/** Per-segment openers: only the lead's own fields and the caller's ideal customer, quoted. */
export function templateSnippets(brief: Brief): Record<Segment, string> {
  const meantFor = brief.ideal_customer ? ` What we offer is meant for ${lowerFirst(brief.ideal_customer)}.` : '';
  return {
    priority: `I'm writing to you directly as {{title|the person in charge}} at {{company|your company}}.${meantFor}`,
    standard: `I'm reaching out to {{company|your team}}.${meantFor}`,
    nurture: `I'm reaching out to {{company|your team}}.${meantFor}`,
  };
}

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

/** The template cadence for the chosen channels: emails on days 0, 3 and 10; a LinkedIn task on day 5; a call on day 7. */
export function templateSteps(brief: Brief, sender: Sender, chosen: readonly Channel[], abTest: boolean): Step[] {
  const from = sender.company ? ` from ${sender.company}` : '';
  const subjectA = sender.company ? `{{company|Your team}} and ${sender.company}` : 'A note for {{company|your team}}';
  const steps: Step[] = [];
  const sign = signature(sender);
  if (chosen.includes('email')) {
    const first = paragraphs('Hi {{first_name|there}},', '{{snippet}}', brief.offer, ask(sender), sign);
    steps.push({
      step_id: 'e1',
      channel: 'email',
      day: 0,
      kind: 'send',
      requires: null,
      written_by: 'template',
      variants: [{ id: 'A', subject: subjectA, body: first }, ...(abTest ? [{ id: 'B' as const, subject: 'A question for {{first_name|you}}', body: first }] : [])],
    });
    steps.push({
      step_id: 'e2',
      channel: 'email',
      day: 3,
      kind: 'send',
      requires: null,
      written_by: 'template',
      variants: [
        {
          id: 'A',
          subject: `Re: ${subjectA}`,
          body: paragraphs('Hi {{first_name|there}},', `A short follow-up on my note${from}. Is this something {{company|your team}} would look at?`, ask(sender), sign),
        },
      ],
    });
  }
  if (chosen.includes('linkedin')) {
    steps.push({
      step_id: 'l1',
      channel: 'linkedin',
      day: 5,
      kind: 'task',
      requires: 'linkedin_url',
      written_by: 'template',
      variants: [
        {
          id: 'A',
          subject: null,
          body: `Send a connection request to {{full_name|this lead}} ({{linkedin_url}}) with this note: "Hi {{first_name|there}}, I wrote to you by email${from}. Happy to connect here."`,
        },
      ],
    });
  }
  if (chosen.includes('phone')) {
    steps.push({
      step_id: 'p1',
      channel: 'phone',
      day: 7,
      kind: 'task',
      requires: 'phone',
      written_by: 'template',
      variants: [
        {
          id: 'A',
          subject: null,
          body: `Call {{full_name|the lead}} at {{phone}} ({{company|their company}}).${brief.offer ? ` What to say, in your words: ${brief.offer}` : ''} Ask whether a short call would be useful.`,
        },
      ],
    });
  }
  if (chosen.includes('email')) {
    steps.push({
      step_id: 'e3',
      channel: 'email',
      day: 10,
      kind: 'send',
      requires: null,
      written_by: 'template',
      variants: [
        {
          id: 'A',
          subject: 'Closing the loop',
          body: paragraphs('Hi {{first_name|there}},', `I haven't heard back, so this is my last note${from} about this. If the timing is better later, just reply and I'll get back in touch.`, sign),
        },
      ],
    });
  }
  return steps.map((step) => (step.kind === 'send' ? { ...step, variants: step.variants.map((variant) => ({ ...variant, body: withFooter(variant.body, sender) })) } : step));
}

/** The caller's own steps, verbatim (email bodies get the footer). */
export function callerSteps(
  given: ReadonlyArray<{ channel: Channel; day: number; subject?: string | undefined; body: string; variant_b?: { subject?: string | undefined; body?: string | undefined } | undefined }>,
  sender: Sender,
): Step[] {
  const counters: Record<Channel, number> = { email: 0, linkedin: 0, phone: 0 };
  return [...given]
    .sort((a, b) => a.day - b.day)
    .map((step) => {
      counters[step.channel] += 1;
      const send = step.channel === 'email';
      const body = (text: string) => (send ? withFooter(text, sender) : text);
      const variants: StepVariant[] = [{ id: 'A', subject: send ? (step.subject ?? '') : null, body: body(step.body) }];
      if (step.variant_b) variants.push({ id: 'B', subject: send ? (step.variant_b.subject ?? step.subject ?? '') : null, body: body(step.variant_b.body ?? step.body) });
      return {
        step_id: `${step.channel[0]}${counters[step.channel]}`,
        channel: step.channel,
        day: step.day,
        kind: send ? 'send' : 'task',
        requires: step.channel === 'phone' ? 'phone' : step.channel === 'linkedin' ? 'linkedin_url' : null,
        variants,
        written_by: 'caller',
      } satisfies Step;
    });
}

/** A lead's variant of a step: alternating by the lead's row, so that each variant gets half of every segment's order. */
export const variantFor = (step: Step, row: number): StepVariant => step.variants[(row - 1) % step.variants.length] as StepVariant;
