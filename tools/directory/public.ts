import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import type { PublicContext } from '../../src/kernel/context.js';
import type { PublicRequest, PublicResponse, PublicRoute } from '../../src/kernel/public-route.js';
import { renderNotice } from '../../src/render/page.js';
import { honeypotField } from '../../src/render/sections.js';
import { readVersion, stepsOf } from './engine.js';
import { planVersionOf, type VersionRow } from './draft.js';
import { indexView, queryOf, specOf } from './pages.js';
import { directoryIds } from './ids.js';
import { claimsOf, isClaimed, placementsOf } from './placements.js';
import { claimCheckout, paidPlacements, placementCheckout, priceRef, type PaidPlacement, type PlanTier, type TierName } from './plan.js';
import { indexOptions } from './search.js';
import { indexPage, listingPage, searchPayload, words, type SiteSpec } from './site.js';
import { submitListing } from './submissions.js';

const directoryId = idPattern(directoryIds.directory);
const listingId = idPattern(directoryIds.listing);
const versionOf = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/** The directory a request names (its latest version, or `?v=N`); not_found for anything else. */
async function found(request: PublicRequest, context: PublicContext, version?: number): Promise<VersionRow> {
  const id = request.params.directoryId ?? '';
  const row = directoryId.test(id) ? await readVersion(context.store, id, null, version) : null;
  if (!row) throw new OutcomeError('not_found', 'This directory does not exist (any more).');
  return row;
}

/** A version's pages as they are now: today's placements and claims, and the version they show. */
async function liveSpec(row: VersionRow, context: PublicContext): Promise<SiteSpec> {
  const [placements, claims] = await Promise.all([placementsOf(context.store, row.id), claimsOf(context.store, row.id)]);
  return { ...specOf(row, context.baseUrl, placements), claimed: new Set(Object.keys(claims)), version: row.version };
}

function listingOf(row: VersionRow, request: PublicRequest) {
  const id = request.params.listingId ?? '';
  const listing = listingId.test(id) ? row.document.listings.find((entry) => entry.listing_id === id) : undefined;
  if (!listing) throw new OutcomeError('not_found', 'This directory has no such listing (any more).');
  return listing;
}

function notice(row: VersionRow, context: PublicContext, status: number, title: string, message: string): PublicResponse {
  const spec = specOf(row, context.baseUrl, {});
  const rendered = renderNotice({ title, message, lang: 'en', theme: spec.theme, back: spec.siteUrl });
  return { status, type: 'html', body: rendered.html, csp: rendered.csp };
}

/** `GET /d/:id?q=…&category=…&page=N`: the directory, its results for the query drawn by the server (the path that needs no JavaScript). */
const directoryPage: PublicRoute = {
  method: 'GET',
  path: '/d/:directoryId',
  async handle(request, context) {
    const row = await found(request, context, versionOf(request.query.v));
    const spec = await liveSpec(row, context);
    const page = Number(versionOf(request.query.page) ?? 1);
    const rendered = indexPage(spec, 'hosted', indexView(row, queryOf(row.document, request.query), spec.placements, page));
    return { status: 200, type: 'html', body: rendered.html, csp: rendered.csp };
  },
};

const listingRoute: PublicRoute = {
  method: 'GET',
  path: '/d/:directoryId/l/:listingId',
  async handle(request, context) {
    const row = await found(request, context, versionOf(request.query.v));
    const listing = listingOf(row, request);
    const rendered = listingPage(await liveSpec(row, context), 'hosted', listing);
    return { status: 200, type: 'html', body: rendered.html, csp: rendered.csp };
  },
};

/** `GET /d/:id/index.json` (`?v=N`: that version's, as the page of version N asks): the search index (MiniSearch's JSON) with its options and today's placements and claims, which the page's script loads. */
const indexJson: PublicRoute = {
  method: 'GET',
  path: '/d/:directoryId/index.json',
  readableAnywhere: true,
  async handle(request, context) {
    const row = await found(request, context, versionOf(request.query.v));
    const spec = await liveSpec(row, context);
    return { status: 200, type: 'json', body: searchPayload(row.searchIndex, indexOptions(row.document.fields), spec.placements, `${spec.siteUrl}/l/{id}`, spec.claimed) };
  },
};

/** `POST /d/:id/submit`: a listing for review, checked against the published schema; a honeypot and a rate limit keep bots out. */
const submit: PublicRoute = {
  method: 'POST',
  path: '/d/:directoryId/submit',
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const row = await found(request, context);
    const result = await submitListing(context.store, row, request.body, context.now());
    if (result.stored) context.log.info({ directory_id: row.id, submission_id: result.id }, 'directory listing submitted');
    if (request.wantsJson) return { status: 200, type: 'json', body: { message: words.submitted } };
    return notice(row, context, 200, 'Thank you!', words.submitted);
  },
};

