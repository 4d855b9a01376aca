import { afterAll, beforeAll } from 'vitest';
import { settleJobs, startApp, type StartedApp } from '../helpers.js';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';

/** The outreach tests' campaign: a bookkeeper writing to dental clinics in Berlin. */
export const prompt = 'Ledgerly does the books of dental clinics: monthly bookkeeping, payroll and VAT returns. Ideal customer: owners of dental clinics in Berlin.';
export const sender = { name: 'Sam Lee', company: 'Ledgerly', address: 'Torstraße 1, 10119 Berlin', calendar_url: 'https://cal.example.com/sam', reply_to: 'sam@ledgerly.example' };

export const post = (app: StartedApp, route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * An app with a plan and a real SMTP server, on a clock the test moves (`moveTo`), for the describe block that
 * calls it: `settle` waits until no job is running or due, `mailTo` is what an address received.
 */
export function sendingApp(start: string) {
  const fixture = {
    clock: Date.parse(start),
    app: undefined as unknown as StartedApp,
    smtp: undefined as unknown as SmtpServerFixture,
    moveTo(at: string) {
      fixture.clock = Date.parse(at);
    },
    mailTo: (address: string) => fixture.smtp.messages.filter((message) => message.envelope.to.includes(address)),
    settle: () => settleJobs(fixture.app, fixture.clock),
  };
  beforeAll(async () => {
    fixture.smtp = await startSmtpServer();
    fixture.app = await startApp({ AUTH_MAX_FAILURES: '100000', SMTP_URL: fixture.smtp.url(), SMTP_FROM: 'sam@ledgerly.example' }, { now: () => new Date(fixture.clock) });
    await fixture.app.access.accounts.activatePlan(fixture.app.accountId, 'starter', 1_000_000);
  });
  afterAll(async () => {
    await fixture.app.close();
    await fixture.smtp.close();
  });
  return fixture;
}
