/**
 * What each kind of business runs on: the outcomes that make its parts, and the checklists,
 * KPIs and launch steps that fit it. These are ways of working, not facts about the caller's
 * business: no client, result, price or number here is presented as theirs.
 */
import { OutcomeError } from '../../src/kernel/errors.js';
import { businessKinds, type BusinessKind, type FocusArea } from './schema.js';

/** The composed parts, by the tool that makes each. */
export type Part = 'membership' | 'storefront' | 'booking_widget' | 'quote_widget' | 'outreach';

export interface KindProfile {
  label: string;
  /** Made first: the parts that refuse a prompt that lacks what they need (lessons, products), before anything else is built. */
  parts: readonly Part[];
  /** Bills per job or project: the box holds an invoice template per price. */
  invoices: boolean;
  /** Words that say this kind in a prompt. */
  cues: RegExp;
  onboarding: ReadonlyArray<{ item: string; why: string }>;
  sops: ReadonlyArray<{ title: string; steps: readonly string[] }>;
  legal: ReadonlyArray<{ item: string; why: string }>;
  /** The KPI that says most for this kind (beside the ones every kind has). */
  kpi: { id: string; name: string; measured: string; focus_area: FocusArea };
}

const privacy = { item: 'Privacy notice for the forms and email list', why: 'The landing page, forms and emails collect personal data (GDPR in the EU/UK, CCPA in California).' };
const terms = { item: 'Terms of service', why: 'What is sold, payment, cancellation and liability, in writing before the first sale.' };
const registration = { item: 'Business registration and tax number', why: 'Invoices need the seller’s legal name, address and tax id (seller_profile_update).' };

