import { OutcomeError } from '../kernel/errors.js';
import type { Log, Mailer } from '../kernel/context.js';
import type { MailConfig } from '../config.js';
import type { SmtpMailer } from './smtp.js';

/**
 * The mailer of a call, or 422 mail_not_configured when the server has none (no SMTP_URL):
 * what an outcome that sends email calls first. `hint` says what the caller can do instead.
 */
export function requireMail(ctx: { mail: Mailer | null }, hint = 'Ask the operator to set SMTP_URL and SMTP_FROM, or send the document yourself.'): Mailer {
  if (ctx.mail) return ctx.mail;
  throw new OutcomeError('mail_not_configured', 'This server cannot send email: no SMTP server is configured (SMTP_URL and SMTP_FROM). Nothing was sent.', { hint });
}

/** A mailer the app can close (its pooled connections). */
export interface ClosableMailer extends Mailer {
  close(): Promise<void>;
}

/** Email through SMTP_URL; nodemailer loads on the first email, not at start-up. */
export function lazySmtpMailer(config: MailConfig, deps: { log: Log; now: () => Date }): ClosableMailer {
  let smtp: Promise<SmtpMailer> | undefined;
  return {
    async send(message, options) {
      smtp ??= import('./smtp.js').then(({ smtpMailer }) => smtpMailer(config, deps));
      return (await smtp).send(message, options);
    },
    async close() {
      if (smtp) (await smtp).close();
    },
  };
}
