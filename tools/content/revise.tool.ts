import { defineTool } from '../../src/kernel/tool.js';
import { revise } from './engine.js';
import { reviseInputSchema, reviseOutputSchema } from './schema.js';
import { packSummary } from './summary.js';

export default defineTool({
  name: 'content_revise',
  title: 'Revise one block of a content pack',
  description:
    'Edits one block of a pack and returns a new version in which only that block changed (checks recomputed; no version and no charge when nothing changed). Send ' +
    "`replacement` (the block's fields, e.g. linkedin {hook, body, hashtags}, used verbatim) or `instructions` in words " +
    '("make it shorter", "remove the hashtags"; free-form rewrites need a model). `applied` and `unapplied` say what was done; ' +
    'content_get reads earlier versions.',
  route: { method: 'POST', path: '/content/revise' },
  scope: 'content:write',
  cost: 1,
  effect: 'write',
  input: reviseInputSchema,
  output: reviseOutputSchema,
  async run(input, ctx) {
    const pack = await revise(ctx, input);
    return {
      ...pack,
      next_actions: pack.changed
        ? [ctx.nextAction('content_get', { pack_id: pack.pack_id, version: pack.version - 1 }, 'Compare with the previous version.')]
        : [ctx.nextAction('content_get', { pack_id: pack.pack_id }, 'Nothing changed (`unapplied` says why): read the block, then send a replacement or other instructions.')],
    };
  },
  summarize: (pack) =>
    `${packSummary(pack)} ${pack.changed ? `Changed block: ${pack.changed_block}.` : `Nothing changed in ${pack.changed_block}: no new version, not charged.`}${pack.unapplied.length ? ` Not applied: ${pack.unapplied.join('; ')}.` : ''}`,
});
