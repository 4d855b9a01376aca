import { beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/kernel/catalogue.js';
import { outcomes } from '../../tools/index.js';
import { extractEntities } from '../../tools/intent/entities.js';
import type { Router } from '../../tools/intent/router.js';
import { servedRouter } from './evaluation.js';
import { routes } from '../../tools/intent/routes.js';

/**
 * What intent_route reads from a command into the routed tool's input: ids, names, amounts and
 * currencies, quantities, dates (written out and relative, on a fixed clock), emails, platforms,
 * kinds, colours and quoted strings; every complete input passes the tool's own schema, and what a
 * command does not say is left out, never made up.
 */

// A Saturday: "Friday" is 2026-12-04, "Monday" 2026-11-30.
const now = new Date('2026-11-28T10:00:00Z');
const catalogue = new Catalogue(outcomes.flatMap((module) => module.tools));

/** `incomplete`: the command lacks what the tool requires (asked back), so its input is not expected to pass the schema. */
const cases: Array<{ command: string; tool: string; args: Record<string, unknown>; absent?: string[]; incomplete?: true }> = [
  {
    command: 'Invoice Acme Corp $1,200 for the website redesign, due Friday',
    tool: 'invoice_draft',
    args: { customer: { name: 'Acme Corp' }, currency: 'USD', line_items: [{ description: 'website redesign', quantity: '1', unit_price: '1200' }], due_date: '2026-12-04' },
  },
  {
    command: 'Please draft an invoice to Olivia Brooks (olivia@brooks.io) for 6 piano lessons at £40 each, net 14',
    tool: 'invoice_draft',
    args: { customer: { name: 'Olivia Brooks', email: 'olivia@brooks.io' }, currency: 'GBP', line_items: [{ description: 'piano lessons', quantity: '6', unit_price: '40' }], net_days: 14 },
  },
  {
    command: 'Create an invoice for Müller GmbH: Beratung 2.500 EUR, due 15.12.2026, in German',
    tool: 'invoice_draft',
    args: { customer: { name: 'Müller GmbH' }, currency: 'EUR', line_items: [{ description: 'Beratung', quantity: '1', unit_price: '2500' }], due_date: '2026-12-15', language: 'de' },
  },
  {
    command: 'Rechnung an Müller GmbH über 2 Tage Beratung à 900 EUR, zahlbar in 14 Tagen',
    tool: 'invoice_draft',
    args: { customer: { name: 'Müller GmbH' }, currency: 'EUR', line_items: [{ description: 'Beratung', quantity: '2', unit_price: '900' }], net_days: 14 },
  },
  {
    command: 'Erstelle eine Rechnung an Bäckerei Hoffmann GmbH (kontakt@baeckerei-hoffmann.de): 12 Stunden Beratung zu je 95 €, zahlbar innerhalb von 14 Tagen',
    tool: 'invoice_draft',
    args: {
      customer: { name: 'Bäckerei Hoffmann GmbH', email: 'kontakt@baeckerei-hoffmann.de' },
      currency: 'EUR',
      line_items: [{ description: 'Beratung', quantity: '12', unit_price: '95' }],
      net_days: 14,
    },
  },
  {
    command: 'Set up a cold email campaign to HR managers at Berlin startups offering our onboarding workshop for €1,500, 50 emails a day, HubSpot',
    tool: 'outreach_build',
    args: { crm: 'hubspot', daily_cap: 50 },
  },
  { command: 'Update my seller profile: change the business name to Tidewater Labs', tool: 'seller_profile_update', args: { name: 'Tidewater Labs' } },
  {
    command: 'Update my seller profile: phone +44 20 7946 0958, VAT number GB123456789',
    tool: 'seller_profile_update',
    args: { phone: '+44 20 7946 0958', vat_id: 'GB123456789' },
  },
  { command: 'Seller profile: set country to DK and remove the logo', tool: 'seller_profile_update', args: { country: 'DK', logo: null } },
  { command: 'Make XRechnung the default e-invoice on my seller profile', tool: 'seller_profile_update', args: { einvoice: 'xrechnung_ubl' } },
  {
    command: 'Invoice Stark Industries for 2 days of workshops at €900, plus 19% VAT, 10% discount, PO 4711, with a payment link',
    tool: 'invoice_draft',
    args: {
      customer: { name: 'Stark Industries' },
      currency: 'EUR',
      line_items: [{ description: 'workshops', quantity: '2', unit_price: '900', tax_rate: '19' }],
      discount: { percent: '10' },
      order_reference: '4711',
      payment_link: true,
    },
  },
  {
    command: 'Invoice Bluebird Cafe for 2 x mugs at $5 and 3 x plates at $5',
    tool: 'invoice_draft',
    args: {
      customer: { name: 'Bluebird Cafe' },
      line_items: [
        { description: 'mugs', quantity: '2', unit_price: '5' },
        { description: 'plates', quantity: '3', unit_price: '5' },
      ],
    },
  },
  // No currency said: none is assumed.
  { command: 'Invoice Globex for 3 days of on-site training at 800 a day', tool: 'invoice_draft', args: { customer: { name: 'Globex' } }, absent: ['currency'], incomplete: true },
  { command: 'Confirm draft drf_01jdz8x4m6b3q9r2t5v7w0y1c3', tool: 'invoice_confirm', args: { draft_id: 'drf_01jdz8x4m6b3q9r2t5v7w0y1c3' } },
  {
    command: 'Email invoice inv_01jdz8x4m6b3q9r2t5v7w0y1c3 to ana@acme.example, cc bob@acme.example, with the message "Thanks for the quick turnaround"',
    tool: 'invoice_send',
    args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', to: ['ana@acme.example'], cc: ['bob@acme.example'], message: 'Thanks for the quick turnaround' },
  },
  {
    command: 'Mark inv_01jdz8x4m6b3q9r2t5v7w0y1c3 as paid by bank transfer on 2026-11-20, reference SEPA-4471',
    tool: 'invoice_mark_paid',
    args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', method: 'bank_transfer', paid_at: '2026-11-20T00:00:00Z', reference: 'SEPA-4471' },
  },
  {
    command: "Void invoice inv_01jdz8x4m6b3q9r2t5v7w0y1c3 because 'issued twice by mistake'",
    tool: 'invoice_void',
    args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', reason: 'issued twice by mistake' },
  },
  {
    command: 'Credit lines 2 and 3 of inv_01jdz8x4m6b3q9r2t5v7w0y1c3 because the training never took place',
    tool: 'invoice_credit_note',
    args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', lines: [{ line: 2 }, { line: 3 }], reason: 'the training never took place' },
    absent: ['amount'],
  },
  {
    command: 'Email inv_01jdz8x4m6b3q9r2t5v7w0y1c3 to ana@acme.example and include a note that our bank details changed',
    tool: 'invoice_send',
    args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', to: ['ana@acme.example'], message: 'our bank details changed' },
  },
  { command: 'Make an XRechnung UBL e-invoice for inv_01jdz8x4m6b3q9r2t5v7w0y1c3', tool: 'invoice_einvoice', args: { invoice_id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3', format: 'xrechnung_ubl' } },
  { command: 'list my overdue invoices', tool: 'invoice_list', args: { status: 'overdue' } },
  { command: 'show me all paid invoices from last month', tool: 'invoice_list', args: { status: 'paid', from: '2026-10-01', to: '2026-10-31' } },
  { command: 'list the invoices of the last 3 months', tool: 'invoice_list', args: { from: '2026-08-28' }, absent: ['to'] },
  { command: 'what is the status of job_01jdz8x4m6b3q9r2t5v7w0y1c3?', tool: 'job_status', args: { job_id: 'job_01jdz8x4m6b3q9r2t5v7w0y1c3' } },
  {
    command: 'Make a waitlist page for Orbit, a budgeting app for freelancers, in navy and gold',
    tool: 'widget_generate',
    args: { kind: 'waitlist', brand: { colors: ['#000080', '#ffd700'] }, prompt: 'Make a waitlist page for Orbit, a budgeting app for freelancers, in navy and gold' },
  },
  {
    command: 'Escribe un post de LinkedIn y un email sobre nuestra nueva panadería Horno Marisa en Valencia: abrimos el 3 de diciembre, pan de masa madre a 4,50 €',
    tool: 'content_repurpose',
    args: { channels: ['linkedin', 'email'] },
  },
  {
    command: 'Crée une page liste d attente pour Atelier Solène, cours de céramique à Lyon, 8 places par session à 45 € le samedi de 10h à 12h, couleurs terracotta et crème',
    tool: 'widget_generate',
    args: { kind: 'waitlist', brand: { colors: ['#e2725b'] } },
  },
  { command: 'Export the signups of wgt_01jdz8x4m6b3q9r2t5v7w0y1c3 as CSV', tool: 'widget_submissions', args: { widget_id: 'wgt_01jdz8x4m6b3q9r2t5v7w0y1c3', format: 'csv' } },
  {
    command: 'Cut my podcast transcript into 4 clips for TikTok and Instagram Reels',
    tool: 'clips_factory',
    args: { platforms: ['tiktok', 'instagram_reels'], max_clips: 4 },
    incomplete: true,
  },
  {
    command: 'Turn my podcast transcript into 3 TikTok clips',
    tool: 'clips_factory',
    args: { platforms: ['tiktok'], max_clips: 3 },
    incomplete: true,
  },
  {
    command: 'Turn the attached podcast transcript into 30 to 60 second clips for YouTube Shorts, split screen',
    tool: 'clips_factory',
    args: { platforms: ['youtube_shorts'], min_seconds: 30, max_seconds: 60, layout: 'split' },
    incomplete: true,
  },
  { command: 'Shorten the LinkedIn post in cnt_01jdz8x4m6b3q9r2t5v7w0y1c3', tool: 'content_revise', args: { pack_id: 'cnt_01jdz8x4m6b3q9r2t5v7w0y1c3', block_id: 'linkedin' } },
  {
    command: 'Give ana@example.com access to my course mem_01jdz8x4m6b3q9r2t5v7w0y1c3',
    tool: 'membership_members',
    args: { membership_id: 'mem_01jdz8x4m6b3q9r2t5v7w0y1c3', action: 'grant', email: 'ana@example.com' },
  },
  {
    command: 'Approve submission dsb_01jdz8x4m6b3q9r2t5v7w0y1c3 on directory dir_01jdz8x4m6b3q9r2t5v7w0y1c4',
    tool: 'directory_submissions',
    args: { directory_id: 'dir_01jdz8x4m6b3q9r2t5v7w0y1c4', action: 'approve', submission_id: 'dsb_01jdz8x4m6b3q9r2t5v7w0y1c3' },
  },
  {
    command: 'Start sending campaign out_01jdz8x4m6b3q9r2t5v7w0y1c3 on Monday at 9am',
    tool: 'outreach_send',
    args: { campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3', start_at: '2026-11-30T09:00:00.000Z' },
  },
  {
    command: 'ana@acme.example on out_01jdz8x4m6b3q9r2t5v7w0y1c3 replied: "Not now, maybe in Q2"; triage it',
    tool: 'outreach_triage',
    args: { campaign_id: 'out_01jdz8x4m6b3q9r2t5v7w0y1c3', reply: 'Not now, maybe in Q2', from: 'ana@acme.example' },
  },
  {
    command: 'Build me a business in a box for my career coaching practice in Bristol',
    tool: 'business_box_build',
    args: { kind: 'coaching', prompt: 'Build me a business in a box for my career coaching practice in Bristol' },
  },
  {
    command: 'Rework the pricing and the outreach of bx_01jdz8x4m6b3q9r2t5v7w0y1c3',
    tool: 'business_box_revise',
    args: { business_id: 'bx_01jdz8x4m6b3q9r2t5v7w0y1c3', focus_areas: ['pricing', 'sales'] },
  },
];

describe('arguments read from a command', () => {
  let router: Router;
  beforeAll(async () => {
    router = servedRouter();
  }, 60_000);

  it.each(cases)('$command', ({ command, tool, args, absent = [], incomplete = false }) => {
    const decision = router.decide(command, now);
    expect(decision.kind === 'route' ? decision.tool : decision.kind).toBe(tool);
    const built = routes[tool]?.build(decision.entities) ?? {};
    expect(built).toMatchObject(args);
    for (const field of absent) expect(built).not.toHaveProperty(field);
    // What is complete passes the routed tool's own schema as is.
    const schema = catalogue.get(tool)?.input;
    if (!incomplete) expect(schema?.safeParse(built).success, JSON.stringify(schema?.safeParse(built).error?.issues)).toBe(true);
  });

  it('reads relative dates on the server clock and takes no duration for a date', () => {
    expect(extractEntities('due next Friday', now).dates.map((date) => date.iso)).toEqual(['2026-12-04']);
    expect(extractEntities('payable in 2 weeks', now).dates.map((date) => date.iso)).toEqual(['2026-12-12']);
    expect(extractEntities('3 hours of consulting at $100/h', now).dates).toEqual([]);
  });

  it('does not take the digits of ids, emails or links for amounts or dates', () => {
    const entities = extractEntities('Send inv_01jdz8x4m6b3q9r2t5v7w0y1c3 to ana2024@acme.example, see https://acme.example/2026/12/01', now);
    expect(entities.amounts).toEqual([]);
    expect(entities.dates).toEqual([]);
    expect(entities.ids).toEqual([{ prefix: 'inv', id: 'inv_01jdz8x4m6b3q9r2t5v7w0y1c3' }]);
  });

  it('keeps every amount of a long command as a line with its words, and says when there are more than it reads', () => {
    const long = (count: number) => `Invoice Acme Corp ${Array.from({ length: count }, (_, i) => `item ${i} for $${i + 1}`).join(', ')}`;
    const built = routes.invoice_draft?.build(extractEntities(long(80), now)) as { line_items: Array<{ description: string; unit_price: string }> };
    expect(built.line_items).toHaveLength(80);
    expect(built.line_items[41]).toMatchObject({ description: 'item 41', unit_price: '42' });
    expect(routes.invoice_draft?.gaps?.(extractEntities(long(80), now))).toEqual([]);
    expect(routes.invoice_draft?.gaps?.(extractEntities(long(150), now))).toEqual(['the amounts after the first 100: give line_items in context']);
    // An amount without words for it is asked about, not dropped.
    expect(routes.invoice_draft?.gaps?.(extractEntities('Invoice Acme Corp: $300', now))).toEqual(['what $300 is for']);
  });
});
