/**
 * The parts of a business box this outcome holds itself: positioning and the offer ladder (from the
 * caller's facts only), operations checklists, a 30-day content plan, KPIs and a launch plan (ways of
 * working for its kind). Pure: the same facts give the same plan.
 */
import type { FactSheet } from '../../src/compose/facts.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { formatMoney, parseMoney } from '../../src/payments/money.js';
import { kindProfiles, partLabels, type Part } from './kinds.js';
import type { BusinessKind, BusinessOutput, FocusArea, PricePoint } from './schema.js';

type Positioning = BusinessOutput['positioning'];
type Rung = BusinessOutput['offer_ladder'][number];

/** "who struggle with X", "help(s) X (to) Y": the problem and the promise, in the prompt's own words, when it says them. */
const struggle = /\b(?:who|that) (?:struggle|struggles|are struggling|have trouble|find it hard) (?:with |to )?([^.;!?]{3,120})/i;
const helps = /\bhelps? (?:you |busy |new |small )?[^.;!?]{0,60}? (?:to |with |get |become |grow |find |build |land |launch )([^.;!?]{3,120})/i;

export function positioningOf(prompt: string, facts: FactSheet, brandName: string | undefined): { positioning: Positioning; missing: string[] } {
  const name = brandName ?? facts.business.name?.text ?? null;
  const positioning: Positioning = {
    name,
    ideal_customer: facts.audience?.text ?? null,
    problem: struggle.exec(prompt)?.[1]?.trim() ?? null,
    promise: helps.exec(prompt)?.[0]?.trim() ?? null,
    proof: facts.claims.map((claim) => claim.text),
  };
  const missing = [
    ...(name ? [] : ['positioning.name: give brand.name, or name the business in the prompt']),
    ...(positioning.ideal_customer ? [] : ['positioning.ideal_customer: say who it is for ("for new managers")']),
    ...(positioning.problem ? [] : ['positioning.problem: say what they struggle with ("who struggle with …")']),
    ...(positioning.promise ? [] : ['positioning.promise: say what you help them do ("helps … to …")']),
    ...(positioning.proof.length ? [] : ['positioning.proof: state your own results or experience ("12 years", "200 clients"); none is invented']),
  ];
  return { positioning, missing };
}

/** A price as the box keeps it: `from` when the prompt gave a starting price ("from $2,900"), shown as such. */
export type Priced = PricePoint & { from?: boolean };

/** The caller's prices, else the prompt's priced offerings; one currency each, never rounded. */
export function pricePointsOf(given: readonly PricePoint[] | undefined, facts: FactSheet): Priced[] {
  if (given) return [...given];
  return facts.offerings.flatMap((offering) =>
    offering.price?.currency
      ? [
          {
            name: offering.name,
            price: Number(offering.price.amount),
            currency: offering.price.currency,
            interval: intervalOf(offering.unit),
            ...(offering.description ? { description: offering.description } : {}),
            ...(offering.price.from ? { from: true } : {}),
          },
        ]
      : [],
  );
}

const intervalOf = (unit: string | undefined): PricePoint['interval'] =>
  !unit ? 'one_time' : /month/i.test(unit) ? 'month' : /year|annual/i.test(unit) ? 'year' : /hour/i.test(unit) ? 'hour' : /session|call/i.test(unit) ? 'session' : 'one_time';

export const priceShown = (point: Priced) => `${point.from ? 'from ' : ''}${formatMoney(parseMoney(point.price, point.currency, 'price_points[].price'), point.currency, 'en-US')}`;

/** Lowest to highest price: the first rung is the entry, the last the premium, the rest core. */
export function offerLadderOf(points: readonly Priced[]): Rung[] {
  const sorted = [...points].sort((a, b) => a.price - b.price);
  return sorted.map((point, index) => ({
    rung: sorted.length > 1 && index === 0 ? 'entry' : sorted.length > 2 && index === sorted.length - 1 ? 'premium' : sorted.length === 2 && index === 1 ? 'premium' : 'core',
    name: point.name,
    price: priceShown(point),
    interval: point.interval,
    description: point.description ?? null,
  }));
}

export function operationsOf(kind: BusinessKind, parts: readonly Part[], notes: Partial<Record<'onboarding' | 'operations' | 'hiring' | 'legal', string>> = {}): BusinessOutput['operations'] {
  const profile = kindProfiles[kind];
  const yours = (text: string | undefined) => (text ? [{ item: text, why: 'From your instructions.' }] : []);
  return {
    onboarding: [...profile.onboarding, ...yours(notes.onboarding)],
    sops: [...profile.sops.map((sop) => ({ title: sop.title, steps: [...sop.steps] })), ...(notes.operations ? [{ title: 'Your note', steps: [notes.operations] }] : [])],
    tool_stack: [
      { need: 'Website', use: 'landing_page (widget_generate), hosted here' },
      ...parts.map((part) => ({ need: partLabels[part], use: `${part} (this box)` })),
      { need: 'Invoices', use: 'invoice_draft → invoice_confirm, from the seller profile' },
      { need: 'Payments', use: 'Stripe (STRIPE_SECRET_KEY): checkouts and payment links' },
      { need: 'Social posts', use: 'content packs (content_repurpose)' },
      { need: 'Bookkeeping and calendar', use: 'your own tools: this service does not keep books or calendars' },
    ],
    legal: [...profile.legal, ...yours(notes.legal)],
    hiring: [
      { item: 'Write down each SOP before handing it over', why: 'A task that is written down can be delegated.' },
      { item: 'Hire for the task that takes most of your week and earns least', why: 'Frees time for the work only you can do.' },
      ...yours(notes.hiring),
    ],
  };
}

