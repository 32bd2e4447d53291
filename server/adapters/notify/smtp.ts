/**
 * Mail through the shop's SMTP server with nodemailer (pooling, MIME encoding, STARTTLS/TLS,
 * AUTH), selected with SMTP_URL:
 *
 *   smtp://[user:pass@]host[:587][?starttls=off][&insecure=1]   plain, upgraded with STARTTLS
 *                                                               whenever the server offers it
 *   smtps://[user:pass@]host[:465][?insecure=1]                 TLS from the first byte
 *
 * With credentials, STARTTLS is required (the password never travels in clear) unless
 * `insecure=1`, which also accepts self-signed certificates: for a local test server only.
 * Connections are pooled (at most 2); the outbox row's id is the Message-ID.
 *
 * Errors: a 5xx answer (refused recipient, refused message) is permanent; anything else (server
 * down, 4xx "try later", timeouts, TLS or login trouble an admin can fix) is temporary, so the
 * sender tries again later.
 */
import net from 'node:net';
import type tls from 'node:tls';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DeliveryError, type Mailer, type MailMessage } from './types';

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs?: number;
  /** Extra TLS options (tests pass `ca` for their own certificate). */
  tls?: tls.ConnectionOptions;
  /** Pool connections (default true). */
  pool?: boolean;
}

const SINGLE_ADDRESS = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+$/;
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').trim();

export class SmtpMailer implements Mailer {
  readonly name: string;
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(opts: SmtpOptions) {
    const u = new URL(opts.url);
    if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
      throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${u.protocol})`);
    const secure = u.protocol === 'smtps:';
    const insecure = u.searchParams.get('insecure') === '1';
    const noStartTls = u.searchParams.get('starttls') === 'off';
    if (u.username && !secure && noStartTls && !insecure)
      throw new Error(
        'SMTP_URL: starttls=off with a password would send it in clear text (add insecure=1 for a local test server)',
      );
    const port = u.port ? Number(u.port) : secure ? 465 : 587;
    const timeout = opts.timeoutMs ?? 30_000;
    this.name = `${u.protocol}//${u.hostname}:${port}`;
    const pool = opts.pool ?? true;
    const common = {
      host: u.hostname,
      port,
      secure,
      ignoreTLS: noStartTls,
      // Never send a password in clear text unless told this is a local test server.
      requireTLS: !secure && !noStartTls && u.username !== '' && !insecure,
      ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
      tls: { rejectUnauthorized: !insecure, ...(net.isIP(u.hostname) ? {} : { servername: u.hostname }), ...opts.tls },
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    };
    const pooled: SMTPPool.Options = { ...common, pool: true, maxConnections: 2 };
    const single: SMTPTransport.Options = common;
    this.transport = pool
      ? nodemailer.createTransport(pooled, { from: opts.from })
      : nodemailer.createTransport(single, { from: opts.from });
  }

  async send(m: MailMessage): Promise<void> {
    // One bare address: "a@b\r\nBcc: c@d" or "a@b, c@d" must not become more recipients.
    if (!SINGLE_ADDRESS.test(m.to)) throw new DeliveryError('Invalid recipient address', true);
    try {
      await this.transport.sendMail({
        to: m.to,
        subject: oneLine(m.subject),
        text: m.text,
        html: m.html || undefined,
        ...(m.id ? { messageId: `<${m.id}@partsdesk.local>` } : {}),
      });
    } catch (err) {
      throw classify(err);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** A 5xx answer to the recipient or to the message refuses this message for good; the rest may pass later. */
function classify(err: unknown): DeliveryError {
  const e = err as { message?: string; responseCode?: number; command?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const message = (e.message ?? 'SMTP delivery failed').slice(0, 500);
  return new DeliveryError(message, code >= 500 && /^(RCPT|DATA)/i.test(e.command ?? ''));
}
