import { z } from 'zod';

/** Schema pieces several outcomes' inputs share, so that a rule and its message are written once. */

/** Text that says something: trimmed, not empty, at most `max` characters. */
export const textField = (max: number) => z.string().trim().min(1).max(max);

/** A BCP 47 language tag ("en", "pt-BR"). */
export const languageTag = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag such as "en" or "pt-BR"');
