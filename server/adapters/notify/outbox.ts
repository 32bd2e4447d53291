/**
 * The built-in simulators: mail and text messages are "delivered" to the local outbox (the
 * `notifications` table the service has already written; staff read it at GET
 * /api/notifications). They still fail the way real delivery fails, by rule, so the POS's
 * "Failed to send to notification" path can be exercised without a mail server:
 * - email to a domain under the reserved TLD `.invalid` (RFC 2606) fails for good: "Mailbox unavailable";
 * - a text to a number whose last four digits are 9999 fails for good: "Handset unreachable".
 */
import { DeliveryError, type Mailer, type MailMessage, type SmsMessage, type SmsSender } from './types';

export class OutboxMailer implements Mailer {
  readonly name = 'outbox';

  send(message: MailMessage): Promise<void> {
    if (/\.invalid$/i.test(message.to.split('@')[1] ?? ''))
      return Promise.reject(new DeliveryError('Mailbox unavailable', true));
    return Promise.resolve();
  }
}

export class OutboxSms implements SmsSender {
  readonly name = 'outbox';

  send(message: SmsMessage): Promise<void> {
    if (message.to.replace(/\D/g, '').endsWith('9999'))
      return Promise.reject(new DeliveryError('Handset unreachable', true));
    return Promise.resolve();
  }
}
