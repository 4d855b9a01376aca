import type { Task } from '../src/kernel/task.js';
import { prepareWidgetTask, renderWidgetTask } from './widgets/tasks.js';
import { einvoiceTask, invoicePdfTask, unrenderableTask } from './invoice/tasks.js';
import { groundContentTask, prepareContentTask, renderBlocksTask } from './content/tasks.js';
import { planClipsTask } from './clips/tasks.js';
import { renderStorefrontTask, storefrontFactsTask } from './storefront/tasks.js';
import { directoryTasks } from './directory/tasks.js';
import { composeCampaignTask } from './outreach/tasks.js';
import { membershipSiteTask } from './membership/tasks.js';
import { learnRouterTask } from './intent/tasks.js';

/**
 * The CPU-heavy steps of the outcomes, which run on the compute pool's worker threads. The
 * worker thread loads this list (and only this list) to find a task by name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list of tasks of every input and output type; the worker finds each by name
export const tasks: readonly Task<any, any>[] = [
  invoicePdfTask,
  unrenderableTask,
  einvoiceTask,
  prepareContentTask,
  renderBlocksTask,
  groundContentTask,
  prepareWidgetTask,
  renderWidgetTask,
  planClipsTask,
  storefrontFactsTask,
  renderStorefrontTask,
  composeCampaignTask,
  membershipSiteTask,
  ...directoryTasks,
  learnRouterTask,
];
