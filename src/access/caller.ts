/**
 * Who is calling a tool. Every transport resolves one before dispatching, and every
 * store query is scoped by its account. Access control (keys, scopes, plans, usage)
 * produces it from the request's credentials.
 */
export interface Caller {
  /** The account the call acts for; null is the single local owner of a key-less server. */
  accountId: string | null;
  keyId: string | null;
  scopes: readonly string[];
}

/** The caller of a server that has no accounts yet: it binds to loopback only. */
export const localOwner: Caller = Object.freeze({ accountId: null, keyId: null, scopes: Object.freeze(['*']) });
