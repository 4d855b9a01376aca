import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, pollUntil, settleJobs, startApp, type StartedApp } from '../helpers.js';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { potteryCourse, potteryTiers } from './fixtures.js';

/**
 * The onboarding drip delivered through the job queue and a real SMTP server, on a clock the test moves:
 * each email on its day, once, only while the member still has access, and the ones events send when they happen.
 */

const DAY_MS = 86_400_000;
const day0 = Date.parse('2026-11-02T10:00:00.000Z');

describe('onboarding emails on the job queue', () => {
  let clock = day0;
  let app: StartedApp;
  let smtp: SmtpServerFixture;
  let stripe: FakeStripe;
  const at = (days: number, hours = 0) => {
    clock = day0 + days * DAY_MS + hours * 3_600_000;
  };
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const webhook = (type: string, object: Record<string, unknown>, id?: string) => sendStripeEvent(app.url, stripeEvent(type, object, { id, created: Math.floor(clock / 1000) }));
  const mailTo = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address));
  const subjectsTo = (address: string) => mailTo(address).map((message) => message.subject);
  /** Waits until no job is due or running on the test's clock: what was going to be sent by now has been. */
  const settle = () => settleJobs(app, clock);
  const build = async () =>
    (await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR', drip: { mode: 'every_n_days', days: 7 }, brand: { name: 'Clay & Co' } })))
      .membership_id as string;
  /** Signs in through the emailed one-time link, as a member would. */
  const signIn = async (membershipId: string, email: string) => {
    const before = mailTo(email).length;
    await fetch(`${app.url}/m/${membershipId}/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${encodeURIComponent(email)}` });
    // The welcome from the queue may land in between: the link is the first new message that carries one.
    const signInLink = /(https?:\/\/\S+\/login\?token=\S+)/;
    const message = await pollUntil(async () =>
      mailTo(email)
        .slice(before)
        .find((sent) => signInLink.test(sent.text ?? '')),
    );
    const link = signInLink.exec(message.text ?? '')?.[1] as string;
    const token = new URL(link).searchParams.get('token') as string;
    const redeemed = await fetch(`${app.url}/m/${membershipId}/login/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    return (redeemed.headers.get('set-cookie') ?? '').split(';')[0] as string;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    stripe = await startFakeStripe();
    app = await startApp(
      {
        AUTH_MAX_FAILURES: '100000',
        SMTP_URL: smtp.url(),
        SMTP_FROM: 'courses@clay.example',
        ...stripeEnv(stripe),
      },
      { now: () => new Date(clock) },
    );
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await stripe.close();
  });

  it('sends each email on its day and once: welcome at once, lessons as they open, a module finished on completion', async () => {
    at(0);
    const id = await build();
    const granted = await json(await post('/membership/members', { membership_id: id, action: 'grant', email: 'ana@example.com' }));
    expect(granted.emailed).toEqual(['sign-in link']);
    expect(granted.scheduled).toEqual(['welcome', 'unlocked-m1-l3', 'unlocked-m2-l1', 'inactive-7d']);
    await settle();
    // The link goes out with the call, the welcome from the queue: in either order.
    expect(subjectsTo('ana@example.com').sort()).toEqual(['Welcome to Pottery basics', 'Your sign-in link for Pottery basics']);
    const welcome = mailTo('ana@example.com').find((message) => message.subject?.startsWith('Welcome'));
    expect(welcome?.text).toContain('“Wedging clay” (12 minutes)');
    expect(welcome?.html).toContain(`${app.url}/m/${id}`);

    // Granting again schedules nothing new and sends no second welcome.
    expect((await json(await post('/membership/members', { membership_id: id, action: 'grant', email: 'ana@example.com' }))).scheduled).toEqual([]);

    // She signs in on day 5.
    at(5);
    const cookie = await signIn(id, 'ana@example.com');
    // Day 7 (9 November), 06:00 UTC: "Centering the wheel" opened at midnight; its email waits for the morning.
    at(6, 20);
    await settle();
    expect(subjectsTo('ana@example.com').filter((subject) => subject?.startsWith('Now open'))).toEqual([]);
    // 10:00: announced; and the week-away check (a week after she joined) finds her visit of day 5 and sends nothing.
    at(7);
    await settle();
    expect(subjectsTo('ana@example.com').filter((subject) => !subject?.startsWith('Your sign-in link'))).toEqual(['Welcome to Pottery basics', 'Now open: Centering the wheel']);

    // Completing the module's last lesson sends "Module done" at once; completing it again sends nothing more.
    for (let n = 0; n < 2; n++) await fetch(`${app.url}/m/${id}/lessons/m1-l3/complete`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    await settle();
    expect(subjectsTo('ana@example.com').filter((subject) => subject === 'Module done: Getting started')).toHaveLength(1);

    // Away for a week after her last visit: one reminder, not one a day.
    at(14, 2);
    await settle();
    at(20);
    await settle();
    const reminders = subjectsTo('ana@example.com').filter((subject) => subject === 'Pick up Pottery basics where you left off');
    expect(reminders).toHaveLength(1);
    expect(subjectsTo('ana@example.com')).toContain('Now open: Your first bowl');
    // Every email went out once.
    const subjects = subjectsTo('ana@example.com').filter((subject) => !subject?.startsWith('Your sign-in link'));
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('sends nothing more to a member whose access ended, and starts again for one who comes back', async () => {
    at(0);
    const id = await build();
    await post('/membership/members', { membership_id: id, action: 'grant', email: 'bo@example.com' });
    await settle();
    await post('/membership/members', { membership_id: id, action: 'revoke', email: 'bo@example.com' });
    at(15);
    await settle();
    expect(subjectsTo('bo@example.com').sort()).toEqual(['Welcome to Pottery basics', 'Your sign-in link for Pottery basics']);
    // Granted again on day 15: a new start, a new welcome.
    const again = await json(await post('/membership/members', { membership_id: id, action: 'grant', email: 'bo@example.com' }));
    expect(again.members[0].start_date).toBe('2026-11-17');
    await settle();
    expect(subjectsTo('bo@example.com').filter((subject) => subject === 'Welcome to Pottery basics')).toHaveLength(2);
  });

  it('welcomes a member who paid through Stripe once, however often the event comes, and writes once per failed-payment grace period', async () => {
    at(0);
    stripe.reset();
    const built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR', execute: true }));
    const session = {
      id: 'cs_d1',
      object: 'checkout.session',
      payment_link: stripe.links[0]?.id,
      payment_status: 'paid',
      customer: 'cus_d1',
      subscription: 'sub_d1',
      customer_details: { email: 'cy@example.com' },
    };
    expect((await webhook('checkout.session.completed', session, 'evt_paid')).status).toBe(200);
    expect((await webhook('checkout.session.completed', session, 'evt_paid_again')).status).toBe(200);
    await settle();
    expect(subjectsTo('cy@example.com')).toEqual(['Welcome to Pottery basics']);
    expect(mailTo('cy@example.com')[0]?.text).toContain(`/m/${built.membership_id}`);
    // The paying member manages billing in Stripe's customer portal, for their own customer.
    const cookie = await signIn(built.membership_id, 'cy@example.com');
    const billing = await fetch(`${app.url}/m/${built.membership_id}/billing`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    expect(billing.status).toBe(303);
    const portal = stripe.requests.find((request) => request.path === '/v1/billing_portal/sessions');
    expect(portal?.form).toEqual({ customer: 'cus_d1', return_url: `${app.url}/m/${built.membership_id}` });
    expect(billing.headers.get('location')).toMatch(/^https:\/\/billing\.stripe\.com\//);

    at(30);
    await webhook('invoice.payment_failed', { id: 'in_d1', parent: { subscription_details: { subscription: 'sub_d1' } } });
    await webhook('invoice.payment_failed', { id: 'in_d1_retry', parent: { subscription_details: { subscription: 'sub_d1' } } });
    await settle();
    expect(subjectsTo('cy@example.com').filter((subject) => subject === 'Your payment for Pottery basics did not go through')).toHaveLength(1);
  });

  it('announces a lesson that waits for a completion once it is completed and its day has come', async () => {
    at(0);
    const id = (
      await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR', drip: { mode: 'after_previous', min_days: 2 }, brand: { name: 'Clay & Co' } }))
    ).membership_id as string;
    const granted = await json(await post('/membership/members', { membership_id: id, action: 'grant', email: 'ed@example.com' }));
    // Nothing falls on a day: each lesson waits for the one before.
    expect(granted.scheduled).toEqual(['welcome', 'inactive-7d']);
    const cookie = await signIn(id, 'ed@example.com');
    await fetch(`${app.url}/m/${id}/lessons/m1-l2/complete`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    at(1);
    await settle();
    expect(subjectsTo('ed@example.com').filter((subject) => subject?.startsWith('Now open'))).toEqual([]);
    // Day 2, after 09:00 UTC: completed and two days on, "Centering the wheel" opens, and is announced.
    at(2);
    await settle();
    expect(subjectsTo('ed@example.com').filter((subject) => subject?.startsWith('Now open'))).toEqual(['Now open: Centering the wheel']);
  });

  it('after a revision, sends the days still ahead as the course now stands', async () => {
    at(0);
    const id = await build();
    await post('/membership/members', { membership_id: id, action: 'grant', email: 'di@example.com' });
    await settle();
    // Weekly becomes every 3 days: "Centering the wheel" now opens on day 3, "Your first bowl" on day 6.
    at(1);
    const revised = await json(await post('/membership/revise', { membership_id: id, changes: [{ op: 'set_drip', drip: { mode: 'every_n_days', days: 3 } }] }));
    expect(revised.changed, JSON.stringify(revised.unapplied)).toBe(true);
    at(3);
    await settle();
    expect(subjectsTo('di@example.com')).toContain('Now open: Centering the wheel');
    at(8);
    await settle();
    const announced = subjectsTo('di@example.com').filter((subject) => subject?.startsWith('Now open'));
    expect(announced).toEqual(['Now open: Centering the wheel', 'Now open: Your first bowl']);
  });
});
