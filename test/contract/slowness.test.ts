import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaOf, type JsonSchema } from '../../src/kernel/json-schema.js';
import { fork, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { createApp } from '../../src/app.js';
import { Catalogue } from '../../src/kernel/catalogue.js';
import { json, pollUntil, spawnTestCli, tempDir, testConfig, waitForListening } from '../helpers.js';
import { testTaskModules, testModules, testTools } from '../fixtures/tools.js';
import { articles } from '../content/articles.js';

/**
 * The slowness fuzz: every text field of every tool, filled to its maximum allowed size with
 * input shaped to hurt (one long token, repeated punctuation, whitespace runs, nested brackets,
 * many URLs and e-mail addresses, mixed scripts, lone surrogates, subtitle-like timings), must
 * be answered (2xx or 4xx, never 5xx) within a bound; meanwhile another account's job_status
 * must keep answering fast: no request may stall the server for others. Its bounds are wall
 * times, so `npm test` runs this file alone, after the others (which would share the cores).
 */

/** Wall time allowed for one call with a field at its maximum size (the issue's 1 s, on this 2-core machine). */
const boundMs = 1000;
/** How fast the neighbour's job_status must answer, every poll but one, while a text field is fuzzed (the issue's bound). */
const neighbourBoundMs = 100;
/**
 * The same while a body of 45,000 objects is parsed and validated: that takes tens of
 * milliseconds on the serving thread (JSON.parse, the depth check, Zod), so a poll may wait more.
 */
const neighbourWideBoundMs = 250;
/** Wide arrays (tens of thousands of segments) are real work, planned as a job: bounded by this. */
const wideBoundMs = 5000;
/** An error body's size at most: a refusal quotes the input, never all of it. */
const maxErrorBytes = 4000;
/** Fields without a maxLength (ids, dates, enums: all patterned) are filled this far. */
const unboundedLength = 100_000;

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
/** Cut at a code-point boundary, so that only the lone-surrogate generator sends lone surrogates. */
const fitTo = (text: string, length: number) => (/[\uD800-\uDBFF]/.test(text.charAt(length - 1)) ? text.slice(0, length - 1) : text.slice(0, length));

const shapes: Record<string, (length: number) => string> = {
  'one long token': (n) => fill('a', n),
  'text then "a." repeated': (n) => fitTo(`This is a normal opening sentence. It has a second one. And a third here. ${fill('a.', n)}`, n),
  'repeated punctuation': (n) => fill('!?.,;:-', n),
  'whitespace runs': (n) => `x${fill(' \n\t\n', n - 2)}y`,
  'blank lines': (n) => `x${fill('\n', n - 2)}y`,
  'nested brackets': (n) => `${fill('([{<', Math.floor(n / 2))}${fill('>}])', Math.ceil(n / 2))}`,
  'many URLs': (n) => fill('https://example.com/path?q=1&r=2#frag ', n),
  'URLs without spaces': (n) => fill('https://a.example/https://b.example/', n),
  'many e-mail addresses': (n) => fill('someone.else@example.co.uk ', n),
  'mixed scripts and emoji': (n) => fitTo(fill('Straße 東京 مرحبا Привет שלום 🙂👩‍💻 ', n), n),
  'lone surrogates': (n) => fill('\uD800a\uDC00', n),
  'prices and numbers': (n) => fill('$1,299.99 €45 12.5% 3× ', n),
  'subtitle-like timings': (n) => fill('00:00:01,000 --> 00:00:0', n),
};
/** Short fields get fewer shapes: their work is small whatever they hold. */
const shortShapes = ['one long token', 'whitespace runs', 'nested brackets', 'lone surrogates', 'mixed scripts and emoji'];

type Path = (string | number)[];

/** The value at `max`, or shorter where its JSON would pass the 4 MB body limit (escaped surrogates take 6 bytes each). */
function fitBody(make: (length: number) => string, max: number): string {
  const value = make(max);
  const bytes = Buffer.byteLength(JSON.stringify(value));
  return bytes <= 3_900_000 ? value : make(Math.floor((max * 3_900_000) / bytes));
}

/** The string leaves of a base input: where to put the pathological text. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** The schemas a value at `path` may have to match (through anyOf/oneOf/allOf). */
function schemasAt(schema: JsonSchema, path: Path): JsonSchema[] {
  const branches = (node: JsonSchema): JsonSchema[] => {
    const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => ((node as Record<string, unknown>)[key] as JsonSchema[] | undefined) ?? []);
    return [node, ...alternatives.flatMap(branches)];
  };
  let nodes = branches(schema);
  for (const part of path) {
    nodes = nodes.flatMap((node) => {
      const record = node as Record<string, unknown>;
      const next = typeof part === 'number' ? record.items : (record.properties as Record<string, JsonSchema> | undefined)?.[part];
      return next && typeof next === 'object' ? branches(next as JsonSchema) : [];
    });
  }
  return nodes;
}

