import { idOf, type Entities } from './entities.js';
import { customerName, discountPercent, lineItems, orderReference, taxRate, wantsPaymentLink } from './invoice-facts.js';

/**
 * What the router knows of each tool it may route to: the kinds of ids it acts on, and how a
 * command's values become its input. The input is checked by the tool's own schema afterwards;
 * what a builder cannot read from the command is left out, for the router to ask for.
 * invoice_create is absent on purpose: a command makes a draft (invoice_draft), which nothing
 * issues before it is confirmed with its id (invoice_confirm).
 */

/** The label of a command no tool serves. */
export const outOfScope = 'out_of_scope';

export interface RouteSpec {
  /** What it acts on and what it does to it: tools that share either share what their examples teach of it. */
  family: string;
  action: string;
  /** Id prefixes the tool acts on: a command naming one of them is about one of these tools. */
  ids: readonly string[];
  /** Named among what the service can do, when a command asks for something else. */
  offered?: string;
  build(entities: Entities): Record<string, unknown>;
  /** What the command says that the input could not take (an amount without words for it): asked back, never dropped. */
  gaps?(entities: Entities): string[];
  /** Fields of which the input needs at least one, where the tool's schema makes all optional: an update that sets nothing is asked about, not run. */
  oneOf?: readonly string[];
}

const words = (entities: Entities, pattern: RegExp): boolean => pattern.test(entities.text);
const defined = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));

/** The command itself as a prompt: the generators read its facts, and invent none it does not state. */
const prompt = (entities: Entities) => entities.text.trim();
const brandOf = (entities: Entities) => (entities.colours.length ? { colors: entities.colours.slice(0, 4) } : undefined);
const csvWanted = (entities: Entities) => (words(entities, /\b(?:csv|spreadsheet|excel|export)\b/iu) ? 'csv' : undefined);
/** Text after a colon, or the longest quoted text: what a command hands over to work on. */
const handedOver = (entities: Entities, minLength: number): string | undefined => {
  const quoted = [...entities.quoted].sort((a, b) => b.length - a.length)[0];
  if (quoted && quoted.length >= minLength) return quoted;
  const colon = entities.text.indexOf(':');
  const after = colon >= 0 ? entities.text.slice(colon + 1).trim() : '';
  return after.length >= minLength ? after : undefined;
};
const reasonOf = (entities: Entities): string | undefined => {
  const stated = /\b(?:because|since|reason:?|as|due to|weil|car|porque)\s+(.{3,300}?)[.!]?$/iu.exec(entities.text);
  return entities.quoted[0] ?? stated?.[1]?.trim();
};
const withId =
  (field: string, ...prefixes: string[]) =>
  (entities: Entities) =>
    defined({ [field]: idOf(entities, ...prefixes) });
/** A tool that reads one thing of a family by its id. */
const reading = (family: string, field: string, prefix: string): RouteSpec => ({ family, action: 'get', ids: [prefix], build: withId(field, prefix) });
/** A tool that lists what a thing collected (signups, orders), a page at a time after a cursor id, as CSV when asked. */
const records = (family: string, field: string, prefix: string, cursorPrefix: string): RouteSpec => ({
  family,
  action: 'records',
  ids: [prefix, cursorPrefix],
  build: (entities) => defined({ [field]: idOf(entities, prefix), format: csvWanted(entities), cursor: idOf(entities, cursorPrefix) }),
});

const invoiceStatus = (entities: Entities): string | undefined =>
  words(entities, /\boverdue|late\b|überfällig|en retard/iu)
    ? 'overdue'
    : words(entities, /\b(?:unpaid|open|outstanding)\b|offen/iu)
      ? 'open'
      : words(entities, /\b(?:voided|void|cancell?ed)\b/iu)
        ? 'void'
        : words(entities, /\bpaid\b|bezahlt|payées?/iu)
          ? 'paid'
          : undefined;

