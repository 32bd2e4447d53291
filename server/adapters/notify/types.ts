/**
 * Ports for the messages the shop sends (receipts, payment links). The notification service
 * writes every message to the `notifications` outbox table first and calls a sender only after
 * that commit (docs/architecture.md "Outside services (adapters)": side effects after commit); a
 * sender then either delivers or throws, and the row records which.
 *
 * Contract: `send` resolves once the message is accepted by the next hop (the SMTP server, the
 * SMS gateway, or the local outbox for the simulators) and rejects with a short reason otherwise.
 * It must not retry by itself: the outbox row is the place a retry would be driven from.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmsMessage {
  to: string;
  text: string;
}

export interface Mailer {
  /** For logs and the admin outbox: "outbox" (simulator) or "smtp://host:port". */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
