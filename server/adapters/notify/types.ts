/**
 * Ports for the messages the shop sends (receipts, payment links, order status notes). The
 * notification services write every message to the `notifications` outbox table inside the
 * transaction of the change that causes it; a sender (server/services/notifications/notification-sender.ts)
 * calls an adapter only after that commit, and the row records what happened.
 *
 * Contract: `send` resolves once the message is accepted by the next hop (the SMTP server, the
 * SMS provider, or the local outbox for the simulators) and rejects otherwise, with a
 * `DeliveryError` when it knows whether trying again can help (`permanent`: a refused recipient,
 * an invalid number) - any other error counts as temporary. It must not retry by itself: the
 * outbox row is where retries are driven from.
 */
export interface MailMessage {
  /** The outbox row's id: becomes the Message-ID, so a resend after a crash is recognisably the same mail. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmsMessage {
  id?: string;
  to: string;
  text: string;
}

export interface Mailer {
  /** For logs and the admin outbox: "outbox" (simulator) or "smtp://host:port". */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (app shutdown). */
  close?(): void;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** A delivery refusal; `permanent` = the same message will never go through (no retry). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const isPermanent = (err: unknown): boolean => err instanceof DeliveryError && err.permanent;
