import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import twitterText from 'twitter-text';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { json, root, startApp, tempDir, type StartedApp, storeEnv } from '../helpers.js';
import { sentencesOf } from '../../tools/content/extract.js';
import { articles } from './articles.js';
import { startFakeLlm } from '../fixtures/fake-llm.js';

const topics = [
  'dog grooming for anxious rescue dogs',
  'sourdough baking for beginners',
  'how small bakeries can win on Instagram',
  'zero-downtime database migrations',
  'budget travel in Portugal',
  'marathon training after 40',
  'choosing a CRM for a five-person agency',
  'remote onboarding for engineering teams',
  'composting in a small apartment',
  'pricing a freelance design project',
  'cold email that gets replies',
  'teaching kids to code with Scratch',
];
const markers = /\{\{|\}\}|undefined|\bnull\b|NaN|\[object/;

/** Every string inside a value. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('content_repurpose (template composer)', () => {
  let app: StartedApp;
  const repurpose = (body: unknown) => app.api('/api/agents/content/repurpose', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  beforeAll(async () => {
    app = await startApp({ AUTH_MAX_FAILURES: '100000' });
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
  });
  afterAll(() => app.close());

  it('passes every check, fits every tweet, leaks no marker, keeps the topic words, and is deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...topics),
        fc.option(fc.constantFrom('busy parents', 'first-time founders', 'nurses on night shifts'), { nil: undefined }),
        fc.option(fc.constantFrom('friendly', 'professional', 'bold'), { nil: undefined }),
        fc.option(fc.constantFrom('in Austin', 'for 2027', 'on a budget'), { nil: '' }),
        async (topic, audience, tone, suffix) => {
          const body = { prompt: `Write a post about ${topic} ${suffix}`.trim(), audience, tone, cta: { text: 'Book a call', url: 'https://example.com/book' }, generator: 'template' };
          const response = await repurpose(body);
          expect(response.status).toBe(200);
          const pack = await json(response);
          expect(pack.meta.generator).toBe('template');
          expect(pack.blocks.map((b: { id: string }) => b.id)).toEqual(['blog', 'linkedin', 'email', 'x_thread', 'page_sections']);
          for (const block of pack.blocks) {
            for (const check of block.checks) expect(check.ok, `${block.id}.${check.rule} = ${check.value} (limit ${check.limit}) for "${topic}"`).toBe(true);
            for (const text of strings(block)) expect(text).not.toMatch(markers);
            // The topic's key words appear in every block.
            const words = topic
              .toLowerCase()
              .split(/\W+/)
              .filter((w) => w.length > 4);
            expect(
              words.some((word) => JSON.stringify(block).toLowerCase().includes(word)),
              `${block.id} mentions "${topic}"`,
            ).toBe(true);
          }
          const thread = pack.blocks.find((b: { id: string }) => b.id === 'x_thread');
          for (const tweet of thread.tweets) expect(twitterText.parseTweet(tweet).weightedLength).toBeLessThanOrEqual(280);
          const again = await json(await repurpose(body));
          expect(again.blocks).toEqual(pack.blocks);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('renders each channel as the issue asks', async () => {
    const pack = await json(
      await repurpose({ prompt: 'sourdough baking for beginners', generator: 'template', cta: { text: 'Join the class', url: 'https://bake.example/join' }, channels: ['blog', 'email', 'linkedin'] }),
    );
    const [blog, linkedin, email] = pack.blocks;
    expect(blog).toMatchObject({ channel: 'blog', slug: expect.stringMatching(/^[a-z0-9-]+$/) });
    expect(blog.markdown.match(/^## /gm).length).toBeGreaterThanOrEqual(2);
    expect(blog.meta_description.length).toBeLessThanOrEqual(155);
    expect(linkedin.text.split('\n')[0].length).toBeLessThanOrEqual(140);
    expect(linkedin.text).toContain('https://bake.example/join');
    expect(email.subject.length).toBeLessThanOrEqual(60);
    expect(email.preheader.length).toBeGreaterThanOrEqual(40);
    expect(email.html).toMatch(/^<!DOCTYPE html>/);
    expect(email.html).not.toMatch(/<img|<link|<script|url\(/i);
    expect(email.html).toContain('style="');
    expect(pack.blocks).toHaveLength(3);
  });

  it("cites the caller's links in the blog and the email", async () => {
    const pack = await json(await repurpose({ prompt: 'composting in a small apartment', links: ['https://compost.example/guide'], generator: 'template', channels: ['blog', 'email'] }));
    expect(pack.blocks[0].markdown).toContain('## Further reading\n\n- <https://compost.example/guide>');
    expect(pack.blocks[1].text).toContain('https://compost.example/guide');
    expect(pack.blocks[1].html).toContain('href="https://compost.example/guide"');
  });

  it('escapes HTML in the email and never executes caller text', async () => {
    const pack = await json(await repurpose({ prompt: 'cookies <script>alert(1)</script> & "cream"', brand: '<img src=x onerror=alert(1)>', generator: 'template', channels: ['email'] }));
    expect(pack.blocks[0].html).not.toMatch(/<script|<img/);
    expect(pack.blocks[0].html).toContain('&lt;script&gt;');
  });

  it("builds the pack from the source text: every cited sentence is the source's own", async () => {
    for (const article of articles) {
      const pack = await json(await repurpose({ source_text: article, generator: 'template' }));
      const sentences = sentencesOf(article);
      expect(pack.meta.source_sentences).toBe(sentences.length);
      for (const block of pack.blocks) {
        expect(block.sources.length).toBeGreaterThan(0);
        for (const index of block.sources) expect(sentences[index]).toBeDefined();
        for (const check of block.checks) expect(check.ok, `${block.id}.${check.rule}`).toBe(true);
      }
      const blog = pack.blocks.find((b: { id: string }) => b.id === 'blog');
      for (const index of blog.sources) expect(blog.markdown).toContain(sentences[index]?.text);
      // Nothing invented: every sentence in the blog body is the title, a heading, or a source sentence.
      const bodyLines = blog.markdown.split('\n\n').filter((line: string) => !line.startsWith('#'));
      for (const line of bodyLines) for (const sentence of sentencesOf(line)) expect(article).toContain(sentence.text);
    }
  });

  it('refuses a call with neither prompt nor source_text, and a source too short to repurpose', async () => {
    const none = await repurpose({ channels: ['blog'] });
    expect(none.status).toBe(400);
    expect((await json(none)).error.message).toMatch(/prompt.*source_text/);
    expect((await repurpose({ source_text: 'x'.repeat(250) })).status).toBe(400);
  });

  it('content_revise changes exactly one block, keeps earlier versions readable, and reports what it could not do', async () => {
    const pack = await json(await repurpose({ prompt: 'marathon training after 40', generator: 'template' }));
    const revise = (body: unknown) => app.api('/api/agents/content/revise', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const revised = await json(
      await revise({ pack_id: pack.pack_id, block_id: 'email', instructions: "change the subject to 'Marathon training after 40: start here'. Translate it to French", generator: 'template' }),
    );
    expect(revised.version).toBe(2);
    expect(revised.changed_block).toBe('email');
    expect(revised.applied).toHaveLength(1);
    expect(revised.unapplied[0]).toMatch(/Translate it to French.*needs a model/);
    const email = revised.blocks.find((b: { id: string }) => b.id === 'email');
    expect(email.subject).toBe('Marathon training after 40: start here');
    for (const [i, block] of revised.blocks.entries()) if (block.id !== 'email') expect(block).toEqual(pack.blocks[i]);

    const dotted = await json(await revise({ pack_id: pack.pack_id, block_id: 'blog', instructions: "change the title to 'Version 2.0: marathon training after 40'", generator: 'template' }));
    expect(dotted.blocks.find((b: { id: string }) => b.id === 'blog').title).toBe('Version 2.0: marathon training after 40');
    const used = async () => ((await json(await app.api('/api/agents/usage'))) as { used: number }).used;
    const usedBefore = await used();
    const tooLong = await json(await revise({ pack_id: pack.pack_id, block_id: 'email', instructions: `change the subject to '${'x'.repeat(80)}'`, generator: 'template' }));
    expect(await used()).toBe(usedBefore);
    // Nothing it could do: no version 4, nothing charged.
    expect(tooLong).toMatchObject({ version: 3, changed: false, applied: [] });
    expect(tooLong.unapplied[0]).toMatch(/60/);
    expect(tooLong.blocks.find((b: { id: string }) => b.id === 'email').subject).toBe('Marathon training after 40: start here');

    const replaced = await json(await revise({ pack_id: pack.pack_id, block_id: 'linkedin', replacement: { hook: 'New hook', body: 'New body.', hashtags: ['Running'] } }));
    expect(replaced).toMatchObject({ version: 4, changed: true });
    expect(replaced.meta.generator).toBe('caller');
    expect(replaced.blocks.find((b: { id: string }) => b.id === 'linkedin').text).toBe('New hook\n\nNew body.\n\n#Running');

    const bad = await revise({ pack_id: pack.pack_id, block_id: 'linkedin', replacement: { hook: 'x'.repeat(200), body: 'b', hashtags: [] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('replacement.hook');
    expect((await revise({ pack_id: pack.pack_id, block_id: 'tiktok', instructions: 'shorter' })).status).toBe(404);
    const extra = await revise({ pack_id: pack.pack_id, block_id: 'linkedin', replacement: { hook: 'h', body: 'b', hashtags: [], footer: 'x' } });
    expect(extra.status).toBe(400);
    expect((await json(extra)).error.message).toContain('"replacement.footer"');

    const first = await json(await app.api(`/api/agents/content/${pack.pack_id}?version=1`));
    expect(first.blocks).toEqual(pack.blocks);
    expect(first.versions).toBe(4);
    expect((await json(await app.api(`/api/agents/content/${pack.pack_id}`))).version).toBe(4);
  });
});

describe('content_repurpose through a model', () => {
  it('uses an OpenAI-compatible endpoint when configured, and falls back to the template with a warning when its answers fail', async () => {
    const valid = JSON.stringify({ topic: 'Remote onboarding', linkedin: { hook: 'Remote onboarding is a product.', body: 'Give every new hire a buddy.', hashtags: ['Onboarding'] } });
    const llm = await startFakeLlm({ answers: [valid, '{"topic": "x"}', 'not json at all'] });
    const app = await startApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AUTH_MAX_FAILURES: '100000' });
    try {
      const call = () =>
        app
          .api('/api/agents/content/repurpose', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ prompt: 'remote onboarding for engineering teams', channels: ['linkedin'] }),
          })
          .then(json);
      const first = await call();
      expect(first.meta).toMatchObject({ generator: 'llm', warnings: [] });
      expect(first.blocks[0].text).toContain('Remote onboarding is a product.');
      const second = await call();
      expect(second.meta.generator).toBe('template');
      expect(second.meta.warnings.join(' ')).toMatch(/fake-model/);
      for (const check of second.blocks[0].checks) expect(check.ok).toBe(true);
      expect(llm.requests).toHaveLength(3); // the invalid answer was retried once
    } finally {
      await app.close();
      await llm.close();
    }
  });

  it("uses the MCP client's own model through sampling (stdio), validated against the schema", async () => {
    const client = new Client({ name: 'sampler', version: '1' }, { capabilities: { sampling: {} } });
    const prompts: string[] = [];
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const asked = request.params.messages[0]?.content;
      prompts.push(asked && !Array.isArray(asked) && asked.type === 'text' ? asked.text : '');
      const answer = {
        topic: 'Composting at home',
        linkedin: { hook: 'Composting in a flat is easier than you think.', body: 'Start with a small bin.\nAdd greens and browns.', hashtags: ['Compost'] },
      };
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: JSON.stringify(answer) } };
    });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(root, 'test/fixtures/cli.ts'), 'stdio'],
        env: { PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'warn' },
        stderr: 'pipe',
        cwd: root,
      }),
    );
    try {
      const result = (await client.callTool({ name: 'content_repurpose', arguments: { prompt: 'composting in a small apartment', channels: ['linkedin'] } })) as {
        isError?: boolean;
        structuredContent?: { meta: { generator: string }; blocks: Array<{ text: string }> };
      };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent?.meta.generator).toBe('sampling');
      expect(result.structuredContent?.blocks[0]?.text).toContain('Composting in a flat is easier than you think.');
      expect(prompts[0]).toContain('composting');
    } finally {
      await client.close();
    }
  });
});
