import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Opaque, prefixed ids (Stripe-style): `inv_01jdz8x4m6b3q9r2t5v7w0y1c3`. The part after the
 * prefix is a monotonic ULID in lower case: 48 bits of milliseconds, then 80 random bits, in
 * Crockford's base 32, so ids sort by creation even within one millisecond. The platform's
 * prefixes are here; each outcome module declares its own, and `Outcomes` checks that no two
 * modules share one.
 */
export const platformIds = { job: 'job', key: 'key', account: 'acct', file: 'file', usage: 'use', request: 'req', task: 'tsk' } as const;

/**
 * An id nobody can guess or order by time: MCP task ids, which a client may hold onto and
 * present later (a ULID's time part would tell when a job started).
 */
export function unguessableId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

export const idPrefixPattern = /^[a-z]{2,4}$/;

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const randomLength = 16;

// Random bytes are drawn from a pooled buffer: one crypto call per 1,024 ids' worth, not per id.
const pool = new Uint8Array(1024 * randomLength);
let poolIndex = pool.length;
const lastRandom = new Uint8Array(randomLength);
let lastTime = -1;

function encodeTime(time: number): string {
  let text = '';
  for (let i = 0; i < 10; i += 1) {
    text = (alphabet[time % 32] as string) + text;
    time = Math.floor(time / 32);
  }
  return text;
}

/** The random part: fresh each millisecond; within one, the last one plus one, so that ids stay in order. */
function nextRandom(time: number): Uint8Array {
  if (time !== lastTime) {
    if (poolIndex + randomLength > pool.length) {
      randomFillSync(pool);
      poolIndex = 0;
    }
    for (let i = 0; i < randomLength; i += 1) lastRandom[i] = (pool[poolIndex + i] as number) % 32;
    poolIndex += randomLength;
    lastTime = time;
    return lastRandom;
  }
  for (let i = randomLength - 1; i >= 0; i -= 1) {
    if ((lastRandom[i] as number) < 31) {
      lastRandom[i] = (lastRandom[i] as number) + 1;
      return lastRandom;
    }
    lastRandom[i] = 0;
  }
  throw new Error('more than 2^80 ids in one millisecond');
}

/** A new id with this prefix (a module's or `platformIds`'). */
export function newId(prefix: string): string {
  // A clock that steps back keeps the last time: ids never go backwards.
  const time = Math.max(Date.now(), lastTime);
  const random = nextRandom(time);
  let text = `${prefix}_${encodeTime(time)}`;
  for (const digit of random) text += alphabet[digit];
  return text;
}

/** A pattern for validating ids with this prefix in input schemas. */
export function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`);
}
