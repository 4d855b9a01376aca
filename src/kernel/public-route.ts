import type { PublicContext } from './context.js';

/**
 * Pages and endpoints for people without an agent key (a widget's preview, its form posts):
 * declared by outcomes next to their tools and mounted by the HTTP transport, which adds body
 * parsing (form-encoded or JSON), rate limiting, CORS for posts and the error pages.
 */
export interface PublicRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** Form fields or a JSON object; values other than strings are kept as sent. */
  body: Record<string, unknown>;
  /** Whether the client wants JSON (fetch with Accept: application/json) rather than a page. */
  wantsJson: boolean;
  /** The page the request came from (Referer), for a way back. */
  referer: string | undefined;
  /** The request's cookies by name (a member's session). */
  cookies: Record<string, string>;
  /** Whether the client reached this service over https (directly or through a proxy it trusts): cookies are then Secure. */
  secure: boolean;
}

/** Headers a route may set besides the transport's own: cookies (`Set-Cookie`, built with `cookie.serialize`). */
interface ResponseExtras {
  setCookies?: string[];
}

export type PublicResponse = (
  | { status: number; type: 'html'; body: string; csp: string }
  | { status: number; type: 'json'; body: Record<string, unknown> }
  /** 303 See Other to `location` (an absolute http(s) URL): a checkout, a signed-in page. */
  | { status: 303; type: 'redirect'; location: string }
) &
  ResponseExtras;

export interface PublicRoute {
  method: 'GET' | 'POST';
  /** Express path, outside /api/agents (e.g. /f/:widgetId). */
  path: string;
  /** At most this many requests per client address and path within `windowMs`. */
  rateLimit?: { max: number; windowMs: number };
  /** A GET whose JSON is public data that pages shown elsewhere read (a directory's search index in the MCP App viewer's sandboxed frame): any origin may fetch it, without credentials. */
  readableAnywhere?: boolean;
  handle: (request: PublicRequest, context: PublicContext) => Promise<PublicResponse>;
}
