import type { Block } from './schema.js';
import type { Pack } from './engine.js';

/**
 * A pack as one Markdown document for a person to read or hand on: the topic as its title,
 * then each block under its own heading, with every text the block holds and nothing added
 * but headings and labels. The email is given as its text (its HTML says the same).
 */

type BlockOf<C extends Block['channel']> = Extract<Block, { channel: C }>;
type PageSection = BlockOf<'page_sections'>['sections'][number];

const headings: Record<Block['channel'], string> = {
  blog: 'Blog post',
  linkedin: 'LinkedIn post',
  email: 'Email',
  x_thread: 'X thread',
  page_sections: 'Landing-page sections',
};

/** Pushes a Markdown document's headings `by` levels down (at most to h6), leaving fenced code alone. */
function demoteHeadings(markdown: string, by: number): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === null ? marker : null;
        return line;
      }
      if (fence !== null) return line;
      return line.replace(/^( {0,3})(#{1,6})(?=[ \t]|$)/, (_, indent: string, hashes: string) => indent + '#'.repeat(Math.min(6, hashes.length + by)));
    })
    .join('\n');
}

// Sections keep the page's props as loosely typed extras (`catchall`): read them as what the renderer wrote.
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : []);
const link = (label: string | null, url: unknown) => (label && text(url) ? `[${label}](${text(url)})` : label);
const lines = (...parts: Array<string | null>) => parts.filter((part): part is string => part !== null);

function pageSection(section: PageSection): string[] {
  switch (section.type) {
    case 'hero': {
      const cta = typeof section.cta === 'object' && section.cta !== null ? (section.cta as Record<string, unknown>) : {};
      return lines('### Hero', text(section.headline) && `**${text(section.headline)}**`, text(section.subheadline), link(text(cta.text), cta.url));
    }
    case 'benefits':
      return [
        '### Benefits',
        records(section.items)
          .map((item) => `- ${lines(text(item.title) && `**${text(item.title)}**`, text(item.text)).join(': ')}`)
          .join('\n'),
      ];
    case 'faq':
      return ['### FAQ', ...records(section.items).flatMap((item) => lines(text(item.question) && `**${text(item.question)}**`, text(item.answer)))];
    case 'cta':
      return lines('### Call to action', text(section.headline) && `**${text(section.headline)}**`, link(text(section.button_text), section.url));
  }
}

function blockBody(block: Block): string[] {
  switch (block.channel) {
    case 'blog':
      // Under the pack's title and the block's heading: the post's own h1 becomes an h3.
      return [`- Slug: \`${block.slug}\`\n- Meta description: ${block.meta_description}`, demoteHeadings(block.markdown.trimEnd(), 2)];
    case 'linkedin':
      return [block.text];
    case 'email':
      return [`- Subject: ${block.subject}\n- Preheader: ${block.preheader}`, block.text];
    case 'x_thread':
      // Each tweet already starts with its "n/N" number.
      return block.tweets;
    case 'page_sections':
      return block.sections.flatMap(pageSection);
  }
}

export function packMarkdown(pack: Pick<Pack, 'blocks' | 'meta'>): string {
  const parts = [`# ${pack.meta.topic}`, ...pack.blocks.flatMap((block) => [`## ${headings[block.channel]}`, ...blockBody(block)])];
  return `${parts.join('\n\n')}\n`;
}
