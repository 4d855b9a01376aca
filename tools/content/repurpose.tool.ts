import { defineTool } from '../../src/kernel/tool.js';
import { repurpose } from './engine.js';
import { packOutputSchema, repurposeInputSchema } from './schema.js';
import { packSummary } from './summary.js';

export default defineTool({
  name: 'content_repurpose',
  title: 'Repurpose content for every channel',
  description:
    'Turns a topic (prompt) or an existing article, notes or transcript (source_text, up to 100k characters) into ' +
    'channel-ready blocks: a blog post (title, slug, meta description, markdown with H2 sections), a LinkedIn post, an ' +
    'email (subject, preheader, text and inline-styled HTML), an X thread (numbered, each tweet within 280 weighted ' +
    'characters) and landing-page sections. Every block carries checks ({rule, ok, value, limit}); with source_text the ' +
    "blocks use the source's own sentences and cite them. meta.generator says who wrote it (template, llm, sampling). " +
    'Edit one block later with content_revise.',
  route: { method: 'POST', path: '/content/repurpose' },
  scope: 'content:write',
  cost: 1,
  effect: 'write',
  input: repurposeInputSchema,
  output: packOutputSchema,
  async run(input, ctx) {
    const pack = await repurpose(ctx, input);
    return {
      ...pack,
      next_actions: [
        ctx.nextAction('content_revise', { pack_id: pack.pack_id, block_id: pack.blocks[0]?.id ?? 'blog', instructions: 'make it shorter' }, 'Edit one block without regenerating the others.'),
        ctx.nextAction('content_get', { pack_id: pack.pack_id }, 'Read the pack (or an earlier version) again.'),
      ],
    };
  },
  summarize: packSummary,
});
