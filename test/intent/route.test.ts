import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { json, pollUntil, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeLlm } from '../fixtures/fake-llm.js';

/**
 * intent_route end to end (issue 21): a command in words runs the right tool with the caller's key,
 * scopes and metering, over REST and MCP; dry runs, questions and out-of-scope commands run nothing
 * and cost nothing; a job tool answers with its handle; the context fills what a command cannot carry.
 */

const transcript = [
  '1\n00:00:00,000 --> 00:00:06,000\nWhy do most sourdough loaves fail? It is almost never the flour.',
  '2\n00:00:06,000 --> 00:00:14,000\nIt is the starter. A starter that doubles in four hours is ready; one that takes ten is not.',
  '3\n00:00:14,000 --> 00:00:24,000\nSo feed it twice a day for a week before you bake, and keep it warm, around twenty-five degrees.',
  '4\n00:00:24,000 --> 00:00:36,000\nThe second mistake is shaping too early. Let the dough rise by half, then shape it, then rest it overnight in the fridge.',
  '5\n00:00:36,000 --> 00:00:48,000\nAnd bake it hot. A preheated pot at two hundred and fifty degrees gives you the crust you want.',
].join('\n\n');

describe('intent_route', () => {
  let app: StartedApp;
  const postWith = (key: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/agents/intent`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const post = (body: unknown) => postWith(app.key, body);
  const used = async () => (await json(await app.api('/api/agents/usage'))).used as number;
  const keyWith = async (scopes: string[]) => (await app.access.keys.create({ accountId: app.accountId, scopes: scopes as never })).secret;

  beforeAll(async () => {
    app = await startPlannedApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs the routed tool with the caller key and meters it as that tool', async () => {
    const before = await used();
    const response = await post({ command: 'Make a waitlist page for Orbit, a budgeting app for freelancers, in navy and gold' });
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.route).toMatchObject({ tool: 'widget_generate', arguments: { kind: 'waitlist', brand: { colors: ['#000080', '#ffd700'] } } });
    expect(body.executed).toBe(true);
    expect(body.result.widget_id).toMatch(/^wgt_/);
    expect(body.result.kind).toBe('waitlist');
    // The widget's own next steps, for the agent to follow.
    expect(body.next_actions.map((action: { tool: string }) => action.tool)).toContain('widget_revise');
    expect(await used()).toBe(before + 1);
    // What it made is the caller's, as if made directly.
    const read = await json(await app.api(`/api/agents/widgets/${body.result.widget_id}`));
    expect(read.widget_id).toBe(body.result.widget_id);

    // An id from before, named in words, reaches the tool that acts on it.
    const shown = await json(await post({ command: `show me the widget ${body.result.widget_id as string}` }));
    expect(shown.route).toMatchObject({ tool: 'widget_get', arguments: { widget_id: body.result.widget_id } });
    expect(shown.result.widget_id).toBe(body.result.widget_id);
  });

  it('only decides on a dry run: the route, its checked arguments and the call to make, nothing run or metered', async () => {
    const before = await used();
    const body = await json(await post({ command: 'Bill Northwind Traders for 3 hours of consulting at €120/h and 2 x logo design @ €300, net 14', dry_run: true }));
    expect(body.route).toMatchObject({
      tool: 'invoice_draft',
      arguments: {
        customer: { name: 'Northwind Traders' },
        currency: 'EUR',
        line_items: [
          { description: 'consulting', quantity: '3', unit_price: '120' },
          { description: 'logo design', quantity: '2', unit_price: '300' },
        ],
        net_days: 14,
      },
    });
    expect(body.executed).toBe(false);
    expect(body.result).toBeUndefined();
    expect(body.clarification).toBeUndefined();
    expect(body.next_actions[0]).toMatchObject({ tool: 'invoice_draft', route: 'POST /api/agents/invoice/draft', arguments: body.route.arguments });
    expect(await used()).toBe(before);
    // The call it suggests works as is.
    const drafted = await json(await app.api('/api/agents/invoice/draft', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body.next_actions[0].arguments) }));
    expect(drafted.draft_id).toMatch(/^drf_/);
    expect(drafted.totals.total).toBe(96_000);
  });

  it('asks for what the command does not say, and runs nothing', async () => {
    const before = await used();
    const body = await json(await post({ command: 'Turn my podcast episode into clips for TikTok and YouTube Shorts' }));
    expect(body.route).toMatchObject({ tool: 'clips_factory', arguments: { platforms: ['tiktok', 'youtube_shorts'] } });
    expect(body.clarification.missing).toEqual(['transcript']);
    expect(body.clarification.question).toMatch(/transcript/);
    expect(body.executed).toBe(false);
    expect(await used()).toBe(before);
  });

  it('asks whether the service is meant at all for a near miss, and runs nothing', async () => {
    const before = await used();
    const body = await json(await post({ command: 'How many units of the blue mug are left in our warehouse?' }));
    expect(body.route).toBeNull();
    expect(body.executed).toBe(false);
    expect(body.clarification.question).toMatch(/^This may be something this service does not do\. Do you want to .*\(usage_get\)/);
    expect(body.clarification.options.map((option: { tool: string }) => option.tool)).toContain('usage_get');
    expect(await used()).toBe(before);
  });

  it('asks what to change rather than run an update that sets nothing', async () => {
    const before = await json(await app.api('/api/agents/seller-profile'));
    const body = await json(await post({ command: 'please update my seller profile' }));
    expect(body.route.tool).toBe('seller_profile_update');
    expect(body.executed).toBe(false);
    expect(body.clarification.missing).toEqual(['name | address | country | tax_id | vat_id | email | phone | iban | bic | logo | language | payment_days | einvoice']);
    expect(await json(await app.api('/api/agents/seller-profile'))).toEqual(before);
  });

  it('takes what a command cannot carry from the context, and says what it used', async () => {
    const body = await json(await post({ command: 'Turn my podcast episode into 2 clips for TikTok', context: { transcript, title: 'Sourdough', colour: 'red' } }));
    expect(body.route.tool).toBe('clips_factory');
    expect(body.meta.context).toEqual({ used: ['transcript', 'title'], ignored: ['colour'] });
    expect(body.executed).toBe(true);
    expect(body.result.plan_id).toMatch(/^clp_/);
    expect(body.result.clips.length).toBeGreaterThan(0);
    expect(body.result.clips.length).toBeLessThanOrEqual(2);
  });

  it('never issues an invoice from words: new ones are drafted, a draft is confirmed only by its id', async () => {
    const drafted = await json(await post({ command: 'Create and issue an invoice to Globex Ltd for a £1,500 flat fee for the kitchen plans' }));
    expect(drafted.route.tool).toBe('invoice_draft');
    expect(drafted.executed).toBe(true);
    const draftId = drafted.result.draft_id as string;
    expect(draftId).toMatch(/^drf_/);
    const vague = await json(await post({ command: 'Finalize the invoice for Globex', dry_run: true }));
    expect(vague.route?.tool ?? null).not.toBe('invoice_confirm');
    const confirmed = await json(await post({ command: `Confirm draft ${draftId}` }));
    expect(confirmed.route).toMatchObject({ tool: 'invoice_confirm', arguments: { draft_id: draftId } });
    expect(confirmed.result.invoice_id).toMatch(/^inv_/);
  });

  it('routes nothing for what the service does not do, and says what it does', async () => {
    const before = await used();
    const body = await json(await post({ command: "what's the weather in Lisbon tomorrow?" }));
    expect(body.route).toBeNull();
    expect(body.executed).toBe(false);
    expect(body.clarification.question).toMatch(/not something this service does/);
    expect(body.clarification.options.map((option: { tool: string }) => option.tool)).toEqual(expect.arrayContaining(['invoice_draft', 'widget_generate', 'business_box_build']));
    expect(await used()).toBe(before);
  });

  it("holds the key to the routed tool's scope as well as intent:run", async () => {
    const routerOnly = await keyWith(['intent:run']);
    const command = 'Make a waitlist page for Orbit, a budgeting app';
    const dry = await json(await postWith(routerOnly, { command, dry_run: true }));
    expect(dry.meta.scope).toEqual({ needed: 'widgets:write', granted: false });
    const refused = await postWith(routerOnly, { command });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({ code: 'insufficient_scope', details: { required_scope: 'widgets:write' } });
    const both = await keyWith(['intent:run', 'widgets:write']);
    const ran = await json(await postWith(both, { command }));
    expect(ran.result.widget_id).toMatch(/^wgt_/);
    const noRouter = await postWith(await keyWith(['widgets:write']), { command });
    expect(noRouter.status).toBe(403);
    expect((await json(noRouter)).error.details.required_scope).toBe('intent:run');
  });

  it('keeps those scopes when the routing itself runs as a job', async () => {
    const routerOnly = await keyWith(['intent:run', 'jobs:read']);
    const queued = await postWith(routerOnly, { command: 'Make a waitlist page for Orbit, a budgeting app' }, { prefer: 'respond-async' });
    expect(queued.status).toBe(202);
    const { job_id } = await json(queued);
    const settled = await pollUntil(async () => {
      const job = await json(await fetch(`${app.url}/api/agents/status/${job_id as string}`, { headers: { authorization: `Bearer ${routerOnly}` } }));
      return job.status === 'failed' || job.status === 'succeeded' ? job : undefined;
    });
    expect(settled.status).toBe('failed');
    expect(settled.error.code).toBe('insufficient_scope');
  });

  it('answers with the job handle of a job tool', async () => {
    const body = await json(await post({ command: 'Build me a whole business in a box for Mike Brown Plumbing in Leeds: boiler service £75, emergency call-out £120' }));
    expect(body.route).toMatchObject({ tool: 'business_box_build', arguments: { kind: 'local_service' } });
    expect(body.executed).toBe(true);
    expect(body.result).toMatchObject({ job_id: expect.stringMatching(/^job_/), tool: 'business_box_build', status_url: expect.stringContaining('/api/agents/status/') });
    expect(body.next_actions[0].tool).toBe('job_status');
  });

  it('is the same tool over MCP', async () => {
    const client = new Client({ name: 'intent-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toContain('intent_route');
      const result = (await client.callTool({ name: 'intent_route', arguments: { command: 'how many units do I have left this month?' } })) as {
        isError?: boolean;
        structuredContent?: any;
        content: Array<{ text?: string }>;
      };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(result.structuredContent.route.tool).toBe('usage_get');
      expect(result.structuredContent.result).toMatchObject({ plan: 'starter', active: true });
      const refused = (await client.callTool({ name: 'intent_route', arguments: { command: '' } })) as { isError?: boolean; content: Array<{ text?: string }> };
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toMatch(/command/);
    } finally {
      await client.close();
    }
  });
});

describe('intent_route with a model configured (LLM_BASE_URL)', () => {
  it('lets the model break a tie between close tools, and never asks it about a confident route', async () => {
    const llm = await startFakeLlm({ answers: [JSON.stringify({ tool: 'widget_generate' }), JSON.stringify({ tool: 'neither' })] });
    const app = await startPlannedApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
    try {
      const post = async (body: unknown) => json(await app.api('/api/agents/intent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      const confident = await post({ command: 'how many units do I have left this month?', dry_run: true });
      expect(confident.route.tool).toBe('usage_get');
      expect(confident.meta.decided_by).toBe('classifier');
      expect(llm.requests).toHaveLength(0);
      // Three tools are close for this one: the model is asked which, among them only.
      const tie = await post({ command: 'collect emails for my launch', dry_run: true });
      expect(llm.requests).toHaveLength(1);
      expect(JSON.stringify(llm.requests[0]?.response_format.json_schema.schema)).toContain('widget_generate');
      expect(tie.route.tool).toBe('widget_generate');
      expect(tie.meta.decided_by).toBe('model');
      expect(tie.route.why).toMatch(/A model picked widget_generate/);
      // "neither": the router asks, as it would without a model.
      const asked = await post({ command: 'collect emails for my launch', dry_run: true });
      expect(asked.route).toBeNull();
      expect(asked.clarification.options.length).toBeGreaterThan(1);
    } finally {
      await app.close();
      await llm.close();
    }
  }, 60_000);
});
