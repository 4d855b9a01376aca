import { monotonicFactory } from 'ulid';

/** Every kind of object the API hands out, with the prefix of its ids (Stripe-style). */
export const idPrefixes = {
  draft: 'drf',
  invoice: 'inv',
  widget: 'wgt',
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
  request: 'req',
} as const;

export type IdKind = keyof typeof idPrefixes;

// Monotonic ULIDs keep ids sortable by creation even within one millisecond.
const nextUlid = monotonicFactory();

export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${nextUlid().toLowerCase()}`;
}

/** A pattern for validating ids of one kind in input schemas. */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${idPrefixes[kind]}_[0-9a-hjkmnp-tv-z]{26}$`);
}
