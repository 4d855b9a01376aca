import { z } from 'zod';
import { textField } from '../kernel/fields.js';
import { imageUrlSchema } from './html.js';
import { colorSchema, themeRequestSchema, type ThemeRequest } from './theme.js';

/** A brand as every outcome that renders pages takes it: name, colours, font, logo, tone. */
export const brandSchema = z.object({
  name: textField(80).optional(),
  colors: z
    .union([themeRequestSchema.pick({ primary: true, accent: true, background: true, text: true }), z.array(colorSchema).min(1).max(4).describe('primary, accent, background, text')])
    .optional()
    .describe('CSS colours.'),
  font: themeRequestSchema.shape.font,
  logo_url: imageUrlSchema.optional(),
  tone: z.string().trim().max(60).optional().describe('e.g. friendly, bold, minimal.'),
});
export type Brand = z.output<typeof brandSchema>;

/** The theme a brand asks for: its colours by role (or those the prompt named), its font, "minimal" or "dark" in its tone. */
export function themeOf(brand: Brand, promptColors: string[] = []): ThemeRequest {
  const colors = brand.colors ?? promptColors;
  const byRole = Array.isArray(colors) ? { primary: colors[0], accent: colors[1], background: colors[2], text: colors[3] } : colors;
  const tone = brand.tone?.toLowerCase() ?? '';
  return Object.fromEntries(
    Object.entries({ ...byRole, font: brand.font, density: /minimal|clean|simple/.test(tone) ? 'minimal' : undefined, mode: /\bdark\b/.test(tone) ? 'dark' : undefined }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}
