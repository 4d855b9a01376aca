import type { z } from 'zod';
import type { packOutputSchema } from './schema.js';

/** The MCP text of every tool that returns a pack. */
export const packSummary = (pack: z.output<typeof packOutputSchema>) => {
  const failing = pack.blocks.flatMap((block) => block.checks.filter((check) => !check.ok).map((check) => `${block.id}.${check.rule}`));
  return (
    `Content pack ${pack.pack_id} v${pack.version} on "${pack.meta.topic}" (${pack.meta.generator}): ${pack.blocks.map((b) => b.id).join(', ')}. ` +
    (failing.length ? `Checks failing: ${failing.join(', ')}.` : 'All checks pass.') +
    (pack.meta.warnings.length ? ` Warnings: ${pack.meta.warnings.join(' ')}` : '')
  );
};
