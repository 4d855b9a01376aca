/**
 * The colour functions pages need, from culori's tree-shakable entry: only the CSS colour spaces
 * are registered (the full entry registers thirty and cost ~45 ms at every start of the CLI).
 */
import { clampChroma, converter, formatHex, modeHsl, modeHwb, modeLab, modeLch, modeLrgb, modeOklab, modeOklch, modeRgb, parse, useMode, wcagContrast } from 'culori/fn';

for (const mode of [modeRgb, modeLrgb, modeHsl, modeHwb, modeLab, modeLch, modeOklab, modeOklch]) useMode(mode);

export { clampChroma, formatHex, parse, wcagContrast };
export type { Oklch } from 'culori/fn';
export const toOklch = converter('oklch');
