import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { contentIds } from './ids.js';
import { readPack } from './engine.js';
import { packMarkdown } from './markdown.js';
import { slugify } from './slug.js';
import repurpose from './repurpose.tool.js';
import revise from './revise.tool.js';
import get from './get.tool.js';

const packIdPattern = idPattern(contentIds.pack);

/** The version of the pack a tool returned, named after its topic. */
const packLinkOf = (output: Record<string, unknown>) => {
  const topic = typeof output.meta === 'object' && output.meta !== null ? (output.meta as { topic?: unknown }).topic : undefined;
  return typeof output.pack_id === 'string' && typeof output.version === 'number'
    ? [{ pack_id: output.pack_id, version: String(output.version), label: `${typeof topic === 'string' ? slugify(topic) : output.pack_id}-v${output.version}.md` }]
    : [];
};

export const contentPackResource = defineResource<'pack_id' | 'version'>({
  name: 'content_pack_markdown',
  title: 'Content pack (Markdown)',
  description:
    'One version of a content pack as a single Markdown document: the topic as its title, then each channel under its own heading ' +
    '(the blog post, the LinkedIn post, the email with its subject and preheader, the numbered X thread, the landing-page sections).',
  uriTemplate: 'agent-outcomes://content/{pack_id}/versions/{version}/pack.md',
  mimeType: 'text/markdown',
  scope: 'content:read',
  async read({ pack_id, version }, ctx) {
    if (!packIdPattern.test(pack_id)) throw new OutcomeError('not_found', `No content pack ${quote(pack_id)} exists for this account.`);
    if (!/^[1-9]\d{0,8}$/.test(version)) throw new OutcomeError('not_found', `Content pack ${pack_id} has no version ${quote(version)}; versions are numbered from 1.`);
    return { mimeType: 'text/markdown', text: packMarkdown(await readPack(ctx, pack_id, Number(version))) };
  },
  linkedFrom: { [repurpose.name]: packLinkOf, [revise.name]: packLinkOf, [get.name]: packLinkOf },
});

export const contentResources = [contentPackResource];
