import type { Request, RequestHandler, Response } from 'express';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Access } from '../access/access.js';
import type { Caller } from '../kernel/caller.js';
import { OutcomeError } from '../kernel/errors.js';
import { sendErrorEnvelope } from './http.js';

const realm = 'Bearer realm="agent-outcomes"';

const bearerOf = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];

function refuse(res: Response, message: string, challenge: string, hint: string): void {
  sendErrorEnvelope(res, new OutcomeError('unauthenticated', message, { headers: { 'WWW-Authenticate': challenge }, hint }));
}

/** A bad key: counted against the address (shared by every instance); past the limit, 429 instead of 401. */
async function refuseBadKey(access: Access, req: Request, res: Response): Promise<void> {
  const retryAfter = await access.countAuthFailure(req.ip ?? 'unknown');
  if (!retryAfter) {
    refuse(
      res,
      'The agent key is not valid: it is malformed, unknown or revoked.',
      `${realm}, error="invalid_token", error_description="unknown or revoked agent key"`,
      'Use a current key; list them with `agent-outcomes keys list --account ID`.',
    );
    return;
  }
  sendErrorEnvelope(
    res,
    new OutcomeError('rate_limited', `Too many failed authentications from this address; try again in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
      hint: 'Check the agent key (Authorization: Bearer ak_…); this is not your usage limit.',
    }),
  );
}

/**
 * `Authorization: Bearer ak_…` → the caller, for REST and MCP over HTTP alike; else 401 in the
 * envelope with `WWW-Authenticate` (which MCP clients react to). Only failures are throttled:
 * an address that keeps presenting bad keys gets 429 for them, while a valid key from the same
 * address (a shared NAT, a proxy without TRUST_PROXY) keeps working.
 */
export function authentication(access: Access): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const secret = bearerOf(header);
    if (!secret) {
      refuse(
        res,
        header ? 'The Authorization header must be "Bearer <agent key>".' : 'This call needs an agent key: send Authorization: Bearer ak_….',
        header ? `${realm}, error="invalid_request"` : realm,
        'Create a key with `agent-outcomes keys create`; on first start one is written to DATA_DIR/dev-key.',
      );
      return;
    }
    const caller = await access.keys.verify(secret);
    if (!caller) {
      await refuseBadKey(access, req, res);
      return;
    }
    try {
      // An account over its refusal budget is refused before its body is even read.
      access.checkRefusals(caller);
    } catch (error) {
      sendErrorEnvelope(res, error as OutcomeError);
      return;
    }
    res.locals.caller = caller;
    // The MCP transport hands `req.auth` to tool calls as `extra.authInfo`.
    (req as Request & { auth?: AuthInfo }).auth = {
      token: '',
      clientId: caller.keyId ?? caller.accountId,
      scopes: [...caller.scopes],
      // The SDK hands authInfo to the per-request MCP server: the request's id travels with it, for its logs.
      extra: { accountId: caller.accountId, keyId: caller.keyId, requestId: req.id },
    };
    next();
  };
}

/** The HTTP request id an MCP request carries in its authInfo (set by `authentication`). */
export function requestIdOfAuthInfo(authInfo: AuthInfo | undefined): string | undefined {
  const requestId = authInfo?.extra?.requestId;
  return typeof requestId === 'string' ? requestId : undefined;
}

/** The caller an MCP request carries in its authInfo (set by `authentication`). */
export function callerOfAuthInfo(authInfo: AuthInfo | undefined): Caller | undefined {
  const extra = authInfo?.extra as { accountId?: string; keyId?: string } | undefined;
  if (!authInfo || !extra?.accountId) return undefined;
  return { accountId: extra.accountId, keyId: extra.keyId ?? null, scopes: authInfo.scopes };
}
