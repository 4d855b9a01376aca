import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogOf } from '../../tools/storefront/catalog.js';
import { structuredDataOf, type PageInput } from '../../tools/storefront/page.js';
import { root } from '../helpers.js';

/**
 * The storefront's JSON-LD checked against the schema.org vocabulary: `schema-dts` (Google's
 * TypeScript types generated from schema.org) types each object by its `@type`, so the
 * TypeScript compiler refuses a property a type does not have, or a value of the wrong kind.
 */
function vocabularyErrors(data: Record<string, unknown>, type: 'Product' | 'ItemList'): string[] {
  const file = path.join(root, 'test/storefront/__json_ld_check.ts');
  const source = `import type { ${type}, WithContext } from 'schema-dts';\nexport const data: WithContext<${type}> = ${JSON.stringify(data)};\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => (path.resolve(name) === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const input = (products: Parameters<typeof catalogOf>[0], reviews?: PageInput['reviews']): PageInput => ({
  storefrontId: 'sf_01jdz8x4m6b3q9r2t5v7w0y1c3',
  baseUrl: 'https://shop.example',
  lang: 'en',
  brandName: 'Clay & Co',
  brand: {},
  hero: { eyebrow: null, headline: 'Clay & Co', subheadline: null },
  footer: { links: [] },
  title: 'Clay & Co',
  description: 'Mugs',
  catalog: catalogOf(products, 'en'),
  mode: 'payment',
  interval: 'month',
  policies: undefined,
  faq: undefined,
  reviews,
  liveLinks: {},
  stock: { p2: 0 },
});

describe('the storefront’s JSON-LD', () => {
  it('uses only schema.org’s vocabulary for Product, Offer, Brand, Review, Rating and ItemList', () => {
    const one = structuredDataOf(
      input(
        [
          {
            name: 'Mug',
            description: 'Stoneware.',
            price: '24',
            currency: 'EUR',
            images: ['https://cdn.example.com/mug.png'],
            variants: [
              { name: 'Sand', sku: 'M-1' },
              { name: 'Blue', price: '26.5' },
            ],
          },
        ],
        [{ quote: 'Lovely.', name: 'Ana', rating: 5 }],
      ),
    );
    expect(one['@type']).toBe('Product');
    expect(vocabularyErrors(one, 'Product')).toEqual([]);
    const list = structuredDataOf(
      input([
        { name: 'Mug', price: '24', currency: 'EUR' },
        { name: 'Cup', price: '1200', currency: 'JPY', inventory: 0 },
      ]),
    );
    expect(list['@type']).toBe('ItemList');
    expect(vocabularyErrors(list, 'ItemList')).toEqual([]);
    // A subscription says its period, in the same vocabulary.
    const monthly = structuredDataOf({ ...input([{ name: 'Beans', price: '18.5', currency: 'EUR' }]), mode: 'subscription', interval: 'month' });
    expect((monthly.offers as Array<Record<string, any>>)[0]?.priceSpecification).toMatchObject({ price: '18.50', referenceQuantity: { value: 1, unitCode: 'MON' } });
    expect(vocabularyErrors(monthly, 'Product')).toEqual([]);
    // The check fails what schema.org does not define.
    expect(vocabularyErrors({ ...one, bestSeller: true }, 'Product').join('\n')).toContain('bestSeller');
  }, 60_000);
});
