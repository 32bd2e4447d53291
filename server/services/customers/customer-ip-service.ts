/**
 * The addresses shopper accounts use, and address bans (docs/decisions/pos.md "Customer IP
 * addresses and tags"; pos-back-office.md §3 "Customer IP", §7 "/api/customer_ip").
 *
 * - `record` notes the request's address when a shopper signs in, registers or places an online
 *   order (routes/session.ts, routes/shop-checkout.ts): one row per (customer, address), first seen
 *   and last seen. It never fails the caller's request: a malformed address is skipped.
 * - `isBanned` is what login and registration ask before they let a shopper in.
 * - add (ban) and remove (unban) act on an address the named customer was seen at: the customer's
 *   row names the address, the ban is the address's (every account at it).
 * - `locate` asks the geolocation adapter (server/adapters/geolocation) about one of the customer's
 *   addresses; not found, a failure or no adapter are §8 "Failed to get location details.".
 */
import { sql, type Kysely } from 'kysely';
import {
  filterIpUrl,
  INVALID_IP,
  IP_NOT_CUSTOMERS,
  ipBanned,
  ipUnbanned,
  LOCATION_FAILED,
  type CustomerIpBanReply,
  type CustomerIpListQuery,
  type CustomerIpListReply,
  type CustomerIpRow,
  type IpLocation,
} from '../../../src/contracts/customer-ip';
import type { CustomerSearchReply } from '../../../src/contracts/pos-order';
import type { GeoLocator } from '../../adapters/geolocation/types';
import type { Actor } from '../../commands/actor';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';
import { canonicalIp } from './ip-address';
import { customerUuid } from '../pos/pos-lookups';

/** The accounts listed for one address (GET /pos/customer/search?filter_ip=). */
export const IP_ACCOUNTS_LIMIT = 100;

export class CustomerIpService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly geo: GeoLocator | null,
  ) {}

  /** Notes that `customerId` used `ip` now. A malformed address (no socket address) is skipped. */
  async record(customerId: string, ip: string | undefined, now = new Date()): Promise<void> {
    const canonical = ip === undefined ? null : canonicalIp(ip);
    if (canonical === null) return;
    await this.db
      .insertInto('customer_ips')
      .values({ customer_ref: customerId, ip: canonical, date_added: now, last_seen: now })
      .onConflict((oc) => oc.columns(['customer_ref', 'ip']).doUpdateSet({ last_seen: now }))
      .execute();
  }

  async isBanned(ip: string | undefined): Promise<boolean> {
    const canonical = ip === undefined ? null : canonicalIp(ip);
    if (canonical === null) return false;
    return (
      (await this.db.selectFrom('banned_ips').select('ip').where('ip', '=', canonical).executeTakeFirst()) !== undefined
    );
  }

  async list(q: CustomerIpListQuery): Promise<CustomerIpListReply> {
    const customer = await customerUuid(this.db, q.customer_id);
    const total = Number(
      (
        await this.db
          .selectFrom('customer_ips')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('customer_ref', '=', customer)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const accounts = sql<number>`(select count(*)::int from customer_ips o where o.ip = ci.ip)`;
    const dir = q.order;
    const rows = await this.db
      .selectFrom('customer_ips as ci')
      .leftJoin('banned_ips as b', 'b.ip', 'ci.ip')
      .select(['ci.customer_ip_id', 'ci.ip', 'ci.date_added', accounts.as('total_accounts'), 'b.ip as banned'])
      .where('ci.customer_ref', '=', customer)
      // Addresses sort as addresses (inet: IPv4 before IPv6, numerically), not as text.
      .orderBy(q.sort === 'total_accounts' ? accounts : q.sort === 'ip' ? sql`ci.ip::inet` : 'ci.date_added', dir)
      .orderBy('ci.customer_ip_id', dir)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return {
      results: rows.map((r): CustomerIpRow => ({
        customer_ip_id: r.customer_ip_id,
        ip: r.ip,
        total_accounts: r.total_accounts,
        filter_ip_url: filterIpUrl(r.ip),
        date_added: new Date(r.date_added).toISOString(),
        is_banned: r.banned !== null,
      })),
      totalPages: Math.ceil(total / q.limit),
      position: q.page,
      total,
    };
  }

  /** POST /api/customer_ip/add: bans one of the customer's addresses (already banned: the same answer). */
  async ban(actor: Actor, customerId: string | number, ip: string): Promise<CustomerIpBanReply> {
    const address = await this.customersAddress(customerId, ip);
    await this.db
      .insertInto('banned_ips')
      .values({ ip: address, actor_id: actor.id })
      .onConflict((oc) => oc.column('ip').doNothing())
      .execute();
    return { success: ipBanned(address), ip: address, is_banned: true };
  }

  /** POST /api/customer_ip/remove: lifts the ban on one of the customer's addresses (not banned: the same answer). */
  async unban(customerId: string | number, ip: string): Promise<CustomerIpBanReply> {
    const address = await this.customersAddress(customerId, ip);
    await this.db.deleteFrom('banned_ips').where('ip', '=', address).execute();
    return { success: ipUnbanned(address), ip: address, is_banned: false };
  }

  async locate(customerId: string | number, ip: string): Promise<IpLocation> {
    const address = await this.customersAddress(customerId, ip);
    if (!this.geo) throw new ServiceError('unavailable', 'location_unavailable', LOCATION_FAILED);
    let found: IpLocation | null;
    try {
      found = await this.geo.locate(address);
    } catch {
      throw new ServiceError('upstream_failed', 'location_failed', LOCATION_FAILED);
    }
    if (!found) throw new ServiceError('not_found', 'location_not_found', LOCATION_FAILED);
    return found;
  }

  /** The accounts seen at `ip` (newest sign-in first): the customers list's `filter_ip`. */
  async customersAt(ip: string): Promise<CustomerSearchReply> {
    const address = canonicalIp(ip);
    if (address === null) throw new ServiceError('invalid', 'invalid_ip', INVALID_IP, { filter_ip: [INVALID_IP] });
    const rows = await this.db
      .selectFrom('customer_ips as ci')
      .innerJoin('customers as c', 'c.id', 'ci.customer_ref')
      .select(['c.id', 'c.customer_id', 'c.firstname', 'c.lastname', 'c.email', 'c.telephone'])
      .where('ci.ip', '=', address)
      .orderBy('ci.last_seen', 'desc')
      .orderBy('c.customer_id')
      .limit(IP_ACCOUNTS_LIMIT)
      .execute();
    return rows.map((r) => ({ ...r, email: r.email ?? '' }));
  }

  /** The canonical address, when it is one the customer was seen at; 400 malformed, 404 not theirs. */
  private async customersAddress(customerId: string | number, ip: string): Promise<string> {
    const address = canonicalIp(ip);
    if (address === null) throw new ServiceError('invalid', 'invalid_ip', INVALID_IP, { ip: [INVALID_IP] });
    const customer = await customerUuid(this.db, customerId);
    const seen = await this.db
      .selectFrom('customer_ips')
      .select('ip')
      .where('customer_ref', '=', customer)
      .where('ip', '=', address)
      .executeTakeFirst();
    if (!seen) throw new ServiceError('not_found', 'ip_not_found', IP_NOT_CUSTOMERS, { ip: [IP_NOT_CUSTOMERS] });
    return address;
  }
}
