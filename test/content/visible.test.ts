import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';

/**
 * content_revise with a replacement in a block's visible fields (issue 14 §7): what the agent reads in a block
 * is what it may send back. Sent back unchanged it changes nothing; edited, the block shows the edit verbatim.
 */

let app: StartedApp;
const post = (path: string, body: unknown) => app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await startPlannedApp();
});
afterAll(() => app.close());

describe('a replacement in the visible fields', () => {
  for (const extras of [{}, { cta: { text: 'Book a call', url: 'https://example.com/book' }, links: ['https://example.com/guide'] }]) {
    it(`round-trips every block unchanged${'cta' in extras ? ', with a call to action and links the pack adds itself' : ''}`, async () => {
      const pack = await json(
        await post('/api/agents/content/repurpose', { prompt: 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00) from December 5', generator: 'template', ...extras }),
      );
      const visible: Record<string, (block: Record<string, unknown>) => Record<string, unknown>> = {
        linkedin: (block) => ({ text: block.text }),
        email: (block) => ({ subject: block.subject, preheader: block.preheader, text: block.text }),
        blog: (block) => ({ title: block.title, meta_description: block.meta_description, markdown: block.markdown }),
        x_thread: (block) => ({ tweets: block.tweets }),
      };
      for (const [blockId, fields] of Object.entries(visible)) {
        const block = pack.blocks.find((candidate: { id: string }) => candidate.id === blockId);
        const response = await post('/api/agents/content/revise', { pack_id: pack.pack_id, block_id: blockId, replacement: fields(block) });
        const revised = await json(response);
        expect(response.status, JSON.stringify(revised)).toBe(200);
        expect(revised, blockId).toMatchObject({ changed: false, version: 1 });
      }
    });
  }

  it('an edited LinkedIn text is the new block, word for word', async () => {
    const pack = await json(
      await post('/api/agents/content/repurpose', { prompt: 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00)', generator: 'template', channels: ['linkedin', 'email'] }),
    );
    const text = 'Saturdays are open at Clínica Sol.\n\nFrom 9:00 to 14:00, book a visit.\n\nSee you there.\n\n#ClinicaSol #Saturdays';
    const revised = await json(await post('/api/agents/content/revise', { pack_id: pack.pack_id, block_id: 'linkedin', replacement: { text } }));
    expect(revised).toMatchObject({ changed: true, version: 2, applied: ['replacement'] });
    expect(revised.blocks.find((block: { id: string }) => block.id === 'linkedin').text).toBe(text);
  });

  it('an email subject alone changes the subject and keeps the rest', async () => {
    const pack = await json(await post('/api/agents/content/repurpose', { prompt: 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00)', generator: 'template', channels: ['email'] }));
    const before = pack.blocks[0];
    const revised = await json(await post('/api/agents/content/revise', { pack_id: pack.pack_id, block_id: 'email', replacement: { subject: 'Open on Saturdays from now on' } }));
    expect(revised.blocks[0]).toMatchObject({ subject: 'Open on Saturdays from now on', text: before.text, preheader: before.preheader });
  });

  it('names the fields it takes when a replacement fits neither form', async () => {
    const pack = await json(await post('/api/agents/content/repurpose', { prompt: 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00)', generator: 'template', channels: ['linkedin'] }));
    const response = await post('/api/agents/content/revise', { pack_id: pack.pack_id, block_id: 'linkedin', replacement: { hook: 'h', body: 'b', hashtags: [], txt: 'x' } });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toMatch(/unknown fields "replacement\.txt".*\{hook, body, hashtags\}.*\{text\}/);
  });
});
