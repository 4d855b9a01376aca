import { z } from 'zod';
import { outlinedAs } from './json-schema.js';

/** Schema pieces several outcomes' inputs share, so that a rule and its message are written once. */

/** Text that says something: trimmed, not empty, at most `max` characters. */
export const textField = (max: number) => z.string().trim().min(1).max(max);

/** A BCP 47 language tag ("en", "pt-BR"); listed by name, which says more to an agent than its pattern. */
export const languageTag = outlinedAs(
  { type: 'string', description: 'BCP 47 tag, e.g. "en", "pt-BR".' },
  z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag such as "en" or "pt-BR"'),
);