const paymentMethods: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:bank transfer|wire|transfer|sepa|ach|überweisung|virement|transferencia)\b/iu, 'bank_transfer'],
  [/\bcash|bar\b|espèces|efectivo/iu, 'cash'],
  [/\b(?:card|credit card|debit card)\b/iu, 'card'],
  [/\b(?:cheque|check)\b/iu, 'cheque'],
  [/\bstripe\b/iu, 'stripe'],
];

const einvoiceFormats: ReadonlyArray<[RegExp, string]> = [
  [/factur-?x|zugferd/iu, 'facturx'],
  [/xrechnung[\s_-]*cii|\bcii\b/iu, 'xrechnung_cii'],
  [/xrechnung|\bubl\b/iu, 'xrechnung_ubl'],
];

const widgetKinds: ReadonlyArray<[RegExp, string]> = [
  [/\bwait ?list|\bliste d.?attente|\bwarteliste|\blista de espera|\blista d.?attesa|\bwachtlijst/iu, 'waitlist'],
  [/\bnewsletter\b/iu, 'newsletter'],
  [/\bpricing\b/iu, 'pricing'],
  [/\bfaq\b/iu, 'faq'],
  [/\btestimonials?\b/iu, 'testimonials'],
  [/\bcount ?down\b/iu, 'countdown'],
  [/\bcontact\b/iu, 'contact'],
  [/\bbooking|appointment/iu, 'booking'],
  [/\blead[ -]?(?:capture|magnet|gen)/iu, 'lead_capture'],
  [/\bhero\b/iu, 'hero'],
  [/\blanding\b/iu, 'landing'],
];

const businessKinds: ReadonlyArray<[RegExp, string]> = [
  [/\bcoach|coaching|mentor/iu, 'coaching'],
  [/\bagency|studio|consultanc/iu, 'agency'],
  [/\bnewsletter\b/iu, 'newsletter'],
  [/\b(?:digital (?:shop|store|products?)|templates?|presets?|printables?|ebooks?|ui kit)\b/iu, 'digital_shop'],
  [/\b(?:plumb|electric|clean|salon|barber|bakery|cafe|café|garden|landscap|handyman|roof|dentist|physio|local)/iu, 'local_service'],
];

const focusAreas = ['pricing', 'marketing', 'sales', 'operations', 'onboarding', 'retention', 'content', 'growth', 'hiring', 'legal'];
const focusWords: ReadonlyArray<[RegExp, string]> = [
  [/\bpric|\bprices?\b|\brates?\b|packages?/iu, 'pricing'],
  [/\blanding|\bpositioning|\bmarketing|\bads?\b|\bbrand/iu, 'marketing'],
  [/\boutreach|\bsales|\bcold|\bprospect|\bleads?\b/iu, 'sales'],
  [/\bcontent|\bposts?\b|\bblog|\bnewsletter issue|\bsocial/iu, 'content'],
  [/\bkpi|\bgrowth|\btargets?\b/iu, 'growth'],
  [/\bhir(?:e|ing)|\bapprentice|\bstaff/iu, 'hiring'],
  [/\bonboard/iu, 'onboarding'],
  [/\bretention|\bwin-?back|\bchurn|\blapsed/iu, 'retention'],
  [/\boperations?\b|\bprocess|\bchecklist/iu, 'operations'],
  [/\blegal|\bterms|\bcontract|\bprivacy/iu, 'legal'],
];

const seconds = String.raw`(\d{1,4})\s*(s|secs?|seconds?|mins?|minutes?)\b`;
const toSeconds = (value: string, unit: string) => Number(value) * (/^m/iu.test(unit) ? 60 : 1);
/** "30 to 60 second clips", "under 45 seconds", "at least 20s": the clips' bounds, as the command says them. */
function clipLengths(text: string): { min_seconds?: number; max_seconds?: number } {
  const range = new RegExp(String.raw`(\d{1,4})\s*(?:-|–|to)\s*${seconds}`, 'iu').exec(text);
  if (range) return { min_seconds: toSeconds(range[1] as string, range[3] as string), max_seconds: toSeconds(range[2] as string, range[3] as string) };
  const most = new RegExp(String.raw`\b(?:under|max(?:imum)?|at most|up to|no (?:longer|more) than|shorter than)\s*${seconds}`, 'iu').exec(text);
  const least = new RegExp(String.raw`\b(?:at least|min(?:imum)?|over|longer than)\s*${seconds}`, 'iu').exec(text);
  return defined({
    max_seconds: most ? toSeconds(most[1] as string, most[2] as string) : undefined,
    min_seconds: least ? toSeconds(least[1] as string, least[2] as string) : undefined,
  });
}

