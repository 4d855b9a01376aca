import { esc } from '../render/html.js';
import type { KeySummary } from '../access/keys.js';
import type { AccountRow } from '../access/accounts.js';
import type { Meter } from '../access/usage.js';
import { plans } from '../access/plans.js';
import type { DashboardField, DashboardItem, DashboardSettings } from '../kernel/dashboard.js';
import { csrfField } from './layout.js';
import { dailyChart } from './chart.js';

/** The content of each dashboard page, below its title: HTML built from escaped values only. */

export type UsageReport = Awaited<ReturnType<Meter['report']>>;
/** Refusals of a form, by field name (`form` for the form as a whole). */
export type FieldErrors = Readonly<Record<string, string>>;

const date = (iso: string | null) => (iso ? `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>` : 'never');
const table = (caption: string, head: readonly string[], rows: readonly string[][]) =>
  `<div class="table-wrap"><table><caption class="small">${esc(caption)}</caption><thead><tr>${head.map((cell) => `<th scope="col">${esc(cell)}</th>`).join('')}</tr></thead>` +
  `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
const errorOf = (errors: FieldErrors, name: string) => (errors[name] ? `<p class="error" id="${esc(name)}-error">${esc(errors[name])}</p>` : '');
const describedBy = (errors: FieldErrors, name: string, hint: boolean) => {
  const ids = [...(hint ? [`${name}-hint`] : []), ...(errors[name] ? [`${name}-error`] : [])];
  return ids.length ? ` aria-describedby="${esc(ids.join(' '))}"` : '';
};
const formError = (errors: FieldErrors) => (errors.form ? `<p class="error" role="alert">${esc(errors.form)}</p>` : '');

/** `csrf`: the token of the sign-in forms, bound to this browser's form cookie (see routes.ts). */
export function signInBody(dashboardUrl: string, emailSignIn: boolean, csrf: string, errors: FieldErrors = {}): string {
  const email = emailSignIn
    ? `<h2>Sign in by email</h2><p>We send a one-time link to the address set for your account. It works once, for 15 minutes.</p>` +
      `<form method="post" action="${esc(`${dashboardUrl}/login`)}">${csrfField(csrf)}${formError(errors)}<div class="field${errors.email ? ' field-error' : ''}"><label for="email">Email address</label>` +
      `<input id="email" name="email" type="email" autocomplete="email" required maxlength="254"${describedBy(errors, 'email', false)}>${errorOf(errors, 'email')}</div>` +
      `<button class="btn" type="submit">Email me a sign-in link</button></form>`
    : '<p>Email sign-in is not set up on this server (no SMTP_URL).</p>';
  return (
    `<p class="lead">Manage your agent keys, plan and usage.</p>${email}` +
    `<h2>Sign in from the command line</h2><p>On the server, print a one-time link (15 minutes) and open it:</p><p><code>agent-outcomes dashboard link --account acct_…</code></p>`
  );
}

export function overviewBody(dashboardUrl: string, csrf: string, account: AccountRow, report: UsageReport, keys: readonly KeySummary[], errors: FieldErrors = {}, saved = false): string {
  const active = keys.filter((key) => !key.revoked_at).length;
  const plan = report.active ? `${esc(plans[report.plan].title)}: ${report.used} of ${report.limit} units used this cycle` : 'No active plan: metered calls are refused (402).';
  return (
    `<p class="lead">${esc(account.name)} <span class="small">(<code>${esc(account.id)}</code>)</span></p>` +
    `<ul class="grid">` +
    `<li class="card"><h2>Keys</h2><p>${active} active key${active === 1 ? '' : 's'}.</p><p><a href="${esc(`${dashboardUrl}/keys`)}">Manage keys</a></p></li>` +
    `<li class="card"><h2>Plan</h2><p>${plan}</p><p><a href="${esc(`${dashboardUrl}/plan`)}">Plan and billing</a></p></li>` +
    `<li class="card"><h2>Usage</h2><p>Per tool and per day this cycle.</p><p><a href="${esc(`${dashboardUrl}/usage`)}">See usage</a></p></li>` +
    `</ul>` +
    `<h2>Sign-in email</h2><p>Where one-time sign-in links are sent. ${account.email ? `Now: <strong>${esc(account.email)}</strong>.` : 'None set yet.'}</p>` +
    (saved ? '<p class="notice" role="status">Saved.</p>' : '') +
    `<form method="post" action="${esc(`${dashboardUrl}/account/email`)}">${csrfField(csrf)}${formError(errors)}<div class="field${errors.email ? ' field-error' : ''}"><label for="email">Email address</label>` +
    `<input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${esc(account.email ?? '')}"${describedBy(errors, 'email', true)}>` +
    `<p class="small" id="email-hint">Leave empty to sign in only with links from the command line.</p>${errorOf(errors, 'email')}</div><button class="btn" type="submit">Save email</button></form>`
  );
}

