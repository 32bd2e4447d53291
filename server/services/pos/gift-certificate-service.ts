/**
 * The staff view of gift certificates (docs/decisions/pos.md "Gift certificate lookup";
 * src/contracts/gift-certificate.ts): a page of certificates, and one certificate with its history.
 *
 * There is no ledger table: the voucher row holds the issued amount and the balance, and the
 * voucher payments are transactions (`transaction_type = 'voucher'`, `voucher_code`) whose approval
 * lowered the balance and whose void gave it back, in the same SQL transaction
 * (server/commands/appliers/vouchers.ts). The history is rebuilt from those rows: issued, each
 * redemption, each voided redemption, and the void of the selling order. A voucher payment is
 * approved when it is written (a pending one moved no money and is left out), so a void one was a
 * redemption first. Read-only; no lock.
 */
import { sql, type Kysely } from 'kysely';
import { decimal, toWire } from '../../../src/domain/money';
import {
  GIFT_NOT_FOUND,
  type GiftCertificate,
  type GiftHistoryRow,
  type GiftInfoReply,
  type GiftListQuery,
  type GiftListReply,
  type GiftOrder,
} from '../../../src/contracts/gift-certificate';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';

const iso = (d: Date | string | null): string =>
  d === null ? '' : typeof d === 'string' ? new Date(d).toISOString() : d.toISOString();
const money = (v: ReturnType<typeof decimal>): string => toWire(v);

/** `%`, `_` and `\` typed by staff match themselves. */
const likeText = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class GiftCertificateService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The certificates, newest issued first; `filter` matches part of the code or the recipient's name. */
  async list(q: GiftListQuery): Promise<GiftListReply> {
    const base = this.rows().$if(q.filter !== '', (b) =>
      b.where((eb) =>
        eb.or([
          eb(sql<string>`upper(v.code)`, 'like', likeText(q.filter.toUpperCase())),
          eb('v.to_name', 'ilike', likeText(q.filter)),
        ]),
      ),
    );
    const [rows, count] = await Promise.all([
      base
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      certificates: rows.map((r) => {
        const { description: _d, message: _m, ...row } = certificate(r);
        return row;
      }),
      total: Number(count.n),
      page: q.page,
      limit: q.limit,
    };
  }

  /** One certificate by code (any case) with its history, oldest first; unknown is 404. */
  async info(code: string): Promise<GiftInfoReply> {
    const row = await this.rows()
      .where(sql<string>`upper(v.code)`, '=', code.toUpperCase())
      .executeTakeFirst();
    if (!row) throw notFound(GIFT_NOT_FOUND);
    const payments = await this.db
      .selectFrom('transactions as t')
      .innerJoin('orders as o', 'o.id', 't.order_ref')
      .leftJoin('locations as s', 's.location_id', 'o.location_id')
      .select([
        't.transaction_id',
        't.amount',
        't.status',
        't.created_at',
        't.voided_at',
        't.order_ref',
        'o.order_id',
        'o.customer_name',
        's.name as store_name',
      ])
      .where('t.transaction_type', '=', 'voucher')
      .where(sql<string>`upper(t.voucher_code)`, '=', row.code.toUpperCase())
      .where('t.status', 'in', ['approved', 'void'])
      .orderBy('t.created_at')
      .orderBy('t.transaction_id')
      .execute();
    const cert = certificate(row);
    type Event = Omit<GiftHistoryRow, 'balance'> & { delta: ReturnType<typeof decimal>; at: number };
    const events: Event[] = [];
    const push = (e: Omit<Event, 'at' | 'amount'>) =>
      events.push({ ...e, amount: money(e.delta.abs()), at: new Date(e.date).getTime() });
    push({
      kind: 'issued',
      date: cert.date_issued,
      delta: decimal(row.original_amount),
      order: cert.sold_on,
      transaction_id: null,
    });
    for (const p of payments) {
      const order: GiftOrder = {
        order_ref: p.order_ref,
        order_id: p.order_id,
        customer_name: p.customer_name,
        store_name: p.store_name ?? '',
      };
      const amount = decimal(p.amount);
      push({ kind: 'redeemed', date: iso(p.created_at), delta: amount.neg(), order, transaction_id: p.transaction_id });
      if (p.status === 'void')
        push({
          kind: 'redemption_voided',
          date: iso(p.voided_at ?? p.created_at),
          delta: amount,
          order,
          transaction_id: p.transaction_id,
        });
    }
    if (row.status === 'void')
      push({
        kind: 'voided',
        date: iso(row.sold_voided_at ?? row.updated_at),
        delta: decimal(0),
        order: cert.sold_on,
        transaction_id: null,
      });
    // Issued stays first whatever the clocks say (a payment's time may be a device's); the rest by
    // time, stable: equal times keep the order they were pushed in (a payment, then its void).
    events.sort((a, b) => (a.kind === 'issued' ? -1 : b.kind === 'issued' ? 1 : a.at - b.at));
    let balance = decimal(0);
    const history = events.map(({ delta, at: _at, ...e }) => {
      balance = balance.plus(delta);
      return { ...e, balance: money(balance) };
    });
    return { certificate: cert, history };
  }

  private rows() {
    return this.db
      .selectFrom('vouchers as v')
      .leftJoin('orders as o', 'o.id', 'v.order_ref')
      .leftJoin('locations as s', 's.location_id', 'o.location_id')
      .select([
        'v.id',
        'v.code',
        'v.status',
        'v.original_amount',
        'v.balance',
        'v.description',
        'v.message',
        'v.created_at',
        'v.updated_at',
        'v.order_ref',
        'o.order_id',
        'o.customer_name',
        'o.voided_at as sold_voided_at',
        's.name as store_name',
        // The certificate's own recipient (migration 0029-c brought the sold lines' forward).
        'v.to_name',
        'v.to_email',
      ]);
  }
}

interface VoucherRow {
  code: string;
  status: 'active' | 'void';
  original_amount: string;
  balance: string;
  description: string;
  message: string;
  created_at: Date | string;
  order_ref: string | null;
  order_id: number | null;
  customer_name: string | null;
  store_name: string | null;
  to_name: string;
  to_email: string;
}

function certificate(r: VoucherRow): GiftCertificate {
  return {
    code: r.code,
    status: r.status,
    original_amount: money(decimal(r.original_amount)),
    balance: money(decimal(r.balance)),
    description: r.description,
    message: r.message,
    recipient_name: r.to_name,
    recipient_email: r.to_email,
    date_issued: iso(r.created_at),
    sold_on:
      r.order_ref === null
        ? null
        : {
            order_ref: r.order_ref,
            order_id: r.order_id,
            customer_name: r.customer_name ?? '',
            store_name: r.store_name ?? '',
          },
  };
}
