import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Caller } from '../../src/kernel/caller.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { ResourceBody } from '../../src/kernel/resource.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';

/** The CRM import files as MCP resources (text/csv): linked from outreach_build, _revise and _get, the owner's only. */

const prompt = 'Ledgerly does the books of dental clinics. Ideal customer: owners of dental clinics in Berlin.';
const sender = { name: 'Sam Lee', company: 'Ledgerly', address: 'Torstraße 1, 10119 Berlin', calendar_url: 'https://cal.example.com/sam' };
const leads = 'First Name,Last Name,Email,Company\nAna,Silva,ana@smile.example,"Smile Dental, Berlin"\nBen,Ng,ben@praxis.example,Praxis Nord';

const textOf = (body: ResourceBody) => {
  if (!('text' in body)) throw new Error(`expected text, got ${body.mimeType} bytes`);
  return body.text;
};

describe('outreach CRM exports as resources', () => {
  let app: StartedApp;
  let owner: Caller;
  let stranger: Caller;
  const post = async (route: string, body: unknown) => {
    const response = await app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, route).toBe(200);
    return json(response);
  };
  const links = (tool: string, output: Record<string, unknown>) => app.dispatcher.linksOf(app.catalogue.get(tool)!, output);
  const read = (uri: string, caller: Caller = owner) => app.dispatcher.readResource(uri, caller, app.log);
  const refusal = (uri: string, caller: Caller = owner) =>
    read(uri, caller).then(
      () => {
        throw new Error(`${uri} was read`);
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(OutcomeError);
        return error as OutcomeError;
      },
    );

  beforeAll(async () => {
    app = await startPlannedApp();
    owner = { accountId: app.accountId, keyId: null, scopes: ['*'] };
    const other = await app.access.accounts.create({ name: 'Someone else', plan: 'starter' });
    stranger = { accountId: other.id, keyId: null, scopes: ['*'] };
  });
  afterAll(() => app.close());

  it('links each CRM file from build, revise and get; reads it as the download, parsing back with the mapping’s columns', async () => {
    const built = await post('/outreach/build', { prompt, leads, sender });
    const id = built.campaign_id as string;
    const made = links('outreach_build', built);
    expect(made.map((link) => link.uri)).toEqual(['hubspot', 'salesforce', 'pipedrive'].map((crm) => `agent-outcomes://outreach/${id}/versions/1/crm/${crm}.csv`));
    expect(made[0]).toMatchObject({ name: `${id}-v1-hubspot.csv`, mimeType: 'text/csv' });
    for (const [index, link] of made.entries()) {
      const body = await read(link.uri);
      expect(body.mimeType).toBe('text/csv');
      const download = await (await app.api(new URL(built.crm[index].export.url).pathname)).text();
      expect(textOf(body)).toBe(download);
      const rows: Array<Record<string, string>> = parse(textOf(body), { columns: true });
      expect(rows).toHaveLength(2);
      expect(Object.keys(rows[0]!)).toEqual(built.crm[index].export.columns);
    }
    const hubspot: Array<Record<string, string>> = parse(textOf(await read(made[0]!.uri)), { columns: true });
    expect(hubspot[0]).toMatchObject({ firstname: 'Ana', lastname: 'Silva', email: 'ana@smile.example', company: 'Smile Dental, Berlin' });

    // A revision to one CRM: version 2 links its one file; version 1's stay readable; get links what it returns.
    const revised = await post('/outreach/revise', { campaign_id: id, changes: { crm: 'salesforce' } });
    expect(links('outreach_revise', revised).map((link) => link.uri)).toEqual([`agent-outcomes://outreach/${id}/versions/2/crm/salesforce.csv`]);
    expect(parse(textOf(await read(`agent-outcomes://outreach/${id}/versions/2/crm/salesforce.csv`)), { columns: true })).toHaveLength(2);
    const got = await json(await app.api(`/api/agents/outreach/${id}?version=1`));
    expect(links('outreach_get', got).map((link) => link.uri)).toEqual(made.map((link) => link.uri));
    expect((await refusal(`agent-outcomes://outreach/${id}/versions/2/crm/hubspot.csv`)).message).toContain('salesforce only');
    expect((await refusal(`agent-outcomes://outreach/${id}/versions/2/crm/zoho.csv`)).message).toContain('knows no CRM');
    expect((await refusal(`agent-outcomes://outreach/${id}/versions/3/crm/hubspot.csv`)).code).toBe('not_found');
    expect((await refusal(`agent-outcomes://outreach/out_nope/versions/1/crm/hubspot.csv`)).code).toBe('not_found');

    // Another account's file does not exist for it; a key without outreach:read is refused; :write implies :read.
    const foreign = await refusal(made[0]!.uri, stranger);
    expect(foreign.code).toBe('not_found');
    expect(foreign.message).toContain('for this account');
    const narrow = await refusal(made[0]!.uri, { ...owner, scopes: ['jobs:read'] });
    expect(narrow).toMatchObject({ code: 'insufficient_scope', details: { required_scope: 'outreach:read' } });
    await expect(read(made[0]!.uri, { ...owner, scopes: ['outreach:write'] })).resolves.toBeDefined();

    // Over MCP: resources/read answers the CSV as text.
    const response = await app.api('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: made[1]!.uri } }),
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    const message = JSON.parse(raw.startsWith('{') ? raw : (/^data: (.*)$/m.exec(raw)?.[1] ?? '{}'));
    expect(message.result.contents[0]).toMatchObject({ uri: made[1]!.uri, mimeType: 'text/csv' });
    expect(parse(message.result.contents[0].text, { columns: true })[0]).toMatchObject({ FirstName: 'Ana', LastName: 'Silva', Email: 'ana@smile.example' });
  });
});
