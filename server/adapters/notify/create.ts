/**
 * Picks the mail and text senders from the environment (composition root only):
 * - SMTP_URL unset: mail goes to the local outbox only (the simulator, outbox.ts).
 * - SMTP_URL=smtp://... or smtps://...: mail is handed to that server (smtp.ts); the outbox
 *   still records every message and its delivery status. MAIL_FROM sets the sender
 *   (default "Partsdesk <no-reply@localhost>").
 * Text messages always go to the outbox: no SMS gateway is wired (docs/decisions/payments.md "Known
 * gaps").
 */
import { OutboxMailer, OutboxSms } from './outbox';
import { SmtpMailer } from './smtp';
import type { Mailer, SmsSender } from './types';

export interface Notifiers {
  mailer: Mailer;
  sms: SmsSender;
  /** NOTIFY_POLL_MS: how often the outbox sender looks for due messages (default 5000). */
  pollMs: number | undefined;
}

export function notifiersFromEnv(env: NodeJS.ProcessEnv = process.env): Notifiers {
  const url = env.SMTP_URL;
  const mailer = url ? new SmtpMailer({ url, from: env.MAIL_FROM || 'Partsdesk <no-reply@localhost>' }) : new OutboxMailer();
  const poll = env.NOTIFY_POLL_MS;
  return { mailer, sms: new OutboxSms(), pollMs: poll !== undefined && poll !== '' && Number.isInteger(Number(poll)) ? Number(poll) : undefined };
}
