import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Caller } from '../../src/kernel/caller.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { ResourceBody, ResourceLink } from '../../src/kernel/resource.js';
import { outcomes } from '../../tools/index.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { syntheticTalk } from '../clips/synthetic.js';
import { parseCaptions } from '../support/captions.js';

/** Every string inside a value. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const textOf = (body: ResourceBody) => {
  if (!('text' in body)) throw new Error(`expected text, got ${body.mimeType} bytes`);
  return body.text;
};

describe('artifacts as MCP resources', () => {
  let app: StartedApp;
  let owner: Caller;
  let stranger: Caller;
  const post = (path: string, body: unknown) => app.api(`/api/agents${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const call = async (path: string, body?: unknown) => {
    const response = body === undefined ? await app.api(`/api/agents${path}`) : await post(path, body);
    expect(response.status, path).toBe(200);
    return json(response);
  };
  const links = (tool: string, output: Record<string, unknown>): ResourceLink[] => app.dispatcher.linksOf(app.catalogue.get(tool)!, output);
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
  /** The three ways a URI of another caller's artifact or of a narrower key fails. */
  async function expectGuarded(uri: string, scope: string, id: string) {
    const foreign = await refusal(uri, stranger);
    expect(foreign.code).toBe('not_found');
    expect(foreign.message).toContain(id);
    expect(foreign.message).toContain('for this account');
    const narrow = await refusal(uri, { ...owner, scopes: ['jobs:read', 'usage:read'] });
    expect(narrow.code).toBe('insufficient_scope');
    expect(narrow.message).toContain(`"${scope}"`);
    expect(narrow.details).toEqual({ required_scope: scope });
    // :write implies :read.
    await expect(read(uri, { ...owner, scopes: [scope.replace(/:read$/, ':write')] })).resolves.toBeDefined();
  }

  beforeAll(async () => {
    app = await startPlannedApp();
    await app.access.accounts.activatePlan(app.accountId, 'starter', 100_000);
    owner = { accountId: app.accountId, keyId: null, scopes: ['*'] };
    const other = await app.access.accounts.create({ name: 'Someone else', plan: 'starter' });
    stranger = { accountId: other.id, keyId: null, scopes: ['*'] };
  });
  afterAll(() => app.close());

  it('invoice PDF: linked from the tools that issue or return an invoice, not from a draft; the stored PDF bytes', async () => {
    const invoiceInput = { customer: { name: 'Acme GmbH' }, currency: 'EUR', line_items: [{ description: 'Website redesign', unit_price: '1200', tax_rate: 19 }] };
    const draft = await call('/invoice/draft', invoiceInput);
    expect(links('invoice_draft', draft)).toEqual([]);
    const confirmed = await call('/invoice/confirm', { draft_id: draft.draft_id });
    const created = await call('/invoice/create', invoiceInput);
    const got = await call(`/invoices/${confirmed.invoice_id}`);

    for (const [tool, invoice] of [
      ['invoice_confirm', confirmed],
      ['invoice_create', created],
      ['invoice_get', got],
    ] as const) {
      const [link, ...more] = links(tool, invoice);
      expect(more).toEqual([]);
      expect(link).toEqual({
        uri: `agent-outcomes://invoices/${invoice.invoice_id}/pdf`,
        name: `${invoice.number}.pdf`,
        title: 'Invoice PDF',
        mimeType: 'application/pdf',
        description: expect.stringContaining('PDF'),
      });
      const body = await read(link!.uri);
      if (!('bytes' in body)) throw new Error('expected bytes');
      expect(body.mimeType).toBe('application/pdf');
      expect(Buffer.from(body.bytes).subarray(0, 5).toString()).toBe('%PDF-');
      // The same bytes as the download with the key.
      const download = Buffer.from(await (await app.api(new URL(invoice.pdf_url).pathname)).arrayBuffer());
      expect(Buffer.from(body.bytes).equals(download)).toBe(true);
    }
    const uri = `agent-outcomes://invoices/${confirmed.invoice_id}/pdf`;
    await expectGuarded(uri, 'invoices:read', confirmed.invoice_id);
    // A draft's id, a malformed id and a well-formed unknown one name no PDF.
    for (const id of [draft.draft_id, 'inv_nope', 'inv_01aaaaaaaaaaaaaaaaaaaaaaaa']) expect((await refusal(`agent-outcomes://invoices/${id}/pdf`)).code).toBe('not_found');
    // Percent-escapes are decoded: the same invoice.
    const escaped = await read(uri.replace('inv_', 'inv%5F'));
    expect('bytes' in escaped && escaped.bytes.length).toBeGreaterThan(1000);
  });

  it('widget page: each version the tools return, equal to their html; the submissions export as CSV', async () => {
    const generated = await call('/widgets/generate', { prompt: 'a waitlist widget for our app launch', brand: { name: 'Orbit' } });
    const revised = await call('/widgets/revise', { widget_id: generated.widget_id, operations: [{ op: 'set_theme', primary: '#0f766e' }] });
    const first = await call(`/widgets/${generated.widget_id}?version=1`);

    for (const [tool, widget] of [
      ['widget_generate', generated],
      ['widget_revise', revised],
      ['widget_get', first],
    ] as const) {
      const [link, ...more] = links(tool, widget);
      expect(more).toEqual([]);
      expect(link).toMatchObject({
        uri: `agent-outcomes://widgets/${widget.widget_id}/versions/${widget.version}/page.html`,
        name: `waitlist-v${widget.version}.html`,
        mimeType: 'text/html',
      });
      const body = await read(link!.uri);
      expect(body.mimeType).toBe('text/html');
      expect(textOf(body)).toBe(widget.html);
    }
    // The page the signed preview link serves, too.
    const preview = await (await fetch(revised.preview_url)).text();
    expect(textOf(await read(`agent-outcomes://widgets/${revised.widget_id}/versions/2/page.html`))).toBe(preview);

    const page = `agent-outcomes://widgets/${generated.widget_id}/versions/1/page.html`;
    await expectGuarded(page, 'widgets:read', generated.widget_id);
    for (const version of ['0', '3', '01', 'latest', '1e3']) {
      const missing = await refusal(`agent-outcomes://widgets/${generated.widget_id}/versions/${version}/page.html`);
      expect(missing.code, version).toBe('not_found');
    }
    expect((await refusal('agent-outcomes://widgets/wgt_bad/versions/1/page.html')).code).toBe('not_found');

    // No submissions yet: no link; the export is a header only.
    const none = await call(`/widgets/${generated.widget_id}/submissions`);
    expect(links('widget_submissions', none)).toEqual([]);
    const csvUri = `agent-outcomes://widgets/${generated.widget_id}/submissions.csv`;
    expect(parseCsv(textOf(await read(csvUri)))).toEqual([['submission_id', 'created_at', 'version', 'form']]);

    const action = (revised.html as string).match(/action="([^"]+)"/)![1]!.replaceAll('&amp;', '&');
    const visitors: Record<string, string>[] = [{ email: 'ada@example.com', name: 'Ada' }, { email: 'grace@example.com' }, { email: 'eve@example.com', name: '=HYPERLINK("http://x")' }];
    for (const fields of visitors) {
      const sent = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams(fields) });
      expect(sent.status).toBe(200);
    }
    const listed = await call(`/widgets/${generated.widget_id}/submissions?limit=1`);
    const [link, ...more] = links('widget_submissions', listed);
    expect(more).toEqual([]);
    expect(link).toMatchObject({ uri: csvUri, name: `${generated.widget_id}-submissions.csv`, mimeType: 'text/csv' });
    const csv = await read(csvUri);
    expect(csv.mimeType).toBe('text/csv');
    const rows = parseCsv<Record<string, string>>(textOf(csv), { columns: true });
    // Every submission, not the page the tool returned; in the order they came.
    expect(rows.map((row) => [row.email, row.name])).toEqual([
      ['ada@example.com', 'Ada'],
      ['grace@example.com', ''],
      ['eve@example.com', `'=HYPERLINK("http://x")`],
    ]);
    expect(rows.every((row) => row.version === '2' && row.submission_id!.startsWith('sub_'))).toBe(true);
    await expectGuarded(csvUri, 'widgets:read', generated.widget_id);
    expect((await refusal('agent-outcomes://widgets/wgt_01aaaaaaaaaaaaaaaaaaaaaaaa/submissions.csv')).code).toBe('not_found');
  });

  it('clip captions: one SRT, one VTT and one ASS per clip, equal to the plan’s, parseable', async () => {
    const plan = await call('/clips/factory', { transcript: syntheticTalk(4, 21).map(({ start, end, text, words }) => ({ start, end, text, words })), title: 'Short talk' });
    expect(plan.clips.length).toBeGreaterThan(1);
    const got = await call(`/clips/${plan.plan_id}`);
    for (const [tool, output] of [
      ['clips_factory', plan],
      ['clips_get', got],
    ] as const) {
      const found = links(tool, output);
      expect(found).toHaveLength(plan.clips.length * 3);
      for (const clip of plan.clips) {
        const base = `agent-outcomes://clips/${plan.plan_id}/clips/${clip.id}`;
        const srt = found.find((link) => link.uri === `${base}/captions.srt`);
        const vtt = found.find((link) => link.uri === `${base}/captions.vtt`);
        expect(srt).toMatchObject({ name: `clip-${clip.rank}.srt`, mimeType: 'application/x-subrip' });
        expect(vtt).toMatchObject({ name: `clip-${clip.rank}.vtt`, mimeType: 'text/vtt' });
        const ass = found.find((link) => link.uri === `${base}/captions.ass`);
        expect(ass).toMatchObject({ name: `clip-${clip.rank}.ass`, mimeType: 'text/x-ssa' });
        // The ffmpeg command burns in the captions from the file the label names.
        expect(clip.ffmpeg).toContain(`subtitles=${ass!.name}`);
      }
    }
    for (const clip of plan.clips) {
      const base = `agent-outcomes://clips/${plan.plan_id}/clips/${clip.id}`;
      const srt = await read(`${base}/captions.srt`);
      const vtt = await read(`${base}/captions.vtt`);
      const ass = await read(`${base}/captions.ass`);
      expect(ass.mimeType).toBe('text/x-ssa');
      expect(textOf(ass)).toBe(clip.captions.ass);
      expect(srt.mimeType).toBe('application/x-subrip');
      expect(vtt.mimeType).toBe('text/vtt');
      expect(textOf(srt)).toBe(clip.captions.srt);
      expect(textOf(vtt)).toBe(clip.captions.vtt);
      const [parsedSrt, parsedVtt] = await Promise.all([parseCaptions(textOf(srt), 'srt'), parseCaptions(textOf(vtt), 'vtt')]);
      expect(parsedSrt.errors).toEqual([]);
      expect(parsedVtt.errors).toEqual([]);
      expect(parsedSrt.cues).toHaveLength(clip.captions.cues);
      expect(parsedVtt.cues.map((cue) => [cue.startTime, cue.endTime, cue.text])).toEqual(parsedSrt.cues.map((cue) => [cue.startTime, cue.endTime, cue.text]));
      // Timed from the clip's start.
      expect(parsedSrt.cues[0]!.startTime).toBeLessThan(1);
      expect(parsedSrt.cues.at(-1)!.endTime).toBeLessThanOrEqual(clip.duration_seconds + 0.001);
    }
    const first = `agent-outcomes://clips/${plan.plan_id}/clips/${plan.clips[0].id}/captions.srt`;
    await expectGuarded(first, 'clips:read', plan.plan_id);
    const noClip = await refusal(`agent-outcomes://clips/${plan.plan_id}/clips/clip_99/captions.vtt`);
    expect(noClip.code).toBe('not_found');
    expect(noClip.message).toContain(plan.clips[0].id);
    expect((await refusal('agent-outcomes://clips/clp_x/clips/clip_01/captions.srt')).code).toBe('not_found');
    // A plan answered as a job handle names no captions (yet).
    expect(links('clips_factory', { job_id: 'job_01aaaaaaaaaaaaaaaaaaaaaaaa', status: 'queued' })).toEqual([]);
  });

  it('content pack: each version as one Markdown document holding every text of the pack', async () => {
    const pack = await call('/content/repurpose', {
      prompt: 'sourdough baking for beginners',
      generator: 'template',
      cta: { text: 'Join the class', url: 'https://bake.example/join' },
      links: ['https://bake.example/guide'],
    });
    expect(pack.blocks.map((block: { channel: string }) => block.channel)).toEqual(['blog', 'linkedin', 'email', 'x_thread', 'page_sections']);
    const revised = await call('/content/revise', { pack_id: pack.pack_id, block_id: 'email', replacement: { ...emailReplacement } });
    const first = await call(`/content/${pack.pack_id}?version=1`);

    for (const [tool, output] of [
      ['content_repurpose', pack],
      ['content_revise', revised],
      ['content_get', first],
    ] as const) {
      const [link, ...more] = links(tool, output);
      expect(more).toEqual([]);
      expect(link).toMatchObject({ uri: `agent-outcomes://content/${pack.pack_id}/versions/${output.version}/pack.md`, mimeType: 'text/markdown' });
      expect(link!.name).toMatch(new RegExp(`^sourdough[a-z0-9-]*-v${output.version}\\.md$`));
      const body = await read(link!.uri);
      expect(body.mimeType).toBe('text/markdown');
      const markdown = textOf(body);
      expect(markdown.startsWith(`# ${output.meta.topic}\n\n`)).toBe(true);
      for (const heading of ['Blog post', 'LinkedIn post', 'Email', 'X thread', 'Landing-page sections']) expect(markdown).toContain(`\n## ${heading}\n`);
      for (const block of output.blocks) {
        // Every text the block holds; the blog's own headings sit two levels lower, under the pack's.
        const { id: _id, channel: _channel, checks: _checks, sources: _sources, html: _html, markdown: blog, sections, ...texts } = block;
        for (const text of strings(texts)) expect(markdown, `${block.id}: ${text}`).toContain(text);
        if (blog) expect(markdown).toContain((blog as string).trimEnd().replace(/^(#{1,4}) /gm, '##$1 '));
        for (const section of sections ?? []) {
          const { id: _sid, type: _type, ...props } = section;
          for (const text of strings(props)) expect(markdown, `${block.id}.${section.id}: ${text}`).toContain(text);
        }
      }
      const tweets = output.blocks.find((block: { channel: string }) => block.channel === 'x_thread').tweets as string[];
      tweets.forEach((tweet, index) => expect(tweet.startsWith(`${index + 1}/${tweets.length} `)).toBe(true));
    }
    // Each version is its own document: the revision's email is in v2 only.
    expect(textOf(await read(`agent-outcomes://content/${pack.pack_id}/versions/2/pack.md`))).toContain(emailReplacement.subject);
    expect(textOf(await read(`agent-outcomes://content/${pack.pack_id}/versions/1/pack.md`))).not.toContain(emailReplacement.subject);

    const uri = `agent-outcomes://content/${pack.pack_id}/versions/1/pack.md`;
    await expectGuarded(uri, 'content:read', pack.pack_id);
    const noVersion = await refusal(`agent-outcomes://content/${pack.pack_id}/versions/9/pack.md`);
    expect(noVersion.code).toBe('not_found');
    expect(noVersion.message).toContain('version 9');
    for (const bad of [`${pack.pack_id}/versions/0`, `${pack.pack_id}/versions/x`, 'cnt_nope/versions/1']) expect((await refusal(`agent-outcomes://content/${bad}/pack.md`)).code).toBe('not_found');
  });

  it('unknown URIs and malformed %-escapes name nothing', async () => {
    for (const uri of [
      'agent-outcomes://nothing/here',
      'agent-outcomes://invoices/inv_01aaaaaaaaaaaaaaaaaaaaaaaa/pdf/more',
      'https://example.com/invoices/inv_01aaaaaaaaaaaaaaaaaaaaaaaa/pdf',
      'agent-outcomes://invoices/%E0%A4%A/pdf',
      'agent-outcomes://widgets/%/submissions.csv',
      'agent-outcomes://content/cnt_%zz/versions/1/pack.md',
      '',
    ]) {
      const error = await refusal(uri);
      expect(error.code, uri).toBe('not_found');
    }
  });
});

const emailReplacement = {
  subject: 'Sourdough for beginners: your first loaf',
  preheader: 'Everything you need for a first loaf, in one short email to keep.',
  greeting: 'Hi there,',
  paragraphs: ['Start with a lively starter and a simple recipe.'],
  signoff: 'Happy baking',
};

describe('the resource declarations', () => {
  const tools = new Map(outcomes.flatMap((module) => module.tools.map((tool) => [tool.name, module.name] as const)));
  const declared = outcomes.flatMap((module) => (module.resources ?? []).map((resource) => ({ module, resource })));

  it('cover every artifact kind', () => {
    expect(declared.map(({ resource }) => resource.name).sort()).toEqual(
      [
        'business_overview',
        'clip_captions_ass',
        'clip_captions_srt',
        'clip_captions_vtt',
        'content_pack_markdown',
        'directory_page',
        'invoice_pdf',
        'membership_page',
        'outreach_crm_export',
        'storefront_page',
        'widget_page',
        'widget_submissions_csv',
      ].sort(),
    );
  });

  it('link only from tools that exist, in their own module, under scopes their module declares', () => {
    for (const { module, resource } of declared) {
      expect(Object.keys(resource.linkedFrom).length, resource.name).toBeGreaterThan(0);
      for (const tool of Object.keys(resource.linkedFrom)) expect(tools.get(tool), `${resource.name} ← ${tool}`).toBe(module.name);
      expect(module.scopes, resource.name).toContain(resource.scope);
      expect(resource.scope, resource.name).toMatch(/:read$/);
    }
  });

  it('have unique names and templates, no two of which can match one URI', () => {
    const names = declared.map(({ resource }) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    const shapes = declared.map(({ resource }) => resource.uriTemplate.replace(/\{[a-z_]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
    // Each template's own example URI matches it alone.
    for (const { resource } of declared) {
      const example = resource.uri(Object.fromEntries(resource.params.map((param) => [param, `x_${param}`])));
      expect(
        declared.filter((other) => other.resource.pattern.test(example)).map((other) => other.resource.name),
        example,
      ).toEqual([resource.name]);
    }
  });

  it('say what they are: a title, a description, a MIME type, params that are path segments', () => {
    for (const { resource } of declared) {
      expect(resource.uriTemplate).toMatch(/^agent-outcomes:\/\/[a-z]+\//);
      expect(resource.title.length).toBeGreaterThan(3);
      expect(resource.description.length).toBeGreaterThan(20);
      expect(resource.mimeType).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      expect(resource.params.length).toBeGreaterThan(0);
    }
  });
});
