/**
 * Sections of pages that sell: a product (gallery, price, variants, buy button) and the store's
 * policies. Written with the same helpers, escaping and stylesheet as every other section; kept
 * out of the widgets' section union so that widget tools neither list nor accept them.
 */
import { z } from 'zod';
import { textField } from '../kernel/fields.js';
import { esc, imageUrlSchema, safeHref } from './html.js';
import { heading, itemHeading, sectionIdSchema, wrap, type SectionContext } from './sections.js';

const line = textField;

/** The words a product section prints besides the caller's, in the page's language. */
const productWords = z.object({
  buy: line(40),
  choose: line(60).describe('The variant picker\'s label, e.g. "Choose a size".'),
  sold_out: line(40),
});

export const productSectionSchema = z.object({
  id: sectionIdSchema,
  type: z.literal('product'),
  props: z.object({
    name: line(120),
    description: line(4000).optional(),
    images: z
      .array(z.object({ url: imageUrlSchema, alt: z.string().trim().max(200) }))
      .max(8)
      .default([]),
    /** As shown: "€29.00", "from €19.00". */
    price: line(40),
    /** "per month" for a subscription. */
    period: line(30).optional(),
    /** Facts about the product the caller gave: "Ships to Germany and Austria", "12 in stock". */
    details: z.array(line(200)).max(12).default([]),
    /** What a buyer picks from: each offer's value is what the buy form posts. */
    variants: z
      .array(z.object({ value: z.string().regex(/^[a-z0-9_-]{1,40}$/), label: line(160), price: line(40) }))
      .max(50)
      .default([]),
    available: z.boolean().default(true),
    /** A link straight to a live checkout, or a form posted to this service, which starts one. */
    buy: z.object({ method: z.enum(['link', 'post']), action: z.url({ protocol: /^https?$/ }) }),
    words: productWords,
  }),
});
export type ProductSection = z.output<typeof productSectionSchema>;

export const policiesSectionSchema = z.object({
  id: sectionIdSchema,
  type: z.literal('policies'),
  props: z.object({
    heading: line(120),
    items: z
      .array(z.object({ title: line(80), text: line(4000) }))
      .min(1)
      .max(6),
  }),
});
export type PoliciesSection = z.output<typeof policiesSectionSchema>;

export type CommerceSection = ProductSection | PoliciesSection;
export const commerceSectionTypes = ['product', 'policies'] as const;

const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${esc(part).replace(/\n/g, '<br>')}</p>`)
    .join('');

function gallery(images: ProductSection['props']['images']): string {
  if (images.length === 0) return '';
  const items = images.map((image) => `<li><img src="${esc(safeHref(image.url) ?? '')}" alt="${esc(image.alt)}" loading="lazy" decoding="async"></li>`).join('');
  return `<ul class="gallery">${items}</ul>`;
}

function buyControl(section: ProductSection): string {
  const { buy, variants, words, available } = section.props;
  if (!available) return `<p class="sold-out"><strong>${esc(words.sold_out)}</strong></p>`;
  if (buy.method === 'link') return `<p class="actions"><a class="btn" href="${esc(safeHref(buy.action) ?? '#')}">${esc(words.buy)}</a></p>`;
  const pick =
    variants.length > 1
      ? `<div class="field"><label for="${section.id}-offer">${esc(words.choose)}</label><select id="${section.id}-offer" name="offer">${variants
          .map((variant) => `<option value="${esc(variant.value)}">${esc(variant.label)} — ${esc(variant.price)}</option>`)
          .join('')}</select></div>`
      : variants[0]
        ? `<input type="hidden" name="offer" value="${esc(variants[0].value)}">`
        : '';
  return `<form class="buy" method="post" action="${esc(buy.action)}" accept-charset="utf-8">${pick}<button type="submit" class="btn">${esc(words.buy)}</button></form>`;
}

function renderProduct(section: ProductSection, context: SectionContext): string {
  const { name, description, images, price, period, details } = section.props;
  const shownPrice = `<p class="price"><strong>${esc(price)}</strong>${period ? ` <span>${esc(period)}</span>` : ''}</p>`;
  const facts = details.length ? `<ul class="ticks">${details.map((detail) => `<li>${esc(detail)}</li>`).join('')}</ul>` : '';
  return wrap(
    section,
    `<div class="product">${gallery(images)}<div class="product-info">${heading(section, name, context)}${shownPrice}${paragraphs(description)}${facts}${buyControl(section)}</div></div>`,
  );
}

function renderPolicies(section: PoliciesSection, context: SectionContext): string {
  const { heading: title, items } = section.props;
  // One policy under a heading that is its own title: said once, not twice.
  const entries = items.map((item) => `<li class="card">${items.length === 1 && item.title === title ? '' : itemHeading(context, item.title)}${paragraphs(item.text)}</li>`).join('');
  return wrap(section, `${heading(section, title, context)}<ul class="grid">${entries}</ul>`, 'alt');
}

export function renderCommerceSection(section: CommerceSection, context: SectionContext): string {
  return section.type === 'product' ? renderProduct(section, context) : renderPolicies(section, context);
}

/** The origins a commerce section loads images from, for the page's Content-Security-Policy. */
export const commerceImageUrls = (section: CommerceSection): string[] => (section.type === 'product' ? section.props.images.map((image) => image.url) : []);