/** "line 2", "lines 1, 3 and 4" of an invoice: whole lines. */
function creditedLines(text: string): Array<{ line: number }> | undefined {
  const match = /\blines?\s+(\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})*)\b/iu.exec(text);
  return match ? [...(match[1] as string).matchAll(/\d{1,3}/gu)].map((number) => ({ line: Number(number[0]) })) : undefined;
}

const channelOf = (entities: Entities) => entities.platforms.filter((platform) => ['blog', 'linkedin', 'email', 'x_thread'].includes(platform));
const clipPlatforms = (entities: Entities) => entities.platforms.filter((platform) => ['tiktok', 'instagram_reels', 'youtube_shorts'].includes(platform));
const countOf = (entities: Entities, unit: string) => entities.counts.find((count) => count.unit === unit)?.value;

export const routes: Readonly<Record<string, RouteSpec>> = {
  job_status: reading('job', 'job_id', 'job'),
  usage_get: {
    family: 'usage',
    action: 'get',
    ids: [],
    build: () => ({}),
  },
  seller_profile_get: {
    family: 'seller',
    action: 'get',
    ids: [],
    build: () => ({}),
  },
  seller_profile_update: {
    family: 'seller',
    action: 'revise',
    ids: [],
    oneOf: ['name', 'address', 'country', 'tax_id', 'vat_id', 'email', 'phone', 'iban', 'bic', 'logo', 'language', 'payment_days', 'einvoice'],
    build: (entities) =>
      defined({
        name: /\b(?:business|company|trading|seller|legal)?\s*name\s+(?:to|is|as|:|=)\s*["'“]?([^,;."'”\n]{2,80})/iu.exec(entities.text)?.[1]?.trim(),
        address: /\baddress\s+(?:to|is|as|:|=)\s*["'“]?([^"'”\n]{5,300}?)["'”]?\s*$/iu.exec(entities.text)?.[1]?.trim(),
        phone: /\b(?:phone|tel(?:ephone)?)(?:\s*number)?\s*(?:to|is|as|:|=)?\s*(\+?\d[\d ()-]{5,20}\d)/iu.exec(entities.text)?.[1],
        tax_id: /\btax\s*(?:id|number|no\.?)\s*(?:to|is|as|:|=)?\s*([A-Z0-9][A-Z0-9/-]{4,20})\b/iu.exec(entities.text)?.[1],
        email: entities.emails[0],
        iban: /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)\b/u.exec(entities.text)?.[1]?.replace(/\s+/gu, ''),
        bic: /\b(?:BIC|SWIFT)[:\s]+([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/u.exec(entities.text)?.[1],
        vat_id: /\b(?:VAT|USt-?IdNr\.?|TVA)(?:\s*(?:id|number|no\.?))?[:\s]+([A-Z]{2}[A-Z0-9]{6,12})\b/iu.exec(entities.text)?.[1],
        language: entities.language ?? undefined,
        payment_days: entities.netDays ?? undefined,
        country: /\bcountry(?:\s+code)?\s*(?:to|is|as|:|=)\s*([A-Z]{2})\b/u.exec(entities.text)?.[1],
        // A logo is an image, which a command cannot carry: it can only be removed (null clears a field).
        logo: /\b(?:remove|delete|drop|clear)\b[^.]{0,30}\blogo\b/iu.test(entities.text) ? null : undefined,
        einvoice: /\be-?invoice|\bdefault\b/iu.test(entities.text) ? einvoiceFormats.find(([pattern]) => pattern.test(entities.text))?.[1] : undefined,
      }),
  },
  invoice_draft: {
    family: 'invoice',
    action: 'build',
    ids: [],
    offered: 'invoices with a PDF and a payment link',
    gaps: (entities) => {
      const { unexplained } = lineItems(entities, customerName(entities));
      return [...unexplained.map((amount) => `what ${amount} is for`), ...(entities.amountsCut ? [`the amounts after the first ${entities.amounts.length}: give line_items in context`] : [])];
    },
    build: (entities) => {
      const name = customerName(entities);
      const { lines } = lineItems(entities, name);
      const due = entities.dates.find((date) => /\b(?:due|by|before|payable|until|bis|avant|antes)\b[^.]{0,20}$/iu.test(date.before));
      const tax = taxRate(entities.text);
      const discount = discountPercent(entities.text);
      return defined({
        customer: name ? defined({ name, email: entities.emails[0] }) : undefined,
        currency: entities.currency ?? undefined,
        line_items: tax ? lines.map((line) => ({ ...line, tax_rate: tax })) : lines,
        discount: discount ? { percent: discount } : undefined,
        order_reference: orderReference(entities.text),
        payment_link: wantsPaymentLink(entities.text) || undefined,
        due_date: due?.iso,
        net_days: due ? undefined : (entities.netDays ?? undefined),
        language: entities.language ?? undefined,
      });
    },
  },
  invoice_confirm: {
    family: 'invoice',
    action: 'confirm',
    ids: ['drf'],
    build: withId('draft_id', 'drf'),
  },
  invoice_get: reading('invoice', 'invoice_id', 'inv'),
  invoice_list: {
    family: 'invoice',
    action: 'list',
    ids: [],
    build: (entities) => {
      const since = entities.dates.find((date) => /\b(?:since|from|after|seit|depuis|desde)\s*$/iu.test(date.before));
      const until = entities.dates.find((date) => /\b(?:until|to|before|till|bis|jusqu'au|hasta)\s*$/iu.test(date.before));
      return defined({
        status: invoiceStatus(entities),
        customer: entities.quoted[0] ?? customerName(entities),
        // A named period ("last month") is a range; chrono alone would make it one day.
        from: entities.period?.from ?? since?.iso,
        to: entities.period ? (entities.period.to ?? undefined) : until?.iso,
      });
    },
  },
  invoice_void: {
    family: 'invoice',
    action: 'void',
    ids: ['inv'],
    build: (entities) => defined({ invoice_id: idOf(entities, 'inv'), reason: reasonOf(entities) }),
  },
  invoice_mark_paid: {
    family: 'invoice',
    action: 'paid',
    ids: ['inv'],
    build: (entities) =>
      defined({
        invoice_id: idOf(entities, 'inv'),
        method: paymentMethods.find(([pattern]) => pattern.test(entities.text))?.[1],
        paid_at: entities.dates[0] ? (entities.dates[0].at ?? `${entities.dates[0].iso}T00:00:00Z`) : undefined,
        reference: /\b(?:ref(?:erence)?|reference)[:#\s]+([A-Za-z0-9-]{3,40})/iu.exec(entities.text)?.[1],
      }),
  },
  invoice_credit_note: {
    family: 'invoice',
    action: 'refund',
    ids: ['inv', 'crn'],
    // Without an amount or lines the tool credits what is left: a command that says "part" must say which.
    gaps: (entities) => (/\b(?:partial|part of|some of)\b/iu.test(entities.text) && !entities.amounts.length && !creditedLines(entities.text) ? ['how much to credit: an amount or the lines'] : []),
    build: (entities) => {
      const lines = creditedLines(entities.text);
      return defined({ invoice_id: idOf(entities, 'inv'), lines, amount: lines ? undefined : entities.amounts[0]?.amount, reason: reasonOf(entities) });
    },
  },
  invoice_send: {
    family: 'invoice',
    action: 'send',
    ids: ['inv'],
    build: (entities) => {
      const cc = /\bcc:?\s+([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/iu.exec(entities.text)?.[1];
      const note = /\b(?:with|include|add|and)\s+(?:a\s+|the\s+)?(?:note|message)\s*(?:that|saying|:)?\s+(.{3,500}?)[.!]?$/iu.exec(entities.text)?.[1];
      return defined({ invoice_id: idOf(entities, 'inv'), to: entities.emails.filter((email) => email !== cc), cc: cc ? [cc] : undefined, message: entities.quoted[0] ?? note });
    },
  },
  invoice_einvoice: {
    family: 'invoice',
    action: 'einvoice',
    ids: ['inv'],
    build: (entities) => defined({ invoice_id: idOf(entities, 'inv'), format: einvoiceFormats.find(([pattern]) => pattern.test(entities.text))?.[1] }),
  },
  content_repurpose: {
    family: 'content',
    action: 'build',
    ids: [],
    offered: 'posts for LinkedIn, X, a blog and email from your text',
    build: (entities) => {
      const source = handedOver(entities, 120);
      return defined({ ...(source ? { source_text: source } : { prompt: prompt(entities) }), channels: channelOf(entities), lang: entities.language ?? undefined });
    },
  },
  content_revise: {
    family: 'content',
    action: 'revise',
    ids: ['cnt'],
    build: (entities) => defined({ pack_id: idOf(entities, 'cnt'), block_id: words(entities, /page.?sections|landing/iu) ? 'page_sections' : channelOf(entities)[0], instructions: prompt(entities) }),
  },
  content_get: reading('content', 'pack_id', 'cnt'),
  widget_generate: {
    family: 'widget',
    action: 'build',
    ids: [],
    offered: 'landing pages, waitlists, forms and other page widgets',
    build: (entities) => defined({ prompt: prompt(entities), kind: widgetKinds.find(([pattern]) => pattern.test(entities.text))?.[1], brand: brandOf(entities) }),
  },
  widget_revise: {
    family: 'widget',
    action: 'revise',
    ids: ['wgt'],
    build: (entities) => defined({ widget_id: idOf(entities, 'wgt'), instructions: prompt(entities) }),
  },
  widget_get: reading('widget', 'widget_id', 'wgt'),
  widget_submissions: records('widget', 'widget_id', 'wgt', 'sub'),
  clips_factory: {
    family: 'clips',
    action: 'build',
    ids: [],
    offered: 'short vertical clips with captions from a transcript',
    build: (entities) =>
      defined({
        platforms: clipPlatforms(entities),
        max_clips: countOf(entities, 'clip'),
        title: entities.quoted[0],
        ...clipLengths(entities.text),
        layout: words(entities, /\bsplit[ -]?screen|\bsplit layout/iu)
          ? 'split'
          : words(entities, /\bblur/iu)
            ? 'fit_blur'
            : words(entities, /\bcenter[ -]?crop|\bcentre[ -]?crop/iu)
              ? 'center_crop'
              : undefined,
      }),
  },
  clips_get: reading('clips', 'plan_id', 'clp'),
  storefront_build: {
    family: 'storefront',
    action: 'build',
    ids: [],
    offered: 'online shops with a Stripe checkout',
    build: (entities) => defined({ prompt: prompt(entities), brand: brandOf(entities), lang: entities.language ?? undefined }),
  },
  storefront_revise: {
    family: 'storefront',
    action: 'revise',
    ids: ['sf'],
    build: withId('storefront_id', 'sf'),
  },
  storefront_get: reading('storefront', 'storefront_id', 'sf'),
  storefront_orders: records('storefront', 'storefront_id', 'sf', 'ord'),
  membership_build: {
    family: 'membership',
    action: 'build',
    ids: [],
    offered: 'membership sites and online courses with paid tiers',
    build: (entities) => defined({ prompt: prompt(entities), currency: entities.currency ?? undefined, brand: brandOf(entities), lang: entities.language ?? undefined }),
  },
  membership_revise: {
    family: 'membership',
    action: 'revise',
    ids: ['mem'],
    build: withId('membership_id', 'mem'),
  },
  membership_get: reading('membership', 'membership_id', 'mem'),
  membership_members: {
    family: 'membership',
    action: 'members',
    ids: ['mem', 'mbr'],
    build: (entities) => {
      const action = words(entities, /\b(?:revoke|remove|kick|cancel|take away|withdraw)\b/iu)
        ? 'revoke'
        : words(entities, /\b(?:sign-?in|log-?in|magic) link\b/iu)
          ? 'link'
          : words(entities, /\b(?:grant|give|add|enrol|enroll|invite|let)\b/iu) && entities.emails.length
            ? 'grant'
            : words(entities, /\b(?:list|who|show|export|all|how many|everyone)\b/iu)
              ? 'list'
              : undefined;
      return defined({ membership_id: idOf(entities, 'mem'), action, email: entities.emails[0], cursor: idOf(entities, 'mbr') });
    },
  },
  directory_build: {
    family: 'directory',
    action: 'build',
    ids: [],
    offered: 'directory sites with listings, search and paid placements',
    build: (entities) => defined({ prompt: prompt(entities), title: entities.quoted[0], brand: brandOf(entities) }),
  },
  directory_revise: {
    family: 'directory',
    action: 'revise',
    ids: ['dir', 'lst'],
    build: withId('directory_id', 'dir'),
  },
  directory_get: reading('directory', 'directory_id', 'dir'),
  directory_submissions: {
    family: 'directory',
    action: 'records',
    ids: ['dir', 'dsb'],
    build: (entities) => {
      const action = words(entities, /\b(?:approve|accept|publish)\b|aprob|genehmig|approuv/iu)
        ? 'approve'
        : words(entities, /\b(?:reject|decline|deny|refuse)\b|rechaz|ablehn|rejet/iu)
          ? 'reject'
          : 'list';
      return defined({ directory_id: idOf(entities, 'dir'), action, submission_id: idOf(entities, 'dsb'), reason: action === 'reject' ? reasonOf(entities) : undefined });
    },
  },
  outreach_build: {
    family: 'outreach',
    action: 'build',
    ids: [],
    offered: 'cold outreach campaigns with scored leads and a send schedule',
    build: (entities) =>
      defined({
        prompt: prompt(entities),
        crm: /\b(hubspot|salesforce|pipedrive)\b/iu.exec(entities.text)?.[1]?.toLowerCase(),
        daily_cap: countOf(entities, 'per_day'),
      }),
  },
  outreach_revise: {
    family: 'outreach',
    action: 'revise',
    ids: ['out'],
    build: withId('campaign_id', 'out'),
  },
  outreach_get: reading('outreach', 'campaign_id', 'out'),
  outreach_triage: {
    family: 'outreach',
    action: 'triage',
    ids: ['out', 'ld'],
    build: (entities) => {
      const booked = words(entities, /\b(?:booked|scheduled|set up) (?:a |the )?(?:call|meeting|demo)\b|\bmeeting booked\b/iu);
      return defined({
        campaign_id: idOf(entities, 'out'),
        lead_id: idOf(entities, 'ld'),
        event: booked ? 'meeting_booked' : undefined,
        reply: booked ? undefined : handedOver(entities, 2),
        from: entities.emails[0],
      });
    },
  },
  outreach_send: {
    family: 'outreach',
    action: 'send',
    ids: ['out'],
    build: (entities) => {
      const start = entities.dates[0];
      // A day without a time starts at its beginning: the campaign's own send window decides the hour.
      return defined({ campaign_id: idOf(entities, 'out'), start_at: start ? (start.at ?? `${start.iso}T00:00:00Z`) : undefined });
    },
  },
  business_box_build: {
    family: 'business',
    action: 'build',
    ids: [],
    offered: 'a whole business at once: offer, pages, content, outreach and launch plan',
    build: (entities) => defined({ prompt: prompt(entities), kind: businessKinds.find(([pattern]) => pattern.test(entities.text))?.[1], brand: brandOf(entities) }),
  },
  business_box_revise: {
    family: 'business',
    action: 'revise',
    ids: ['bx'],
    build: (entities) =>
      defined({
        business_id: idOf(entities, 'bx'),
        focus_areas: [...new Set(focusWords.filter(([pattern]) => pattern.test(entities.text)).map(([, area]) => area))].filter((area) => focusAreas.includes(area)),
        instructions: prompt(entities),
      }),
  },
  business_box_get: reading('business', 'business_id', 'bx'),
};
