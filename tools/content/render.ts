import escapeHtml from 'escape-html';
import type { Block, Channel, Check, Content } from './schema.js';
import { fitThread, maxWeight } from './thread.js';
import { slugify } from './slug.js';

export interface RenderOptions {
  cta?: { text: string; url: string };
  /** Links the caller wants cited: a "Further reading" list in the blog and the email's text. */
  links?: string[];
  /** Source sentence indexes each channel used. */
  sources: Partial<Record<Channel, number[]>>;
  /** Words that must lead an email subject (its point in the first 40 characters). */
  keywords: string[];
  /** The pack's language (BCP 47), for the email's HTML; English when not given. */
  lang?: string;
}

const check = (rule: string, ok: boolean, value: number | string | boolean, limit: number | string): Check => ({ rule, ok, value, limit });
const atMost = (rule: string, value: number, limit: number) => check(rule, value <= limit, value, limit);

const hashtag = (tag: string) => `#${tag.replace(/^#/, '')}`;

function blog(content: NonNullable<Content['blog']>, options: RenderOptions): Block {
  const parts = [`# ${content.title}`, content.intro, ...content.sections.flatMap((s) => [`## ${s.heading}`, s.body]), content.conclusion];
  if (options.links?.length) parts.push('## Further reading', options.links.map((link) => `- <${link}>`).join('\n'));
  if (options.cta) parts.push(`[${options.cta.text}](${options.cta.url})`);
  const markdown = `${parts.join('\n\n')}\n`;
  const h2 = content.sections.length;
  return {
    id: 'blog',
    channel: 'blog',
    title: content.title,
    slug: slugify(content.title),
    meta_description: content.meta_description,
    markdown,
    sources: options.sources.blog ?? [],
    checks: [atMost('title_length', content.title.length, 70), atMost('meta_description_length', content.meta_description.length, 155), check('h2_sections', h2 >= 2, h2, '>= 2')],
  };
}

function linkedin(content: NonNullable<Content['linkedin']>, options: RenderOptions): Block {
  const tags = content.hashtags.map(hashtag);
  const hook = content.hook.replace(/\s*\n\s*/g, ' ');
  const parts = [hook, content.body];
  if (options.cta) parts.push(`${options.cta.text}: ${options.cta.url}`);
  if (tags.length) parts.push(tags.join(' '));
  const text = parts.join('\n\n');
  return {
    id: 'linkedin',
    channel: 'linkedin',
    text,
    sources: options.sources.linkedin ?? [],
    checks: [atMost('text_length', text.length, 3000), atMost('first_line_length', (text.split('\n')[0] ?? '').length, 140), atMost('hashtags', tags.length, 5)],
  };
}

const font = 'font-family:Helvetica,Arial,sans-serif;color:#1f2933;';

function email(content: NonNullable<Content['email']>, options: RenderOptions): Block {
  const textParts = [content.greeting, ...content.paragraphs];
  if (options.links?.length) textParts.push(`Further reading:\n${options.links.join('\n')}`);
  if (options.cta) textParts.push(`${options.cta.text}: ${options.cta.url}`);
  textParts.push(content.signoff);
  const paragraphs = [content.greeting, ...content.paragraphs].map((p) => `<p style="${font}font-size:16px;line-height:1.5;margin:0 0 16px;">${escapeHtml(p)}</p>`).join('\n');
  const links = options.links?.length
    ? `<ul style="${font}font-size:15px;line-height:1.5;">${options.links.map((link) => `<li><a href="${escapeHtml(link)}" style="color:#1d4ed8;">${escapeHtml(link)}</a></li>`).join('')}</ul>`
    : '';
  const button = options.cta
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(options.cta.url)}" style="${font}background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:bold;">${escapeHtml(options.cta.text)}</a></p>`
    : '';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(options.lang ?? 'en')}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f5f7fa;">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>`,
    `<div style="max-width:600px;margin:0 auto;padding:32px 24px;background:#ffffff;">`,
    paragraphs,
    links,
    button,
    `<p style="${font}font-size:16px;line-height:1.5;margin:0;">${escapeHtml(content.signoff)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  const firstKeyword = options.keywords
    .map((keyword) => content.subject.toLowerCase().indexOf(keyword.toLowerCase()))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b)[0];
  const external = /<(img|script|link|iframe|object|embed|video|audio|source)\b|url\(|@import/i.test(html);
  return {
    id: 'email',
    channel: 'email',
    subject: content.subject,
    preheader: content.preheader,
    text: textParts.join('\n\n'),
    html,
    sources: options.sources.email ?? [],
    checks: [
      atMost('subject_length', content.subject.length, 60),
      check('subject_point_in_first_40', firstKeyword !== undefined && firstKeyword < 40, firstKeyword ?? -1, '< 40'),
      check('preheader_length', content.preheader.length >= 40 && content.preheader.length <= 100, content.preheader.length, '40-100'),
      check('no_external_resources', !external, external, 'none'),
    ],
  };
}

function thread(content: NonNullable<Content['x_thread']>, options: RenderOptions): Block {
  const withCta = options.cta ? [...content.tweets, `${options.cta.text}: ${options.cta.url}`] : content.tweets;
  const { tweets, longest } = fitThread(withCta);
  return {
    id: 'x_thread',
    channel: 'x_thread',
    tweets,
    sources: options.sources.x_thread ?? [],
    checks: [
      atMost('max_weighted_length', longest, maxWeight),
      check(
        'numbered',
        tweets.every((t, i) => t.startsWith(`${i + 1}/${tweets.length} `)),
        true,
        'n/N',
      ),
    ],
  };
}

function page(content: NonNullable<Content['page_sections']>, options: RenderOptions): Block {
  const sections = [
    { id: 'hero', type: 'hero' as const, headline: content.hero.headline, subheadline: content.hero.subheadline, ...(options.cta ? { cta: options.cta } : {}) },
    { id: 'benefits', type: 'benefits' as const, items: content.benefits },
    { id: 'faq', type: 'faq' as const, items: content.faq },
    { id: 'cta', type: 'cta' as const, headline: content.cta.headline, button_text: content.cta.button_text, ...(options.cta ? { url: options.cta.url } : {}) },
  ];
  return {
    id: 'page_sections',
    channel: 'page_sections',
    sections,
    sources: options.sources.page_sections ?? [],
    checks: [atMost('hero_headline_length', content.hero.headline.length, 90), check('benefits', content.benefits.length >= 3, content.benefits.length, '>= 3')],
  };
}

/** One block per requested channel that the content has, in the standard order. */
export function renderBlocks(content: Content, requested: readonly Channel[], options: RenderOptions): Block[] {
  const renderers: { [C in Channel]: (part: NonNullable<Content[C]>, options: RenderOptions) => Block } = {
    blog,
    linkedin,
    email,
    x_thread: thread,
    page_sections: page,
  };
  return requested.flatMap((channel) => {
    const part = content[channel];
    return part ? [(renderers[channel] as (part: unknown, options: RenderOptions) => Block)(part, options)] : [];
  });
}
