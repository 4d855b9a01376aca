import { defineTask, sized } from '../../src/kernel/task.js';
import { composeCampaign, type ComposeInput } from './compose.js';
import { disposableDomains } from './leads.js';

/** A campaign version: lead import and scoring, copy, QA of every step for every lead, CRM files (a few hundred ms for 1,000 leads). */
export const composeCampaignTask = defineTask({
  name: 'outreach.compose',
  // The disposable-domain list (121k names) loads with the thread, not in a call's budget.
  load: async () => disposableDomains(),
  run: (input: ComposeInput) => composeCampaign(input),
  describe: (input) => {
    const leads = 'build' in input ? input.build.leads : input.revise.changes.leads;
    if (typeof leads === 'string') return sized('leads', leads.length);
    if (leads) return sized('leads', leads.length, 'rows');
    return 'build' in input ? 'the campaign' : sized('the version revised', input.revise.before.length);
  },
});
