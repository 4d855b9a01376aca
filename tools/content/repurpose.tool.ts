import { defineTool } from '../../src/kernel/tool.js';
import { repurpose } from './engine.js';
import { packOutputSchema, repurposeInputSchema } from './schema.js';
import { packSummary } from './summary.js';

export default defineTool({
  name: 'content_repurpose',
  title: 'Repurpose content for every channel',
  description:
    'Turns a topic (prompt) or a text to repurpose (source_text: article, notes, transcript) into channel-ready blocks: a blog ' +
    'post (markdown, slug, meta description), a LinkedIn post, an email (subject, preheader, text and HTML), an X thread (each ' +
    'tweet ≤ 280 weighted characters) and landing-page sections. Each block carries checks {rule, ok, value, limit}; from ' +
    "source_text, blocks reuse and cite its sentences. Without a model, a prompt's facts (news, offerings, hours…) are stated in its language and nothing is invented (meta.facts). " +
    'Edit one block with content_revise; send your own words there.',
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
