import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';
import { p90 } from './invoice.js';
import { evaluate, loadReplies, type Evaluation } from '../outreach/evaluate.js';
import { categories } from '../../tools/outreach/triage.js';
import type { DetailTable } from './table.js';

const firstNames = ['Ana', 'Ben', 'Cleo', 'Dario', 'Eva', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', '', 'Lea'];
const titles = ['Owner', 'Practice manager', 'Dentist', 'Head of Operations', 'Office manager', 'CFO', ''];
const industries = ['Dental clinic', 'Healthcare', 'Orthodontics', 'Veterinary', ''];
const zones = ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich', 'America/New_York', ''];

/** 1,000 leads as a CSV export would bring them: quoted companies with commas, some blanks, role addresses, a few duplicates and bad rows. */
export function benchLeadsCsv(count = 1000): string {
  const rows = ['"First Name","Last Name","Email Address","Company Name","Job Title",Industry,Phone,Timezone,Notes'];
  for (let i = 0; i < count; i++) {
    const first = firstNames[i % firstNames.length] as string;
    const email =
      i % 97 === 0 ? 'not-an-email' : i % 53 === 0 ? `info@clinic${i}.example` : i % 89 === 0 ? `ana${i - 1}@clinic${i - 1}.example` : `${(first || 'x').toLowerCase()}${i}@clinic${i}.example`;
    rows.push(
      [
        first,
        `Muster${i}`,
        email,
        `"Clinic ${i}, Dental"`,
        titles[i % titles.length],
        industries[i % industries.length],
        i % 3 ? '' : `+49 30 ${1000 + i}`,
        zones[i % zones.length],
        `"met at fair ""${i}"""`,
      ].join(','),
    );
  }
  return rows.join('\n');
}

const campaign = {
  prompt: 'Ledgerly does the books of dental clinics: monthly bookkeeping, payroll and VAT returns. Ideal customer: owners of dental clinics in Berlin.',
  leads: benchLeadsCsv(),
  channels: ['email', 'phone'],
  sender: { name: 'Sam Lee', company: 'Ledgerly', address: 'Torstraße 1, 10119 Berlin', calendar_url: 'https://cal.example.com/sam' },
  timezone: 'Europe/Berlin',
};

/** Rows: outreach_build with 1,000 leads (import, scoring, QA of every step for every lead, three CRM exports on a compute thread; storage) against outreach_get of it. */
export const outreachBuild: Benchmark = {
  name: 'outreach',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-outreach-', async (app, caller) => {
      const call = async (name: string, input: Record<string, unknown>) => {
        const started = performance.now();
        const outcome = await app.dispatcher.call(app.catalogue.get(name)!, input, { caller, requestId: 'bench', log: app.log });
        if (outcome.kind !== 'result') throw new Error(`${name} did not answer inline`);
        return { elapsed: performance.now() - started, output: outcome.output };
      };
      const { output } = await call('outreach_build', campaign);
      for (let i = 0; i < 5; i++) await call('outreach_build', campaign);
      const build: number[] = [];
      const read: number[] = [];
      // The loop's longest stall during each build: the computing is on a compute thread, so it stays short.
      const stalls: number[] = [];
      for (let i = 0; i < 30; i++) {
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        build.push((await call('outreach_build', campaign)).elapsed);
        delay.disable();
        stalls.push(delay.max / 1e6);
        read.push((await call('outreach_get', { campaign_id: output.campaign_id })).elapsed);
      }
      const leads = output.leads as { accepted: { count: number }; rejected: { count: number } };
      const qa = output.qa as { renders: number; passed: boolean };
      return [
        measuredRow({
          name: 'outreach_build, 1,000 leads (CSV), email + phone cadence, QA of every render, 3 CRM exports (median)',
          unit: 'ms',
          figure: median(build),
          baseline: { name: 'outreach_get of the same campaign', figure: median(read) },
          budget: { on: 'figure', op: '<=', limit: 200 },
          details: {
            calls: build.length,
            p90_ms: p90(build),
            loop_stall_ms: { median: median(stalls), p90: p90(stalls) },
            accepted: leads.accepted.count,
            rejected: leads.rejected.count,
            qa_renders: qa.renders,
            qa_passed: qa.passed,
          },
        }),
      ];
    });
  },
};

/** Expected → got pairs among the misses, most frequent first ("unsubscribe → not_interested ×1"). */
function confusions(misses: Evaluation['misses']): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const miss of misses) counts.set(`${miss.expected} → ${miss.got}`, (counts.get(`${miss.expected} → ${miss.got}`) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** Rows: reply triage per reply; its precision and recall per category, on all labelled replies and on the held-out ones, print under the table. */
export const outreachTriage: Benchmark = {
  name: 'outreach triage',
  async run(): Promise<Row[]> {
    const dev = loadReplies('replies');
    const holdout = loadReplies('replies-holdout');
    const all = evaluate([...dev, ...holdout], 50);
    const held = evaluate(holdout, 1);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const perCategory: DetailTable = {
      title: `outreach_triage per category: all ${all.total} labelled replies (accuracy ${round(all.accuracy)}); held-out ${held.total} (accuracy ${round(held.accuracy)})`,
      columns: ['category', 'precision', 'recall', 'support', 'held-out precision', 'held-out recall', 'held-out support'],
      rows: categories.map((category) => {
        const figures = all.per_category[category];
        const heldOut = held.per_category[category];
        return [category, figures.precision.toFixed(2), figures.recall.toFixed(2), figures.support, heldOut.precision.toFixed(2), heldOut.recall.toFixed(2), heldOut.support];
      }),
    };
    const confusion: DetailTable = {
      title: `outreach_triage confusions (expected → got), all replies: ${all.misses.length ? `${all.misses.length} miss(es)` : 'none'}`,
      columns: ['expected → got', 'replies', 'example'],
      rows: confusions(all.misses).map(([pair, count]) => [pair, count, JSON.stringify(all.misses.find((miss) => `${miss.expected} → ${miss.got}` === pair)?.text.slice(0, 60) ?? '')]),
    };
    return [
      measuredRow({
        name: `outreach_triage rules, ms per reply (${all.total} labelled replies; accuracy ${round(all.accuracy)}, held-out ${round(held.accuracy)})`,
        unit: 'ms',
        figure: all.ms_per_reply,
        budget: { on: 'figure', op: '<=', limit: 1 },
        details: {
          replies: all.total,
          accuracy: round(all.accuracy),
          holdout: { replies: held.total, accuracy: round(held.accuracy), misses: held.misses },
          per_category: Object.fromEntries(
            Object.entries(all.per_category).map(([category, figures]) => [category, { precision: round(figures.precision), recall: round(figures.recall), support: figures.support }]),
          ),
          misses: all.misses,
          tables: [perCategory, confusion],
        },
      }),
    ];
  },
};

export const outreachBenchmarks: Benchmark[] = [outreachBuild, outreachTriage];
