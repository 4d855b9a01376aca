import { OutcomeError } from '../../src/kernel/errors.js';
import type { RenderOptions } from './render.js';
import type { Channel, Content } from './schema.js';

/**
 * A replacement written in a block's visible fields (issue 14 §7): the agent edits what it sees, a LinkedIn
 * block's `text`, an email's `subject`/`preheader`/`text`, a blog's `markdown`, a thread's numbered `tweets`, and
 * this reads it back into the parts the pack keeps (hook, body, hashtags…). What the pack adds by itself on
 * rendering (the call to action, "Further reading", tweet numbers) is recognised and left to it.
 */

type Part = Record<string, unknown>;

/** The visible fields each channel accepts; page sections are edited in their own parts. */
export const visibleFields: Partial<Record<Channel, readonly string[]>> = {
  linkedin: ['text'],
  email: ['subject', 'preheader', 'text'],
  blog: ['title', 'meta_description', 'markdown'],
  x_thread: ['tweets'],
};

/** Does the replacement use the visible fields (rather than the block's parts)? */
export function isVisibleForm(channel: Channel, replacement: Part): boolean {
  const fields = visibleFields[channel];
  if (!fields) return false;
  const keys = Object.keys(replacement);
  const marker = { linkedin: 'text', email: 'text', blog: 'markdown', x_thread: 'tweets' }[channel as 'linkedin'];
  // Subject or title alone is a partial edit of the visible block; the parts' form always carries its own fields.
  const partial = (channel === 'email' && keys.every((key) => key === 'subject' || key === 'preheader')) || (channel === 'blog' && keys.every((key) => key === 'title' || key === 'meta_description'));
  return keys.length > 0 && keys.every((key) => fields.includes(key)) && (keys.includes(marker) || partial);
}

/** A visible field's text, or a clear refusal. */
function textField(replacement: Part, field: string): string {
  const value = replacement[field];
  if (typeof value !== 'string') throw new OutcomeError('invalid_input', `replacement.${field}: must be text, as the block shows it.`);
  return value;
}

const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The paragraphs without those the renderer writes itself. */
function withoutAdded(parts: string[], options: Pick<RenderOptions, 'cta' | 'links'>): string[] {
  const cta = options.cta ? `${options.cta.text}: ${options.cta.url}` : null;
  return parts.filter((paragraph) => paragraph !== cta && !/^Further reading:?\n/i.test(paragraph) && !(options.cta && paragraph === `[${options.cta.text}](${options.cta.url})`));
}

/** The block's parts from its visible fields, over the current parts for fields not sent. */
export function partFromVisible(channel: Channel, replacement: Part, current: NonNullable<Content[Channel]>, options: Pick<RenderOptions, 'cta' | 'links'>): Part {
  const base = structuredClone(current) as Part;
  switch (channel) {
    case 'linkedin': {
      const parts = withoutAdded(paragraphs(textField(replacement, 'text')), options);
      const last = parts.at(-1);
      const hashtags = last && /^(#[\p{L}\p{N}_]+\s*)+$/u.test(last) ? (parts.pop() as string).split(/\s+/).map((tag) => tag.replace(/^#/, '')) : [];
      return { hook: parts.shift() ?? '', body: parts.join('\n\n'), hashtags };
    }
    case 'email': {
      const next = { ...base, ...(replacement.subject !== undefined ? { subject: replacement.subject } : {}), ...(replacement.preheader !== undefined ? { preheader: replacement.preheader } : {}) };
      if (replacement.text === undefined) return next;
      const parts = withoutAdded(paragraphs(textField(replacement, 'text')), options);
      // Greeting first and sign-off last, as the text shows them.
      return { ...next, greeting: parts.shift() ?? '', signoff: parts.pop() ?? '', paragraphs: parts };
    }
    case 'blog': {
      const next = {
        ...base,
        ...(replacement.title !== undefined ? { title: replacement.title } : {}),
        ...(replacement.meta_description !== undefined ? { meta_description: replacement.meta_description } : {}),
      };
      if (replacement.markdown === undefined) return next;
      const blocks = withoutAdded(paragraphs(textField(replacement, 'markdown')), options);
      const furtherReading = blocks.findIndex((block) => /^##\s+Further reading\s*$/i.test(block));
      const kept = furtherReading >= 0 ? blocks.slice(0, furtherReading) : blocks;
      const title = kept[0]?.startsWith('# ') ? (kept.shift() as string).slice(2).trim() : (next.title as string);
      const intro: string[] = [];
      const sections: Array<{ heading: string; body: string }> = [];
      for (const block of kept) {
        const heading = /^##\s+(.+)$/.exec(block.split('\n')[0] ?? '');
        if (heading) sections.push({ heading: (heading[1] as string).trim(), body: block.split('\n').slice(1).join('\n').trim() });
        else if (sections.length) {
          const section = sections.at(-1) as { body: string };
          section.body = section.body ? `${section.body}\n\n${block}` : block;
        } else intro.push(block);
      }
      // The last paragraph of the last section is the conclusion, as the markdown was written from one.
      const lastSection = sections.at(-1);
      const lastParagraphs = lastSection ? paragraphs(lastSection.body) : [];
      const conclusion = lastParagraphs.length > 1 ? (lastParagraphs.pop() as string) : '';
      if (lastSection && conclusion) lastSection.body = lastParagraphs.join('\n\n');
      return { ...next, title, intro: intro.join('\n\n'), sections, conclusion };
    }
    case 'x_thread': {
      const cta = options.cta ? `${options.cta.text}: ${options.cta.url}` : null;
      const tweets = (Array.isArray(replacement.tweets) ? replacement.tweets : []).map((tweet) => String(tweet).replace(/^\d+\/\d+\s+/, '')).filter((tweet) => tweet && tweet !== cta);
      return { tweets };
    }
    default:
      return replacement;
  }
}
