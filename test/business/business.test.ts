import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { stripeEnv } from '../fixtures/stripe-events.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { ToolContext } from '../../src/kernel/context.js';
import { buildBusiness } from '../../tools/business/engine.js';
import { inferKind } from '../../tools/business/kinds.js';
import { buildInputSchema } from '../../tools/business/schema.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

/**
 * Business-in-a-box (issue 20): all five kinds end to end over REST as jobs; every part read back through
 * its own *_get; revisions that touch only the focused parts; progress over MCP; a failing part (Stripe
 * down with execute: true) that fails the job cleanly and saves no box.
 */
const course = { title: 'Manager Foundations', modules: [{ title: 'Start', lessons: [{ title: 'Your first 90 days' }, { title: 'Running 1:1s' }] }] };
const kinds = {
  coaching: {
    prompt: 'Leadership coaching for new engineering managers in Berlin by Anna Weber. 12 years leading teams at Zalando. 1:1 coaching €150 per session, monthly membership €29 a month.',
    course,
  },
  agency: { prompt: 'Web design agency for dentists in Austin, Pixel Tooth Studio. Websites from $2,900, care plan $149 a month.' },
  digital_shop: { prompt: 'Lightroom presets shop by Nova Presets: Film pack $19, Portrait pack $24.' },
  newsletter: {
    prompt: 'Weekly newsletter about climate tech for investors, The Carbon Brief Weekly. Paid tier $8 a month.',
    course: { title: 'The Carbon Brief Weekly', modules: [{ title: 'Issues', lessons: [{ title: 'Grid storage 101' }] }] },
  },
  local_service: { prompt: 'Plumbing repairs in Leeds by Mike Brown Plumbing. Emergency callout £90, boiler service £75. Call 0113 496 0000.' },
} as const;

/** Each part's own read tool, and the field that takes its id. */
const readers: Record<string, { tool: string; field: string }> = {
  widget_generate: { tool: 'widget_get', field: 'widget_id' },
  membership_build: { tool: 'membership_get', field: 'membership_id' },
  storefront_build: { tool: 'storefront_get', field: 'storefront_id' },
  outreach_build: { tool: 'outreach_get', field: 'campaign_id' },
  content_repurpose: { tool: 'content_get', field: 'pack_id' },
};

