import { defineTask, sized } from '../../src/kernel/task.js';
import { Models, servedExamples, type ModelsData } from './router.js';

/** The router's classifiers, learnt off the event loop on first use (a second or so), handed back as plain data. */
export const learnRouterTask = defineTask({
  name: 'intent.learn',
  run: async (_input: Record<string, never>): Promise<ModelsData> => (await Models.train(servedExamples())).data(),
  describe: () => sized('the labelled commands', servedExamples().length, 'commands'),
  // Learnt once for every caller (2–4 s on a slow machine): not charged to the budget of the first call that needs it.
  ownBudgetMs: 60_000,
});
