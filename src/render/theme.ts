import { clampChroma, formatHex, parse, toOklch, wcagContrast, type Oklch } from './color.js';
import { z } from 'zod';
import { outlinedAs } from '../kernel/json-schema.js';

/**
 * Page themes: the colours a caller asks for, resolved into a palette whose text/background
 * pairs meet WCAG 2.2 AA (4.5:1 for text, 3:1 for UI parts). A colour that falls short is
 * moved in lightness (OKLCH, keeping its hue) until it passes, and the change is reported.
 */

export const fontFamilies = ['sans', 'serif', 'mono', 'rounded'] as const;
export const radii = ['none', 'small', 'medium', 'large', 'pill'] as const;
export const modes = ['light', 'dark'] as const;
export const densities = ['comfortable', 'minimal'] as const;

/** Any CSS colour culori parses (hex, rgb(), hsl(), names); stored as #rrggbb. Listed as a string: its length bound is no news to an agent. */
export const colorSchema = outlinedAs(
  { type: 'string' },
  z
    .string()
    .trim()
    .max(60)
    .refine((value) => parse(value) !== undefined, 'must be a CSS colour such as "#2e7d32", "rgb(46 125 50)" or "teal"')
    .transform((value) => formatHex(parse(value)!)),
);

export const themeRequestSchema = z.object({
  primary: colorSchema.optional().describe('Buttons, links.'),
  accent: colorSchema.optional().describe('Highlights.'),
  background: colorSchema.optional(),
  text: colorSchema.optional(),
  font: outlinedAs(
    { type: 'string', maxLength: 40 },
    z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N} -]{1,40}$/u, 'must be a family: sans, serif, mono, rounded, or a font name such as "Inter" (letters, digits, spaces, hyphens)'),
  )
    .optional()
    .describe("sans, serif, mono, rounded, or an installed font's name."),
  radius: z.enum(radii).optional(),
  mode: z.enum(modes).optional().describe('Default: from the background.'),
  density: z.enum(densities).optional().describe('minimal: plainer, more whitespace, no shadows.'),
});
export type ThemeRequest = z.output<typeof themeRequestSchema>;

export const themeSchema = z.object({
  mode: z.enum(modes),
  density: z.enum(densities),
  radius: z.enum(radii),
  font: z.string(),
  font_stack: z.string().describe('CSS font-family.'),
  colors: z.object({
    primary: z.string(),
    on_primary: z.string().describe('Text on primary.'),
    accent: z.string(),
    background: z.string(),
    surface: z.string().describe('Cards, alternate sections.'),
    text: z.string(),
    muted: z.string().describe('Secondary text, borders.'),
    link: z.string().describe('Links, focus rings: primary, adjusted for contrast.'),
  }),
  contrast: z.array(z.object({ pair: z.string(), ratio: z.number(), required: z.number() })),
});
export type Theme = z.output<typeof themeSchema>;

const stacks: Record<(typeof fontFamilies)[number], string> = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Times New Roman", serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  rounded: 'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", system-ui, sans-serif',
};

export function fontStack(font: string): string {
  const family = font.toLowerCase();
  if (family in stacks) return stacks[family as keyof typeof stacks];
  return `"${font}", ${stacks.sans}`;
}

const TEXT = 4.5;
const UI = 3;
const hex = (color: Oklch) => formatHex(clampChroma(color, 'oklch'));
const contrast = (a: string, b: string) => Math.round(wcagContrast(a, b) * 100) / 100;

/** `color` moved in lightness, towards the side that needs the smaller move, until it reaches `ratio` on `against`. */
export function withContrast(color: string, against: string, ratio: number): string {
  if (wcagContrast(color, against) >= ratio) return color;
  const start = toOklch(color)!;
  const tries = (direction: -1 | 1): string | undefined => {
    for (let step = 1; step <= 100; step += 1) {
      const l = (start.l ?? 0) + direction * step * 0.01;
      if (l < 0 || l > 1) return undefined;
      const candidate = hex({ ...start, l });
      if (wcagContrast(candidate, against) >= ratio) return candidate;
    }
    return undefined;
  };
  const darker = tries(-1);
  const lighter = tries(1);
  const distance = (candidate: string | undefined) => (candidate ? Math.abs((toOklch(candidate)!.l ?? 0) - (start.l ?? 0)) : Infinity);
  const best = distance(darker) <= distance(lighter) ? darker : lighter;
  return best ?? (wcagContrast('#000000', against) >= wcagContrast('#ffffff', against) ? '#000000' : '#ffffff');
}

/** `color`, moved as little as it takes to reach `ratio` on every ground; undefined when no lightness does. */
function readableOn(color: string, grounds: readonly string[], ratio: number): string | undefined {
  let candidate = color;
  for (let pass = 0; pass < 2; pass += 1) for (const ground of grounds) candidate = withContrast(candidate, ground, ratio);
  return grounds.every((ground) => wcagContrast(candidate, ground) >= ratio) ? candidate : undefined;
}

