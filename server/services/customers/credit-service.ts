/**
 * Store credit in customer admin (pos-back-office.md §7 "GET /api/customer_credit (list plus
 * balance); POST /api/customer_credit/add?customer_id={id} (description, amount) returning success
 * or error"). The add is the domain's `credit.add` run through the same server applier a sync push
 * runs (server/commands/runner.ts), so an entry queued offline at the counter and one posted here
 * obey the same rules (src/domain/forms/credit.ts). docs/decisions/payments.md "Store credit: Add Credit".
 */
import { randomUUID } from 'node:crypto';
import { CREDIT_ADDED, type CreditForm } from '../../../src/domain/forms/credit';
import { CUSTOMER_NOT_FOUND } from '../../../src/domain/mutations/guards';
import { notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import { listCredits, type CreditSort } from '../../commands/records/credits';

export { CREDIT_ADDED };

/** §3 "Credit transaction: customer_transaction_id, date_added, description, amount". */
export interface CreditRow {
  customer_transaction_id: number;
  date_added: string;
  description: string;
  amount: string;
}

export interface CreditListReply {
  credits: CreditRow[];
  /** The customer's store credit (what checkout can spend). */
  balance: string;
  total: number;
  page: number;
  limit: number;
}

export interface CreditListQuery {
  customer_id: string | number;
  page: number;
  limit: number;
  sort: CreditSort;
  order: 'asc' | 'desc';
}

export interface CreditAddReply {
  success: string;
  balance: string;
  credit: CreditRow;
}

export class CreditService {
  constructor(private readonly commands: CommandRunner) {}

  async list(q: CreditListQuery): Promise<CreditListReply> {
    const customer = await this.customer(q.customer_id);
    const page = await listCredits(this.commands.reader, customer.id, q);
    return {
      credits: page.rows.map(row),
      balance: customer.store_credit,
      total: page.total,
      page: q.page,
      limit: q.limit,
    };
  }

  async add(actor: Actor, customerId: string | number, form: CreditForm, id?: string): Promise<CreditAddReply> {
    const customer = await this.customer(customerId);
    const entryId = id ?? randomUUID();
    await this.commands.transaction(actor, (tx) =>
      this.commands.run(tx, 'credit.add', {
        id: entryId,
        customer_ref: customer.id,
        description: form.description,
        amount: form.amount,
      }),
    );
    const db = this.commands.reader;
    const entry = await db
      .selectFrom('customer_credits')
      .selectAll()
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    return {
      success: CREDIT_ADDED,
      balance: entry.balance,
      credit: row({ ...entry, date_added: iso(entry.date_added) }),
    };
  }

  /** A customer by number or id; unknown or deleted is 404 (nothing is written). */
  private async customer(customerId: string | number): Promise<{ id: string; store_credit: string }> {
    const row = await this.commands.reader
      .selectFrom('customers')
      .select(['id', 'store_credit'])
      .where(typeof customerId === 'number' ? 'customer_id' : 'id', '=', customerId as never)
      .executeTakeFirst();
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return row;
  }
}

const iso = (d: Date | string): string => (typeof d === 'string' ? d : d.toISOString());

function row(e: {
  customer_transaction_id: number | null;
  date_added: string;
  description: string;
  amount: string;
}): CreditRow {
  return {
    customer_transaction_id: e.customer_transaction_id ?? 0,
    date_added: e.date_added,
    description: e.description,
    amount: e.amount,
  };
}
