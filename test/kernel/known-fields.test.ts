import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closestField, knownFieldsAt, pathSegments } from '../../src/kernel/known-fields.js';

const item = z.object({ description: z.string(), unit_price: z.string(), tax_rate: z.number().optional() });
const schema = z.object({
  customer: z.object({ name: z.string(), email: z.string().optional() }).optional(),
  line_items: z.array(item).min(1),
  discount: z.union([z.object({ percent: z.number() }), z.object({ amount: z.string() })]).optional(),
  sections: z.array(z.lazy(() => z.object({ id: z.string(), props: z.record(z.string(), z.unknown()) }))).default([]),
  mode: z.string().transform((value) => value.trim()),
});

describe('knownFieldsAt', () => {
  it('walks objects, arrays, optionals, defaults, unions and lazy schemas', () => {
    expect(pathSegments('line_items[12].price')).toEqual(['line_items', 12, 'price']);
    expect(knownFieldsAt(schema, '')).toEqual(['customer', 'line_items', 'discount', 'sections', 'mode']);
    expect(knownFieldsAt(schema, 'customer')).toEqual(['name', 'email']);
    expect(knownFieldsAt(schema, 'line_items[3]')).toEqual(['description', 'unit_price', 'tax_rate']);
    expect(knownFieldsAt(schema, 'discount')).toEqual(['percent', 'amount']);
    expect(knownFieldsAt(schema, 'sections[0]')).toEqual(['id', 'props']);
    // Not an object there, or no such field: nothing to offer.
    expect(knownFieldsAt(schema, 'mode')).toEqual([]);
    expect(knownFieldsAt(schema, 'nothing.here')).toEqual([]);
  });
});

describe('closestField', () => {
  it('finds typos, swapped letters and a word of a longer name, and guesses nothing when nothing is close', () => {
    const fields = ['description', 'unit_price', 'tax_rate', 'quantity'];
    expect(closestField('descripton', fields)).toBe('description');
    expect(closestField('quantiy', fields)).toBe('quantity');
    expect(closestField('price', fields)).toBe('unit_price');
    expect(closestField('tax', fields)).toBe('tax_rate');
    expect(closestField('emial', ['name', 'email'])).toBe('email');
    expect(closestField('colour', fields)).toBeUndefined();
    expect(closestField('x', fields)).toBeUndefined();
    expect(closestField('anything', [])).toBeUndefined();
  });
});