const addDays = (start: Date, days: number) => new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Three posts a week for 30 days (Monday, Wednesday, Friday), channels in turn, topics from the caller's facts. */
export function contentPlanOf(facts: FactSheet, name: string | null, kind: BusinessKind, start: Date): BusinessOutput['content_plan'] {
  const who = facts.audience?.text ?? `your ${kindProfiles[kind].label.toLowerCase()} clients`;
  const subject = name ?? `this ${kindProfiles[kind].label.toLowerCase()}`;
  const topics = [
    `What ${subject} does, and who it is for (${who})`,
    ...facts.offerings.map((offering) => `${offering.name}: what it is and how it works`),
    `A question ${who} ask most, answered`,
    `How to get started with ${subject}`,
    ...facts.claims.map((claim) => `Behind “${claim.text}”`),
    `A common mistake, and what to do instead`,
    `Behind the scenes at ${subject}`,
  ];
  const channels = ['linkedin', 'email', 'x_thread'];
  const plan: BusinessOutput['content_plan'] = [];
  for (let day = 0, post = 0; day < 30; day += 1) {
    const weekday = new Date(start.getTime() + day * 86_400_000).getUTCDay();
    if (weekday !== 1 && weekday !== 3 && weekday !== 5) continue;
    plan.push({ day: day + 1, date: addDays(start, day), channel: channels[post % channels.length] as string, topic: topics[post % topics.length] as string, pack_id: null });
    post += 1;
  }
  return plan;
}

/** Targets only for the kind's KPIs: an unknown id is refused with the ones there are, never dropped. */
export function checkTargets(kind: BusinessKind, targets: Readonly<Record<string, number>> | undefined): void {
  const ids = kpisOf(kind).map((kpi) => kpi.id);
  const unknown = Object.keys(targets ?? {}).filter((id) => !ids.includes(id));
  if (unknown.length)
    throw new OutcomeError(
      'invalid_input',
      `kpi_targets: ${unknown
        .map((id) => `"${id.slice(0, 40)}"`)
        .slice(0, 5)
        .join(', ')} is no KPI of a ${kind} box; use ${ids.join(', ')}.`,
    );
}

export function kpisOf(kind: BusinessKind, targets: Readonly<Record<string, number>> = {}): BusinessOutput['kpis'] {
  const all: Array<{ id: string; name: string; measured: string; focus_area: FocusArea }> = [
    { id: 'landing_visitors', name: 'Landing page visitors', measured: 'Visits to the landing page’s preview URL, from your analytics.', focus_area: 'marketing' },
    { id: 'leads', name: 'Leads', measured: 'Form submissions (widget_submissions) and replies (outreach_triage "interested"), per week.', focus_area: 'sales' },
    kindProfiles[kind].kpi,
    { id: 'revenue', name: 'Revenue', measured: 'Paid invoices and orders per month (invoice_list, storefront_orders).', focus_area: 'pricing' },
    { id: 'posts_published', name: 'Posts published', measured: 'Content plan entries published ÷ planned, per week.', focus_area: 'content' },
  ];
  return all.map((kpi) => ({ ...kpi, target: targets[kpi.id] ?? null, target_rule: targets[kpi.id] !== undefined ? 'your target' : 'none set: measure two weeks, then set it in kpi_targets' }));
}

export function launchPlanOf(kind: BusinessKind, parts: readonly Part[]): BusinessOutput['launch_plan'] {
  const names = parts.map((part) => partLabels[part].toLowerCase());
  return [
    { week: 1, goals: ['Fill in the seller profile (seller_profile_update)', 'Publish the landing page', `Check and publish: ${names.join(', ')}`, 'Do the legal checklist'] },
    {
      week: 2,
      goals: [
        'Publish the first week’s content packs',
        ...(parts.includes('outreach') ? ['Import leads into the outreach campaign and start its cadence'] : []),
        'Measure the KPIs: this is the baseline',
      ],
    },
    { week: 3, goals: ['Follow the content plan', 'Answer every lead within one business day', ...(kind === 'newsletter' || kind === 'coaching' ? ['Add the next lessons to the membership'] : [])] },
    { week: 4, goals: ['Review the KPIs against the baseline and set kpi_targets', 'Revise the weakest part with business_box_revise (its focus area)'] },
  ];
}

/**
 * An invoice per price, ready for invoice_draft once a customer is added (an invoice needs a real
 * customer, so none is drafted here): its currency and one line at the caller's price.
 */
export function invoiceTemplatesOf(points: readonly Priced[]): BusinessOutput['invoice_templates'] {
  return points.map((point) => ({
    name: point.name,
    // A starting price is the line's price until the job is quoted: the line says so.
    draft: {
      currency: point.currency,
      line_items: [{ description: `${point.name}${point.description ? `: ${point.description}` : ''}${point.from ? ` (${priceShown(point)})` : ''}`, quantity: 1, unit_price: point.price }],
    },
  }));
}
