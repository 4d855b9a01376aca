import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { domainToASCII } from 'node:url';
import nodemailer from 'nodemailer';
import type { NodemailerError, SendMailOptions, SMTPPoolOptions } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { OutcomeError } from '../kernel/errors.js';
import { quote } from '../kernel/quote.js';
import type { Log, Mailer, MailMessage, MailReceipt } from '../kernel/context.js';
import type { MailConfig } from '../config.js';

/** Recipients (to and cc together) of one message: mail from this service goes to a customer or two, never to a list. */
export const maxRecipients = 50;

/** A media type without parameters: `application/pdf`, `text/calendar`. */
const mediaType = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** An ASCII local part at a domain, international domain names included (checked in their ASCII form, as they are sent). */
function isEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? domainToASCII(address.slice(at + 1)) : '';
  return domain !== '' && z.email().safeParse(`${address.slice(0, at)}@${domain}`).success;
}

/** Whether credentials may go to `host` before TLS: only on the machine itself (a local relay, a test server). */
function isLoopback(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return net.isIPv6(host) && (host === '::1' || host === '0:0:0:0:0:0:0:1');
}

/** The pooled transport's options: every wait bounded by the timeout, no logging of the SMTP dialogue (it carries AUTH). */
export function transportOptions(config: MailConfig): SMTPPoolOptions & { pool: true } {
  return {
    pool: true,
    host: config.host,
    port: config.port,
    secure: config.secure,
    // smtp:// upgrades with STARTTLS when the server offers it; a password leaves the machine only inside TLS.
    requireTLS: !config.secure && config.user !== undefined && !isLoopback(config.host),
    ...(config.user !== undefined ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    dnsTimeout: config.timeoutMs,
    maxConnections: 5,
    maxMessages: 100,
    // A connection that drops mid-message gets one more try (the same Message-ID), then the send fails.
    maxRequeues: 1,
    idleTimeout: 60_000,
    logger: false,
    debug: false,
    // Content is bytes the caller holds: nothing is ever read from a path or fetched from a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * The Message-ID: `<hash@from-domain>`. With an idempotency key it is derived from the key
 * (SHA-256, so the key itself is not shown), so the same delivery sent twice carries the same
 * Message-ID; without one it is random.
 */
export function messageIdFor(idempotencyKey: string | undefined, fromAddress: string): string {
  const domain = domainToASCII(fromAddress.slice(fromAddress.lastIndexOf('@') + 1)) || 'localhost';
  const local = idempotencyKey === undefined ? randomUUID() : createHash('sha256').update(`agent-outcomes mail\n${idempotencyKey}`).digest('hex').slice(0, 40);
  return `<${local}@${domain}>`;
}

/** One address per entry, or invalid_input naming the field. */
function address(value: string, field: string): { name: string; address: string } {
  const parsed = /[\r\n]/.test(value) ? [] : addressparser(value, { flatten: true });
  const [first] = parsed;
  if (parsed.length !== 1 || !first?.address || !isEmail(first.address)) {
    throw new OutcomeError('invalid_input', `${field}: ${quote(value)} is not one email address; give one per entry, as a@example.com or "Name <a@example.com>".`, {
      details: { issues: [{ path: field, code: 'invalid_format', message: 'not one email address' }] },
    });
  }
  return { name: first.name, address: first.address };
}

function attachmentOf(attachment: NonNullable<MailMessage['attachments']>[number], index: number) {
  // A tool's attachments are its own: a bad one is a bug in the tool, not the caller's input.
  if (!mediaType.test(attachment.contentType)) throw new Error(`attachments[${index}].contentType ${quote(attachment.contentType)} is not a media type such as application/pdf`);
  if (!attachment.filename.trim()) throw new Error(`attachments[${index}].filename is empty`);
  const { content } = attachment;
  // Control characters (line breaks above all) in a name are spaces: nodemailer would encode them, but no file is named so.
  return {
    filename: attachment.filename.replace(/\p{Cc}+/gu, ' '),
    contentType: attachment.contentType,
    content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    contentDisposition: 'attachment' as const,
  };
}

/** Headers a tool may add (canonical spelling, by lower-case name): RFC 8058 one-click unsubscribe, nothing else. */
const allowedHeaders = new Map(['List-Unsubscribe', 'List-Unsubscribe-Post'].map((name) => [name.toLowerCase(), name]));

function extraHeaders(headers: Record<string, string>): Record<string, string> {
  // A tool's headers are its own, like its attachments: a bad one is a bug in the tool, not the caller's input.
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      const allowed = allowedHeaders.get(name.toLowerCase());
      if (!allowed) throw new Error(`headers: ${quote(name)} is not a header a message may set; only ${[...allowedHeaders.values()].join(' and ')} are`);
      if (/[\r\n]/.test(value)) throw new Error(`headers: the value of ${allowed} contains a line break`);
      return [allowed, value];
    }),
  );
}