/** `color` mixed towards `towards` by `amount` (0..1) in OKLCH lightness only. */
function shade(color: string, towards: string, amount: number): string {
  const from = toOklch(color)!;
  const to = toOklch(towards)!;
  return hex({ ...from, l: (from.l ?? 0) + ((to.l ?? 0) - (from.l ?? 0)) * amount });
}

const isDark = (color: string) => wcagContrast(color, '#ffffff') > wcagContrast(color, '#000000');

export interface ResolvedTheme {
  theme: Theme;
  /** Human-readable notes on every colour changed for contrast. */
  adjustments: string[];
}

/** The palette for a request: defaults filled in, every text pair brought to AA, the changes listed. */
export function resolveTheme(request: ThemeRequest): ResolvedTheme {
  const adjustments: string[] = [];
  const mode = request.mode ?? (request.background ? (isDark(request.background) ? 'dark' : 'light') : 'light');
  const background = request.background ?? (mode === 'dark' ? '#0f172a' : '#ffffff');
  const note = (what: string, from: string, to: string, against: string, required: number, label = against) => {
    if (from !== to) adjustments.push(`${what} ${from} became ${to} to reach ${required}:1 against ${label} (it was ${contrast(from, against)}:1).`);
  };

  const requestedText = request.text ?? (mode === 'dark' ? '#f1f5f9' : '#1f2937');
  const text = withContrast(requestedText, background, TEXT);
  note('The text colour', requestedText, text, background, TEXT);
  // Cards and alternating sections: a slight tint of the background, on the side that keeps the text readable.
  const tints = mode === 'dark' ? ['#ffffff', '#000000'] : ['#000000', '#ffffff'];
  const surface = tints.map((towards) => shade(background, towards, 0.045)).find((tint) => wcagContrast(text, tint) >= TEXT) ?? background;
  const grounds = [background, surface];
  const muted = readableOn(shade(text, background, 0.35), grounds, TEXT) ?? text;

  // Buttons: the primary colour behind white or near-black text, whichever reads better.
  const requestedPrimary = request.primary ?? (mode === 'dark' ? '#60a5fa' : '#2563eb');
  const bestInk = (color: string) => (wcagContrast('#ffffff', color) >= wcagContrast('#111827', color) ? '#ffffff' : '#111827');
  let primary = requestedPrimary;
  let onPrimary = bestInk(primary);
  if (wcagContrast(onPrimary, primary) < TEXT) {
    const forWhite = withContrast(primary, '#ffffff', TEXT);
    const forInk = withContrast(primary, '#111827', TEXT);
    const move = (candidate: string) => Math.abs((toOklch(candidate)!.l ?? 0) - (toOklch(primary)!.l ?? 0));
    [primary, onPrimary] = move(forWhite) <= move(forInk) ? [forWhite, '#ffffff'] : [forInk, '#111827'];
    note('The primary (button) colour', requestedPrimary, primary, onPrimary, TEXT, `its ${onPrimary} button text`);
  }
  // Links and focus rings are primary-coloured text on the page: adjusted on their own so that buttons keep the brand colour.
  const link = readableOn(primary, grounds, TEXT) ?? text;
  if (link !== primary) adjustments.push(`Links and focus rings use ${link} instead of ${primary}, which is ${contrast(primary, background)}:1 on the background (text needs ${TEXT}:1).`);
  const requestedAccent = request.accent ?? primary;
  const accent = withContrast(requestedAccent, background, UI);
  note('The accent colour', requestedAccent, accent, background, UI);

  const font = request.font ?? 'sans';
  const colors = { primary, on_primary: onPrimary, accent, background, surface, text, muted, link };
  return {
    theme: {
      mode,
      density: request.density ?? 'comfortable',
      radius: request.radius ?? 'medium',
      font,
      font_stack: fontStack(font),
      colors,
      contrast: [
        { pair: 'text/background', ratio: contrast(text, background), required: TEXT },
        { pair: 'text/surface', ratio: contrast(text, surface), required: TEXT },
        { pair: 'muted/background', ratio: contrast(muted, background), required: TEXT },
        { pair: 'muted/surface', ratio: contrast(muted, surface), required: TEXT },
        { pair: 'on_primary/primary', ratio: contrast(onPrimary, primary), required: TEXT },
        { pair: 'link/background', ratio: contrast(link, background), required: TEXT },
        { pair: 'link/surface', ratio: contrast(link, surface), required: TEXT },
        { pair: 'accent/background', ratio: contrast(accent, background), required: UI },
      ],
    },
    adjustments,
  };
}
