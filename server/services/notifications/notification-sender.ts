/**
 * The retrying sender of the notifications outbox (docs/decisions/notifications.md "Durable
 * sending"). Rows are written `queued` in the transaction of the change that causes them; this
 * sender hands them to the mail or SMS adapter after the commit:
 *
 * - `deliver(ids)`: right after a staff call committed its rows (the caller waits for the answer);
 * - `runDue()`: every `pollMs` (default 5 s), the rows whose `next_attempt_at` has come, and rows a
 *   sender claimed but never settled (its process died) once their lease ran out.
 *
 * Claiming is one short transaction: `FOR UPDATE SKIP LOCKED`, then status `sending`, `attempts`
 * + 1, `locked_until` = now + lease. Two senders (two server processes on PostgreSQL) never claim
 * the same row; a row marked `sent` is never claimed again, so a restart sends nothing twice. The
 * settle update names the claim (`attempts`), so a sender whose lease ran out cannot overwrite a
 * newer claim. The one window left is a crash after the mail server accepted a message and before
 * `sent` was written: the row is sent again after its lease (at least once), with the same
 * Message-ID.
 *
 * A permanent refusal (DeliveryError.permanent) or the last attempt marks the row `failed` (staff
 * can resend it); a temporary one puts it back to `queued` after the next backoff delay.
 */
import { sql, type Kysely } from 'kysely';
import { isPermanent, type Mailer, type SmsSender } from '../../adapters/notify/types';
import type { DB } from '../../db/schema';

/** Delay after the 1st, 2nd, ... failed attempt; one more attempt than delays (10 over ~8 hours). */
export const DEFAULT_BACKOFF_MS: readonly number[] = [
  30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000,
];

export interface SenderOptions {
  mailer: Mailer;
  sms: SmsSender;
  clock?: () => Date;
  backoffMs?: readonly number[];
  /** How long a claim holds before another sender may take the row (longer than any send). */
  leaseMs?: number;
  /** Poll for due rows every pollMs; 0 = no background loop (tests drive runDue). */
  pollMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export type Outcome = {
  id: string;
  channel: 'email' | 'sms';
  result: 'sent' | 'retry' | 'failed';
  error: string | null;
};

interface Claimed {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

const CLAIMED = ['id', 'channel', 'recipient', 'subject', 'body', 'html', 'attempts'] as const;

export class NotificationSender {
  private readonly clock: () => Date;
  private readonly backoff: readonly number[];
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: SenderOptions,
  ) {
    this.clock = opts.clock ?? (() => new Date());
    this.backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.leaseMs = opts.leaseMs ?? 120_000;
  }

  get maxAttempts(): number {
    return this.backoff.length + 1;
  }

  get adapters(): { email: string; sms: string } {
    return { email: this.opts.mailer.name, sms: this.opts.sms.name };
  }

  /** Starts the background loop (no-op with pollMs 0). */
  start(): void {
    const every = this.opts.pollMs ?? 5_000;
    if (every <= 0 || this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.runDue()
        .catch((err: unknown) => this.opts.log?.('notification sender failed', err))
        .finally(() => (this.running = null));
    }, every);
    this.timer.unref();
  }

  /** Stops the loop and waits for a round in flight (its claims are settled before the process ends). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Delivers the given queued rows now (rows another sender holds are left to it). */
  async deliver(ids: readonly string[]): Promise<Outcome[]> {
    if (ids.length === 0) return [];
    return this.sendAll(await this.claim({ ids }, ids.length));
  }

  /** Delivers now what the record `sourceRef` queued (an order history entry, an appointment). */
  async deliverSource(sourceRef: string): Promise<Outcome[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('source_ref', '=', sourceRef)
      .where('status', '=', 'queued')
      .execute();
    return this.deliver(rows.map((r) => r.id));
  }

  /** One round: the due rows (at most `limit`), oldest first. Returns what happened to each. */
  async runDue(limit = 20): Promise<Outcome[]> {
    return this.sendAll(await this.claim('due', limit));
  }

  private async claim(which: 'due' | { ids: readonly string[] }, limit: number): Promise<Claimed[]> {
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('notifications').select('id');
      q =
        which === 'due'
          ? q.where((eb) =>
              eb.or([
                eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
                eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
              ]),
            )
          : q.where('status', '=', 'queued').where('id', 'in', which.ids);
      const due = await q.orderBy('created_at').orderBy('id').limit(limit).forUpdate().skipLocked().execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('notifications')
        .set({
          status: 'sending',
          attempts: sql<number>`attempts + 1`,
          locked_until: new Date(now.getTime() + this.leaseMs),
          last_attempt_at: now,
        })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .returning([...CLAIMED])
        .execute();
    });
  }

  private async sendAll(rows: readonly Claimed[]): Promise<Outcome[]> {
    const out: Outcome[] = [];
    for (const r of rows) out.push(await this.sendOne(r));
    return out;
  }

  private async sendOne(r: Claimed): Promise<Outcome> {
    let error: string | null = null;
    let permanent = false;
    try {
      if (r.channel === 'email')
        await this.opts.mailer.send({
          id: r.id,
          to: r.recipient,
          subject: r.subject,
          text: r.body,
          html: r.html ?? '',
        });
      else await this.opts.sms.send({ id: r.id, to: r.recipient, text: r.body });
    } catch (err) {
      error = (err instanceof Error ? err.message : 'delivery failed').slice(0, 500) || 'delivery failed';
      permanent = isPermanent(err);
    }
    const now = this.clock();
    const mine = this.db
      .updateTable('notifications')
      .where('id', '=', r.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', r.attempts);
    if (error === null) {
      await mine.set({ status: 'sent', sent_at: now, locked_until: null, error: null }).execute();
      return { id: r.id, channel: r.channel, result: 'sent', error };
    }
    const delay = this.backoff[r.attempts - 1];
    if (permanent || delay === undefined) {
      await mine.set({ status: 'failed', locked_until: null, error }).execute();
      return { id: r.id, channel: r.channel, result: 'failed', error };
    }
    await mine
      .set({ status: 'queued', locked_until: null, error, next_attempt_at: new Date(now.getTime() + delay) })
      .execute();
    return { id: r.id, channel: r.channel, result: 'retry', error };
  }
}
