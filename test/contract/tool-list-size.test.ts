import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AjvJsonSchemaValidator as LegacyValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { AjvJsonSchemaValidator as ModernValidator } from '@modelcontextprotocol/client/validators/ajv';
import { outcomes } from '../../tools/index.js';
import { Catalogue } from '../../src/kernel/catalogue.js';
import { asSrt, syntheticTalk } from '../clips/synthetic.js';
import { json, pollUntil, startPlannedApp, type StartedApp } from '../helpers.js';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';
import { toolListBudgets, toolListFigures } from '../support/tool-list.js';

const catalogue = new Catalogue(outcomes.flatMap((module) => module.tools));
const descriptors = catalogue.descriptors();
const figures = toolListFigures(descriptors);

// The options MCP clients build their Ajv with (v1 SDK: draft-07 `Ajv`; v2: `Ajv2020` for schemas without `$schema`).
const clientOptions = { strict: false, validateFormats: true, validateSchema: false, allErrors: true } as const;
// The clients' own validators: that engine, those options, ajv-formats.
const clientValidators = { 'v1 SDK client (draft-07 Ajv)': new LegacyValidator(), 'v2 client (Ajv 2020)': new ModernValidator() };

/** Every (sub)schema of a JSON Schema document, to look for keywords one dialect reads differently. */
function* subschemas(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) for (const item of node) yield* subschemas(item);
  else if (node && typeof node === 'object') {
    yield node as Record<string, unknown>;
    for (const value of Object.values(node)) yield* subschemas(value);
  }
}

