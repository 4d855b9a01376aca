/**
 * Who is calling a tool. Every transport resolves one before dispatching (from an agent key,
 * or the local owner account for stdio without one), and every store query is scoped by
 * its account.
 */
export interface Caller {
  accountId: string;
  /** The agent key used; null for the local owner over stdio. */
  keyId: string | null;
  scopes: readonly string[];
}
