import { describe, expect, it } from 'vitest';
import { importLeads } from '../../tools/outreach/leads.js';
import { callerSteps, readBrief, templateSnippets, templateSteps } from '../../tools/outreach/copy.js';
import { renderStep, runQa } from '../../tools/outreach/qa.js';

let n = 0;
const leadsOf = (csv: string) => importLeads(csv, { timezone: 'UTC', scoring: { idealCustomer: '', offer: '', channels: ['email'] }, newLeadId: () => `ld_${(n += 1)}` }).accepted;
const sender = { name: 'Sam Lee', company: 'Ledgerly', address: 'Torstraße 1\n10119 Berlin', calendar_url: 'https://cal.example.com/sam' };
const brief = readBrief('Ledgerly does the books of dental clinics: monthly bookkeeping, payroll and VAT returns. Ideal customer: owners of dental clinics in Berlin.');
const context = (over: Partial<typeof sender> = {}) => ({
  sender: { ...sender, ...over },
  snippets: templateSnippets(brief),
  unsubscribeUrl: (lead: { lead_id: string }) => `https://ao.example/u/t-${lead.lead_id}`,
});
const leads = leadsOf('first_name,email,company,phone\nAna,ana@smile.example,Smile,+49 30 1234\n,ben@praxis.example,,\n');

