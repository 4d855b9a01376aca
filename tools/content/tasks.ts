import { defineTask, sized } from '../../src/kernel/task.js';
import type { Channel, Content } from './schema.js';
import { prepareContent, type PrepareInput } from './prepare.js';
import type { RenderOptions } from './render.js';
import { briefOf, loadBriefs } from '../../src/compose/load.js';

/** Sentences, key points, brief, topic and the template's pack (see prepareContent). */
export const prepareContentTask = defineTask({
  name: 'content.prepare',
  load: loadBriefs,
  run: async (input: PrepareInput) => prepareContent(input, await briefOf(input.prompt ?? input.source_text?.slice(0, 2000) ?? '')),
  describe: (input) => (input.source_text ? sized('source_text', input.source_text.length) : sized('prompt', (input.prompt ?? '').length)),
});

/** The channel blocks with their checks; X's tweet counter (twitter-text) is the costly part. */
export const renderBlocksTask = defineTask({
  name: 'content.render',
  load: () => import('./render.js'),
  async run({ content, channels, options }: { content: Content; channels: Channel[]; options: RenderOptions }) {
    const { renderBlocks } = await import('./render.js');
    return renderBlocks(content, channels, options);
  },
  describe: ({ content }) => sized("the pack's text", JSON.stringify(content).length),
});

/** A model's pack without the sentences that say what the prompt and source do not (src/compose/grounded.ts); a long source makes it costly. */
export const groundContentTask = defineTask({
  name: 'content.ground',
  load: () => import('../../src/compose/grounded.js'),
  async run({ content, sources, lang }: { content: Content; sources: string[]; lang: string }) {
    const { grounded } = await import('../../src/compose/grounded.js');
    return grounded(content, sources, { lang });
  },
  describe: ({ sources }) =>
    sized(
      'the sources',
      sources.reduce((sum, source) => sum + source.length, 0),
    ),
});
