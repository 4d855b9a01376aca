import { defineTask } from '../../src/kernel/task.js';
import type { Channel, Content } from './schema.js';
import { prepareContent, type PrepareInput } from './prepare.js';
import type { RenderOptions } from './render.js';
import { loadBriefs } from '../../src/compose/load.js';

const characters = (text: string | undefined) => (text ?? '').length.toLocaleString('en-US');

/** Sentences, key points, brief, topic and the template's pack (see prepareContent). */
export const prepareContentTask = defineTask({
  name: 'content.prepare',
  load: loadBriefs,
  async run(input: PrepareInput) {
    const { extractBrief } = await import('../../src/compose/brief.js');
    return prepareContent(input, extractBrief);
  },
  describe: (input) => (input.source_text ? `source_text (${characters(input.source_text)} characters)` : `prompt (${characters(input.prompt)} characters)`),
});

/** The channel blocks with their checks; X's tweet counter (twitter-text) is the costly part. */
export const renderBlocksTask = defineTask({
  name: 'content.render',
  load: () => import('./render.js'),
  async run({ content, channels, options }: { content: Content; channels: Channel[]; options: RenderOptions }) {
    const { renderBlocks } = await import('./render.js');
    return renderBlocks(content, channels, options);
  },
  describe: ({ content }) => `the pack's text (${characters(JSON.stringify(content))} characters)`,
});
