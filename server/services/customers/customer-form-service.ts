/**
 * The customer form's calls (pos-back-office.md §7): GET /api/customer/get (sort=custname →
 * customers; with customerId one customer), POST /api/customer/save (optional ?customerId=) with
 * form-encoded customer fields answering { success, error, customer, result, redirect }, and
 * GET /api/localization/ (countries, zones).
 *
 * A save is the domain's customer.create / customer.update run through the ONE command runner a
 * sync push uses (server/commands/runner.ts), so a customer saved here and one queued offline obey
 * the same rules and messages (src/domain/forms/customer.ts, custom-fields.ts) and the same
 * writable-field table. The server re-derives everything else: which customer (by its number or
 * id), which addresses are the customer's (an address id of another customer is refused by the
 * applier, docs/security.md "Mutation door"), and the store settings the form is checked against.
 * docs/decisions/pos.md "Customer form".
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { mutationArgs } from '../../../src/domain/mutations/catalogue';
import { CUSTOMER_NOT_FOUND } from '../../../src/domain/mutations/guards';
import type { Customer } from '../../../src/domain/mutations/records';
import { refuse } from '../../../src/domain/refusal';
import type { Actor } from '../../commands/actor';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner } from '../../commands/runner';
import { customerColumns, loadCustomer } from '../../commands/records/customers';
import { notFound } from '../../errors';
import { formToArgs, type CustomerFormBody } from './customer-form-args';
import { customerUuid } from '../pos/pos-lookups';

/** §8 "Customer save: 'Customer successfully saved!' or the error text". */
export const CUSTOMER_SAVED = 'Customer successfully saved!';

export interface CustomerListQuery {
  sort: 'custname' | 'date_added' | 'email';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** A customer as the calls answer it (§3 "Customer"); never a password or its hash. */
export type CustomerReply = Omit<Customer, 'created_at' | 'updated_at'> & {
  custname: string;
  date_added: string;
  total_orders: number;
  outstanding: { balance: string };
  require_email: boolean;
  require_telephone: boolean;
  require_address: boolean;
};

export interface CustomerSaveReply {
  success: string;
  error: string;
  customer: CustomerReply;
  result: { customer_id: number | null; id: string };
  redirect: string;
}

export class CustomerFormService {
  constructor(private readonly commands: CommandRunner) {}

  /** GET /api/localization/: every country and zone, by name. */
  async localization() {
    const db = this.commands.reader;
    const countries = await db
      .selectFrom('countries')
      .select(['country_id', 'name', 'iso_code_2'])
      .orderBy('name')
      .execute();
    const zones = await db
      .selectFrom('zones')
      .select(['zone_id', 'country_id', 'name', 'code'])
      .orderBy('country_id')
      .orderBy('name')
      .execute();
    return { countries: countries.map((c) => ({ ...c, iso_code_2: c.iso_code_2.trim() })), zones };
  }

  /** GET /api/customer/get: customers by custname ("first last", case-insensitive), then id; paged. */
  async list(q: CustomerListQuery) {
    const db = this.commands.reader;
    const custname = sql<string>`lower(firstname || ' ' || lastname)`;
    const key =
      q.sort === 'custname' ? custname : q.sort === 'email' ? sql`lower(coalesce(email, ''))` : sql`date_added`;
    const rows = await db
      .selectFrom('customers')
      .select(customerColumns)
      .orderBy(key, q.order)
      .orderBy('customer_id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    const total = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const customers = [];
    for (const r of rows) customers.push(await this.reply(r.id));
    return { customers, total: Number(total.n), page: q.page, limit: q.limit };
  }

  /** GET /api/customer/get?customerId=: one customer. */
  async get(customerId: string | number): Promise<Omit<CustomerSaveReply, 'success'> & { success: string }> {
    const id = await customerUuid(this.commands.reader, customerId);
    const customer = await this.reply(id);
    return { success: '', error: '', customer, result: { customer_id: customer.customer_id, id }, redirect: '' };
  }

  /** POST /api/customer/save[?customerId=]: create, or update the named customer. */
  async save(
    actor: Actor,
    customerId: string | number | undefined,
    body: CustomerFormBody,
  ): Promise<CustomerSaveReply> {
    const current = customerId === undefined ? null : await this.current(customerId);
    const args = formToArgs(body, current, randomUUID);
    const name = current ? 'customer.update' : 'customer.create';
    const parsed = mutationArgs[name].safeParse(
      current ? { customer_ref: current.id, ...args } : { id: randomUUID(), ...args },
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CommandRefused(refuse('invalid_args', issue?.message ?? 'Invalid input'), undefined, {
        [issue?.path.join('.') || '_']: [issue?.message ?? 'Invalid input'],
      });
    }
    const id = current ? current.id : (parsed.data as { id: string }).id;
    await this.commands.transaction(actor, (tx) => this.commands.run(tx, name, parsed.data));
    const customer = await this.reply(id);
    return {
      success: CUSTOMER_SAVED,
      error: '',
      customer,
      result: { customer_id: customer.customer_id, id },
      redirect: `/pos/customer/edit?customer_id=${customer.customer_id ?? id}`,
    };
  }

  private async current(customerId: string | number): Promise<Customer> {
    const id = await customerUuid(this.commands.reader, customerId);
    const c = await loadCustomer(this.commands.reader, id, false);
    if (!c) throw notFound(CUSTOMER_NOT_FOUND);
    return c;
  }

  private async reply(id: string): Promise<CustomerReply> {
    const db = this.commands.reader;
    const c = await loadCustomer(db, id, false);
    if (!c) throw notFound(CUSTOMER_NOT_FOUND);
    const settings = await this.commands.settings();
    // The customers list's figures (docs/decisions/pos.md "Customers list"): orders that count,
    // and what saved, kiosk and complete orders still owe.
    const figures = await sql<{ orders: string; owing: string }>`
      select count(*) filter (where status in ('saved', 'quote', 'kiosk', 'complete')) as orders,
             coalesce(sum(greatest(order_total - amount_paid, 0))
               filter (where status in ('saved', 'kiosk', 'complete')), 0)::numeric(12,2)::text as owing
      from orders where customer_uuid = ${id}`.execute(db);
    const f = figures.rows[0];
    const { created_at, updated_at: _u, ...rest } = c;
    return {
      ...rest,
      account_custom_field: c.account_custom_field ?? {},
      custname: `${c.firstname} ${c.lastname}`.trim(),
      date_added: created_at,
      total_orders: Number(f?.orders ?? 0),
      outstanding: { balance: f?.owing ?? '0.00' },
      require_email: settings.requireEmail,
      require_telephone: settings.requireTelephone,
      require_address: settings.requireAddress,
    };
  }
}
