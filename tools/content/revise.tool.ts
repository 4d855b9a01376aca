import { z } from 'zod';
import { contentIds } from './ids.js';
import { generatorField } from '../../src/kernel/generation.js';
import { defineTool } from '../../src/kernel/tool.js';
import { idPattern } from '../../src/kernel/ids.js';
import { revise } from './engine.js';
import { packOutputSchema } from './schema.js';
import { packSummary } from './summary.js';

export default defineTool({
  name: 'content_revise',
  title: 'Revise one block of a content pack',
  description:
    'Edits one block of a pack without regenerating the others and returns a new version in which only that block changed ' +
    '(its checks recomputed). Send either `replacement` (the block\'s fields, e.g. for linkedin {hook, body, hashtags}: used ' +
    'verbatim) or `instructions` in words ("change the subject to \'…\'", "make it shorter", "remove the hashtags"; free-form ' +
    'rewrites need a model). `applied` and `unapplied` say what was done. Earlier versions stay readable with content_get.',
  route: { method: 'POST', path: '/content/revise' },
  scope: 'content:write',
  cost: 1,
  effect: 'write',
  input: z
    .object({
      pack_id: z.string().regex(idPattern(contentIds.pack), 'must be a pack id such as "cnt_01…" from content_repurpose'),
      block_id: z.string().min(1).max(40).describe('The block\'s id: blog, linkedin, email, x_thread or page_sections.'),
      instructions: z.string().trim().min(3).max(2000).optional(),
      replacement: z.record(z.string(), z.unknown()).optional().describe("The block's new fields, used verbatim."),
      generator: generatorField,
    })
    .refine((input) => (input.instructions === undefined) !== (input.replacement === undefined), {
      message: 'give either instructions or replacement (exactly one)',
      path: ['instructions'],
    }),
  output: packOutputSchema.extend({
    changed_block: z.string(),
    applied: z.array(z.string()),
    unapplied: z.array(z.string()).describe('What could not be done, and why.'),
  }),
  async run(input, ctx) {
    const pack = await revise(ctx, input);
    return {
      ...pack,
      next_actions: [ctx.nextAction('content_get', { pack_id: pack.pack_id, version: pack.version - 1 }, 'Compare with the previous version.')],
    };
  },
  summarize: (pack) =>
    `${packSummary(pack)} Changed block: ${pack.changed_block}.${pack.unapplied.length ? ` Not applied: ${pack.unapplied.join('; ')}.` : ''}`,
});