describe('business-in-a-box', () => {
  let app: StartedApp;
  let stripe: FakeStripe;
  const built: Record<string, any> = {};
  const call = async (method: string, route: string, body?: unknown) =>
    app.api(`/api/agents${route}`, { method, headers: { 'content-type': 'application/json', prefer: 'wait=30' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  /** A job tool's answer: at once, or its job followed to the end. */
  const settle = async (response: Response) => {
    let body = await json(response);
    if (response.status !== 202) return { status: response.status, body };
    for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(body.status); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = await json(await app.api(`/api/agents/status/${body.job_id}`));
    }
    return body.status === 'succeeded' ? { status: 200, body: body.result } : { status: 'failed', body };
  };
  const read = async (tool: string, args: Record<string, unknown>) => {
    const rest = { ...args };
    const route = app.catalogue.get(tool)!.route.path.replace(/:(\w+)/g, (_match, name: string) => {
      const field = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      const value = String(rest[field]);
      delete rest[field];
      return value;
    });
    const query = new URLSearchParams(Object.entries(rest).map(([name, value]): [string, string] => [name, String(value)])).toString();
    const response = await app.api(`/api/agents${route}${query ? `?${query}` : ''}`);
    expect(response.status, `${tool} ${route}`).toBe(200);
    return json(response);
  };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startPlannedApp(stripeEnv(stripe));
    for (const [kind, body] of Object.entries(kinds)) {
      const { status, body: result } = await settle(await call('POST', '/business-box/build', { ...body, generator: 'template' }));
      expect(status, JSON.stringify(result)).toBe(200);
      built[kind] = result;
    }
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it.each(Object.keys(kinds))('builds a %s box whose every part reads back through its own tool', async (kind) => {
    const box = built[kind];
    expect(box.kind).toBe(kind);
    expect(box.business_id).toMatch(/^bx_/);
    const made = box.components.map((component: any) => component.component);
    expect(made).toContain('landing_page');
    expect(made.filter((name: string) => name.startsWith('content_pack_'))).toHaveLength(3);
    const expected: Record<string, string[]> = {
      coaching: ['membership', 'booking_widget'],
      agency: ['booking_widget', 'quote_widget', 'outreach'],
      digital_shop: ['storefront'],
      newsletter: ['membership'],
      local_service: ['booking_widget', 'quote_widget', 'outreach'],
    };
    expect(made).toEqual(expect.arrayContaining(expected[kind] as string[]));
    for (const component of box.components) {
      const reader = readers[component.tool as string] as { tool: string; field: string };
      const stored = await read(reader.tool, { [reader.field]: component.id });
      expect(stored[reader.field]).toBe(component.id);
    }
    // The week's first posts point at their packs; the overview links every part that has a page.
    expect(box.content_plan.slice(0, 3).map((entry: any) => entry.pack_id)).toEqual(
      box.components.filter((component: any) => component.tool === 'content_repurpose').map((component: any) => component.id),
    );
    for (const component of box.components.filter((entry: any) => entry.url)) expect(box.html).toContain(component.url.replace(/&/g, '&amp;'));
    const overview = await fetch(box.overview.preview_url);
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain(box.positioning.name ?? '');
    expect((await fetch(box.overview.preview_url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`))).status).toBe(404);
  });

  describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
    it('draws every overview page without an HTML error', async () => {
      await expectValidHtml(Object.fromEntries(Object.entries(built).map(([kind, box]) => [kind, box.html as string])));
    });
  });
  if (!vnuAvailable) console.warn(vnuSkipReason);

  it('keeps the caller’s facts and invents none: prices as given, proof only from the prompt, gaps in meta.missing', () => {
    const coaching = built.coaching;
    expect(coaching.offer_ladder.map((rung: any) => [rung.rung, rung.name, rung.price, rung.interval])).toEqual([
      ['entry', 'monthly membership', '€29.00', 'month'],
      ['premium', '1:1 coaching', '€150.00', 'session'],
    ]);
    expect(coaching.positioning.proof).toEqual(['12 years leading teams at Zalando']);
    expect(coaching.kpis.every((kpi: any) => kpi.target === null)).toBe(true);
    expect(coaching.meta.missing.join(' ')).toMatch(/positioning\.problem/);
    // "Websites from $2,900" is a starting price, and stays one.
    const agency = built.agency;
    expect(agency.offer_ladder.map((rung: any) => rung.price)).toEqual(['$149.00', 'from $2,900.00']);
    expect(agency.invoice_templates.find((template: any) => template.name === 'Websites').draft.line_items[0].description).toBe('Websites (from $2,900.00)');
    const shop = built.digital_shop;
    expect(shop.positioning.proof).toEqual([]);
    expect(shop.meta.missing.join(' ')).toMatch(/positioning\.proof: state your own results/);
  });

  it('gives agencies and local services an invoice template per price, which invoice_draft takes once a customer is added', async () => {
    const plumbing = built.local_service;
    expect(plumbing.invoice_templates.map((template: any) => [template.name, template.draft.currency, template.draft.line_items[0].unit_price])).toEqual([
      ['Emergency callout', 'GBP', 90],
      ['boiler service', 'GBP', 75],
    ]);
    expect(built.coaching.invoice_templates).toEqual([]);
    const customer = { name: 'Jo Smith', email: 'jo@example.com', address: '1 High Street\nLeeds LS1 1AA' };
    const response = await call('POST', '/invoice/draft', { ...plumbing.invoice_templates[0].draft, customer });
    expect(response.status).toBe(200);
    expect((await json(response)).totals.total).toBe(9000);
  });

  it('refuses a KPI target for a KPI the kind does not have, naming the ones it has', async () => {
    const { status, body } = await settle(await call('POST', '/business-box/build', { ...kinds.local_service, kpi_targets: { orders: 10 } }));
    expect(status).toBe(400);
    expect(body.error.message).toBe('kpi_targets: "orders" is no KPI of a local_service box; use landing_visitors, leads, jobs_booked, revenue, posts_published.');
  });

  it('asks back at once, before queuing a job, when the prompt says no kind of business, and names the options', async () => {
    const response = await app.api('/api/agents/business-box/build', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Something great in Lisbon.' }),
    });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.details.issues[0].path).toBe('kind');
    expect(error.message).toContain(
      'kind: the prompt does not say what kind of business this is; which is it? Send kind: one of coaching (coaching), agency (agency), digital_shop (digital shop), newsletter (newsletter), local_service (local service).',
    );
    // Called as an engine (with no schema before it), the same question comes with its options as data.
    expect(() => inferKind('A coaching agency')).toThrow(
      expect.objectContaining({ details: { clarification: { question: 'What kind of business is this?', options: ['coaching', 'agency'], missing: ['kind'] } } }),
    );
  });

  it('revises only the parts of the focus areas, each through its own tool, with a changelog per part', async () => {
    const shop = built.digital_shop;
    const landing = shop.components.find((component: any) => component.component === 'landing_page');
    const response = await call('POST', '/business-box/revise', {
      business_id: shop.business_id,
      focus_areas: ['pricing'],
      price_points: [
        { name: 'Film pack', price: 21, currency: 'USD' },
        { name: 'Portrait pack', price: 24, currency: 'USD' },
      ],
    });
    expect(response.status).toBe(200);
    const revised = await json(response);
    expect(revised.version).toBe(2);
    expect(revised.changelog.map((entry: any) => entry.component).sort()).toEqual(['offer_ladder', 'storefront']);
    const storefront = revised.components.find((component: any) => component.component === 'storefront');
    expect(storefront.version).toBe(2);
    expect((await read('storefront_get', { storefront_id: storefront.id })).products.map((product: any) => product.offers[0].formatted)).toEqual(['$21.00', '$24.00']);
    // The landing page and the packs were not touched.
    expect((await read('widget_get', { widget_id: landing.id })).version).toBe(1);
    expect(revised.components.filter((component: any) => component.component !== 'storefront')).toEqual(shop.components.filter((component: any) => component.component !== 'storefront'));
    // Marketing with instructions goes to the landing page (widget_revise) and the content packs (content_revise), nothing
    // else; a pack its tool left unchanged is said to be so, not counted as changed.
    const marketing = await json(await call('POST', '/business-box/revise', { business_id: shop.business_id, focus_areas: ['marketing'], instructions: 'make the button green' }));
    expect(marketing.version).toBe(3);
    expect(marketing.changelog.map((entry: any) => entry.component)).toEqual(['landing_page']);
    expect(marketing.changelog[0].changes[0]).toMatch(/widget_revise, v1 → v2/);
    expect(marketing.unapplied.filter((reason: string) => /^content_pack_\d .*content_revise changed nothing/.test(reason))).toHaveLength(3);
    expect((await read('widget_get', { widget_id: landing.id })).version).toBe(2);
    expect(marketing.components.find((component: any) => component.component === 'storefront').version).toBe(2);
    // Nothing to change: no version, no charge.
    const idle = await json(await call('POST', '/business-box/revise', { business_id: shop.business_id, focus_areas: ['legal'] }));
    expect([idle.changed, idle.version]).toEqual([false, 3]);
    expect(idle.unapplied.join(' ')).toMatch(/give instructions/);
    // Any version reads back, with what each changed.
    const first = await read('business_box_get', { business_id: shop.business_id, version: 1 });
    expect(first.offer_ladder.map((rung: any) => rung.price)).toEqual(['$19.00', '$24.00']);
    const latest = await read('business_box_get', { business_id: shop.business_id });
    expect(latest.versions.map((entry: any) => [entry.version, entry.focus_areas])).toEqual([
      [1, []],
      [2, ['pricing']],
      [3, ['marketing']],
    ]);
  });

  it('takes revisions of one box one at a time: each part’s version in the box is its latest', async () => {
    const box = built.local_service;
    const landing = box.components.find((component: any) => component.component === 'landing_page');
    const revised = await Promise.all(
      ['make the button green', 'make the button blue'].map(async (instructions) =>
        json(await call('POST', '/business-box/revise', { business_id: box.business_id, focus_areas: ['marketing'], instructions })),
      ),
    );
    expect(revised.map((result) => result.version).sort()).toEqual([2, 3]);
    const latest = await read('business_box_get', { business_id: box.business_id });
    expect(latest.components.find((component: any) => component.component === 'landing_page').version).toBe((await read('widget_get', { widget_id: landing.id })).version);
  });

  it('reports progress part by part over MCP', async () => {
    const client = new Client({ name: 'business-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    try {
      const progress: Array<{ progress: number; message?: string }> = [];
      const result = (await client.callTool({ name: 'business_box_build', arguments: { ...kinds.agency, generator: 'template' } }, undefined, {
        onprogress: (event) => progress.push(event),
        timeout: 60_000,
      })) as { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text?: string; uri?: string }> };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      // The result links the overview and every part's own resources (each readable with resources/read).
      const box = result.structuredContent;
      const links = result.content.filter((item: any) => item.type === 'resource_link').map((item: any) => item.uri as string);
      expect(links).toContain(box.overview.resource);
      for (const component of box.components) {
        expect(component.resources.length, component.component).toBeGreaterThan(0);
        for (const uri of component.resources) expect(links).toContain(uri);
      }
      const read = await client.readResource({ uri: box.components[0].resources[0] });
      expect(read.contents[0]?.mimeType).toBeTruthy();
      expect(progress.map((event) => event.message)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^made landing_page/), expect.stringMatching(/^made outreach/), expect.stringMatching(/^saved business box bx_/)]),
      );
      expect([...progress].map((event) => event.progress)).toEqual([...progress].map((event) => event.progress).sort((a, b) => a - b));
    } finally {
      await client.close();
    }
  });

  it('fails the job cleanly when a part fails (Stripe down with execute: true) and saves no box', async () => {
    const before = await app.store.db
      .selectFrom('business_boxes' as never)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    stripe.failNext(500, { type: 'api_error', message: 'Stripe is down' }, 10);
    const { status, body } = await settle(await call('POST', '/business-box/build', { ...kinds.digital_shop, execute: true, generator: 'template' }));
    // Answered at once (502) or as a failed job, as the wait allows.
    expect([502, 'failed']).toContain(status);
    expect(body.error.message).toMatch(/^storefront could not be made: .*No business box was saved/);
    expect(body.error.details).toMatchObject({ failed_component: 'storefront', built: [] });
    const after = await app.store.db
      .selectFrom('business_boxes' as never)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('a part that fails after others were made', () => {
  it('names the parts made before it, kept as standalone artifacts in no box, and saves nothing', async () => {
    const made: string[] = [];
    const ctx = {
      now: () => new Date('2026-11-02T09:00:00Z'),
      progress: async () => {},
      resourcesOf: () => [],
      runTool: async (tool: string) => {
        if (made.length === 2) throw new OutcomeError('upstream_error', 'The mail server is down.');
        made.push(tool);
        return { widget_id: `wgt_${made.length}`, version: 1 };
      },
      store: new Proxy({}, { get: () => expect.unreachable('nothing is stored') }),
    } as unknown as ToolContext;
    const failure = await buildBusiness(ctx, buildInputSchema.parse({ ...kinds.local_service, generator: 'template' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutcomeError);
    expect((failure as OutcomeError).code).toBe('upstream_error');
    expect((failure as OutcomeError).message).toBe(
      'quote_widget could not be made: The mail server is down. No business box was saved. The 2 part(s) made before it stay as standalone artifacts, in no box: landing_page wgt_1, booking_widget wgt_2.',
    );
    expect((failure as OutcomeError).details).toMatchObject({
      failed_component: 'quote_widget',
      built: [
        { component: 'landing_page', id: 'wgt_1' },
        { component: 'booking_widget', id: 'wgt_2' },
      ],
    });
  });
});
