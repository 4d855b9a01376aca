import type { Mailer } from '../../src/kernel/context.js';
import type { Course } from './course.js';
import { emailWords } from './email-words.js';
import type { Member } from './access.js';

/** A member as the owner's tools show them. */
export const memberView = (member: Member) => ({
  member_id: member.id,
  email: member.email,
  status: member.status,
  start_date: member.start_date,
  tier: member.tier,
  grace_until: member.grace_until,
  stripe_customer_id: member.stripe_customer_id,
});

/** The sign-in email: the link and how long it lasts, nothing else (it is a credential). */
export async function mailSignInLink(mail: Mailer, to: string, course: Course, lang: string, link: { url: string; expires_at: string }, key: string): Promise<void> {
  const { words } = emailWords(lang);
  await mail.send({
    to: [to],
    subject: words.sign_in_subject(course.title).slice(0, 120),
    text: words.sign_in_text(course.title, link.expires_at, link.url),
    idempotencyKey: key,
  });
}