/** The scope checkboxes: every scope this server knows, from the catalogue, grouped by family. */
function scopeChoices(scopes: readonly string[], checked: ReadonlySet<string>, errors: FieldErrors): string {
  const boxes = scopes
    .map((scope, index) => {
      const id = `scope-${index}`;
      const label = scope === '*' ? '* (every scope, now and later)' : scope;
      return `<div class="check"><input type="checkbox" id="${id}" name="scopes" value="${esc(scope)}"${checked.has(scope) ? ' checked' : ''}><label for="${id}">${esc(label)}</label></div>`;
    })
    .join('');
  return `<fieldset${errors.scopes ? ' class="field-error" aria-describedby="scopes-error"' : ''}><legend>Scopes</legend><p class="small">A family's :write includes its :read.</p><div class="checks">${boxes}</div>${errorOf(errors, 'scopes')}</fieldset>`;
}

export function keysBody(
  dashboardUrl: string,
  csrf: string,
  keys: readonly KeySummary[],
  scopes: readonly string[],
  state: { created?: { key_id: string; secret: string; name: string }; revoked?: string; errors?: FieldErrors; values?: { name?: string; scopes?: readonly string[] } } = {},
): string {
  const errors = state.errors ?? {};
  const created = state.created
    ? `<section class="card" aria-labelledby="new-key"><h2 id="new-key">Your new key “${esc(state.created.name)}”</h2>` +
      `<p><strong>Copy it now: it is shown only this once.</strong> Only a hash is stored, so it cannot be shown again.</p>` +
      `<div class="field"><label for="new-secret">Secret of ${esc(state.created.key_id)}</label><input id="new-secret" class="secret" type="text" readonly value="${esc(state.created.secret)}"></div>` +
      `<p><button class="btn" type="button" data-copy="new-secret" aria-describedby="copy-status" hidden>Copy key</button> <span id="copy-status" role="status"></span></p></section>`
    : '';
  const revoked = state.revoked ? `<p class="notice" role="status">Key <code>${esc(state.revoked)}</code> is revoked: calls with it now answer 401.</p>` : '';
  const rows = keys.map((key) => [
    esc(key.name),
    `<code>${esc(key.prefix)}</code>`,
    esc(key.scopes.join(', ')),
    date(key.created_at),
    date(key.last_used_at),
    key.revoked_at ? `Revoked ${date(key.revoked_at)}` : `<a href="${esc(`${dashboardUrl}/keys/${key.key_id}/revoke`)}">Revoke<span class="hp"> ${esc(key.name)} (${esc(key.prefix)})</span></a>`,
  ]);
  const values = state.values ?? {};
  return (
    created +
    revoked +
    `<h2>Your keys</h2>${rows.length ? table('Agent keys of this account', ['Name', 'Prefix', 'Scopes', 'Created', 'Last used', 'Status'], rows) : '<p>No keys yet.</p>'}` +
    `<h2>Create a key</h2><form method="post" action="${esc(`${dashboardUrl}/keys`)}">${csrfField(csrf)}${formError(errors)}` +
    `<div class="field${errors.name ? ' field-error' : ''}"><label for="key-name">Name</label><input id="key-name" name="name" type="text" required maxlength="100" value="${esc(values.name ?? '')}"${describedBy(errors, 'name', true)}>` +
    `<p class="small" id="name-hint">What uses it, e.g. “billing agent”: 1 to 100 characters.</p>${errorOf(errors, 'name')}</div>` +
    `${scopeChoices(scopes, new Set(values.scopes ?? []), errors)}<button class="btn" type="submit">Create key</button></form>`
  );
}

