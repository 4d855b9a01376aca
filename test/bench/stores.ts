import { execFileSync } from 'node:child_process';
import { median } from './in-process.js';
import { authorization, requestsPerSecond, statusPath, withServer } from './http.js';
import { p90, timeInvoiceCalls } from './invoice.js';
import { measuredRow, skippedRow, type Benchmark, type Row } from './row.js';

/**
 * `DATABASE_URL=postgres://…` (set by scripts/with-postgres.sh for `npm run bench`) names a
 * server where this benchmark makes databases of its own. It is taken out of the environment
 * at once, so that every other row measures the embedded default, SQLite.
 */
const postgresAdminUrl = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined;
delete process.env.DATABASE_URL;

/** A new, empty database on the server: each run starts as a fresh deployment would. */
function freshDatabase(adminUrl: string): Record<string, string> {
  const name = `ao_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  execFileSync('psql', [adminUrl, '-qAtc', `create database "${name}"`], { stdio: 'pipe' });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

const restStatus = async (env: Record<string, string>) => withServer('app', ({ ready }) => requestsPerSecond({ url: ready.url + statusPath(ready.job_id), headers: authorization(ready) }), env);

/**
 * The scale-out store against the embedded one, on the same machine in the same run: REST
 * job_status throughput (each server its own process) and invoice_create's median.
 */
export const storeComparison: Benchmark = {
  name: 'PostgreSQL against SQLite',
  async run(): Promise<Row[]> {
    const names = ['REST GET job_status on PostgreSQL', 'invoice_create on PostgreSQL (median)'];
    if (!postgresAdminUrl) return names.map((name) => skippedRow(name, 'no PostgreSQL: run `npm run bench` on a machine with the postgresql package, or set DATABASE_URL=postgres://…'));
    const sqliteRest = await restStatus({});
    const postgresRest = await restStatus(freshDatabase(postgresAdminUrl));
    const sqliteInvoice = await timeInvoiceCalls();
    const postgresInvoice = await timeInvoiceCalls(freshDatabase(postgresAdminUrl));
    return [
      measuredRow({
        name: names[0] as string,
        unit: 'req/s',
        figure: postgresRest.rps,
        baseline: { name: 'SQLite', figure: sqliteRest.rps },
        budget: { on: 'ratio', op: '>=', limit: 0.5 },
        details: { postgres: postgresRest.details, sqlite: sqliteRest.details },
      }),
      measuredRow({
        name: names[1] as string,
        unit: 'ms',
        figure: median(postgresInvoice.create),
        baseline: { name: 'SQLite', figure: median(sqliteInvoice.create) },
        budget: { on: 'ratio', op: '<=', limit: 2 },
        details: { postgres_p90_ms: p90(postgresInvoice.create), sqlite_p90_ms: p90(sqliteInvoice.create) },
      }),
    ];
  },
};