describe('the tool list an agent reads', () => {
  it('fits the budgets: name + description + input schema ≤ 350 tokens per tool on average and ≤ 700 for any, output schemas ≤ 900 on average, ≤ 4 kB a tool in all', () => {
    const table = Object.fromEntries(figures.tools.map((tool) => [tool.name, `${tool.inputTokens} in, ${tool.outputTokens} out`]));
    expect(figures.tools.length, 'every production tool is measured').toBe(catalogue.tools.length);
    expect(figures.inputTokensAverage, JSON.stringify(table)).toBeLessThanOrEqual(toolListBudgets.inputTokensAverage);
    for (const tool of figures.tools) expect(tool.inputTokens, `${tool.name}: name + description + input schema`).toBeLessThanOrEqual(toolListBudgets.inputTokensMax);
    expect(figures.outputTokensAverage, JSON.stringify(table)).toBeLessThanOrEqual(toolListBudgets.outputTokensAverage);
    expect(figures.listBytes).toBeLessThanOrEqual(toolListBudgets.listBytesPerTool * figures.tools.length);
  });

  it('writes JSON Schema 2020-12 without $schema, that draft-07 validators read the same way', () => {
    for (const descriptor of descriptors) {
      for (const [which, schema] of [
        ['input', descriptor.inputSchema],
        ['output', descriptor.outputSchema],
      ] as const) {
        const where = `${descriptor.name} ${which} schema`;
        expect(schema.type, where).toBe('object');
        for (const node of subschemas(schema)) {
          expect(node, where).not.toHaveProperty('$schema');
          // Tuples: draft-07 ignores prefixItems and reads a following `items` as applying to every item.
          expect(node, where).not.toHaveProperty('prefixItems');
          // References point inside the schema itself, which draft-07 resolves as a plain JSON pointer.
          if ('$ref' in node) expect(node.$ref, where).toMatch(/^#\/\$defs\/[a-z_]+$/);
        }
      }
      // Input schemas stay inline: tool-calling clients handle $ref unevenly.
      expect(descriptor.inputSchema, descriptor.name).not.toHaveProperty('$defs');
    }
  });

  it('compiles every input and output schema in Ajv 2020 and in default (draft-07) Ajv, each valid against its meta-schema', () => {
    // Formats are left to the clients' validators below, which register ajv-formats as the clients do.
    const engines = { 'Ajv 2020': new Ajv2020({ ...clientOptions, validateFormats: false }), 'Ajv (draft-07)': new Ajv({ ...clientOptions, validateFormats: false }) };
    for (const descriptor of descriptors) {
      for (const schema of [descriptor.inputSchema, descriptor.outputSchema]) {
        for (const [name, ajv] of Object.entries(engines)) {
          const where = `${descriptor.name} in ${name}`;
          expect(ajv.validateSchema(schema), `${where}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
          expect(() => ajv.compile(schema), where).not.toThrow();
        }
        for (const [name, validator] of Object.entries(clientValidators)) expect(() => validator.getValidator(schema), `${descriptor.name} in the ${name}`).not.toThrow();
      }
    }
  });
});

describe('real outputs against the listed output schemas, as MCP clients validate structuredContent', () => {
  let app: StartedApp;
  let smtp: SmtpServerFixture;
  const outputs = new Map<string, unknown[]>();

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.api(`/api/agents${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await json(response);
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const keep = (tool: string, output: unknown) => outputs.set(tool, [...(outputs.get(tool) ?? []), output]);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startPlannedApp({ SMTP_URL: smtp.url(), SMTP_FROM: 'billing@studio.example' });

    const widget = await call('POST', '/widgets/generate', { prompt: 'a waitlist widget for our app launch, with a FAQ', generator: 'template' });
    keep('widget_generate', widget);
    keep('widget_generate', await call('POST', '/widgets/generate', { prompt: 'a landing page for my dog grooming business in Austin, Basic $29, Deluxe $59', generator: 'template' }));
    keep('widget_revise', await call('POST', '/widgets/revise', { widget_id: widget.widget_id, instructions: 'make the button green; add a FAQ section', generator: 'template' }));
    keep('widget_get', await call('GET', `/widgets/${widget.widget_id}`));
    keep('widget_submissions', await call('GET', `/widgets/${widget.widget_id}/submissions?format=csv`));

    const storefront = await call('POST', '/storefront/build', {
      products: [{ name: 'Mug', price: '24', currency: 'EUR', variants: [{ name: 'Sand' }, { name: 'Blue', price: '26.5' }], inventory: 3 }],
      faq: [{ question: 'Food safe?', answer: 'Yes.' }],
    });
    keep('storefront_build', storefront);
    keep('storefront_revise', await call('POST', '/storefront/revise', { storefront_id: storefront.storefront_id, changes: { policies: { returns: 'Within 14 days.' } } }));
    keep('storefront_get', await call('GET', `/storefront/${storefront.storefront_id}`));
    keep('storefront_orders', await call('GET', `/storefront/${storefront.storefront_id}/orders?format=csv`));

    const course = { title: 'Bread at home', modules: [{ title: 'Basics', lessons: [{ title: 'Starter', body: '## Key points\n- Warm water', preview: true }, { title: 'Baking' }] }] };
    const membership = await call('POST', '/membership/build', { course, tiers: [{ name: 'Monthly', interval: 'month', price: 9, trial_days: 7 }], currency: 'EUR' });
    keep('membership_build', membership);
    keep('membership_revise', await call('POST', '/membership/revise', { membership_id: membership.membership_id, changes: [{ op: 'set_course_title', title: 'Bread' }] }));
    keep('membership_get', await call('GET', `/membership/${membership.membership_id}`));
    keep('membership_members', await call('POST', '/membership/members', { membership_id: membership.membership_id, action: 'grant', email: 'ana@example.com' }));
    keep('membership_members', await call('POST', '/membership/members', { membership_id: membership.membership_id, action: 'list' }));

    const directory = await call('POST', '/directory/build', { prompt: 'Vegan places in Lisbon', listings: 'name,category,location\nGreen Bean,Cafe,Alfama' });
    keep('directory_build', directory);
    keep('directory_revise', await call('POST', '/directory/revise', { directory_id: directory.directory_id, changes: { add_listings: [{ name: 'Kale', category: 'Cafe' }] } }));
    keep('directory_get', await call('GET', `/directory/${directory.directory_id}`));
    const submitted = await fetch(`${directory.site.preview_url}/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Sprout' }) });
    expect(submitted.status).toBeLessThan(300);
    const pending = await call('POST', '/directory/submissions', { directory_id: directory.directory_id, action: 'list' });
    keep('directory_submissions', pending);
    keep('directory_submissions', await call('POST', '/directory/submissions', { directory_id: directory.directory_id, action: 'approve', submission_id: pending.submissions[0].submission_id }));

    const sender = { name: 'Sam', company: 'Ledgerly', address: 'Torstraße 1, 10119 Berlin', calendar_url: 'https://cal.example.com/sam' };
    const campaign = await call('POST', '/outreach/build', {
      prompt: 'Ledgerly does bookkeeping for dental clinics. Ideal customer: clinic owners.',
      leads: 'First Name,Email Address,Company\nAna,ana@smile.example,Smile\n',
      crm: 'hubspot',
      sender,
      timezone: 'Europe/Berlin',
    });
    keep('outreach_build', campaign);
    keep('outreach_revise', await call('POST', '/outreach/revise', { campaign_id: campaign.campaign_id, changes: { daily_cap: 20 } }));
    keep('outreach_get', await call('GET', `/outreach/${campaign.campaign_id}`));
    keep('outreach_triage', await call('POST', '/outreach/triage', { reply: 'Not interested, thanks.' }));
    keep('outreach_triage', await call('POST', '/outreach/triage', { campaign_id: campaign.campaign_id, from: 'ana@smile.example', reply: 'Out of office until Monday.' }));
    keep('outreach_send', await call('POST', '/outreach/send', { campaign_id: campaign.campaign_id }));

    const box = await call(
      'POST',
      '/business-box/build',
      { prompt: 'Plumbing repairs in Leeds by Mike Brown Plumbing. Emergency callout £90.', kind: 'local_service', generator: 'template' },
      { prefer: 'wait=60' },
    );
    keep('business_box_build', box);
    keep(
      'business_box_revise',
      await call('POST', '/business-box/revise', { business_id: box.business_id, focus_areas: ['pricing'], price_points: [{ name: 'Emergency callout', price: 95, currency: 'GBP' }] }),
    );
    keep('business_box_get', await call('GET', `/business-box/${box.business_id}`));

    const invoice = {
      customer: { name: 'Acme GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin' },
      currency: 'EUR',
      line_items: [
        { description: 'Design', quantity: '1.5', unit_price: '1200.00', tax_rate: '19', discount: { percent: '5' } },
        { description: 'Hosting', unit_price: 20 },
      ],
      discount: { amount: '10.00' },
    };
    // A seller profile complete enough for an XRechnung.
    keep(
      'seller_profile_update',
      await call('POST', '/seller-profile', {
        name: 'Studio Nord GmbH',
        address: 'Hauptstraße 1\n10115 Berlin',
        vat_id: 'DE123456789',
        email: 'billing@nord.example',
        phone: '+49 30 123456',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      }),
    );
    const draft = await call('POST', '/invoice/draft', invoice);
    keep('invoice_draft', draft);
    keep('invoice_confirm', await call('POST', '/invoice/confirm', { draft_id: draft.draft_id }));
    const created = await call('POST', '/invoice/create', { ...invoice, idempotency_key: 'tool-list-size' });
    keep('invoice_create', created);
    keep('invoice_get', await call('GET', `/invoices/${created.invoice_id}`));
    keep('seller_profile_get', await call('GET', '/seller-profile'));
    keep('invoice_list', await call('GET', '/invoices?limit=1'));
    keep('invoice_credit_note', await call('POST', '/invoice/credit-note', { invoice_id: created.invoice_id, amount: '100.00', reason: 'Goodwill' }));
    keep('invoice_mark_paid', await call('POST', '/invoice/mark-paid', { invoice_id: created.invoice_id, method: 'bank_transfer', reference: 'SEPA-1' }));
    keep('invoice_void', await call('POST', '/invoice/void', { invoice_id: (await call('POST', '/invoice/create', invoice)).invoice_id, reason: 'Duplicate' }));
    keep('invoice_send', await call('POST', '/invoice/send', { invoice_id: created.invoice_id }));
    keep(
      'invoice_einvoice',
      await call('POST', '/invoice/einvoice', { invoice_id: created.invoice_id, format: 'xrechnung_cii', seller_country: 'DE', customer_country: 'DE', buyer_reference: '04011000-12345-67' }),
    );

    const pack = await call('POST', '/content/repurpose', { prompt: 'sourdough baking for beginners', generator: 'template' });
    keep('content_repurpose', pack);
    keep('content_revise', await call('POST', '/content/revise', { pack_id: pack.pack_id, block_id: 'linkedin', instructions: 'remove the hashtags' }));
    keep('content_get', await call('GET', `/content/${pack.pack_id}`));

    const transcript = asSrt(syntheticTalk(4, 21));
    const plan = await call('POST', '/clips/factory', { transcript, title: 'Short talk' });
    keep('clips_factory', plan);
    keep('clips_get', await call('GET', `/clips/${plan.plan_id}`));
    // The same call as a job: its handle is the other half of clips_factory's output schema.
    const handle = await call('POST', '/clips/factory', { transcript }, { prefer: 'respond-async' });
    keep('clips_factory', handle);
    keep('job_status', await call('GET', `/status/${handle.job_id}`));
    keep(
      'job_status',
      await pollUntil(async () => {
        const status = await call('GET', `/status/${handle.job_id}`);
        return status.status === 'succeeded' ? status : undefined;
      }),
    );
    keep('usage_get', await call('GET', '/usage'));
    keep('intent_route', await call('POST', '/intent', { command: 'how many units do I have left?' }));
    keep('intent_route', await call('POST', '/intent', { command: 'Invoice Acme Corp $1,200 for the website redesign', dry_run: true }));
    keep('intent_route', await call('POST', '/intent', { command: "what's the weather in Lisbon?" }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('has an output of every tool, the job handle among them', () => {
    expect([...outputs.keys()].sort()).toEqual(catalogue.tools.map((tool) => tool.name).sort());
    expect(outputs.get('clips_factory')?.some((output) => (output as { job_id?: string }).job_id)).toBe(true);
  });

  it('validates each output in the v1 and v2 clients’ validators', () => {
    for (const descriptor of descriptors) {
      for (const [name, validator] of Object.entries(clientValidators)) {
        const validate = validator.getValidator(descriptor.outputSchema);
        for (const output of outputs.get(descriptor.name) ?? []) {
          const result = validate(output);
          expect(result.valid, `${descriptor.name} in the ${name}: ${result.errorMessage}`).toBe(true);
        }
      }
    }
  });
});