export function revokeBody(dashboardUrl: string, csrf: string, key: KeySummary): string {
  return (
    `<p>Revoke <strong>${esc(key.name)}</strong> (<code>${esc(key.prefix)}</code>, scopes ${esc(key.scopes.join(', '))})? Agents using it get 401 from now on. This cannot be undone.</p>` +
    `<form method="post" action="${esc(`${dashboardUrl}/keys/${key.key_id}/revoke`)}">${csrfField(csrf)}<p class="actions"><button class="btn" type="submit">Revoke the key</button>` +
    `<a class="btn btn-secondary" href="${esc(`${dashboardUrl}/keys`)}">Keep it</a></p></form>`
  );
}

export function planBody(dashboardUrl: string, csrf: string, account: AccountRow, report: UsageReport, checkout: boolean, notice?: string): string {
  const status = report.active
    ? `<p><strong>${esc(plans[report.plan].title)}</strong> is active${report.billing.status === 'past_due' ? `, but its last payment failed: it keeps working until ${date(report.billing.grace_until)}. Update the payment method in Stripe.` : '.'}</p>` +
      table(
        'The current billing cycle',
        ['Cycle start', 'Cycle end', 'Units a cycle', 'Past the limit'],
        [[date(report.cycle.start), date(report.cycle.end), String(report.limit), report.behavior === 'block' ? 'calls are refused (429)' : 'billed as overage']],
      ) +
      (account.stripe_subscription_id ? `<p class="small">Paid through Stripe (subscription <code>${esc(account.stripe_subscription_id)}</code>).</p>` : '')
    : `<p><strong>No active plan.</strong> Metered calls answer 402 until a plan is active.</p>`;
  const activate = report.active
    ? ''
    : checkout
      ? `<form method="post" action="${esc(`${dashboardUrl}/plan/checkout`)}">${csrfField(csrf)}<button class="btn" type="submit">Activate starter plan</button></form><p class="small">You pay on Stripe's checkout page; the plan is active as soon as Stripe confirms.</p>`
      : `<p>Activate it on the server with:</p><p><code>agent-outcomes plan activate --account ${esc(account.id)} --plan starter</code></p>`;
  const plansTable = table(
    'Plans',
    ['Plan', 'Units a month', 'Past the limit'],
    Object.values(plans).map((plan) => [
      esc(plan.title),
      String(plan.monthlyUnits),
      plan.behavior === 'block' ? 'refused' : `billed at ${esc(plan.overageUnitPrice?.amount ?? '')} ${esc(plan.overageUnitPrice?.currency ?? '')} a unit`,
    ]),
  );
  return `${notice ? `<p class="notice" role="status">${esc(notice)}</p>` : ''}${status}${activate}<h2>Plans</h2>${plansTable}`;
}

export function usageBody(report: UsageReport, daily: ReadonlyArray<{ day: string; units: number }>, today: string): string {
  if (!report.active) return '<p>No active plan, so nothing is metered. Activate a plan on the Plan page.</p>';
  const used = Math.min(report.used, report.limit);
  const perTool = report.per_tool.length
    ? table(
        'Units per tool this cycle',
        ['Tool', 'Calls', 'Units'],
        report.per_tool.map((row) => [`<code>${esc(row.tool)}</code>`, String(row.calls), String(row.units)]),
      )
    : '<p>No metered calls this cycle yet.</p>';
  const end = report.cycle.end.slice(0, 10) < today ? report.cycle.end.slice(0, 10) : today;
  return (
    `<p><strong>${report.used}</strong> of <strong>${report.limit}</strong> units used this cycle (${report.remaining} remaining${report.in_flight ? `, ${report.in_flight} held by calls still running` : ''}); it resets ${date(report.cycle.resets_at)}.</p>` +
    `<p><label for="used-meter">Share of the cycle's units used</label><br><meter id="used-meter" class="meter" min="0" max="${report.limit}" value="${used}">${used} of ${report.limit}</meter></p>` +
    (report.overage && report.overage.units
      ? `<p>Overage: ${report.overage.units} units, about ${esc(report.overage.estimated_charge.amount)} ${esc(report.overage.estimated_charge.currency)}.</p>`
      : '') +
    `<h2>Per day</h2>${dailyChart(daily, report.cycle.start.slice(0, 10), end)}<h2>Per tool</h2>${perTool}`
  );
}

