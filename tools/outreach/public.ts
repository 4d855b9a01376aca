import type { PublicContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { PublicRequest, PublicResponse, PublicRoute } from '../../src/kernel/public-route.js';
import { renderDocument, renderNotice } from '../../src/render/page.js';
import { resolveTheme } from '../../src/render/theme.js';
import { themeOf } from '../../src/render/brand.js';
import { readVersion } from './engine.js';
import { setLeadStatus, suppress, unsubscribeHash } from './send.js';
import { outreachDb } from './tables.js';

/**
 * The unsubscribe link of every email: `/u/:token`. GET shows a one-click confirmation (a mail scanner that
 * follows links unsubscribes no one); POST records it, also as RFC 8058 one-click (`List-Unsubscribe=One-Click`).
 * The address is suppressed for every later send of the account, and the lead's sequence stops.
 */

const tokenPattern = /^[A-Za-z0-9_-]{32}$/;
const theme = () => resolveTheme(themeOf({})).theme;

async function linkOf(request: PublicRequest, context: PublicContext) {
  const token = request.params.token ?? '';
  const row = tokenPattern.test(token) ? await outreachDb(context.store).selectFrom('outreach_unsubscribes').selectAll().where('hash', '=', unsubscribeHash(token)).executeTakeFirst() : undefined;
  if (!row) throw new OutcomeError('not_found', 'This unsubscribe link is not valid. If you keep getting emails, reply to one and ask to be removed.');
  return { token, row };
}

const notice = (title: string, message: string, status = 200): PublicResponse => {
  const page = renderNotice({ title, message, lang: 'en', theme: theme(), back: null });
  return { status, type: 'html', body: page.html, csp: page.csp };
};

const confirmPage: PublicRoute = {
  method: 'GET',
  path: '/u/:token',
  rateLimit: { max: 60, windowMs: 60_000 },
  async handle(request, context) {
    const { token, row } = await linkOf(request, context);
    if (row.used_at) return notice('You are unsubscribed', `${row.email} gets no more of these emails.`);
    const page = renderDocument({
      title: 'Unsubscribe',
      description: 'Stop these emails',
      lang: 'en',
      theme: theme(),
      formAction: () => `${context.baseUrl}/u/${token}`,
      sections: [
        {
          id: 'unsubscribe',
          type: 'form',
          props: {
            heading: 'Unsubscribe',
            text: `Stop all emails from this sender to ${row.email}: one click.`,
            fields: [{ name: 'reason', label: 'Why (optional)', type: 'select', required: false, options: ['Not relevant to me', 'Too many emails', 'I never asked for this', 'Other'] }],
            button_text: 'Unsubscribe',
            success_message: 'You are unsubscribed.',
          },
        },
      ],
    });
    return { status: 200, type: 'html', body: page.html, csp: page.csp };
  },
};

const unsubscribe: PublicRoute = {
  method: 'POST',
  path: '/u/:token',
  rateLimit: { max: 30, windowMs: 60_000 },
  async handle(request, context) {
    const { row } = await linkOf(request, context);
    const now = context.now();
    await suppress(context.store, row.account_id, row.email, 'unsubscribe', row.campaign_id, now);
    const campaign = await readVersion(context.store, row.campaign_id, null);
    const lead = campaign?.document.leads.find((candidate) => candidate.lead_id === row.lead_id) ?? { lead_id: row.lead_id, email: row.email };
    await setLeadStatus(context.store, { accountId: row.account_id, campaignId: row.campaign_id, lead }, 'stopped', 'unsubscribe', null, now);
    if (!row.used_at) await outreachDb(context.store).updateTable('outreach_unsubscribes').set({ used_at: now.toISOString() }).where('hash', '=', row.hash).execute();
    context.log.info({ campaign_id: row.campaign_id, lead_id: row.lead_id }, 'outreach unsubscribe recorded');
    const message = `${row.email} is unsubscribed: no more emails from this sender.`;
    if (request.wantsJson) return { status: 200, type: 'json', body: { ok: true, message } };
    return notice('You are unsubscribed', message);
  },
};

export const outreachRoutes: readonly PublicRoute[] = [confirmPage, unsubscribe];
