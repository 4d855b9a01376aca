import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pino from 'pino';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { ConfigError, loadConfig, type MailConfig } from '../../src/config.js';
import { defineOutcome } from '../../src/kernel/outcome.js';
import { defineTool } from '../../src/kernel/tool.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { NodemailerError } from 'nodemailer';
import { requireMail } from '../../src/mail/mail.js';
import { mailFailure, messageIdFor, smtpMailer, transportOptions } from '../../src/mail/smtp.js';
import { capturingLogger, json, tempDir, testConfig } from '../helpers.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { closedPort, silentServer, startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';

const credentials = { user: 'billing-relay', pass: 'hunter2-smtp-Secret/@:' };
const from = 'Acme Billing <billing@acme.example>';
/** A PDF's bytes with every byte value in it, so that any re-encoding would show. */
const pdf = new Uint8Array(
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(20_000), Buffer.from('\n%%EOF\n')]),
);

/** A test-only tool that sends what it is given through ctx.mail: how an outcome uses it. */
const sendTool = defineTool({
  name: 'test_mail_send',
  title: 'Send an email (test tool)',
  description: 'Test-only tool: sends an email through ctx.mail, with the test PDF attached when asked.',
  route: { method: 'POST', path: '/test/mail/send' },
  scope: 'jobs:read',
  cost: 0,
  mode: 'sync',
  effect: 'external',
  input: z.object({
    to: z.array(z.string()).max(60),
    cc: z.array(z.string()).optional(),
    reply_to: z.string().optional(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    attach_pdf: z.boolean().default(false),
    filename: z.string().default('Invoice INV-2026-0001.pdf'),
    idempotency_key: z.string().optional(),
  }),
  output: z.object({ message_id: z.string(), accepted: z.array(z.string()), rejected: z.array(z.string()) }),
  async run(input, ctx) {
    const mail = requireMail(ctx);
    const receipt = await mail.send(
      {
        to: input.to,
        cc: input.cc,
        replyTo: input.reply_to,
        subject: input.subject,
        text: input.text,
        html: input.html,
        attachments: input.attach_pdf ? [{ filename: input.filename, contentType: 'application/pdf', content: pdf }] : [],
        idempotencyKey: input.idempotency_key,
      },
      { signal: ctx.signal },
    );
    return { message_id: receipt.messageId, accepted: receipt.accepted, rejected: receipt.rejected, next_actions: [] };
  },
});

const mailOutcome = defineOutcome({ name: 'test_mail', tools: [sendTool] });

type MailApp = App & { post: (body: Record<string, unknown>) => Promise<Response> };

const apps: App[] = [];
const servers: http.Server[] = [];

/**
 * The app with the test tool, its HTTP app on a loopback port. Served without `listen()`: these
 * calls run no job and no compute task, so neither the job worker nor the compute threads start.
 */
async function startMailApp(env: Record<string, string>, log?: pino.Logger): Promise<MailApp> {
  const app = await createApp({ config: testConfig(env), modules: [...testModules, mailOutcome], taskModules: testTaskModules, log });
  apps.push(app);
  const owner = await app.bootstrap();
  const server = http.createServer(await app.httpApp());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (body: Record<string, unknown>) =>
    fetch(`${url}/api/agents/test/mail/send`, { method: 'POST', headers: { authorization: `Bearer ${owner!.secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return Object.assign(app, { post });
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('configuration', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: tempDir(), ...extra });
  const refusal = (extra: Record<string, string>) => {
    try {
      loadConfig(env(extra));
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('no ConfigError');
  };

  it('reads SMTP_URL, SMTP_FROM and SMTP_TIMEOUT_SECONDS', () => {
    expect(loadConfig(env({ SMTP_URL: 'smtps://relay%40acme:p%40ss%3Aword@smtp.acme.example', SMTP_FROM: from, SMTP_TIMEOUT_SECONDS: '7' })).mail).toEqual({
      host: 'smtp.acme.example',
      port: 465,
      secure: true,
      user: 'relay@acme',
      password: 'p@ss:word',
      from: { name: 'Acme Billing', address: 'billing@acme.example' },
      timeoutMs: 7000,
    });
    expect(loadConfig(env({ SMTP_URL: 'smtp://[::1]', SMTP_FROM: 'billing@acme.example' })).mail).toMatchObject({
      host: '::1',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
      from: { name: '', address: 'billing@acme.example' },
      timeoutMs: 15_000,
    });
    expect(loadConfig(env({ SMTP_URL: 'smtp://mail:2525', SMTP_FROM: '"Acme, Inc." <billing@acme.example>' })).mail?.from).toEqual({ name: 'Acme, Inc.', address: 'billing@acme.example' });
  });

  it('without SMTP_URL there is no mail', () => {
    expect(loadConfig(env({})).mail).toBeUndefined();
  });

  it('refuses a bad SMTP_URL naming the variable, never showing it', () => {
    for (const url of [
      'not a url s3cret-pw',
      'http://user:s3cret-pw@smtp.acme.example',
      'smtp://user@smtp.acme.example',
      'smtp://:s3cret-pw@smtp.acme.example',
      'smtp://user:s3cret-pw@smtp.acme.example/inbox?tls=no',
      'smtp://user:s3cret%zz@host',
    ]) {
      const message = refusal({ SMTP_URL: url, SMTP_FROM: from });
      expect(message).toContain('SMTP_URL=(value hidden): ');
      expect(message).not.toContain('s3cret');
    }
    expect(refusal({ SMTP_URL: 'smtp://user@smtp.acme.example', SMTP_FROM: from })).toContain('has a user name but no password');
  });

  it('requires SMTP_FROM with SMTP_URL, as an address, and not without it', () => {
    expect(refusal({ SMTP_URL: 'smtp://smtp.acme.example' })).toContain('SMTP_FROM: required with SMTP_URL');
    for (const bad of ['Acme Billing', 'billing@', 'Acme <billing>', 'Acme\r\nBcc: x@evil.example <billing@acme.example>', 'a@acme.example, b@acme.example']) {
      expect(refusal({ SMTP_URL: 'smtp://smtp.acme.example', SMTP_FROM: bad })).toContain('SMTP_FROM=');
    }
    expect(refusal({ SMTP_FROM: from })).toContain('SMTP_FROM: set without SMTP_URL');
    expect(refusal({ SMTP_URL: 'smtp://smtp.acme.example', SMTP_FROM: from, SMTP_TIMEOUT_SECONDS: '0' })).toContain('SMTP_TIMEOUT_SECONDS="0"');
  });

  it('requires TLS before a password leaves the machine', () => {
    const mail = (url: string) => loadConfig(env({ SMTP_URL: url, SMTP_FROM: from })).mail as MailConfig;
    expect(transportOptions(mail('smtp://u:p@smtp.acme.example')).requireTLS).toBe(true);
    expect(transportOptions(mail('smtps://u:p@smtp.acme.example')).requireTLS).toBe(false);
    expect(transportOptions(mail('smtp://smtp.acme.example:25')).requireTLS).toBe(false);
    expect(transportOptions(mail('smtp://u:p@127.0.0.1:2525')).requireTLS).toBe(false);
    expect(transportOptions(mail('smtp://u:p@localhost:2525'))).toMatchObject({ pool: true, requireTLS: false, logger: false, disableFileAccess: true, disableUrlAccess: true });
  });
});

describe('sending through SMTP_URL', () => {
  let smtp: SmtpServerFixture;

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: credentials, rejectRecipients: ['nobody@customer.example', 'gone@customer.example'] });
  });

  afterAll(async () => {
    await smtp.close();
  });

  afterEach(() => {
    smtp.messages.length = 0;
  });

  const env = () => ({ SMTP_URL: smtp.url(credentials), SMTP_FROM: from });

  it('delivers a message with a PDF attached: From, To, Subject, body and the exact bytes', async () => {
    const app = await startMailApp(env());
    const response = await app.post({
      to: ['Buchhaltung Kunde <ap@customer.example>'],
      cc: ['owner@acme.example'],
      reply_to: 'Acme Support <support@acme.example>',
      subject: 'Rechnung INV-2026-0001 für März — 1.450,00 €',
      text: 'Guten Tag,\n\nanbei die Rechnung.\nPay online: https://pay.example/abc\n',
      html: '<p>Guten Tag, anbei die Rechnung.</p>',
      attach_pdf: true,
      filename: 'Rechnung INV-2026-0001 (März).pdf',
    });
    const result = await json(response);
    expect(response.status).toBe(200);
    expect(result.accepted).toEqual(['ap@customer.example', 'owner@acme.example']);
    expect(result.rejected).toEqual([]);
    expect(result.message_id).toMatch(/^<[0-9a-f-]+@acme\.example>$/);

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.user).toBe(credentials.user);
    expect(mail!.envelope).toEqual({ from: 'billing@acme.example', to: ['ap@customer.example', 'owner@acme.example'] });
    expect(mail!.header('from')).toBe('Acme Billing <billing@acme.example>');
    expect(mail!.header('to')).toBe('Buchhaltung Kunde <ap@customer.example>');
    expect(mail!.header('cc')).toBe('owner@acme.example');
    expect(mail!.header('reply-to')).toBe('Acme Support <support@acme.example>');
    expect(mail!.subject).toBe('Rechnung INV-2026-0001 für März — 1.450,00 €');
    expect(mail!.header('message-id')).toBe(result.message_id);
    expect(mail!.header('date')).toBeDefined();
    expect(mail!.headerNames).not.toContain('x-mailer');
    // On the wire a line ends in CRLF (RFC 5322); the text is otherwise as given.
    expect(mail!.text?.replace(/\r\n/g, '\n')).toBe('Guten Tag,\n\nanbei die Rechnung.\nPay online: https://pay.example/abc\n');
    expect(mail!.html).toBe('<p>Guten Tag, anbei die Rechnung.</p>');
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments;
    expect(attachment!.filename).toBe('Rechnung INV-2026-0001 (März).pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(Buffer.compare(attachment!.content, Buffer.from(pdf))).toBe(0);
  });

  it('gives a retried send the same Message-ID (from its idempotency key), another delivery another one', async () => {
    const app = await startMailApp(env());
    const send = async (key: string) => (await json(await app.post({ to: ['ap@customer.example'], subject: 'Invoice', text: 'Hello', idempotency_key: key }))).message_id as string;
    const first = await send('inv_01ABC:send:1');
    expect(await send('inv_01ABC:send:1')).toBe(first);
    expect(await send('inv_01ABC:send:2')).not.toBe(first);
    expect(first).toMatch(/^<[0-9a-f]{40}@acme\.example>$/);
    expect(first).not.toContain('inv_01ABC');
    expect(smtp.messages.map((mail) => mail.header('message-id'))).toEqual([first, first, expect.not.stringMatching(first)]);
    expect(messageIdFor('inv_01ABC:send:1', 'billing@acme.example')).toBe(first);
  });

  it('cannot be made to add headers or recipients: line breaks in the subject or the filename stay text, in an address they are refused', async () => {
    const app = await startMailApp(env());
    const response = await app.post({
      to: ['ap@customer.example'],
      subject: 'Invoice\r\nBcc: victim@evil.example\r\nX-Injected: yes',
      text: 'Hello',
      attach_pdf: true,
      filename: 'a.pdf"\r\nX-Injected: yes\r\n\r\nbody',
    });
    expect(response.status).toBe(200);
    const [mail] = smtp.messages;
    expect(mail!.envelope.to).toEqual(['ap@customer.example']);
    expect(mail!.headerNames).not.toContain('bcc');
    expect(mail!.headerNames).not.toContain('x-injected');
    expect(mail!.raw.toString('latin1')).not.toMatch(/\r\n(Bcc|X-Injected):/i);
    expect(mail!.subject).toBe('Invoice Bcc: victim@evil.example X-Injected: yes');
    expect(mail!.attachments[0]).toMatchObject({ filename: 'a.pdf" X-Injected: yes body', contentType: 'application/pdf' });
    expect(mail!.attachments[0]!.content.equals(Buffer.from(pdf))).toBe(true);

    for (const to of ['ap@customer.example\r\nBcc: victim@evil.example', 'ap@customer.example, victim@evil.example', 'not an address']) {
      const refused = await app.post({ to: [to], subject: 'x', text: 'y' });
      expect(refused.status).toBe(400);
      expect((await json(refused)).error.message).toContain('to[0]: ');
    }
    const replyTo = await app.post({ to: ['ap@customer.example'], reply_to: 'a@acme.example\nBcc: victim@evil.example', subject: 'x', text: 'y' });
    expect((await json(replyTo)).error.message).toContain('replyTo: ');
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends to international domain names', async () => {
    const app = await startMailApp(env());
    const response = await app.post({ to: ['Jürgen Müller <buchhaltung@müller.example>'], subject: 'Rechnung', text: 'Hallo' });
    expect(response.status).toBe(200);
    // As UTF-8 to a server that offers SMTPUTF8 (this one does), else in its ASCII form.
    const domain = /^buchhaltung@(müller|xn--mller-kva)\.example$/;
    expect(smtp.messages[0]!.envelope.to).toEqual([expect.stringMatching(domain)]);
    expect(smtp.messages[0]!.header('to')).toMatch(/^Jürgen Müller <buchhaltung@(müller|xn--mller-kva)\.example>$/);
  });

  it('names the recipients the server refuses: every one refused is a 422, some refused are reported beside the delivery', async () => {
    const app = await startMailApp(env());
    const refused = await app.post({ to: ['nobody@customer.example', 'gone@customer.example'], subject: 'Invoice', text: 'Hello' });
    const body = await json(refused);
    expect(refused.status).toBe(422);
    expect(body.error.code).toBe('unprocessable');
    expect(body.error.message).toContain('refused every recipient: nobody@customer.example (550');
    expect(body.error.message).toContain('gone@customer.example (550');
    expect(body.error.message).toContain('No such user');
    expect(body.error.details.rejected.map((each: { address: string }) => each.address)).toEqual(['nobody@customer.example', 'gone@customer.example']);
    expect(smtp.messages).toHaveLength(0);

    const partly = await json(await app.post({ to: ['ap@customer.example', 'nobody@customer.example'], subject: 'Invoice', text: 'Hello' }));
    expect(partly.accepted).toEqual(['ap@customer.example']);
    expect(partly.rejected).toEqual(['nobody@customer.example']);
    expect(smtp.messages.map((mail) => mail.envelope.to)).toEqual([['ap@customer.example']]);
  });

  it('says the credentials were refused, without them', async () => {
    const { log, lines } = capturingLogger();
    const app = await startMailApp({ ...env(), SMTP_URL: smtp.url({ user: credentials.user, pass: 'wrong-Secret-pw' }) }, log);
    const response = await app.post({ to: ['ap@customer.example'], subject: 'Invoice', text: 'Hello' });
    const body = await json(response);
    expect(response.status).toBe(502);
    expect(body.error.code).toBe('upstream_error');
    expect(body.error.message).toContain('refused the SMTP credentials in SMTP_URL (535');
    for (const text of [JSON.stringify(body), lines.join('\n')]) {
      expect(text).not.toContain('wrong-Secret-pw');
      expect(text).not.toContain(base64('wrong-Secret-pw'));
    }
    expect(smtp.authAttempts.at(-1)).toEqual({ user: credentials.user, ok: false });
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('fails fast with upstream_error when nothing listens, with no password in the answer or the logs', async () => {
    const { log, lines } = capturingLogger();
    const port = await closedPort();
    const app = await startMailApp({ SMTP_URL: `smtp://${credentials.user}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`, SMTP_FROM: from, SMTP_TIMEOUT_SECONDS: '3' }, log);
    const started = Date.now();
    const response = await app.post({ to: ['ap@customer.example'], subject: 'Invoice', text: 'Hello', attach_pdf: true });
    const elapsed = Date.now() - started;
    const body = await json(response);
    expect(response.status).toBe(502);
    expect(body.error).toMatchObject({ code: 'upstream_error', details: { transport: 'smtp', type: 'unreachable' } });
    expect(body.error.message).toBe('Could not reach the mail server: the connection was refused. Nothing was sent; retrying is safe.');
    expect(elapsed).toBeLessThan(3000);
    const logged = lines.join('\n');
    expect(logged).toContain('email not sent');
    for (const text of [JSON.stringify(body), logged]) {
      for (const form of [credentials.pass, encodeURIComponent(credentials.pass), base64(credentials.pass)]) expect(text).not.toContain(form);
    }
  });

  it('gives up on a server that never answers after SMTP_TIMEOUT_SECONDS', async () => {
    const silent = await silentServer();
    try {
      const { log, lines } = capturingLogger();
      const app = await startMailApp({ SMTP_URL: `smtp://${credentials.user}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${silent.port}`, SMTP_FROM: from, SMTP_TIMEOUT_SECONDS: '1' }, log);
      const started = Date.now();
      const response = await app.post({ to: ['ap@customer.example'], subject: 'Invoice', text: 'Hello' });
      const elapsed = Date.now() - started;
      const body = await json(response);
      expect(response.status).toBe(502);
      expect(body.error).toMatchObject({ code: 'upstream_error', details: { type: 'timeout', timeout_ms: 1000 } });
      expect(body.error.message).toContain('did not answer within 1 s (SMTP_TIMEOUT_SECONDS)');
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(2500);
      expect(lines.join('\n')).not.toContain(credentials.pass);
    } finally {
      await silent.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('hands tools a null ctx.mail, and requireMail answers 422 mail_not_configured', async () => {
    const app = await startMailApp({});
    const response = await app.post({ to: ['ap@customer.example'], subject: 'Invoice', text: 'Hello' });
    const body = await json(response);
    expect(response.status).toBe(422);
    expect(body.error.code).toBe('mail_not_configured');
    expect(body.error.message).toContain('SMTP_URL');
    expect(() => requireMail({ mail: null })).toThrow(OutcomeError);
  });
});

describe('the mailer alone', () => {
  it('sends with a config built from the environment, and closes', async () => {
    const smtp = await startSmtpServer();
    try {
      const { log } = capturingLogger();
      const mail = loadConfig({ DATA_DIR: tempDir(), SMTP_URL: smtp.url(), SMTP_FROM: 'billing@acme.example' }).mail as MailConfig;
      const mailer = smtpMailer(mail, { log, now: () => new Date('2026-11-23T10:00:00Z') });
      const receipt = await mailer.send({ to: ['ap@customer.example'], subject: 'Hello', text: 'Plain' });
      expect(receipt.accepted).toEqual(['ap@customer.example']);
      expect(smtp.messages[0]!.header('date')).toBe('Mon, 23 Nov 2026 10:00:00 +0000');
      expect(smtp.messages[0]!.user).toBeUndefined();
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('keeps every form of the password out of what it says about a failure', () => {
    const mail = loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'smtps://relay:pa55-Word@smtp.acme.example', SMTP_FROM: from }).mail as MailConfig;
    const echoed = Object.assign(new Error('Invalid login'), {
      code: 'EAUTH',
      responseCode: 535,
      response: `535 5.7.8 rejected pa55-Word ${base64('pa55-Word')} ${base64('\0relay\0pa55-Word')}`,
    }) as NodemailerError;
    const failure = mailFailure(echoed, mail, false);
    expect(failure.code).toBe('upstream_error');
    expect(JSON.stringify(failure.toEnvelope())).not.toMatch(/pa55-Word|cGE1NS1Xb3Jk|AHJlbGF5AHBhNTUtV29yZA/);
    expect(failure.message).toContain('[redacted]');
  });
});
