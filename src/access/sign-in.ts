import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { serialize } from 'cookie';

/**
 * The pieces of an emailed sign-in shared by the membership sites and the dashboard: one-time
 * link tokens and session tokens are 256 random bits handed out once and stored only as SHA-256
 * hashes (the database alone can sign nobody in); sessions travel in an HttpOnly cookie.
 */

/** A one-time sign-in link works once, for this long. */
export const signInLinkTtlMs = 15 * 60_000;

/** A new link or session secret: 256 random bits, base64url. */
export const newSignInSecret = () => randomBytes(32).toString('base64url');
export const signInSecretPattern = /^[A-Za-z0-9_-]{43}$/;
/** What is stored of a secret. */
export const hashSignInSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Equal strings, compared in constant time (for tokens a page sends back). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A session cookie: HttpOnly (no script reads it), SameSite=Lax (no other site's form posts it),
 * Secure when the client reached us over https (`secure`: Express's req.secure, which honours
 * X-Forwarded-Proto behind a proxy in TRUST_PROXY), limited to `path`. A max age of 0 clears it.
 */
export const sessionCookie = (name: string, value: string, options: { path: string; secure: boolean; maxAgeMs: number }) =>
  serialize(name, value, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: options.path, maxAge: Math.floor(options.maxAgeMs / 1000) });