const maxLengthAt = (schema: JsonSchema, path: Path) => Math.max(0, ...schemasAt(schema, path).map((node) => (node as { maxLength?: number }).maxLength ?? 0)) || unboundedLength;

function withValue(base: Record<string, unknown>, path: Path, value: string): Record<string, unknown> {
  const copy = structuredClone(base);
  let cursor: Record<string | number, unknown> = copy;
  for (const part of path.slice(0, -1)) cursor = cursor[part] as Record<string | number, unknown>;
  cursor[path.at(-1) as string | number] = value;
  return copy;
}

const srt = Array.from(
  { length: 40 },
  (_, i) => `${i + 1}\n00:00:${String(i).padStart(2, '0')},000 --> 00:00:${String(i).padStart(2, '0')},900\nSentence number ${i + 1} of a talk about building things.\n`,
).join('\n');

describe('the slowness fuzz', () => {
  let app: Served;
  let neighbourKey: string;
  const bases: Record<string, Record<string, unknown>[]> = {};

  beforeAll(async () => {
    // Enough units and refusals for the whole fuzz: limits are tested elsewhere.
    let keys: { owner: string; neighbour: string };
    ({ app, keys } = await serveInChildProcess());
    neighbourKey = keys.neighbour;
    const post = async (path: string, body: unknown) => json(await app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const pack = await post('/api/agents/content/repurpose', { source_text: articles[0] });
    const widget = await post('/api/agents/widgets/generate', { prompt: 'a landing page for a yoga studio in Austin', kind: 'landing' });
    const product = {
      name: 'Stoneware mug',
      description: 'Hand-thrown, 350 ml.',
      price: '24.00',
      currency: 'EUR',
      variants: [
        { name: 'Sand', sku: 'MUG-1' },
        { name: 'Blue', price: '26.50' },
      ],
      images: ['https://cdn.example.com/mug.png'],
      inventory: 5,
      shipping: { countries: ['DE'] },
    };
    const storefront = await post('/api/agents/storefront/build', { products: [product] });
    const party = { name: 'Acme GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin', tax_id: 'DE123456789' };
    const invoice = {
      customer: party,
      seller: { ...party, name: 'Studio Nord' },
      currency: 'EUR',
      line_items: [{ description: 'Website redesign', quantity: '1.5', unit_price: '1200.00', tax_rate: '19', discount: { percent: '5' } }],
      discount: { amount: '10.00' },
      issue_date: '2026-11-22',
      due_date: '2026-12-22',
      notes: 'Thank you for your business.',
      locale: 'de-DE',
    };
    const issued = await post('/api/agents/invoice/create', { ...invoice, idempotency_key: 'slowness-issued' });
    const directory = await post('/api/agents/directory/build', { prompt: 'Vegan places in Lisbon', listings: 'name,category,location\nGreen Bean,Cafe,Alfama' });
    const outreachSender = { name: 'Sam', company: 'Ledgerly', address: 'Torstraße 1, Berlin', calendar_url: 'https://cal.example.com/sam', reply_to: 'sam@ledgerly.example' };
    Object.assign(bases, {
      job_status: [{ job_id: 'job_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      invoice_draft: [invoice],
      invoice_create: [{ ...invoice, idempotency_key: 'slowness-fuzz' }],
      invoice_confirm: [{ draft_id: 'drf_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      invoice_get: [{ invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      invoice_list: [{ status: 'open', customer: 'Acme', from: '2026-01-01', to: '2026-12-31', limit: 20 }],
      invoice_void: [{ invoice_id: issued.invoice_id, reason: 'Issued twice by mistake' }],
      invoice_mark_paid: [{ invoice_id: issued.invoice_id, method: 'bank_transfer', reference: 'SEPA-2026-11-22', paid_at: '2026-11-22T10:00:00Z' }],
      invoice_credit_note: [
        { invoice_id: issued.invoice_id, amount: '10.00', reason: 'Goodwill' },
        { invoice_id: issued.invoice_id, lines: [{ line: 1, quantity: '0.5' }], reason: 'Half the hours' },
      ],
      invoice_send: [{ invoice_id: issued.invoice_id, to: ['billing@acme.example'], message: 'Thank you for your order.' }],
      invoice_einvoice: [{ invoice_id: issued.invoice_id, format: 'xrechnung_cii', seller_country: 'DE', customer_country: 'DE', buyer_reference: '04011000-12345-67', order_reference: 'PO-1' }],
      seller_profile_get: [{}],
      seller_profile_update: [
        {
          name: 'Studio Nord',
          address: 'Hauptstraße 1\n10115 Berlin',
          vat_id: 'DE123456789',
          phone: '+49 30 1234567',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          language: 'de',
          payment_days: 14,
        },
      ],
      content_repurpose: [
        {
          prompt: 'Write about caring for houseplants in winter',
          source_text: articles[0],
          tone: 'friendly',
          audience: 'new plant owners',
          brand: 'Leafy',
          cta: { text: 'Shop plants', url: 'https://leafy.example/shop' },
          links: ['https://leafy.example/guide'],
        },
      ],
      content_revise: [{ pack_id: pack.pack_id, block_id: 'blog', instructions: 'change the title to "Winter care"' }],
      content_get: [{ pack_id: pack.pack_id }],
      widget_generate: [
        {
          prompt: 'A landing page for Zen Yoga, a studio in Austin for busy parents: classes $25, monthly $120.',
          brand: { name: 'Zen Yoga', colors: { primary: '#2e7d32', accent: '#ffb300', background: '#ffffff', text: '#111111' }, logo_url: 'https://cdn.example.com/logo.png', tone: 'calm' },
          content: {
            title: 'Zen Yoga Austin',
            description: 'Yoga classes for busy parents.',
            eyebrow: 'New',
            headline: 'Breathe again',
            subheadline: 'Short classes that fit your day.',
            cta_text: 'Book a class',
            cta_url: 'https://zen.example/book',
            features_heading: 'Why us',
            features: [{ title: 'Short', text: 'Classes last 30 minutes.' }],
            testimonials: [{ quote: 'It helped me.', name: 'Ana', role: 'Parent' }],
            pricing: [{ name: 'Drop-in', price: '$25', period: 'class', description: 'One class', features: ['Mat included'], cta_text: 'Book' }],
            faq: [{ question: 'Do I need a mat?', answer: 'No, we have mats.' }],
            form_heading: 'Book',
            form_text: 'Tell us when.',
            button_text: 'Send',
            success_message: 'Thanks!',
            closing_headline: 'See you soon',
            footer_text: 'Zen Yoga, Austin',
            contact_email: 'hi@zen.example',
            deadline: '2027-01-01T10:00:00Z',
            lang: 'en',
            form_fields: [
              { name: 'email', label: 'Email', type: 'email' },
              { name: 'slot', label: 'Slot', type: 'select', options: ['Morning', 'Evening'], placeholder: 'Pick one' },
            ],
          },
        },
      ],
      widget_revise: [
        { widget_id: widget.widget_id, instructions: 'make the button green and change the headline to "Ship faster"' },
        {
          widget_id: widget.widget_id,
          operations: [
            { op: 'set_text', section_id: 'hero', field: 'headline', value: 'New headline' },
            { op: 'set_cta', section_id: 'hero', text: 'Go', url: 'https://zen.example/go' },
            { op: 'set_meta', title: 'T', description: 'D', lang: 'en' },
          ],
        },
      ],
      widget_get: [{ widget_id: widget.widget_id }],
      storefront_build: [
        {
          prompt: 'Clay & Co, a pottery studio in Lisbon. Handmade mugs €24.',
          products: [product],
          brand: { name: 'Clay & Co', tone: 'warm' },
          policies: { shipping: 'Ships in 3 days.', returns: 'Returns within 14 days.' },
          faq: [{ question: 'Food safe?', answer: 'Yes.' }],
          reviews: [{ quote: 'Lovely.', name: 'Ana', rating: 5 }],
          success_url: 'https://clay.example/thanks',
          lang: 'en',
        },
      ],
      storefront_revise: [{ storefront_id: storefront.storefront_id, changes: { policies: { returns: 'Returns within 30 days.' }, faq: [{ question: 'Gift wrap?', answer: 'On request.' }] } }],
      storefront_get: [{ storefront_id: storefront.storefront_id }],
      storefront_orders: [{ storefront_id: storefront.storefront_id, format: 'csv' }],
      membership_build: [
        { prompt: 'A course called Bread at home with lessons: Starter, Mixing and Baking' },
        {
          course: { title: 'Bread', modules: [{ title: 'Basics', lessons: [{ title: 'Starter', summary: 'Feed it.', body: '## Key points\n- Warm water' }] }] },
          tiers: [{ name: 'Monthly', interval: 'month', price: 9 }],
          currency: 'EUR',
          brand: { name: 'Bakery', tone: 'calm' },
          lang: 'en',
        },
      ],
      membership_revise: [
        {
          membership_id: 'mem_01jdz8x4m6b3q9r2t5v7w0y1c3',
          changes: [
            { op: 'set_course_title', title: 'Bread' },
            { op: 'update_lesson', lesson_id: 'm1-l1', set: { body: 'Text' } },
          ],
        },
      ],
      membership_get: [{ membership_id: 'mem_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      membership_members: [{ membership_id: 'mem_01jdz8x4m6b3q9r2t5v7w0y1c3', action: 'grant', email: 'ana@example.com' }],
      directory_build: [
        {
          prompt: 'Vegan places in Lisbon',
          title: 'Vegan Lisbon',
          description: 'Plant-based food.',
          listings: 'name,category,location\nGreen Bean,Cafe,Alfama',
          categories: ['Cafe'],
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'category', label: 'Category', type: 'select', options: ['Cafe', 'Bar'], filterable: true },
          ],
          brand: { name: 'Vegan Lisbon', tone: 'calm' },
          monetization: { currency: 'EUR', featured_price: '29', premium_price: '79', claim_fee: '10', period_days: 30 },
        },
        { prompt: 'Vegan places', listings: [{ name: 'Green Bean', category: 'Cafe', location: 'Alfama', website: 'https://greenbean.example' }] },
      ],
      directory_revise: [
        {
          directory_id: directory.directory_id,
          changes: { title: 'T', description: 'D', add_listings: [{ name: 'Kale', category: 'Cafe' }], remove_listings: ['lst_01jdz8x4m6b3q9r2t5v7w0y1c3'] },
        },
        { directory_id: directory.directory_id, changes: { listings: 'name,category\nKale,Cafe' } },
      ],
      directory_get: [{ directory_id: directory.directory_id }],
      directory_submissions: [{ directory_id: directory.directory_id, action: 'reject', submission_id: 'dsb_01jdz8x4m6b3q9r2t5v7w0y1c3', reason: 'Not vegan' }],
      outreach_build: [
        {
          prompt: 'Ledgerly does bookkeeping for dental clinics. Ideal customer: clinic owners.',
          leads: 'First Name,Email Address,Company\nAna,ana@smile.example,Smile\n',
          channels: ['email', 'phone'],
          crm: 'hubspot',
          sender: outreachSender,
          timezone: 'Europe/Berlin',
          send_window: { start: '09:00', end: '17:00' },
          daily_cap: 50,
          steps: [{ channel: 'email', day: 0, subject: 'Hi {{first_name|there}}', body: 'Hello {{first_name|there}}', variant_b: { subject: 'B' } }],
          snippets: { priority: 'Hi' },
          lead_source: 'Web',
        },
        { prompt: 'Bookkeeping for clinics', leads: [{ email: 'ana@smile.example', first_name: 'Ana' }] },
      ],
      outreach_revise: [{ campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3', changes: { offer: 'Bookkeeping', leads: 'email\na@b.co' } }],
      outreach_get: [{ campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      outreach_triage: [
        { reply: 'Not interested, thanks.', subject: 'Re: hello' },
        { campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3', from: 'ana@smile.example', reply: 'Out of office until Monday.' },
      ],
      outreach_send: [{ campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3', start_at: '2026-12-01T09:00:00Z' }],
      business_box_build: [
        {
          prompt: 'Plumbing repairs in Leeds by Mike Brown Plumbing. Emergency callout £90.',
          kind: 'local_service',
          brand: { name: 'Mike Brown Plumbing', tone: 'friendly' },
          location: 'Leeds',
          price_points: [{ name: 'Emergency callout', price: 90, currency: 'GBP', interval: 'one_time', description: 'Within 2 hours' }],
          kpi_targets: { leads: 10 },
        },
      ],
      business_box_revise: [
        {
          business_id: 'bx_01jdz8x4m6b3q9r2t5v7w0y1c3',
          focus_areas: ['pricing', 'legal'],
          instructions: 'Add a cancellation policy',
          price_points: [{ name: 'Callout', price: 95, currency: 'GBP' }],
          kpi_targets: { revenue: 5000 },
        },
      ],
      business_box_get: [{ business_id: 'bx_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
      intent_route: [
        { command: 'Bill Northwind Traders for 3 hours of consulting at €120/h, due Friday', dry_run: true },
        { command: 'Turn this episode into 3 clips for TikTok', dry_run: true, context: { transcript: srt, title: 'A talk' } },
      ],
      widget_submissions: [{ widget_id: widget.widget_id, format: 'csv' }],
      clips_factory: [
        { transcript: srt, title: 'A talk', speakers: ['Ana'], language: 'en' },
        {
          transcript: [
            { start: 0, end: 5, text: 'A first segment of speech.', speaker: 'Ana' },
            { start: 5, end: 9, text: 'A second segment.', speaker: 'Ben' },
          ],
        },
      ],
      clips_get: [{ plan_id: 'clp_01jdz8x4m6b3q9r2t5v7w0y1c3' }],
    });
    // intent_route learns its router once per process, on its first call (seconds, on a compute thread: the
    // bench's row "learning on first use"); the fuzz is about what an input costs, so it starts with it learnt.
    await post('/api/agents/intent', { command: 'how many units do I have left?', dry_run: true });
  }, 60_000);
  afterAll(() => app?.close());

  it('covers every production tool with a base input', () => {
    const production = app.catalogue.tools.filter((tool) => !tool.name.startsWith('test_') && tool.name !== 'usage_get');
    expect(production.map((tool) => tool.name).filter((name) => !bases[name])).toEqual([]);
  });

  it('answers every field at its maximum size, shaped to hurt, within the bound, while a neighbour is served', async () => {
    // The neighbour stands for another tenant's client on its own machine: forked first, it keeps the normal
    // priority (a child inherits its parent's), so that its polls measure the server, not its own wait for a core.
    const neighbour = await Neighbour.start(app.url, neighbourKey);
    // The test's own work (building megabyte inputs) yields to the server's, as if the server had the machine.
    const priority = os.getPriority();
    os.setPriority(19);
    const slow: string[] = [];
    const failures: string[] = [];
    let calls = 0;
    let slowest = { ms: 0, label: '' };
    // FUZZ_TOOLS=a,b narrows the run to some tools while working on them.
    const only = process.env.FUZZ_TOOLS?.split(',');
    try {
      for (const tool of app.catalogue.tools.filter((candidate) => !only || only.includes(candidate.name))) {
        for (const { label, input, bound = boundMs } of [...pathologicalInputs(app, tool.name, bases[tool.name] ?? []), ...wideInputs(tool.name)]) {
          const started = performance.now();
          const { status, errorBytes } = await callToEnd(app, tool.name, input).catch((error: Error) => ({ status: String(error.cause instanceof Error ? error.cause : error), errorBytes: 0 }));
          const ms = performance.now() - started;
          neighbour.record({ label, wide: bound === wideBoundMs, started: performance.timeOrigin + started, ended: performance.timeOrigin + started + ms });
          calls += 1;
          if (typeof status !== 'number' || status >= 500) failures.push(`${label}: ${status}`);
          // A refusal says where and what, quoting a little of the input: echoing it would write megabytes of error.
          if (errorBytes > maxErrorBytes) failures.push(`${label}: an error of ${errorBytes} bytes`);
          if (ms > bound) slow.push(`${label}: ${Math.round(ms)} ms`);
          if (ms > slowest.ms) slowest = { ms, label };
        }
      }
    } finally {
      await neighbour.stop();
      try {
        os.setPriority(priority);
      } catch {
        // Raising it back needs privileges a CI runner may not have; this file runs alone in its process anyway.
      }
    }
    const p99 = neighbour.percentile(0.99);
    console.info(
      `slowness fuzz: ${calls} calls; slowest ${Math.round(slowest.ms)} ms (${slowest.label}); neighbour over ${neighbour.latencies.length} polls: ` +
        `median ${neighbour.percentile(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `worst ${Math.round(neighbour.worst.text.ms)} ms during text fields (${neighbour.worst.text.label}), then ${Math.round(neighbour.secondText.ms)} ms (${neighbour.secondText.label}), ` +
        `${Math.round(neighbour.worst.wide.ms)} ms during wide arrays`,
    );
    if (!only) expect(calls).toBeGreaterThan(500);
    expect({ failures, slow, neighbourErrors: neighbour.errors }).toEqual({ failures: [], slow: [], neighbourErrors: [] });
    // Every poll but one within the bound: one poll in some 2,000 can meet a pause of the server's garbage collector
    // or of the scheduler (seen at 110 ms during a 400 for a long id, a millisecond of work). That one must stay
    // under the wide bound: this lets one pause of up to 250 ms through, and fails on a second slow poll.
    expect(neighbour.secondText.ms, `the second-worst neighbour poll during text fields, during ${neighbour.secondText.label}`).toBeLessThan(neighbourBoundMs);
    expect(neighbour.worst.text.ms, `the worst neighbour poll during text fields, during ${neighbour.worst.text.label}`).toBeLessThan(neighbourWideBoundMs);
    expect(neighbour.worst.wide.ms, `the worst neighbour poll during wide arrays, during ${neighbour.worst.wide.label}`).toBeLessThan(neighbourWideBoundMs);
  }, 600_000);
});

/** The server under test, in its own process: the test's own work (building megabyte bodies) must not block its event loop. */
interface Served {
  url: string;
  catalogue: Catalogue;
  api: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

/**
 * Prepares a data directory in-process (the owner on a large pro plan, a neighbour account),
 * then serves it from a spawned CLI with the test tools, as `npm start` would.
 */
async function serveInChildProcess(): Promise<{ app: Served; keys: { owner: string; neighbour: string } }> {
  const dataDir = tempDir('ao-slowness-');
  const setup = await createApp({ config: testConfig({ DATA_DIR: dataDir }), modules: testModules, taskModules: testTaskModules });
  const owner = await setup.bootstrap();
  if (!owner) throw new Error('bootstrap did not run');
  await setup.access.accounts.activatePlan(owner.accountId, 'pro', 1_000_000);
  const neighbour = await setup.access.accounts.create({ name: 'Neighbour', plan: 'starter' });
  const neighbourKey = (await setup.access.keys.create({ accountId: neighbour.id, scopes: ['*'] })).secret;
  await setup.close();
  // Limits on refusals and failures are tested elsewhere: the fuzz makes thousands of refused calls.
  const child: ChildProcessWithoutNullStreams = spawnTestCli(['serve'], { DATA_DIR: dataDir, PORT: '0', MAX_REFUSED_CALLS: '1000000', AUTH_MAX_FAILURES: '1000000', BOOTSTRAP: 'false' });
  const url = await waitForListening(child);
  const api = (path: string, init: RequestInit = {}) => fetch(url + path, { ...init, headers: { authorization: `Bearer ${owner.secret}`, ...(init.headers as Record<string, string>) } });
  const close = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { app: { url, catalogue: new Catalogue(testTools), api, close }, keys: { owner: owner.secret, neighbour: neighbourKey } };
}

/** Every string leaf of each base input, filled to its maximum size with each shape. */
function* pathologicalInputs(app: Served, toolName: string, bases: readonly Record<string, unknown>[]): Generator<FuzzInput> {
  const tool = app.catalogue.get(toolName);
  if (!tool) return;
  // The bounds as the tool's own schema sets them: tools/list writes some parts as signatures or outlines, without them.
  const inputSchema = jsonSchemaOf(tool.input, 'input', 'full');
  for (const [b, base] of bases.entries()) {
    for (const path of stringPaths(base)) {
      // A GET's input travels in the URL, which Node caps with the headers at 16 KB (431 beyond).
      const max = Math.min(maxLengthAt(inputSchema, path), tool.route.method === 'GET' ? 4000 : Number.POSITIVE_INFINITY);
      for (const [shape, make] of Object.entries(shapes)) {
        if (max <= 300 && !shortShapes.includes(shape)) continue;
        yield { label: `${toolName}#${b} ${path.join('.')} (${max}) ${shape}`, input: withValue(base, path, fitBody(make, max)) };
      }
    }
  }
}

/** Arrays as wide as a 4 MB body allows, where a tool takes them: parsing and validating them must not stall the server either. */
type FuzzInput = { label: string; input: Record<string, unknown>; bound?: number };

function* wideInputs(toolName: string): Generator<FuzzInput> {
  if (toolName === 'clips_factory') {
    const segments = Array.from({ length: 45_000 }, (_, i) => ({ start: i, end: i + 0.9, text: 'A few words of speech here.', speaker: i % 2 ? 'Ana' : 'Ben' }));
    yield { label: 'clips_factory 45,000 segments', input: { transcript: segments }, bound: wideBoundMs };
    const words = Array.from({ length: 50_000 }, (_, i) => ({ start: i / 3, end: i / 3 + 0.3, word: 'word' }));
    yield { label: 'clips_factory one segment of 50,000 timed words', input: { transcript: [{ start: 0, end: 20_000, text: 'word '.repeat(50_000), words }] }, bound: wideBoundMs };
  }
  if (toolName === 'widget_revise') {
    yield { label: 'widget_revise 600,000 numbers where operations go', input: { widget_id: 'wgt_01jdz8x4m6b3q9r2t5v7w0y1c3', operations: Array.from({ length: 600_000 }, () => 0) } };
  }
}

/** What the fuzz was doing over a span of time (epoch ms), to attribute the neighbour's polls. */
interface Call {
  label: string;
  wide: boolean;
  started: number;
  ended: number;
}

/** The neighbour (another account polling job_status every 20 ms) in its own process: `neighbour.mjs`. */
class Neighbour {
  latencies: number[] = [];
  errors: string[] = [];
  /** The slowest answers but the first (which opens the connection), while text fields or wide arrays were fuzzed, and which call. */
  readonly worst = { text: { ms: 0, label: '' }, wide: { ms: 0, label: '' } };
  /** The slowest answer during text fields after the worst one. */
  secondText = { ms: 0, label: '' };
  private readonly calls: Call[] = [];

  private constructor(private readonly child: ChildProcess) {}

  static async start(url: string, key: string): Promise<Neighbour> {
    const child = fork(fileURLToPath(new URL('./neighbour.mjs', import.meta.url)), [url, key], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the neighbour process exited with ${code}`)));
    });
    return new Neighbour(child);
  }

  record(call: Call): void {
    this.calls.push(call);
  }

  /** Stops the polls and attributes each to the call it overlapped most (between calls: the server was idle, a text-field bound). */
  async stop(): Promise<void> {
    const polls = await new Promise<{ started: number; ms: number; error?: string }[]>((resolve) => {
      this.child.once('message', (message) => resolve(message as { started: number; ms: number; error?: string }[]));
      this.child.send('stop');
    });
    for (const [index, poll] of polls.entries()) {
      const ended = poll.started + poll.ms;
      const overlap = (call: Call) => Math.min(ended, call.ended) - Math.max(poll.started, call.started);
      const call = this.calls.reduce<Call | undefined>((best, candidate) => (overlap(candidate) > 0 && (!best || overlap(candidate) > overlap(best)) ? candidate : best), undefined);
      const label = call?.label ?? 'between calls';
      if (poll.error) this.errors.push(`${poll.error} during ${label}`);
      const phase = call?.wide ? 'wide' : 'text';
      if (index > 0 && phase === 'text' && poll.ms > this.secondText.ms) {
        if (poll.ms > this.worst.text.ms) this.secondText = this.worst.text;
        else this.secondText = { ms: poll.ms, label };
      }
      if (index > 0 && poll.ms > this.worst[phase].ms) this.worst[phase] = { ms: poll.ms, label };
      this.latencies.push(poll.ms);
    }
  }

  percentile(fraction: number): number {
    const sorted = this.latencies.slice(1).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
  }
}

/** Calls a tool over REST and, when it answers with a job, polls the job to its end. */
async function callToEnd(app: Served, name: string, input: Record<string, unknown>): Promise<{ status: number; errorBytes: number }> {
  const tool = app.catalogue.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const reads = tool.route.method === 'GET';
  const params = app.catalogue.pathParams(tool);
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !params.some((p) => p.field === key)));
  // Lone surrogates cannot be percent-encoded as UTF-8: they go out as the bytes of one (ED A0 80), as an attacker would send them.
  const encode = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replaceAll('%EF%BF%BD', '%ED%A0%80');
  const path = `/api/agents${params.reduce((route, { param, field }) => route.replace(`:${param}`, encode(String(input[field]))), tool.route.path)}`;
  const query = Object.entries(rest)
    .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
    .join('&');
  const response = await app.api(reads ? `${path}?${query}` : path, {
    method: tool.route.method,
    headers: { 'content-type': 'application/json' },
    body: reads ? undefined : JSON.stringify(rest),
  });
  const body = await response.text();
  if (response.status !== 202) return { status: response.status, errorBytes: response.status >= 400 ? body.length : 0 };
  const { job_id } = JSON.parse(body) as { job_id: string };
  const job = await pollUntil(
    async () => {
      const status = await json(await app.api(`/api/agents/status/${job_id}`));
      return ['succeeded', 'failed', 'canceled'].includes(status.status) ? status : undefined;
    },
    60_000,
    20,
  );
  return { status: job.status === 'succeeded' ? 200 : job.error?.code === 'internal' ? 500 : 400, errorBytes: job.error ? JSON.stringify(job.error).length : 0 };
}
