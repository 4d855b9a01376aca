import { defineTask, sized } from '../../src/kernel/task.js';
import { extractFacts } from '../../src/compose/facts-extract.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { renderStorefront, type PageInput } from './page.js';
import { policiesOf, type PromptPolicies } from './policies.js';

const noFacts: FactSheet = { business: {}, offerings: [], news: [], hours: [], dates: [], contacts: { emails: [], phones: [], urls: [] }, languages: [], claims: [], constraints: [], lang: 'en' };

/** What a storefront prompt says: its business, offerings with prices, language, and its shipping and returns sentences. */
export const storefrontFactsTask = defineTask({
  name: 'storefront.facts',
  run: ({ prompt, today }: { prompt: string | undefined; today: string }): { facts: FactSheet; read: PromptPolicies } => {
    if (!prompt) return { facts: noFacts, read: { policies: {}, gaps: [] } };
    const facts = extractFacts(prompt, { referenceDate: today });
    return { facts, read: policiesOf(prompt, facts) };
  },
  describe: ({ prompt }) => sized('prompt', prompt?.length ?? 0),
});

/** The page, its embed and its JSON-LD. */
export const renderStorefrontTask = defineTask({
  name: 'storefront.render',
  run: (input: PageInput) => renderStorefront(input),
  describe: (input) => `the storefront's ${input.catalog.length} products`,
});
