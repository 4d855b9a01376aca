import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller, startPlannedApp, type StartedApp } from '../helpers.js';
import { benchLeadsCsv } from '../bench/outreach.js';
import { composeCampaign } from '../../tools/outreach/compose.js';
import { buildInputSchema } from '../../tools/outreach/schema.js';
import { maxLeads } from '../../tools/outreach/leads.js';

/**
 * A build of the most leads a campaign takes computes for most of a second (import, scoring, QA of every render,
 * CRM files): on a compute thread, so that the event loop keeps answering everyone else meanwhile.
 */

const input = {
  prompt: 'Ledgerly does the books of dental clinics: monthly bookkeeping, payroll and VAT returns. Ideal customer: owners of dental clinics in Berlin.',
  leads: benchLeadsCsv(maxLeads),
  channels: ['email', 'phone'],
  sender: { name: 'Sam Lee', company: 'Ledgerly', address: 'Torstraße 1, 10119 Berlin', calendar_url: 'https://cal.example.com/sam' },
  timezone: 'Europe/Berlin',
};

type Output = {
  campaign_id: string;
  version: number;
  leads: { accepted: { count: number }; rejected: unknown; flagged: unknown; segments: unknown };
  qa: { renders: number };
  cadence: { steps: unknown };
  crm: Array<{ export: { rows: number; columns: string[] } }>;
};

describe('outreach computing off the event loop', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startPlannedApp();
  });
  afterAll(() => app.close());

  it(`builds and revises ${maxLeads.toLocaleString('en-US')} leads without stalling the event loop, with the results of the same work done inline`, async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const outcome = await app.dispatcher.call(app.catalogue.get(name)!, args, { caller: testCaller(app.accountId), requestId: 'loop', log: app.log });
      if (outcome.kind !== 'result') throw new Error(`${name} did not answer inline`);
      return outcome.output as Output;
    };
    await call('outreach_build', { ...input, leads: benchLeadsCsv(10) }); // the compute thread starts

    // What the machine (other test files, other processes) does to an idle loop meanwhile: for the log, as the floor.
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();

    // The best of up to five tries: a stall of the loop's own making shows in each, the machine's other work (a busy disk under SQLite's synchronous writes) not in all.
    const tries: Array<{ maxMs: number; elapsedMs: number; utilization: number }> = [];
    let built: Output | undefined;
    for (let attempt = 0; attempt < 5 && !tries.some((done) => done.maxMs < 50); attempt++) {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      const before = performance.eventLoopUtilization();
      built = await call('outreach_build', input);
      const revised = await call('outreach_revise', { campaign_id: built.campaign_id, changes: { leads: benchLeadsCsv(maxLeads - 1) } });
      const { utilization } = performance.eventLoopUtilization(before);
      tries.push({ maxMs: delay.max / 1e6, elapsedMs: performance.now() - started, utilization });
      delay.disable();
      expect(revised.version).toBe(2);
    }

    // The same work on this thread holds it for all of its time.
    const inline = performance.now();
    const same = composeCampaign({ build: buildInputSchema.parse(input), baseUrl: app.config.publicBaseUrl ?? '', now: new Date().toISOString() });
    const inlineMs = performance.now() - inline;
    const tried = tries.map((done) => `${Math.round(done.elapsedMs)} ms, loop busy ${Math.round(done.utilization * 100)}%, longest stall ${done.maxMs.toFixed(1)} ms`);
    console.log(`outreach ${maxLeads} leads, build + revise: ${tried.join('; ')}; an idle loop's longest stall ${(idle.max / 1e6).toFixed(1)} ms; one build inline ${Math.round(inlineMs)} ms`);
    expect(inlineMs).toBeGreaterThan(100);
    // Inline, the loop would be busy all along and stall for the whole build. The bound on the stall leaves room for
    // a loaded machine (an idle loop stalls for tens of ms when other processes hold the cores); quiet, it is under 50 ms.
    expect(Math.min(...tries.map((done) => done.utilization))).toBeLessThan(0.25);
    expect(Math.min(...tries.map((done) => done.maxMs))).toBeLessThan(100);

    expect(built!.leads.accepted.count).toBe(same.view.leads.count);
    expect(built!.leads.accepted.count).toBeGreaterThan(4900);
    expect(built!.leads).toMatchObject({ rejected: same.view.rejected, flagged: same.view.leads.flagged, segments: same.view.leads.segments });
    expect(built!.qa).toEqual(same.view.qa);
    expect(built!.qa.renders).toBeGreaterThan(20_000);
    expect(built!.cadence.steps).toEqual(same.view.steps);
    expect(built!.crm.map((mapping) => mapping.export.rows)).toEqual(same.files.map((file) => file.rows));
    expect(built!.crm.map((mapping) => mapping.export.columns)).toEqual(same.files.map((file) => file.columns));
  }, 90_000);
});
