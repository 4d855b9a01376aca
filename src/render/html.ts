import escapeHtml from 'escape-html';
import { z } from 'zod';
import { outlinedAs } from '../kernel/json-schema.js';

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

/** Input schema for a link target; the message names the allowed forms. Listed by its forms: its length bound is no news to an agent. */
export const hrefSchema = outlinedAs(
  { type: 'string' },
  z.string().trim().max(2000).refine(isSafeHref, 'must be an http(s) or mailto URL, or an in-page anchor such as "#pricing"').describe('http(s), mailto or "#anchor"'),
);

const dnsName = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The URL's origin as a Content-Security-Policy source (`https://cdn.example.com:8443`), or
 * null. The URL parser lets `;`, `*` or `'` through in hosts, and any of them would rewrite the
 * policy, so only DNS names and IPv4 addresses are accepted (CSP sources cannot name IPv6).
 */
export function cspOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!dnsName.test(url.hostname)) return null;
  return url.origin;
}

/** Input schema for an image (a logo): http(s) only, from a host a page's policy can name. */
export const imageUrlSchema = outlinedAs(
  { type: 'string', format: 'uri' },
  z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL', abort: true })
    .max(2000)
    .refine((value) => cspOrigin(value) !== null, 'must be an http(s) URL whose host is a domain name or an IPv4 address (letters, digits, hyphens and dots)'),
);
