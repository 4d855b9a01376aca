import { defineTool } from '../../src/kernel/tool.js';
import { revisionReportShape } from '../../src/kernel/revision.js';
import { reviseStorefront } from './engine.js';
import { reviseInputSchema, storefrontOutputSchema } from './schema.js';
import { storefrontSummary } from './summary.js';

export default defineTool({
  name: 'storefront_revise',
  title: 'Revise a storefront',
  description:
    'Replaces fields of a storefront (products, policies, FAQ, reviews, brand, mode…) as a new version; nothing changed makes no version and costs nothing. ' +
    'execute: true runs the Stripe operations of the version, resuming a run that stopped without repeating a step.',
  route: { method: 'POST', path: '/storefront/revise' },
  scope: 'storefront:write',
  cost: 1,
  effect: 'external',
  view: 'page',
  input: reviseInputSchema,
  output: storefrontOutputSchema.extend(revisionReportShape),
  async run(input, ctx) {
    const storefront = await reviseStorefront(ctx, input);
    return { ...storefront, next_actions: [ctx.nextAction('storefront_get', { storefront_id: storefront.storefront_id }, 'Read it, with its versions.')] };
  },
  summarize: (storefront) =>
    `${storefrontSummary(storefront)} ${storefront.changed ? `Applied: ${storefront.applied.join('; ')}.` : 'Nothing changed: no new version, not charged.'}${storefront.unapplied.length ? ` Not applied: ${storefront.unapplied.join('; ')}.` : ''}`,
});