function settingsField(field: DashboardField, value: string, errors: FieldErrors): string {
  const id = `field-${field.name}`;
  const aria = describedBy(errors, field.name, Boolean(field.hint));
  const auto = field.autocomplete ? ` autocomplete="${esc(field.autocomplete)}"` : '';
  const control =
    field.type === 'textarea'
      ? `<textarea id="${id}" name="${esc(field.name)}" rows="4"${aria}${auto}>${esc(value)}</textarea>`
      : field.type === 'file'
        ? `<input id="${id}" name="${esc(field.name)}" type="file" accept="image/png,image/jpeg"${aria}>${value ? `<span class="small">Now: ${esc(value)}</span>` : ''}`
        : `<input id="${id}" name="${esc(field.name)}" type="${field.type}" value="${esc(value)}"${aria}${auto}>`;
  return (
    `<div class="field${errors[field.name] ? ' field-error' : ''}"><label for="${id}">${esc(field.label)}</label>${control}` +
    `${field.hint ? `<p class="small" id="${esc(field.name)}-hint">${esc(field.hint)}</p>` : ''}${errorOf(errors, field.name)}</div>`
  );
}

export function settingsBody(dashboardUrl: string, csrf: string, settings: DashboardSettings, values: Record<string, string>, errors: FieldErrors = {}, saved = false): string {
  const multipart = settings.fields.some((field) => field.type === 'file');
  return (
    `<p class="lead">${esc(settings.description)}</p>${saved ? '<p class="notice" role="status">Saved.</p>' : ''}` +
    `<form method="post" action="${esc(`${dashboardUrl}/settings/${settings.id}`)}"${multipart ? ' enctype="multipart/form-data"' : ''}>${csrfField(csrf)}${formError(errors)}` +
    `${settings.fields.map((field) => settingsField(field, values[field.name] ?? '', errors)).join('')}<button class="btn" type="submit">Save</button></form>`
  );
}

export type RecentList = { title: string; items: readonly DashboardItem[] };
export type JobLine = { id: string; tool: string; status: string; created_at: string };

export function outcomesBody(dashboardUrl: string, lists: readonly RecentList[], jobs: readonly JobLine[]): string {
  const links = (item: DashboardItem) =>
    item.links
      .map((link) => `<a href="${esc('fileId' in link ? `${dashboardUrl}/files/${link.fileId}` : link.url)}">${esc(link.label)}<span class="hp"> of ${esc(item.title)}</span></a>`)
      .join(' · ') || '—';
  const sections = lists.map(
    (list) =>
      `<h2>${esc(list.title)}</h2>` +
      (list.items.length
        ? table(
            `Recent ${list.title.toLowerCase()}`,
            ['Name', 'Status', 'Created', 'Links'],
            list.items.map((item) => [esc(item.title), esc(item.status), date(item.created_at), links(item)]),
          )
        : '<p>None yet.</p>'),
  );
  const jobTable = jobs.length
    ? table(
        'Recent jobs',
        ['Job', 'Tool', 'Status', 'Created'],
        jobs.map((job) => [`<code>${esc(job.id)}</code>`, `<code>${esc(job.tool)}</code>`, esc(job.status), date(job.created_at)]),
      )
    : '<p>None yet.</p>';
  return `<p class="lead">What your agents made lately, newest first.</p>${sections.join('')}<h2>Jobs</h2>${jobTable}`;
}
