import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { OutcomeError } from '../../src/kernel/errors.js';
import { minisearchBrowserBuild } from '../../tools/directory/script.js';
import { settleFields } from '../../tools/directory/fields.js';
import { checkListings, readRows } from '../../tools/directory/listings.js';
import { buildIndex, indexOptions, searchIndex } from '../../tools/directory/search.js';
import { monetizationPlan } from '../../tools/directory/plan.js';
import { manyListings } from './fixtures.js';

describe('the browser build of MiniSearch', () => {
  it('answers exactly as the Node module does, from the same index JSON', () => {
    const { rows } = readRows(manyListings(300));
    const { fields } = settleFields(undefined, rows, []);
    const { listings } = checkListings(rows, fields);
    const json = buildIndex(listings, fields, 'unit@1');
    const options = indexOptions(fields);
    const sandbox: { MiniSearch?: typeof MiniSearch } = {};
    vm.createContext(sandbox);
    vm.runInContext(minisearchBrowserBuild(), sandbox);
    const Browser = sandbox.MiniSearch as typeof MiniSearch;
    expect(minisearchBrowserBuild().length).toBeLessThan(40_000);
    const inBrowser = Browser.loadJS(JSON.parse(json), { fields: options.fields, storeFields: options.storeFields, searchOptions: options.searchOptions });
    const inNode = MiniSearch.loadJSON(json, { fields: options.fields, storeFields: options.storeFields, searchOptions: options.searchOptions });
    for (const query of ['tofu', 'falafle', 'place 12', 'bak', 'Bairro', 'seitan coffee', 'zzz']) {
      const ids = (index: MiniSearch) => index.search(query).map((result) => [result.id, result.score.toFixed(6)]);
      expect(ids(inBrowser), query).toEqual(ids(inNode));
    }
    expect(inBrowser.search(Browser.wildcard).length).toBe(300);
  });
});

describe('listings in', () => {
  it('reads JSON text, an object with a listings array, and CSV alike', () => {
    const csv = readRows('Business Name,Type,URL\n"Green, Bean",Cafe,https://g.example');
    expect(csv).toMatchObject({ format: 'csv', rows: [{ name: 'Green, Bean', category: 'Cafe', website: 'https://g.example' }] });
    expect(csv.renamed).toEqual(['"Business Name" → name', '"Type" → category', '"URL" → website']);
    expect(readRows('{"listings": [{"name": "A"}]}').rows).toEqual([{ name: 'A' }]);
    expect(() => readRows('{"x": 1}')).toThrow(OutcomeError);
    expect(readRows('"a"')).toMatchObject({ format: 'csv', rows: [] });
  });

  it('infers a filter for a short repeating column, and numbers', () => {
    const { rows } = readRows(Array.from({ length: 6 }, (_, i) => ({ name: `N${i}`, price_band: ['$', '$$'][i % 2], seats: String(i * 10) })));
    const { fields } = settleFields(undefined, rows, []);
    expect(fields.find((field) => field.name === 'price_band')).toMatchObject({ type: 'text', filterable: true });
    expect(fields.find((field) => field.name === 'seats')).toMatchObject({ type: 'number', filterable: false });
  });

  it('never fails but with a 400 on arbitrary text or rows', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.json({ maxDepth: 3 }), fc.array(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), { maxLength: 8 })),
        (input) => {
          try {
            const { rows } = readRows(input);
            const { fields } = settleFields(undefined, rows, []);
            const { listings, rejected } = checkListings(rows, fields);
            expect(listings.length + rejected.length).toBe(rows.length);
          } catch (error) {
            expect(error).toBeInstanceOf(OutcomeError);
            expect((error as OutcomeError).code).toBe('invalid_input');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('search order', () => {
  it('puts premium, then featured, then the rest, with and without a query', () => {
    const { rows } = readRows([{ name: 'Alpha tofu' }, { name: 'Beta tofu' }, { name: 'Gamma tofu' }]);
    const { fields } = settleFields(undefined, rows, []);
    const { listings } = checkListings(rows, fields);
    const options = indexOptions(fields);
    const index = MiniSearch.loadJSON<Record<string, string>>(buildIndex(listings, fields, 'unit@2'), { fields: options.fields, storeFields: options.storeFields });
    const [alpha, beta, gamma] = listings.map((listing) => listing.listing_id) as [string, string, string];
    const placements = { [gamma]: 'featured', [beta]: 'premium' };
    expect(searchIndex(index, options, { q: '', filters: {} }, placements).map((result) => result.id)).toEqual([beta, gamma, alpha]);
    expect(searchIndex(index, options, { q: 'tofu', filters: {} }, placements).map((result) => result.id)).toEqual([beta, gamma, alpha]);
  });

  it('searches words, not links: "co" finds the listing about coffee, not every listing with a .com site', () => {
    const { rows } = readRows([
      { name: 'Alpha Coffee', website: 'https://alpha.example.com' },
      { name: 'Beta Tofu', website: 'https://www.beta.com' },
    ]);
    const { fields } = settleFields(undefined, rows, []);
    expect(fields.find((field) => field.name === 'website')?.type).toBe('url');
    const { listings } = checkListings(rows, fields);
    const options = indexOptions(fields);
    expect(options.fields).not.toContain('website');
    const index = MiniSearch.loadJSON<Record<string, string>>(buildIndex(listings, fields), { fields: options.fields, storeFields: options.storeFields });
    for (const q of ['co', 'www', 'https'])
      expect(
        searchIndex(index, options, { q, filters: {} }, {}).map((result) => result.name),
        q,
      ).toEqual(q === 'co' ? ['Alpha Coffee'] : []);
  });
});

describe('the monetization plan', () => {
  it('never invents a price, and refuses more decimals than the currency has', () => {
    const plan = monetizationPlan('dir_01jdz8x4m6b3q9r2t5v7w0y1c3', 1, 'T', undefined);
    expect(plan.tiers.map((tier) => [tier.tier, tier.amount])).toEqual([
      ['free', 0],
      ['featured', null],
      ['premium', null],
      ['claim', null],
    ]);
    expect(plan.operations).toEqual([]);
    expect(plan.missing).toHaveLength(3);
    expect(() => monetizationPlan('dir_01jdz8x4m6b3q9r2t5v7w0y1c3', 1, 'T', { currency: 'JPY', featured_price: '10.5' })).toThrow('monetization.featured_price');
    const yen = monetizationPlan('dir_01jdz8x4m6b3q9r2t5v7w0y1c3', 1, 'T', { currency: 'JPY', claim_fee: 5000, period_days: 7 });
    expect(yen.tiers.find((tier) => tier.tier === 'claim')).toMatchObject({ amount: 5000, formatted: '¥5,000' });
    expect(yen.operations.map((operation) => operation.ref)).toEqual(['product_claim', 'price_claim']);
  });
});
