import { describe, expect, it } from 'vitest';
import { hasAccess } from '../../tools/membership/access.js';

describe('who has access', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('keeps a member whose payment failed until the grace period ends, and not a moment after', () => {
    expect(hasAccess({ status: 'past_due', grace_until: '2026-12-05T12:00:00.000Z' }, now)).toBe(true);
    expect(hasAccess({ status: 'past_due', grace_until: '2026-11-28T12:00:00.000Z' }, now)).toBe(false);
    expect(hasAccess({ status: 'past_due', grace_until: null }, now)).toBe(false);
  });

  it('lets active and granted members in, and nobody canceled or revoked', () => {
    expect(hasAccess({ status: 'active', grace_until: null }, now)).toBe(true);
    expect(hasAccess({ status: 'granted', grace_until: null }, now)).toBe(true);
    expect(hasAccess({ status: 'canceled', grace_until: null }, now)).toBe(false);
    expect(hasAccess({ status: 'revoked', grace_until: '2026-12-05T12:00:00.000Z' }, now)).toBe(false);
  });
});
