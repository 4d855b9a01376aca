import escapeHtml from 'escape-html';
import { z } from 'zod';

/**
 * Code points HTML forbids (controls other than tab, line feed, form feed and carriage return;
 * noncharacters). No character reference can carry them, and browsers drop or replace them
 * inconsistently (NUL vanishes from text but becomes U+FFFD in attributes), so they are left out.
 */
const forbidden = /(?![\t\n\f\r])[\p{Cc}\p{Noncharacter_Code_Point}]/gu;

/** Escapes text for HTML content and double-quoted attribute values. Every piece of user text passes here. */
export const esc = (text: string | number): string => escapeHtml(String(text).replace(forbidden, ''));

const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link target that is safe to put in a page: an absolute http(s) or mailto URL, or an
 * in-page anchor. Everything else (javascript:, data:, vbscript:, relative paths) is refused.
 */
export function isSafeHref(value: string): boolean {
  if (/^#[A-Za-z][\w-]{0,60}$/.test(value)) return true;
  if (!URL.canParse(value)) return false;
  return allowedProtocols.has(new URL(value).protocol);
}

/** The serialised URL (percent-encoded, normalised) or null: what a renderer writes into href/src. */
export function safeHref(value: string): string | null {
  if (!isSafeHref(value)) return null;
  return value.startsWith('#') ? value : new URL(value).href;
}

/** Input schema for a link target; the message names the allowed forms. */
export const hrefSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isSafeHref, 'must be an http(s) or mailto URL, or an in-page anchor such as "#pricing"');

/** Input schema for an image (a logo): http(s) only. */
export const imageUrlSchema = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000);
