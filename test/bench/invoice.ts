import { performance } from 'node:perf_hooks';
import { invoiceDb } from '../../tools/invoice/tables.js';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

const warmup = 30;
const calls = 200;

/** A realistic 10-line invoice: several tax rates, a line discount, an invoice discount, long descriptions. */
const tenLines = {
  customer: { name: 'Acme GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin', tax_id: 'DE123456789' },
  currency: 'EUR',
  line_items: Array.from({ length: 10 }, (_, i) => ({
    description: `${['Design', 'Development', 'Consulting', 'Hosting', 'Support'][i % 5]} — phase ${i + 1}, including workshops, reviews and the handover documentation`,
    quantity: i % 3 === 0 ? '1.5' : String(i + 1),
    unit_price: `${120 + i * 15}.50`,
    tax_rate: i % 4 === 0 ? '7' : '19',
    ...(i === 2 ? { discount: { percent: '10' } } : {}),
  })),
  discount: { amount: '25.00' },
  notes: 'Payable within 14 days. Thank you for your business.',
  net_days: 14,
};

/** invoice_create and invoice_draft timed alternately, in process, on the store `env` names (SQLite under a scratch folder by default). */
/** The same ten lines for a Japanese customer, in Japanese and yen: the PDF embeds Noto Sans JP beside DejaVu. */
const tenLinesJapanese = {
  ...tenLines,
  customer: { name: '株式会社東京デザイン', address: '〒100-0005\n東京都千代田区丸の内1-1-1', tax_id: 'T1234567890123' },
  currency: 'JPY',
  locale: 'ja-JP',
  line_items: tenLines.line_items.map((line, i) => ({
    ...line,
    description: `${['デザイン', '開発', 'コンサルティング', 'ホスティング', 'サポート'][i % 5]} 第${i + 1}段階`,
    unit_price: String(12_000 + i * 1500),
  })),
  discount: { amount: '2500' },
  notes: 'お支払いは14日以内にお願いいたします。',
};

export async function timeInvoiceCalls(
  env: Record<string, string> = {},
  body: Record<string, unknown> = tenLines,
): Promise<{ create: number[]; draft: number[]; pdfBytes: number; lastInvoiceId: string }> {
  return withBenchApp(
    'ao-bench-invoice-',
    async (app, caller) => {
      const time = async (name: string) => {
        const tool = app.catalogue.get(name)!;
        const started = performance.now();
        const outcome = await app.dispatcher.call(tool, body, { caller, requestId: 'bench', log: app.log });
        const elapsed = performance.now() - started;
        if (outcome.kind !== 'result') throw new Error(`${name} did not answer inline`);
        return { elapsed, output: outcome.output };
      };
      for (let i = 0; i < warmup; i++) {
        await time('invoice_create');
        await time('invoice_draft');
      }
      const create: number[] = [];
      const draft: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < calls; i++) {
        const created = await time('invoice_create');
        create.push(created.elapsed);
        last = created.output;
        draft.push((await time('invoice_draft')).elapsed);
      }
      const file = await invoiceDb(app.store)
        .selectFrom('invoices')
        .innerJoin('files', 'files.id', 'invoices.pdf_file_id')
        .select('files.bytes')
        .where('invoices.id', '=', String(last.invoice_id))
        .executeTakeFirstOrThrow();
      return { create, draft, pdfBytes: file.bytes.length, lastInvoiceId: String(last.invoice_id) };
    },
    env,
  );
}

export const p90 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];

/** The same ten lines issued with their Factur-X e-invoice: the countries EN 16931 needs, and the format. */
const tenLinesFacturX = {
  ...tenLines,
  customer: { ...tenLines.customer, country: 'DE' },
  seller: { country: 'DE' },
  einvoice: 'facturx',
};

/** Rows: invoice_create (draft + confirm + numbering + PDF + storage) in process, median of 200, in Latin and Japanese; what Factur-X adds to it. */
export const invoiceCreate: Benchmark = {
  name: 'invoice_create',
  async run(): Promise<Row[]> {
    const { create, draft, pdfBytes } = await timeInvoiceCalls();
    const japanese = await timeInvoiceCalls({}, tenLinesJapanese);
    const facturx = await timeInvoiceCalls({}, tenLinesFacturX);
    return [
      measuredRow({
        name: `invoice_create, 10 lines + PDF of ${pdfBytes.toLocaleString('en-US')} B (median)`,
        unit: 'ms',
        figure: median(create),
        baseline: { name: 'invoice_draft, no PDF', figure: median(draft) },
        budget: { on: 'figure', op: '<=', limit: 15 },
        details: { calls, pdf_bytes: pdfBytes, p90_ms: p90(create) },
      }),
      measuredRow({
        name: `invoice_create, 10 lines in Japanese (JPY, Noto Sans JP) + PDF of ${japanese.pdfBytes.toLocaleString('en-US')} B (median)`,
        unit: 'ms',
        figure: median(japanese.create),
        budget: { on: 'figure', op: '<=', limit: 40 },
        details: { calls, pdf_bytes: japanese.pdfBytes, p90_ms: p90(japanese.create) },
      }),
      measuredRow({
        name: 'what Factur-X adds to invoice_create, 10 lines (CII XML, rule checks, PDF/A-3 embedding, storage; difference of medians)',
        unit: 'ms',
        figure: median(facturx.create) - median(create),
        baseline: { name: 'invoice_create without an e-invoice', figure: median(create) },
        budget: { on: 'figure', op: '<=', limit: 10 },
        details: { calls, with_facturx_median_ms: median(facturx.create), with_facturx_p90_ms: p90(facturx.create) },
      }),
    ];
  },
};
