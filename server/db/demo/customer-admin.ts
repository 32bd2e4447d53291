/**
 * Demo IP addresses, one banned address and customer tags (docs/decisions/pos.md "Customer IP
 * addresses and tags"), derived from each customer's number only (no random draws, so the other
 * areas' data does not move). Every address lies in the IP-geolocation documentation ranges' table
 * (server/adapters/geolocation/ip-geo-dataset.ts), so the IP Addresses tab finds a town for each.
 *
 * - The demo shopper (shopper@example.com) has 12 addresses (two pages of the tab), one of them
 *   IPv6; their first is also the 4th customer's.
 * - Every 4th other customer has one address; in each run of 40 the first two share theirs.
 * - 203.0.113.66 is banned: two demo customers were seen there.
 * - Tags: five shop tags; the shopper is a VIP, every 10th customer a fleet account, the wholesale
 *   group's customers are Wholesale.
 */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertRows } from './bulk';
import { SHOPPER } from './people';

export const DEMO_BANNED_IP = '203.0.113.66';
export const DEMO_TAGS = ['Commercial', 'Fleet account', 'Prefers text', 'VIP', 'Wholesale'] as const;
const BLOCKS = ['192.0.2', '198.51.100', '203.0.113'];

/** The n-th demo address: a host in one of the table's twelve /26 blocks. */
const demoIp = (n: number): string => {
  const block = n % 12;
  return `${BLOCKS[Math.floor(block / 4)]}.${(block % 4) * 64 + 1 + (Math.floor(n / 12) % 60)}`;
};

export async function seedCustomerAdmin(
  db: Kysely<DB>,
  ctx: { baseDate: Date; wholesaleGroupId: number },
): Promise<void> {
  const day = 86_400_000;
  const base = ctx.baseDate.getTime();
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'customer_id', 'email', 'customer_group_id'])
    .orderBy('customer_id')
    .execute();
  const ips: Insertable<DB['customer_ips']>[] = [];
  const at = (n: number) => new Date(base - (n % 300) * day - (n % 7) * 3_600_000);
  const shopper = customers.find((c) => c.email === SHOPPER.email);
  const others = customers.filter((c) => c !== shopper);
  if (shopper) {
    for (let k = 0; k < 11; k++)
      ips.push({ customer_ref: shopper.id, ip: demoIp(k * 13 + 1), date_added: at(30 * k + 5) });
    ips.push({ customer_ref: shopper.id, ip: '2001:db8::25', date_added: at(2) });
  }
  others.forEach((c, i) => {
    if (i % 4 !== 0) return;
    const n = i % 40 < 8 ? Math.floor(i / 8) : i;
    ips.push({ customer_ref: c.id, ip: demoIp(n), date_added: at(c.customer_id) });
  });
  if (shopper && others[3]) ips.push({ customer_ref: others[3].id, ip: demoIp(1), date_added: at(40) });
  // The banned address: two customers seen there.
  for (const c of others.slice(1, 3))
    ips.push({ customer_ref: c.id, ip: DEMO_BANNED_IP, date_added: at(c.customer_id + 1) });
  for (const row of ips) row.last_seen = row.date_added;
  await insertRows(db, 'customer_ips', ips);
  await db
    .insertInto('banned_ips')
    .values({ ip: DEMO_BANNED_IP, actor_id: 'demo', date_added: new Date(base - 9 * day) })
    .execute();

  const tags = await db
    .insertInto('customer_tags')
    .values(DEMO_TAGS.map((title) => ({ title, date_added: new Date(base - 400 * day) })))
    .returning(['tag_id', 'title'])
    .execute();
  const tagId = (t: (typeof DEMO_TAGS)[number]) => tags.find((x) => x.title === t)!.tag_id;
  const assignments: Insertable<DB['customer_tag_assignments']>[] = [];
  if (shopper) assignments.push({ customer_ref: shopper.id, tag_id: tagId('VIP') });
  others.forEach((c, i) => {
    if (i % 10 === 0) assignments.push({ customer_ref: c.id, tag_id: tagId('Fleet account') });
    if (c.customer_group_id === ctx.wholesaleGroupId)
      assignments.push({ customer_ref: c.id, tag_id: tagId('Wholesale') });
  });
  await insertRows(db, 'customer_tag_assignments', assignments);
}
