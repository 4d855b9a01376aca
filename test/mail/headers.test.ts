import { describe, expect, it } from 'vitest';
import { loadConfig, type MailConfig } from '../../src/config.js';
import { composed, smtpMailer } from '../../src/mail/smtp.js';
import { capturingLogger, tempDir } from '../helpers.js';
import { startSmtpServer } from '../fixtures/smtp.js';

/** MailMessage.headers: RFC 8058 one-click unsubscribe passes through; any other header, or a value with a line break, is refused. */

const unsubscribe = { 'List-Unsubscribe': '<https://outcomes.example/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
const config = (url = 'smtp://127.0.0.1:2525') => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: url, SMTP_FROM: 'sam@ledgerly.example' }).mail as MailConfig;
const compose = (headers: Record<string, string>) => composed({ to: ['ana@smile.example'], subject: 'Hi', text: 'Hello', headers }, config(), new Date(), '<id@ledgerly.example>');

describe('mail headers', () => {
  it('passes List-Unsubscribe and List-Unsubscribe-Post, in their canonical spelling, and no headers when none are given', () => {
    expect(compose(unsubscribe).headers).toEqual(unsubscribe);
    expect(compose({ 'list-unsubscribe': '<mailto:u@ledgerly.example>' }).headers).toEqual({ 'List-Unsubscribe': '<mailto:u@ledgerly.example>' });
    expect(composed({ to: ['ana@smile.example'], subject: 'Hi', text: 'Hello' }, config(), new Date(), '<id@x.example>')).not.toHaveProperty('headers');
  });

  it.each(['Bcc', 'From', 'Reply-To', 'X-Mailer', 'Content-Type', 'List-Unsubscribe2'])('refuses the header %s with an Error (a bug in the tool)', (name) => {
    expect(() => compose({ [name]: 'x' })).toThrowError(new RegExp(`"${name}" is not a header a message may set`));
  });

  it.each(['<https://a.example/u/1>\r\nBcc: victim@example.com', '<https://a.example/u/1>\nX: y', 'List-Unsubscribe=One-Click\r'])('refuses a value with a line break: %j', (value) => {
    expect(() => compose({ 'List-Unsubscribe': value })).toThrowError(/line break/);
    expect(() => compose({ 'List-Unsubscribe-Post': value })).toThrowError(/line break/);
  });

  it('sends them to a real SMTP server, and sends nothing when one is refused', async () => {
    const smtp = await startSmtpServer();
    const mailer = smtpMailer(config(smtp.url()), { log: capturingLogger().log, now: () => new Date() });
    try {
      await mailer.send({ to: ['ana@smile.example'], subject: 'Hi', text: 'Hello', headers: unsubscribe });
      const [message, ...more] = smtp.messages;
      expect(more).toEqual([]);
      expect(message!.header('list-unsubscribe')).toBe('<https://outcomes.example/u/abc>');
      expect(message!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      await expect(mailer.send({ to: ['ana@smile.example'], subject: 'Hi', text: 'Hello', headers: { Bcc: 'victim@example.com' } })).rejects.toThrow(/not a header/);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
