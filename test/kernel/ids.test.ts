import { describe, expect, it } from 'vitest';
import { idPattern, newId } from '../../src/kernel/ids.js';

describe('ids', () => {
  it('are prefixed ULIDs in lower case that sort by creation, even many in one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('tst'));
    for (const id of ids) expect(id).toMatch(idPattern('tst'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry their time in the first ten characters (48-bit milliseconds, Crockford base 32)', () => {
    const before = Date.now();
    const id = newId('tst');
    const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
    const time = [...id.slice(4, 14)].reduce((value, digit) => value * 32 + alphabet.indexOf(digit), 0);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it('differ in their random part from one millisecond to the next', () => {
    const randomParts = new Set<string>();
    const until = Date.now() + 20;
    while (Date.now() < until) randomParts.add(newId('tst').slice(14, 22));
    expect(randomParts.size).toBeGreaterThan(5);
  });
});