/**
 * `POST /d/:id/listings/:listingId/feature` with `tier`: a Checkout Session that places the listing
 * for one period, made now; 503 without a payment processor, 409 for a tier without a price.
 */
const feature: PublicRoute = {
  method: 'POST',
  path: '/d/:directoryId/listings/:listingId/feature',
  rateLimit: { max: 20, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const row = await found(request, context);
    const listing = listingOf(row, request);
    const asked = typeof request.body.tier === 'string' ? request.body.tier : (request.query.tier ?? 'featured');
    if (!(paidPlacements as readonly string[]).includes(asked)) throw new OutcomeError('invalid_input', `tier: must be one of ${paidPlacements.join(', ')}.`);
    const spec = specOf(row, context.baseUrl, {});
    const tier = spec.plan.tiers.find((entry) => entry.tier === (asked as PaidPlacement));
    if (!tier || tier.amount === null || !spec.plan.currency) return notice(row, context, 409, 'Not for sale yet', `The ${asked} placement has no price yet, so it cannot be bought.`);
    return checkout(row, context, listing.listing_id, 'placement', tier.tier, (priceId) =>
      placementCheckout(
        { id: row.id, title: row.document.title, siteUrl: spec.siteUrl },
        { listing_id: listing.listing_id, name: String(listing.values.name) },
        spec.plan,
        tier as PlanTier & { amount: number },
        priceId,
      ),
    );
  },
};

/**
 * Sends the visitor to a Checkout Session for one listing (a placement or a claim) made now; 503 without a payment
 * processor. It sells the version's own Stripe price once its operations ran (directory_build/revise with
 * execute: true), else prices inline.
 */
async function checkout(
  row: VersionRow,
  context: PublicContext,
  listingId: string,
  what: 'placement' | 'claim',
  tier: TierName,
  paramsFor: (priceId: string | undefined) => Record<string, unknown>,
): Promise<PublicResponse> {
  if (!context.payments) return paymentsUnavailable(row, context, what);
  const executed = (await stepsOf(context.store, row.id, planVersionOf(row))).find((step) => step.ref === priceRef(tier));
  const key = `directory-${row.id}-${what === 'claim' ? 'claim' : 'place'}-${listingId}-${randomUUID()}`;
  const session = await context.payments.runOperation('checkout.sessions.create', paramsFor(executed?.id), key);
  if (!session.url) throw new OutcomeError('upstream_error', 'Stripe made a checkout without a page to send you to; please try again.');
  return { status: 303, type: 'redirect', location: session.url };
}

function paymentsUnavailable(row: VersionRow, context: PublicContext, what: 'placement' | 'claim'): PublicResponse {
  context.log.warn({ directory_id: row.id }, `a ${what} checkout was asked for, but no payment processor is configured`);
  return notice(row, context, 503, 'Payments are not available', `Paying for a ${what} is not available right now; please try again later.`);
}

const claimEmail = z.string().trim().toLowerCase().max(254).email();

/**
 * `POST /d/:id/l/:listingId/claim` with `email`: a Checkout Session for the claim fee, made now; 409
 * when the directory takes no claims or the listing is claimed already, 503 without a payment
 * processor. A filled honeypot gets a page and no checkout.
 */
const claim: PublicRoute = {
  method: 'POST',
  path: '/d/:directoryId/l/:listingId/claim',
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const row = await found(request, context);
    const listing = listingOf(row, request);
    const spec = specOf(row, context.baseUrl, {});
    const fee = spec.plan.tiers.find((tier) => tier.tier === 'claim');
    if (!fee || fee.amount === null || !spec.plan.currency) return notice(row, context, 409, 'No claims here', 'This directory does not take claims of listings.');
    const trap = request.body[honeypotField];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) return notice(row, context, 200, 'Thank you', 'Your request was received.');
    const email = claimEmail.safeParse(request.body.email);
    if (!email.success) throw new OutcomeError('invalid_input', 'email: give the address you can be reached at, such as "owner@example.com".');
    if (await isClaimed(context.store, row.id, listing.listing_id))
      return notice(row, context, 409, 'Claimed already', 'This listing was claimed by its owner already; if that is you and you did not claim it, write to the directory owner.');
    return checkout(row, context, listing.listing_id, 'claim', 'claim', (priceId) =>
      claimCheckout(
        { id: row.id, title: row.document.title, siteUrl: spec.siteUrl },
        { listing_id: listing.listing_id, name: String(listing.values.name) },
        spec.plan,
        fee as PlanTier & { amount: number },
        email.data,
        priceId,
      ),
    );
  },
};

export const directoryRoutes: PublicRoute[] = [directoryPage, listingRoute, indexJson, submit, feature, claim];