/** The message as nodemailer takes it; every header value is encoded by nodemailer, and line breaks in the subject are spaces. */
export function composed(message: MailMessage, config: MailConfig, now: Date, messageId: string): SendMailOptions {
  if (message.to.length === 0) throw new OutcomeError('invalid_input', 'to: give at least one recipient.');
  const to = message.to.map((value, index) => address(value, `to[${index}]`));
  const cc = (message.cc ?? []).map((value, index) => address(value, `cc[${index}]`));
  if (to.length + cc.length > maxRecipients)
    throw new OutcomeError('invalid_input', `One email goes to at most ${maxRecipients} recipients (to and cc together); this one names ${to.length + cc.length}.`);
  return {
    from: config.from,
    to,
    ...(cc.length ? { cc } : {}),
    ...(message.replyTo !== undefined ? { replyTo: address(message.replyTo, 'replyTo') } : {}),
    subject: message.subject.replace(/[\r\n]+/g, ' '),
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    attachments: (message.attachments ?? []).map(attachmentOf),
    ...(message.headers !== undefined ? { headers: extraHeaders(message.headers) } : {}),
    messageId,
    date: now,
    xMailer: false,
  };
}

/** The password as it could appear in any text: plain, percent-encoded, base64 (AUTH LOGIN) and inside AUTH PLAIN's token. */
function secretForms(config: MailConfig): string[] {
  const { user, password } = config;
  if (!password) return [];
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return [password, encodeURIComponent(password), b64(password), b64(`\0${user ?? ''}\0${password}`), b64(`${user ?? ''}\0${user ?? ''}\0${password}`)];
}

/** A server's reply or an error's text, on one line, short, with no form of the password in it. */
function said(text: string | undefined, secrets: readonly string[]): string {
  let line = (text ?? '').replace(/\s+/g, ' ').trim();
  for (const secret of secrets) line = line.split(secret).join('[redacted]');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const reachFailures: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'its host name was not found',
  EAI_AGAIN: 'its host name could not be resolved',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
};

const retryable = 'Retrying with the same idempotency key sends the same Message-ID, so a copy that did arrive is recognised.';

/** A nodemailer failure as the API's error: who refused what, and whether to retry; never a form of the password. */
export function mailFailure(error: NodemailerError, config: MailConfig, timedOut: boolean): OutcomeError {
  const secrets = secretForms(config);
  const reply = said(error.response, secrets);
  const base = { transport: 'smtp', code: error.code, ...(error.responseCode ? { smtp_code: error.responseCode } : {}) };
  const upstream = (message: string, details: object = {}) => new OutcomeError('upstream_error', message, { details: { ...base, ...details } });
  const code = error.code ?? '';
  if (timedOut || code === 'ETIMEDOUT') {
    return upstream(`The mail server did not answer within ${config.timeoutMs / 1000} s (SMTP_TIMEOUT_SECONDS); the email may not have been sent. ${retryable}`, {
      type: 'timeout',
      timeout_ms: config.timeoutMs,
    });
  }
  switch (code) {
    case 'ESOCKET':
    case 'EDNS':
    case 'EPROXY': {
      const reason = reachFailures[error.originalCode ?? ''] ?? reachFailures[(error as { errno?: string }).errno ?? ''];
      if (reason) return upstream(`Could not reach the mail server: ${reason}. Nothing was sent; retrying is safe.`, { type: 'unreachable' });
      return upstream(`The connection to the mail server failed (${error.originalCode ?? code}); the email may not have been sent. ${retryable}`, { type: 'connection' });
    }
    case 'ECONNECTION':
      return upstream(`The mail server closed the connection unexpectedly; the email may not have been sent. ${retryable}`, { type: 'connection' });
    case 'ETLS':
    case 'EREQUIRETLS':
      return upstream(
        `Could not secure the connection to the mail server (${said(error.message, secrets)}); nothing was sent. The operator should check SMTP_URL: smtps:// for TLS from the start, smtp:// for STARTTLS.`,
        {
          type: 'tls',
        },
      );
    case 'EAUTH':
    case 'ENOAUTH':
      return upstream(`The mail server refused the SMTP credentials in SMTP_URL${reply ? ` (${reply})` : ''}; nothing was sent. The operator must fix SMTP_URL.`, { type: 'auth' });
    case 'EENVELOPE': {
      if (error.command === 'MAIL FROM') return upstream(`The mail server refused the sender ${config.from.address} (SMTP_FROM): ${reply}. Nothing was sent.`, { type: 'sender' });
      const refusals = error.rejectedErrors ?? [];
      if (error.rejected?.length) {
        const rejected = error.rejected.map((recipient) => ({ address: recipient, reply: said(refusals.find((each) => each.recipient === recipient)?.response, secrets) }));
        const named = rejected.map((each) => `${each.address}${each.reply ? ` (${each.reply})` : ''}`).join(', ');
        // 5xx for every recipient: these addresses will not work; a 4xx is the server asking to try later.
        if (refusals.length > 0 && refusals.every((each) => each.permanent === true)) {
          return new OutcomeError('unprocessable', `The mail server refused every recipient: ${named}. Nothing was sent; check the addresses.`, { details: { ...base, type: 'recipients', rejected } });
        }
        return upstream(`The mail server deferred every recipient for now: ${named}. Nothing was sent; retry later.`, { type: 'recipients', rejected });
      }
      if (error.command === 'API') return new OutcomeError('invalid_input', `The email could not be addressed: ${said(error.message, secrets)}.`);
      return messageRefused(error, reply, base);
    }
    case 'EMESSAGE':
      return messageRefused(error, reply, base);
    case 'EPROTOCOL':
      return upstream(`The mail server answered something unexpected${reply ? ` (${reply})` : ''}; the email may not have been sent. ${retryable}`, { type: 'protocol' });
    case 'EMAXRECIPIENTS':
      return new OutcomeError('invalid_input', `One email goes to at most ${maxRecipients} recipients.`);
    default:
      return upstream(`Sending the email failed (${code || 'unknown error'}); it may not have been sent. ${retryable}`, { type: 'other' });
  }
}

