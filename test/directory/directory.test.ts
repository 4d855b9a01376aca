import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { listingSchema, prepareValues, type Field } from '../../tools/directory/fields.js';
import { cafesCsv, cafesJson } from './fixtures.js';

/** Directories over REST: listings read and checked, the no-JS search path, submissions, revisions. */
describe('directory_build and the hosted directory', () => {
  let app: StartedApp;
  let built: any;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
  const names = (html: string) => [...html.matchAll(/<li class="card listing[^"]*"><h3><a href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]?.replace(/&amp;/g, '&'));

  beforeAll(async () => {
    app = await startPlannedApp();
    built = await json(
      await post('/directory/build', { prompt: 'Vegan places in Lisbon', listings: cafesCsv, monetization: { currency: 'EUR', featured_price: '29', premium_price: 79, period_days: 30 } }),
    );
  });
  afterAll(() => app.close());

  it('reads CSV, infers fields and categories, and reports every rejected row with its reasons', () => {
    expect(built.directory_id).toMatch(/^dir_/);
    expect(built.version).toBe(1);
    expect(built.meta.title).toBe('Vegan places in Lisbon');
    expect(built.meta.listings_format).toBe('csv');
    expect(built.listings.total).toBe(4);
    expect(built.schema.fields.map((field: Field) => [field.name, field.type, field.filterable])).toEqual([
      ['name', 'text', false],
      ['category', 'select', true],
      ['location', 'text', true],
      ['description', 'textarea', false],
      ['website', 'url', false],
      ['seats', 'number', false],
    ]);
    expect(built.categories).toEqual(['Bakery', 'Cafe', 'Restaurant']);
    expect(built.meta.rejected).toEqual([
      { row: 5, name: 'Bad Row', reasons: ['website: must be an http(s) URL'] },
      { row: 6, name: null, reasons: ['name: required'] },
      { row: 7, name: 'Green Bean', reasons: ['duplicate of row 1: the same name and place'] },
    ]);
    expect(built.meta.missing.some((line: string) => line.includes('3 listings were rejected'))).toBe(true);
  });

  it('plans paid placements with the prices given, and says which are missing', () => {
    const tiers = Object.fromEntries(built.monetization.tiers.map((tier: any) => [tier.tier, tier]));
    expect(tiers.featured).toMatchObject({ amount: 2900, price: '29.00', formatted: '€29.00' });
    expect(tiers.premium).toMatchObject({ amount: 7900 });
    expect(tiers.claim).toMatchObject({ amount: null, price: null });
    expect(built.meta.missing.some((line: string) => line.startsWith('monetization.claim_fee: no price given'))).toBe(true);
    expect(built.monetization.operations.map((operation: any) => operation.ref)).toEqual(['product_featured', 'price_featured', 'product_premium', 'price_premium']);
    expect(built.monetization.operations[1].params).toMatchObject({ currency: 'eur', unit_amount: 2900, product: '$ref:product_featured' });
  });

  it('publishes a JSON Schema (2020-12) that accepts and refuses what the endpoint does', async () => {
    const schema = built.submission.json_schema;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['name']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.category.enum).toEqual(['Bakery', 'Cafe', 'Restaurant']);
    expect(built.submission.ui_schema['ui:order']).toEqual(['name', 'category', 'location', 'description', 'website', 'seats']);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const zod = listingSchema(built.schema.fields);
    const samples = [
      { name: 'Ok' },
      { name: 'Ok', category: 'Cafe', website: 'https://ok.example', seats: 3 },
      { name: 'Ok', category: 'Tea room' },
      { name: 'Ok', website: 'ftp://x.example' },
      { name: 'Ok', website: 'https://' },
      { name: 'Ok', website: 'https://a.example/path?x=1' },
      { name: 'Ok', seats: 'many' },
      { name: 'Ok', extra: 'x' },
      {},
    ];
    for (const sample of samples) expect(validate(sample), JSON.stringify(sample)).toBe(zod.safeParse(prepareValues(built.schema.fields, sample)).success);
    expect(built.submission.endpoint).toBe(`${app.url}/d/${built.directory_id}/submit`);
  });

  it('answers searches without JavaScript from the same index: text, filters, pages', async () => {
    const page = async (query: string) => (await fetch(`${built.site.preview_url}${query}`)).text();
    expect(names(await page(''))).toEqual(['Green Bean', 'Leaf & Loaf', 'Root Bar', 'Tofu House']);
    expect(names(await page('?q=tofu'))).toEqual(['Tofu House']);
    // Prefix and fuzzy, as MiniSearch is configured for both paths.
    expect(names(await page('?q=sourdo'))).toEqual(['Leaf & Loaf']);
    expect(names(await page('?category=Restaurant'))).toEqual(['Root Bar', 'Tofu House']);
    expect(names(await page('?location=Alfama&category=Restaurant'))).toEqual(['Tofu House']);
    const none = await page('?q=zzzzqqq');
    expect(names(none)).toEqual([]);
    expect(none).toContain('No listing matches.');
    expect(await page('?q=tofu')).toContain('value="tofu"');
  });

  it('serves the index JSON the browser loads, and a page per listing', async () => {
    const payload = await json(await fetch(`${built.site.preview_url}/index.json`));
    expect(payload.options.fields).toContain('description');
    expect(payload.index.documentCount).toBe(4);
    expect(payload.placements).toEqual({});
    const tofu = built.listings.items.find((item: any) => item.name === 'Tofu House');
    const html = await (await fetch(tofu.url)).text();
    expect(html).toContain('<h1 id="listing-title">Tofu House</h1>');
    expect(html).toContain('Tofu bowls and ramen');
    expect(html).toContain('<option value="featured">Featured: €29.00 / 30 days</option>');
    expect((await fetch(`${built.site.preview_url}/l/lst_01jdz8x4m6b3q9r2t5v7w0y1c3`)).status).toBe(404);
  });

  it('takes submissions validated by the schema, ignores the honeypot, and approval rebuilds the site as a new version', async () => {
    const submit = `${built.site.preview_url}/submit`;
    const bad = await form(submit, { name: 'Sprout', website: 'javascript:alert(1)', category: 'Spaceship' }, { accept: 'application/json' });
    expect(bad.status).toBe(400);
    const error = await json(bad);
    expect(error.error.message).toContain('website: must be an http(s) URL');
    expect(error.error.message).toContain('category: must be one of "Bakery", "Cafe", "Restaurant"');
    const bot = await form(submit, { name: 'Spam', _hp: 'http://spam.example' });
    expect(bot.status).toBe(200);
    const good = await form(submit, { name: 'Sprout', category: 'Cafe', location: 'Graça', seats: '8', _hp: '' });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('will appear once it is approved');
    const listed = await json(await post('/directory/submissions', { directory_id: built.directory_id }));
    expect(listed.submissions.map((entry: any) => entry.listing)).toEqual([{ name: 'Sprout', category: 'Cafe', location: 'Graça', seats: 8 }]);
    const approved = await json(await post('/directory/submissions', { directory_id: built.directory_id, action: 'approve', submission_id: listed.submissions[0].submission_id }));
    expect(approved.version).toBe(2);
    expect(approved.submissions[0]).toMatchObject({ status: 'approved', approved_version: 2 });
    expect(names(await (await fetch(`${built.site.preview_url}?q=sprout`)).text())).toEqual(['Sprout']);
    const again = await post('/directory/submissions', { directory_id: built.directory_id, action: 'approve', submission_id: listed.submissions[0].submission_id });
    expect(again.status).toBe(409);
    const got = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(got.versions.map((entry: any) => entry.version)).toEqual([1, 2]);
    expect(got.listings.total).toBe(5);
  });

  it('approves a submission once: of two approvals at once one makes the version, the other is told it is taken', async () => {
    const other = await json(await post('/directory/build', { prompt: 'Approvals test', listings: cafesJson }));
    expect((await form(`${other.site.preview_url}/submit`, { name: 'Sprout', category: 'Cafe' })).status).toBe(200);
    expect((await form(`${other.site.preview_url}/submit`, { name: 'Green Bean', category: 'Cafe', location: 'Alfama' })).status).toBe(200);
    const pending = (await json(await post('/directory/submissions', { directory_id: other.directory_id }))).submissions;
    const idOf = (name: string) => pending.find((entry: any) => entry.listing.name === name).submission_id;
    const approve = (submissionId: string) => post('/directory/submissions', { directory_id: other.directory_id, action: 'approve', submission_id: submissionId });
    const both = await Promise.all([approve(idOf('Sprout')), approve(idOf('Sprout'))]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = await json(both.find((response) => response.status === 409) as Response);
    expect(refused.error.message).toMatch(new RegExp(`^Submission ${idOf('Sprout')} (is being approved by another call|was approved already)`));
    const got = await json(await app.api(`/api/agents/directory/${other.directory_id}`));
    expect(got.versions.map((entry: any) => entry.version)).toEqual([1, 2]);
    const approved = (await json(await post('/directory/submissions', { directory_id: other.directory_id, status: 'approved' }))).submissions;
    expect(approved).toMatchObject([{ listing: { name: 'Sprout' }, approved_version: 2 }]);
    // An approval that makes nothing leaves the submission pending, to be rejected or approved later.
    const twin = await approve(idOf('Green Bean'));
    expect(twin.status).toBe(409);
    expect((await json(twin)).error.message).toContain('"Green Bean" is listed already');
    const still = (await json(await post('/directory/submissions', { directory_id: other.directory_id }))).submissions;
    expect(still.map((entry: any) => [entry.listing.name, entry.status, entry.decided_at])).toEqual([['Green Bean', 'pending', null]]);
  });

  it('holds listings to the categories given: others are refused, and neither the filter nor the form offers them', async () => {
    const cafes = await json(await post('/directory/build', { prompt: 'Cafes only', listings: cafesCsv, categories: ['Cafe'] }));
    expect(cafes.categories).toEqual(['Cafe']);
    expect(cafes.submission.json_schema.properties.category.enum).toEqual(['Cafe']);
    expect(cafes.listings.items.map((item: any) => item.name)).toEqual(['Green Bean']);
    expect(cafes.meta.rejected.filter((entry: any) => entry.reasons.some((reason: string) => reason.startsWith('category')))).toEqual([
      { row: 2, name: 'Leaf & Loaf', reasons: ['category: must be one of "Cafe"'] },
      { row: 3, name: 'Tofu House', reasons: ['category: must be one of "Cafe"'] },
      { row: 4, name: 'Root Bar', reasons: ['category: must be one of "Cafe"'] },
    ]);
    const html = await (await fetch(cafes.site.preview_url)).text();
    expect(html).not.toContain('Bakery');
    expect(html).not.toContain('Restaurant');
  });

  it('rate-limits the submission endpoint', async () => {
    const other = await json(await post('/directory/build', { prompt: 'Limits test', listings: cafesJson }));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await form(`${other.site.preview_url}/submit`, { name: `Place ${i}` }, { accept: 'application/json' })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('ships empty with a "Submit yours" path when no listings are given, inventing nothing', async () => {
    const empty = await json(await post('/directory/build', { prompt: 'Dog groomers in Porto' }));
    expect(empty.listings).toEqual({ total: 0, items: [], claims: [] });
    expect(empty.schema.fields.map((field: Field) => field.name)).toEqual(['name', 'category', 'location', 'description', 'website', 'email']);
    expect(empty.meta.missing[0]).toContain('listings: none given');
    expect(empty.monetization.tiers.every((tier: any) => tier.tier === 'free' || tier.amount === null)).toBe(true);
    expect(empty.monetization.operations).toEqual([]);
    const html = await (await fetch(empty.site.preview_url)).text();
    expect(html).toContain('No listings yet. Be the first: submit yours below.');
    expect(html).toContain('id="submit"');
    expect(names(html)).toEqual([]);
    expect(empty.site.html).toBe(html);
  });

  it('revises honestly: nothing changed makes no version; added listings are checked; paid tiers need a currency', async () => {
    const id = built.directory_id;
    const same = await json(await post('/directory/revise', { directory_id: id, changes: { title: 'Vegan places in Lisbon' } }));
    expect(same).toMatchObject({ changed: false, version: 2 });
    const added = await json(
      await post('/directory/revise', {
        directory_id: id,
        changes: {
          add_listings: [
            { name: 'Kale Club', category: 'Cafe' },
            { name: 'Nope', category: 'Car wash' },
          ],
        },
      }),
    );
    expect(added).toMatchObject({ changed: true, version: 3, applied: ['1 listings added'] });
    expect(added.meta.rejected).toEqual([{ row: 2, name: 'Nope', reasons: ['category: must be one of "Bakery", "Cafe", "Restaurant"'] }]);
    const tofu = added.listings.items.find((item: any) => item.name === 'Tofu House');
    expect(tofu.listing_id).toBe(built.listings.items.find((item: any) => item.name === 'Tofu House').listing_id);
    const noCurrency = await post('/directory/revise', { directory_id: id, changes: { monetization: { featured_price: 10 } } });
    expect(noCurrency.status).toBe(400);
    expect((await json(noCurrency)).error.message).toContain('monetization.currency');
  });

  it('takes new categories alone, and stops offering a filter with too many values', async () => {
    const directory = await json(await post('/directory/build', { prompt: 'Categories test', listings: cafesJson }));
    expect(directory.categories).toEqual(['Bakery', 'Cafe', 'Restaurant']);
    const revised = await json(await post('/directory/revise', { directory_id: directory.directory_id, changes: { categories: ['Cafe', 'Bakery'] } }));
    expect(revised.categories).toEqual(['Bakery', 'Cafe']);
    expect(revised.schema.fields.find((field: Field) => field.name === 'category').options).toEqual(['Bakery', 'Cafe']);
    // Tofu House is a restaurant: it no longer fits, and says so.
    expect(revised.listings.total).toBe(2);
    expect(revised.meta.rejected).toEqual([{ row: 3, name: 'Tofu House', reasons: ['category: must be one of "Bakery", "Cafe"'] }]);
    const places = Array.from({ length: 45 }, (_, i) => ({ name: `Spot ${i}`, location: `Street ${i}` }));
    const wide = await json(await post('/directory/build', { prompt: 'Many places', listings: places }));
    expect(wide.meta.warnings).toEqual(['location: more than 40 different values, so it is not offered as a filter; it is still searched as text.']);
    const html = await (await fetch(wide.site.preview_url)).text();
    expect(html).not.toContain('id="filter-location"');
    expect((await (await fetch(`${wide.site.preview_url}?q=street`)).text()).match(/class="card listing/g)).toHaveLength(30);
  });

  it('refuses a directory whose page would pass the size budget, storing nothing', async () => {
    const fields = Array.from({ length: 30 }, (_, i) => ({ name: i ? `field_${i}` : 'name', label: `A rather long label for field number ${i} of this directory`.slice(0, 80) }));
    const listings = Array.from({ length: 40 }, (_, i) => ({ name: `${'Long name '.repeat(19)}${i}` }));
    const response = await post('/directory/build', { prompt: 'Too big', fields, listings });
    expect(response.status).toBe(422);
    expect((await json(response)).error.message).toMatch(/^The directory page would be \d+ KB; pages are limited to 60 KB\./);
  });

  it('refuses bad input with the field path, never a 500', async () => {
    const cases = [
      { prompt: 'x' },
      { prompt: 'Cafes', listings: '[{"name": ' },
      { prompt: 'Cafes', fields: [{ name: 'Bad Name' }] },
      { prompt: 'Cafes', monetization: { currency: 'EUR', featured_price: '1.234' } },
      { prompt: 'Cafes', listings: 'name,b\n"unclosed,2' },
    ];
    for (const body of cases) {
      const response = await post('/directory/build', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.code).toBe('invalid_input');
    }
  });

  it('answers the placement checkout with 503 when no payment processor is configured', async () => {
    const listing = built.listings.items[0];
    const response = await form(`${built.site.preview_url}/listings/${listing.listing_id}/feature`, { tier: 'featured' });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('Payments are not available');
  });
});