export const kindProfiles: Record<BusinessKind, KindProfile> = {
  coaching: {
    label: 'Coaching',
    parts: ['membership', 'booking_widget'],
    invoices: false,
    cues: /\b(?:coach(?:ing|es)?|mentor(?:ing)?|1:1 sessions?|one-to-one)\b/i,
    onboarding: [
      { item: 'Send the welcome email with the first session link', why: 'A client who books in the first 48 hours stays.' },
      { item: 'Intake questionnaire before the first session', why: 'The first session starts from the client’s goals, not from scratch.' },
      { item: 'Give access to the membership’s first lesson', why: 'Work between sessions keeps momentum.' },
    ],
    sops: [
      { title: 'Session', steps: ['Review the client’s notes and last actions', 'Hold the session', 'Send a summary with the agreed actions within a day'] },
      { title: 'New client', steps: ['Booking confirmed', 'Intake questionnaire sent', 'Membership access granted', 'Invoice sent (invoice_draft)'] },
    ],
    legal: [terms, privacy, { item: 'Coaching agreement with scope and confidentiality', why: 'Coaching is not therapy: the agreement says what it covers.' }, registration],
    kpi: { id: 'active_clients', name: 'Active clients', measured: 'Clients with a session in the last 30 days (booking widget submissions, membership members).', focus_area: 'retention' },
  },
  agency: {
    label: 'Agency',
    parts: ['booking_widget', 'quote_widget', 'outreach'],
    invoices: true,
    cues: /\b(?:agency|agencies|consultancy|consulting firm|freelanc\w*|done-for-you|we build|web design|marketing services)\b/i,
    onboarding: [
      { item: 'Kick-off call booked through the booking widget', why: 'Scope, contacts and deadlines agreed in week one.' },
      { item: 'Access checklist (accounts, brand files, logins)', why: 'Work waits on access more than on anything else.' },
      { item: 'Deposit invoice sent (invoice_draft from the invoice template)', why: 'Work starts when the deposit is paid.' },
    ],
    sops: [
      {
        title: 'Lead to proposal',
        steps: ['Quote request arrives (quote widget)', 'Discovery call booked', 'Proposal with the offer ladder’s prices', 'Follow-up after 3 business days (outreach cadence)'],
      },
      { title: 'Project delivery', steps: ['Kick-off', 'Weekly update to the client', 'Review and sign-off', 'Final invoice'] },
    ],
    legal: [terms, privacy, { item: 'Statement of work per project', why: 'Deliverables, rounds of changes and who owns the work.' }, registration],
    kpi: { id: 'proposals_won', name: 'Proposals won', measured: 'Signed proposals ÷ proposals sent, per month.', focus_area: 'sales' },
  },
  digital_shop: {
    label: 'Digital shop',
    parts: ['storefront'],
    invoices: false,
    cues: /\b(?:shop|store|sell(?:s|ing)? (?:templates|presets|e-?books?|downloads|prints|courses)|digital products?|templates?|presets|e-?books?|downloads?)\b/i,
    onboarding: [
      { item: 'Receipt and download link by email after checkout', why: 'A buyer who gets the file at once does not ask for a refund.' },
      { item: 'A short “how to use it” note with each product', why: 'Fewer support emails.' },
    ],
    sops: [
      { title: 'New product', steps: ['Add it with storefront_revise (products)', 'Write its page and images', 'Announce it in the content plan'] },
      { title: 'Refund request', steps: ['Check the returns policy on the storefront', 'Refund in Stripe', 'Note why, to improve the product'] },
    ],
    legal: [
      terms,
      privacy,
      { item: 'Licence terms for the files', why: 'What a buyer may do with a template or preset.' },
      { item: 'VAT on digital sales (EU OSS, UK)', why: 'Digital goods are taxed where the buyer lives.' },
    ],
    kpi: { id: 'orders', name: 'Orders', measured: 'Paid orders per week (storefront_orders).', focus_area: 'growth' },
  },
  newsletter: {
    label: 'Newsletter',
    parts: ['membership'],
    invoices: false,
    cues: /\b(?:newsletter|substack|weekly (?:email|issue|digest)|paid subscribers?|subscribers)\b/i,
    onboarding: [
      { item: 'Welcome email with the best past issue', why: 'New readers see the newsletter at its best first.' },
      { item: 'Ask what brought them (one question)', why: 'Topics follow what readers came for.' },
    ],
    sops: [
      { title: 'Weekly issue', steps: ['Pick the topic from the content plan', 'Write and edit', 'Publish as a membership lesson', 'Share the first week’s content packs'] },
      { title: 'Growth', steps: ['Cross-promote with one newsletter a month', 'Post the issue’s best line on LinkedIn'] },
    ],
    legal: [privacy, { item: 'Unsubscribe link and sender address in every email', why: 'Required for commercial email (CAN-SPAM, PECR).' }, terms],
    kpi: { id: 'paid_subscribers', name: 'Paid subscribers', measured: 'Members on a paid tier (membership_members).', focus_area: 'retention' },
  },
  local_service: {
    label: 'Local service',
    parts: ['booking_widget', 'quote_widget', 'outreach'],
    invoices: true,
    cues: /\b(?:plumb\w*|electrician|cleaning|cleaner|salon|barber|bakery|café|cafe|restaurant|repair|landscap\w*|gardening|dentist|clinic|physio\w*|yoga studio|gym|photograph\w*|tutor\w*|handyman|locksmith|mechanic|local)\b/i,
    onboarding: [
      { item: 'Confirm the booking by email with the address and what to prepare', why: 'Fewer no-shows and wasted trips.' },
      { item: 'Quote sent within one business day of a quote request', why: 'The first quote often wins the job.' },
    ],
    sops: [
      {
        title: 'Quote to job',
        steps: ['Quote request arrives (quote widget)', 'Visit or call booked (booking widget)', 'Quote sent from the invoice template', 'Job done, invoice sent (invoice_draft)'],
      },
      { title: 'After the job', steps: ['Thank-you email', 'Ask for a review', 'Reminder when the service is due again'] },
    ],
    legal: [
      registration,
      { item: 'Liability insurance', why: 'Work at a customer’s home or premises.' },
      privacy,
      { item: 'Licences or permits your trade needs locally', why: 'Some trades need them before the first job.' },
    ],
    kpi: { id: 'jobs_booked', name: 'Jobs booked', measured: 'Bookings and accepted quotes per week (widget_submissions).', focus_area: 'sales' },
  },
};

/** Every kind's own tools beside the landing page and content: what each part is for, in the overview. */
export const partLabels: Record<Part, string> = {
  membership: 'Membership site',
  storefront: 'Storefront',
  booking_widget: 'Booking form',
  quote_widget: 'Quote request form',
  outreach: 'Outreach campaign',
};

/** The kinds a prompt says: one is the kind; none or several is a question back. */
export const kindsSaid = (prompt: string) => businessKinds.filter((kind) => kindProfiles[kind].cues.test(prompt));

/** The question back, in words, with the options. */
export function kindQuestion(said: readonly BusinessKind[]): string {
  const options = (said.length ? said : businessKinds).map((kind) => `${kind} (${kindProfiles[kind].label.toLowerCase()})`);
  return `${said.length ? 'the prompt reads as more than one kind of business' : 'the prompt does not say what kind of business this is'}; which is it? Send kind: one of ${options.join(', ')}.`;
}

/** The kind a prompt says, or a question back when it says none or several. */
export function inferKind(prompt: string): BusinessKind {
  const said = kindsSaid(prompt);
  if (said.length === 1) return said[0] as BusinessKind;
  throw new OutcomeError('invalid_input', `kind: ${kindQuestion(said)}`, {
    details: { clarification: { question: 'What kind of business is this?', options: said.length ? said : [...businessKinds], missing: ['kind'] } },
  });
}