function messageRefused(error: NodemailerError, reply: string, base: object): OutcomeError {
  if (error.permanent === true) {
    return new OutcomeError('unprocessable', `The mail server refused the message${reply ? `: ${reply}` : ''}. Nothing was sent; a smaller or different message may be accepted.`, {
      details: { ...base, type: 'message' },
    });
  }
  return new OutcomeError('upstream_error', `The mail server did not take the message for now${reply ? ` (${reply})` : ''}; nothing was sent. Retry later.`, { details: { ...base, type: 'message' } });
}

export interface SmtpMailer extends Mailer {
  /** Closes the pool's connections; a message being handed over is finished first. */
  close(): void;
}

/**
 * Email through one SMTP server with a pool of connections (nodemailer). Each send is bounded
 * by `timeoutMs` in all, waiting for a connection included; failures are OutcomeErrors
 * (`mailFailure`), logged with their codes but never with the password or the recipients.
 */
export function smtpMailer(config: MailConfig, deps: { log: Log; now: () => Date }): SmtpMailer {
  const transport = nodemailer.createTransport(transportOptions(config));
  // A pool error outside any send (an idle connection dropped) is only worth a line.
  transport.on('error', (error: NodemailerError) => deps.log.warn({ code: error.code, host: config.host, port: config.port }, 'smtp pool error'));

  return {
    async send(message, options = {}): Promise<MailReceipt> {
      const messageId = messageIdFor(message.idempotencyKey, config.from.address);
      const mail = composed(message, config, deps.now(), messageId);
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
      const started = Date.now();
      try {
        const info = await transport.sendMail({ ...mail, signal });
        const receipt = { messageId, accepted: info.accepted.map(String), rejected: info.rejected.map(String) };
        deps.log.info({ message_id: messageId, accepted: receipt.accepted.length, rejected: receipt.rejected.length, ms: Date.now() - started }, 'email sent');
        return receipt;
      } catch (thrown) {
        // The caller's own signal: the call was cancelled, and says so its own way.
        if (options.signal?.aborted && !deadline.aborted) throw options.signal.reason;
        // Not nodemailer's (no code): a bug, which must surface as one (500), not as the server's fault.
        if (typeof (thrown as { code?: unknown }).code !== 'string' && !deadline.aborted) throw thrown;
        const error = thrown as NodemailerError;
        const failure = mailFailure(error, config, deadline.aborted);
        deps.log.warn(
          { message_id: messageId, code: error.code, smtp_code: error.responseCode, command: error.command, host: config.host, port: config.port, ms: Date.now() - started, error_code: failure.code },
          'email not sent',
        );
        throw failure;
      }
    },
    close() {
      transport.close();
    },
  };
}
