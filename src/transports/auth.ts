import type { Request, RequestHandler, Response } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Access } from '../access/access.js';
import type { Caller } from '../access/caller.js';
import { OutcomeError } from '../kernel/errors.js';
import { sendError } from './http.js';

const realm = 'Bearer realm="agent-outcomes"';

const bearerOf = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];

/** A throttled address is refused before its credentials are even looked at. */
function refuseThrottled(access: Access, req: Request, res: Response): boolean {
  const retryAfter = access.throttle.retryAfter(req.ip ?? 'unknown');
  if (!retryAfter) return false;
  sendError(
    res,
    new OutcomeError('rate_limited', `Too many failed authentications from this address; try again in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
      hint: 'Check the agent key (Authorization: Bearer ak_…); this is not your usage limit.',
    }),
  );
  return true;
}

/** REST: `Authorization: Bearer ak_…` → the caller, or 401 in the envelope with WWW-Authenticate. */
export function restAuthentication(access: Access): RequestHandler {
  return async (req, res, next) => {
    if (refuseThrottled(access, req, res)) return;
    const header = req.headers.authorization;
    const secret = bearerOf(header);
    if (!secret) {
      sendError(
        res,
        new OutcomeError('unauthenticated', header ? 'The Authorization header must be "Bearer <agent key>".' : 'This call needs an agent key: send Authorization: Bearer ak_….', {
          headers: { 'WWW-Authenticate': header ? `${realm}, error="invalid_request"` : realm },
          hint: 'Create a key with `agent-outcomes keys create`; on first start one is written to DATA_DIR/dev-key.',
        }),
      );
      return;
    }
    const caller = await access.keys.verify(secret);
    if (!caller) {
      access.throttle.fail(req.ip ?? 'unknown');
      sendError(
        res,
        new OutcomeError('unauthenticated', 'The agent key is not valid: it is malformed, unknown or revoked.', {
          headers: { 'WWW-Authenticate': `${realm}, error="invalid_token", error_description="unknown or revoked agent key"` },
          hint: 'Use a current key; list them with `agent-outcomes keys list --account ID`.',
        }),
      );
      return;
    }
    res.locals.caller = caller;
    next();
  };
}

/** The caller an MCP request carries in `extra.authInfo` (set by requireBearerAuth). */
export function callerOfAuthInfo(authInfo: AuthInfo | undefined): Caller | undefined {
  const extra = authInfo?.extra as { accountId?: string; keyId?: string } | undefined;
  if (!authInfo || !extra?.accountId) return undefined;
  return { accountId: extra.accountId, keyId: extra.keyId ?? null, scopes: authInfo.scopes };
}

/**
 * MCP over HTTP: the SDK's requireBearerAuth (an HTTP 401 with WWW-Authenticate that MCP
 * clients react to), behind the same throttle as REST; the tool sees `extra.authInfo`.
 */
export function mcpAuthentication(access: Access): RequestHandler[] {
  const bearer = requireBearerAuth({
    verifier: {
      async verifyAccessToken(token): Promise<AuthInfo> {
        const caller = await access.keys.verify(token);
        if (!caller) throw new InvalidTokenError('The agent key is not valid: it is malformed, unknown or revoked.');
        return {
          token,
          clientId: caller.keyId ?? caller.accountId,
          scopes: [...caller.scopes],
          // Agent keys do not expire; the SDK requires a time, so this authorisation lasts the request.
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
          extra: { accountId: caller.accountId, keyId: caller.keyId },
        };
      },
    },
  });
  const throttle: RequestHandler = (req, res, next) => {
    if (refuseThrottled(access, req, res)) return;
    // Count failures of a key that was actually presented.
    if (req.headers.authorization) {
      res.once('finish', () => {
        if (res.statusCode === 401) access.throttle.fail(req.ip ?? 'unknown');
      });
    }
    next();
  };
  return [throttle, bearer];
}
