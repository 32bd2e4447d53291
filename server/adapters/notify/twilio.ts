/**
 * Text messages through Twilio's Programmable Messaging REST API (SMS=twilio), with fetch: no SDK.
 * POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid), Body; HTTP Basic with the account SID and auth token.
 *
 * Numbers: the POS stores US numbers as typed ("(512) 555-0142"); they are sent in E.164
 * (+15125550142). A number that cannot be made E.164 is refused before the call (permanent).
 * Errors: 4xx other than 408/429 refuse this message for good (Twilio's code and message kept,
 * e.g. 21211 invalid 'To'); 408, 429, 5xx, timeouts and network errors are temporary.
 */
import type { SmsConfig } from '../../config';
import { DeliveryError, type SmsMessage, type SmsSender } from './types';

type TwilioConfig = Extract<SmsConfig, { kind: 'twilio' }>;

/** E.164 for a US/NANP number as typed at the counter; "+..." kept as is; null when it cannot be one. */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export class TwilioSms implements SmsSender {
  readonly name = 'twilio';

  constructor(
    private readonly cfg: TwilioConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async send(m: SmsMessage): Promise<void> {
    const to = toE164(m.to);
    if (!to) throw new DeliveryError(`Not a phone number Twilio can reach: ${m.to}`, true);
    const body = new URLSearchParams({ To: to, Body: m.text });
    if (this.cfg.messagingServiceSid) body.set('MessagingServiceSid', this.cfg.messagingServiceSid);
    else if (this.cfg.from) body.set('From', this.cfg.from);
    const url = `${this.cfg.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.cfg.accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.cfg.accountSid}:${this.cfg.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          // Twilio's idempotency for retried requests: the outbox row's id.
          ...(m.id ? { 'i-twilio-idempotency-token': m.id } : {}),
        },
        body,
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
    } catch (err) {
      throw new DeliveryError(
        `Twilio could not be reached: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500),
        false,
      );
    }
    if (res.ok) return;
    const detail = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    const message =
      `Twilio ${res.status}${detail?.code ? ` (${detail.code})` : ''}: ${detail?.message ?? res.statusText}`.slice(
        0,
        500,
      );
    const temporary = res.status >= 500 || res.status === 408 || res.status === 429;
    throw new DeliveryError(message, !temporary);
  }
}