describe('QA before launch', () => {
  it('reads the offer and the ideal customer from the prompt, as written', () => {
    expect(brief).toMatchObject({
      offer: 'Ledgerly does the books of dental clinics: monthly bookkeeping, payroll and VAT returns.',
      ideal_customer: 'owners of dental clinics in Berlin',
      sources: { offer: 'prompt', ideal_customer: 'prompt' },
    });
  });

  it('passes the template for every lead: fallbacks cover what a lead lacks; the phone task skips leads without a phone', () => {
    const steps = templateSteps(brief, sender, ['email', 'phone'], true);
    const report = runQa(steps, leads, context(), new Set());
    expect(report).toMatchObject({ passed: true, errors: 0 });
    // e1 has A and B, e2, e3 one each: 4 email renders per lead; the call only for Ana.
    expect(report.renders).toBe(2 * 4 + 1);
    expect(report.skipped).toBe(1);
    const ben = renderStep(steps[0]!.variants[0]!, leads[1]!, context());
    expect(ben.body).toMatch(/^Hi there,\n\nI'm reaching out to your team\. What we offer is meant for owners of dental clinics in Berlin\./);
    expect(ben.body).toContain('Ledgerly, Torstraße 1, 10119 Berlin\nUnsubscribe (one click): https://ao.example/u/t-');
    expect(ben.subject).toBe('Your team and Ledgerly');
    // Only the caller's words and the lead's fields: no numbers, no testimonials.
    expect(ben.body).not.toMatch(/\d+\s*%|customers say|case study/i);
  });

  it('catches empty variables (row and field), unknown fields, stray braces and an http calendar link, and blocks', () => {
    const steps = callerSteps([{ channel: 'email', day: 0, subject: 'For {{company}}', body: 'Hi {{first_name}}, see {{calendar_url}} or {{favourite_colour}}. {first_name}}' }], sender);
    const report = runQa(steps, leads, context({ calendar_url: 'http://cal.example.com/sam' }), new Set());
    expect(report.passed).toBe(false);
    const empties = report.issues.filter((issue) => issue.kind === 'empty_variable');
    expect(empties.map((issue) => [issue.row, issue.field])).toEqual([
      [2, 'company'],
      [2, 'first_name'],
    ]);
    expect(empties[0]?.message).toContain('Row 2 (ben@praxis.example) has no company');
    expect(report.by_kind).toMatchObject({ unknown_variable: 1, insecure_link: 2, stray_braces: 2 });
    expect(report.issues.find((issue) => issue.kind === 'insecure_link')).toMatchObject({ severity: 'error', message: 'http://cal.example.com/sam is the calendar link and must be https.' });
    // Fallbacks fix the empties.
    const fixed = callerSteps([{ channel: 'email', day: 0, subject: 'For {{company|your team}}', body: 'Hi {{first_name|there}}, see {{calendar_url}}.' }], sender);
    expect(runQa(fixed, leads, context(), new Set())).toMatchObject({ passed: true, errors: 0 });
  });

  it('reports a missing postal address and a malformed link', () => {
    const steps = callerSteps([{ channel: 'email', day: 0, subject: 'Hello', body: 'Hi {{first_name|there}}, our site: https://ledgerly..example/x' }], sender);
    const report = runQa(steps, leads, context({ address: undefined }), new Set());
    expect(report.by_kind).toMatchObject({ missing_address: 1, broken_link: 2 });
    expect(report.passed).toBe(false);
  });

  it('keeps what the prompt says to the tool out of the emails, and every fact in them', () => {
    const prompts = [
      {
        prompt: 'Write me a cold email campaign for my SEO agency BrightRank. We do local SEO audits for dentists at €490 a month. Make it friendly.',
        facts: ['BrightRank', 'local SEO audits for dentists', '€490 a month'],
      },
      {
        prompt: 'I need an outreach sequence for our bookkeeping firm Ledgerly: monthly bookkeeping and payroll for €300/month. Ideal customer: dental clinics in Berlin.',
        facts: ['Ledgerly', 'monthly bookkeeping and payroll', '€300/month'],
        ideal: 'dental clinics in Berlin',
      },
      {
        prompt: 'Can you create a campaign promoting PixelPress, our print shop in Leeds? We print flyers from £49 per 500. Keep it short and punchy. Target audience: cafés and restaurants in Leeds.',
        facts: ['PixelPress', 'print shop in Leeds', 'flyers from £49 per 500'],
        ideal: 'cafés and restaurants in Leeds',
      },
      {
        prompt: 'Hi! Please write 3 follow-up emails for my company Acme Plumbing. We offer same-day boiler repair for $150, and make it sound professional.',
        facts: ['Acme Plumbing', 'same-day boiler repair for $150'],
      },
      {
        prompt:
          'Create a cold outreach campaign targeting HR managers at startups. Our product, HireFlow, automates interview scheduling for $29 per seat. Mention that there is a 14-day free trial. Use a casual tone.',
        facts: ['HireFlow', 'automates interview scheduling', '$29 per seat', '14-day free trial'],
        ideal: 'HR managers at startups',
      },
    ];
    // A request's leftover the rest already says is no sentence of its own ("Plumbing business.").
    const plumbing = readBrief(
      'Write me a cold email campaign for my plumbing business and make it friendly. Hartley Plumbing services boilers for £89 and answers emergency call-outs 24/7 across Leeds.',
    );
    expect(plumbing.offer).toBe('Hartley Plumbing services boilers for £89 and answers emergency call-outs 24/7 across Leeds.');
    const toTool = /write me|campaign for my|campaign promoting|outreach sequence|follow-up emails|make it|keep it|casual tone|can you|please|mention that|\bhi!/i;
    for (const { prompt, facts, ideal } of prompts) {
      const read = readBrief(prompt);
      expect(read.set_aside?.length, prompt).toBeGreaterThan(0);
      if (ideal) expect(read.ideal_customer, prompt).toBe(ideal);
      const steps = templateSteps(read, sender, ['email', 'phone'], true);
      const report = runQa(steps, leads, { ...context(), snippets: templateSnippets(read) }, new Set(), read);
      expect(report, prompt).toMatchObject({ passed: true, errors: 0 });
      const first = renderStep(steps[0]!.variants[0]!, leads[0]!, { ...context(), snippets: templateSnippets(read) });
      const call = renderStep(steps.find((step) => step.channel === 'phone')!.variants[0]!, leads[0]!, context());
      for (const text of [first.body, call.body]) {
        expect(text, prompt).not.toMatch(toTool);
        for (const fact of facts) expect(text, `${prompt} → ${fact}`).toContain(fact);
      }
    }
  });

  it('fails QA when the prompt holds only instructions: no offer is left to write', () => {
    const read = readBrief('Write me a cold email campaign. Make it friendly and keep it short.');
    expect(read).toMatchObject({ offer: '', ideal_customer: null });
    const steps = templateSteps(read, sender, ['email', 'phone'], false);
    expect(steps.flatMap((step) => step.variants.map((variant) => variant.body)).join('\n')).not.toMatch(/write me|campaign|friendly|What to say/i);
    const report = runQa(steps, leads, context(), new Set(), read);
    expect(report.passed).toBe(false);
    expect(report.by_kind).toMatchObject({ empty_offer: 1 });
    expect(report.issues.find((issue) => issue.kind === 'empty_offer')).toMatchObject({ field: 'offer', message: expect.stringContaining('Give `offer`') });
    // The caller's own steps need no offer.
    const own = callerSteps([{ channel: 'email', day: 0, subject: 'Hello', body: 'Hi {{first_name|there}}, we do X.' }], sender);
    expect(runQa(own, leads, context(), new Set(), read).passed).toBe(true);
  });

  it('flags a calendar link without its scheme, which the text check would never see as a link', () => {
    const steps = templateSteps(brief, sender, ['email'], false);
    const report = runQa(steps, leads, context({ calendar_url: 'cal.example.com/sam' }), new Set(), brief);
    expect(report.passed).toBe(false);
    expect(report.issues.find((issue) => issue.field === 'sender.calendar_url')).toMatchObject({ kind: 'broken_link', severity: 'error' });
  });
});
