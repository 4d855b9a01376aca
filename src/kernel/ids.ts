import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/** Every kind of object the API hands out, with the prefix of its ids (Stripe-style). */
export const idPrefixes = {
  draft: 'drf',
  invoice: 'inv',
  widget: 'wgt',
  submission: 'sub',
  content: 'cnt',
  clips: 'clp',
  storefront: 'sf',
  membership: 'mem',
  directory: 'dir',
  outreach: 'out',
  business: 'bx',
  job: 'job',
  key: 'key',
  account: 'acct',
  file: 'file',
  usage: 'use',
  request: 'req',
} as const;

export type IdKind = keyof typeof idPrefixes;

// ulid's default source makes one crypto call per character; drawing from a pooled buffer
// of cryptographic random bytes gives the same randomness at a fraction of the cost.
const pool = new Uint32Array(1024);
let poolIndex = pool.length;
function pooledRandom(): number {
  if (poolIndex === pool.length) {
    randomFillSync(pool);
    poolIndex = 0;
  }
  return (pool[poolIndex++] as number) / 0x1_0000_0000;
}

// Monotonic ULIDs keep ids sortable by creation even within one millisecond.
const nextUlid = monotonicFactory(pooledRandom);

export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${nextUlid().toLowerCase()}`;
}

/** A pattern for validating ids of one kind in input schemas. */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${idPrefixes[kind]}_[0-9a-hjkmnp-tv-z]{26}$`);
}
