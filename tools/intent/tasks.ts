import { defineTask } from '../../src/kernel/task.js';
import type { ModelsData } from './router.js';

/**
 * The router's classifiers, read from the build (or learnt) off the event loop on first use, handed
 * back as plain data. The labelled commands (most of this module's size) are loaded here only: a
 * process that never routes never parses them.
 */
export const learnRouterTask = defineTask({
  name: 'intent.learn',
  run: async (_input: Record<string, never>): Promise<ModelsData> => {
    const { servedModels } = await import('./learnt.js');
    return servedModels();
  },
  describe: () => 'the labelled commands',
  // Learnt once for every caller when the build's file does not match (2–4 s on a slow machine): not charged to the budget of the first call that needs it.
  ownBudgetMs: 60_000,
});
