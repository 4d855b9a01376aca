import { performance } from 'node:perf_hooks';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';
import { p90 } from './invoice.js';

/** A realistic small shop: three products, one with four variants and images, policies, FAQ and reviews given. */
const shop = {
  products: [
    {
      name: 'Stoneware mug',
      description: 'Hand-thrown stoneware mug, 350 ml. Dishwasher safe.',
      price: '24.00',
      currency: 'EUR',
      images: ['https://cdn.example.com/mug-1.jpg', 'https://cdn.example.com/mug-2.jpg'],
      variants: ['Sand', 'Midnight', 'Sage', 'Rust'].map((name, i) => ({ name, price: `${24 + i}.00`, sku: `MUG-${i}` })),
      shipping: { countries: ['DE', 'AT', 'PT'] },
    },
    { name: 'Espresso cup', description: 'Set of two, 90 ml.', price: '18.00', currency: 'EUR', inventory: 40 },
    { name: 'Serving bowl', price: '58.00', currency: 'EUR' },
  ],
  brand: { name: 'Clay & Co', colors: ['#7c2d12'] },
  policies: { shipping: 'Ships within 3 working days.', returns: 'Unused items can be returned within 14 days.' },
  faq: [{ question: 'Are they food safe?', answer: 'Yes, the glazes are lead-free.' }],
  reviews: [{ quote: 'Beautiful and sturdy.', name: 'Ana', rating: 5 }],
  generator: 'template',
};

/** Rows: storefront_build in template mode (catalogue, Stripe plan, page and JSON-LD, storage) against storefront_get of the same shop. */
export const storefrontBuild: Benchmark = {
  name: 'storefront',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-storefront-', async (app, caller) => {
      const call = async (name: string, input: Record<string, unknown>) => {
        const started = performance.now();
        const outcome = await app.dispatcher.call(app.catalogue.get(name)!, input, { caller, requestId: 'bench', log: app.log });
        if (outcome.kind !== 'result') throw new Error(`${name} did not answer inline`);
        return { elapsed: performance.now() - started, output: outcome.output };
      };
      const { output } = await call('storefront_build', shop);
      for (let i = 0; i < 20; i++) {
        await call('storefront_build', shop);
        await call('storefront_get', { storefront_id: output.storefront_id });
      }
      const build: number[] = [];
      const read: number[] = [];
      for (let i = 0; i < 100; i++) {
        build.push((await call('storefront_build', shop)).elapsed);
        read.push((await call('storefront_get', { storefront_id: output.storefront_id })).elapsed);
      }
      return [
        measuredRow({
          name: 'storefront_build, 3 products / 6 offers, template mode (median)',
          unit: 'ms',
          figure: median(build),
          baseline: { name: 'storefront_get of the same shop', figure: median(read) },
          budget: { on: 'figure', op: '<=', limit: 20 },
          details: { calls: build.length, p90_ms: p90(build) },
        }),
      ];
    });
  },
};
