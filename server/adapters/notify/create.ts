/**
 * Picks the mail and text senders from the configuration (server/config.ts `notifyConfig`;
 * composition root only, server/compose.ts):
 * - SMTP_URL unset: mail goes to the local outbox only (the simulator, outbox.ts).
 * - SMTP_URL=smtp://... or smtps://...: mail is handed to that server (smtp.ts, nodemailer).
 * - SMS unset or `simulator`: texts go to the outbox only; SMS=twilio: Twilio's REST API (twilio.ts).
 * The outbox (`notifications`) records every message and its delivery status either way.
 */
import type { NotifyConfig } from '../../config';
import { OutboxMailer, OutboxSms } from './outbox';
import { SmtpMailer } from './smtp';
import { TwilioSms } from './twilio';
import type { Mailer, SmsSender } from './types';

export interface Notifiers {
  mailer: Mailer;
  sms: SmsSender;
  /** How often the outbox sender looks for due messages (NOTIFY_POLL_MS). */
  pollMs: number | undefined;
}

export function notifiersFrom(cfg: NotifyConfig): Notifiers {
  const mailer = cfg.smtpUrl ? new SmtpMailer({ url: cfg.smtpUrl, from: cfg.mailFrom }) : new OutboxMailer();
  const sms = cfg.sms.kind === 'twilio' ? new TwilioSms(cfg.sms) : new OutboxSms();
  return { mailer, sms, pollMs: cfg.pollMs };
}
