import { defineTask, sized } from '../../src/kernel/task.js';
import { extractFacts } from '../../src/compose/facts-extract.js';
import type { FactSheet } from '../../src/compose/facts.js';
import { renderStorefront, type PageInput } from './page.js';

const noFacts: FactSheet = { business: {}, offerings: [], news: [], hours: [], dates: [], contacts: { emails: [], phones: [], urls: [] }, languages: [], claims: [], constraints: [], lang: 'en' };

/** What a storefront prompt says: its business, offerings with prices, language. */
export const storefrontFactsTask = defineTask({
  name: 'storefront.facts',
  run: ({ prompt, today }: { prompt: string | undefined; today: string }): FactSheet => (prompt ? extractFacts(prompt, { referenceDate: today }) : noFacts),
  describe: ({ prompt }) => sized('prompt', prompt?.length ?? 0),
});

/** The page, its embed and its JSON-LD. */
export const renderStorefrontTask = defineTask({
  name: 'storefront.render',
  run: (input: PageInput) => renderStorefront(input),
  describe: (input) => `the storefront's ${input.catalog.length} products`,
});
