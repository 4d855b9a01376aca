import type { Transaction } from 'kysely';
import type { ToolContext } from '../../src/kernel/context.js';
import { OneAtATime } from '../../src/kernel/one-at-a-time.js';
import type { Database } from '../../src/store/schema.js';
import { invoiceDb, type InvoiceTables } from './tables.js';

/** A gap-free series per account and year: invoices (INV-2026-0001) and credit notes (CN-2026-0001). */
export interface Series {
  prefix: 'INV' | 'CN';
  counters: 'invoice_counters' | 'credit_note_counters';
}
export const invoiceSeries: Series = { prefix: 'INV', counters: 'invoice_counters' };
export const creditNoteSeries: Series = { prefix: 'CN', counters: 'credit_note_counters' };

export const numberOf = (series: Series, year: number, sequence: number) => `${series.prefix}-${year}-${String(sequence).padStart(4, '0')}`;

/** Another issue took the number a PDF was rendered with: the transaction rolls back and it is rendered again. */
class NumberTaken extends Error {}

/**
 * One numbering at a time per series, account and year in this process: otherwise N
 * concurrent issues render N PDFs for the same predicted number and all but one render again,
 * N² renders in all. Between instances (PostgreSQL) the counter row still decides; at most one
 * contender per instance races for each number.
 */
const numbering = new OneAtATime();

/**
 * Takes the next number of `series` and stores what it numbers, in one transaction. The PDF
 * (and an e-invoice) shows the number, but rendering it inside the transaction would hold SQLite's only
 * connection for every other request meanwhile: `render` runs first, on a compute thread, with
 * the number the counter predicts, and again whenever another issue took that number. Each
 * render is charged to the call's budget, so even endless contention ends (422 budget_exceeded).
 * The counter only moves when `store` commits: a failure leaves no gap.
 */
export function issueNumbered<T, Rendered = Uint8Array>(
  ctx: ToolContext,
  series: Series,
  year: number,
  render: (number: string) => Promise<Rendered>,
  store: (trx: Transaction<Database & InvoiceTables>, issued: { number: string; sequence: number; rendered: Rendered }) => Promise<T>,
): Promise<T> {
  return numbering.run(`${series.prefix} ${ctx.caller.accountId} ${year}`, async () => {
    const db = invoiceDb(ctx.store);
    for (;;) {
      const counter = await db.selectFrom(series.counters).select('last_sequence').where('account_id', '=', ctx.caller.accountId).where('year', '=', year).executeTakeFirst();
      const predicted = (counter?.last_sequence ?? 0) + 1;
      const number = numberOf(series, year, predicted);
      const rendered = await render(number);
      try {
        return await db.transaction().execute(async (trx) => {
          const taken = await trx
            .insertInto(series.counters)
            .values({ account_id: ctx.caller.accountId, year, last_sequence: 1 })
            .onConflict((conflict) => conflict.columns(['account_id', 'year']).doUpdateSet((eb) => ({ last_sequence: eb(`${series.counters}.last_sequence`, '+', 1) })))
            .returning('last_sequence')
            .executeTakeFirstOrThrow();
          if (taken.last_sequence !== predicted) throw new NumberTaken();
          return store(trx, { number, sequence: predicted, rendered });
        });
      } catch (error) {
        if (!(error instanceof NumberTaken)) throw error;
      }
    }
  });
}
