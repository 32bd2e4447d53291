/**
 * The customer admin screen's IP Addresses tab (pos-back-office.md §3 "Customer IP", §7
 * "GET /api/customer_ip; POST /api/customer_ip/add and /remove?customer_id={id} with ip", "External
 * IP-geolocation lookup by ip returns ip, city, region, country"). add bans the address, remove
 * lifts the ban (docs/decisions/pos.md "Customer IP addresses and tags").
 */
import { z } from 'zod';
import { CUSTOMER_NOT_FOUND } from '../domain/mutations/guards';

export const INVALID_IP = 'Enter a valid IPv4 or IPv6 address.';
export const IP_NOT_CUSTOMERS = "This IP address is not one of this customer's.";
/** §8. Also for an address the service does not know (private, loopback, unlisted). */
export const LOCATION_FAILED = 'Failed to get location details.';
export const IP_BANNED_LOGIN = 'Sign-in from your IP address has been blocked by the shop. Contact the shop for help.';
export const IP_BANNED_REGISTER =
  'Registration from your IP address has been blocked by the shop. Contact the shop for help.';
export const ipBanned = (ip: string) => `Success: ${ip} is banned: it can no longer sign in or register.`;
export const ipUnbanned = (ip: string) => `Success: ${ip} is no longer banned.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's number (42, "42") or id (a UUID); anything else is refused before any query. */
export const customerIdParam = z.union([z.number(), z.string()], { error: CUSTOMER_NOT_FOUND }).transform((v, ctx) => {
  const s = String(v).trim();
  if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
  if (UUID.test(s)) return s.toLowerCase();
  ctx.addIssue({ code: 'custom', message: CUSTOMER_NOT_FOUND });
  return z.NEVER;
});

/** An address as typed or sent: checked strictly by the server (node:net isIP), bounded here. */
export const ipParam = z.string({ error: INVALID_IP }).trim().min(1, INVALID_IP).max(45, INVALID_IP);

const order = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['asc', 'desc']));

export const CUSTOMER_IP_SORTS = ['date_added', 'ip', 'total_accounts'] as const;
export type CustomerIpSort = (typeof CUSTOMER_IP_SORTS)[number];

/** §7 "Paged lists send sort, order, page, limit"; §9 page 1, limit 10, ascending by date_added. */
export const customerIpListQuerySchema = z.object({
  customer_id: customerIdParam,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(CUSTOMER_IP_SORTS).default('date_added'),
  order: order.default('asc'),
});
export type CustomerIpListQuery = z.output<typeof customerIpListQuerySchema>;

export const customerIpRowSchema = z.object({
  customer_ip_id: z.number().int(),
  ip: z.string(),
  /** Customers seen at this address (this one included). */
  total_accounts: z.number().int(),
  /** The customers list filtered by this address. */
  filter_ip_url: z.string(),
  date_added: z.string(),
  is_banned: z.boolean(),
});
export type CustomerIpRow = z.infer<typeof customerIpRowSchema>;

/** "return results, totalPages, position": `position` is the page answered; `total` the row count. */
export const customerIpListReplySchema = z.object({
  results: z.array(customerIpRowSchema),
  totalPages: z.number().int(),
  position: z.number().int(),
  total: z.number().int(),
});
export type CustomerIpListReply = z.infer<typeof customerIpListReplySchema>;

export const customerIpQuerySchema = z.object({ customer_id: customerIdParam });
export const customerIpBodySchema = z.object({ ip: ipParam });
export const customerIpBanReplySchema = z.object({ success: z.string(), ip: z.string(), is_banned: z.boolean() });
export type CustomerIpBanReply = z.infer<typeof customerIpBanReplySchema>;

export const customerIpLocationQuerySchema = z.object({ customer_id: customerIdParam, ip: ipParam });
/**
 * `credit`: the data's source when its licence asks for a link beside the answer (DB-IP's City Lite:
 * "IP Geolocation by DB-IP", https://db-ip.com; docs/decisions/pos.md "Customer IP addresses and
 * tags"); absent for the documentation ranges' table.
 */
export const ipLocationSchema = z.object({
  ip: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  credit: z.object({ text: z.string().max(200), url: z.string().regex(/^https:\/\/[^\s"'<>]+$/) }).optional(),
});
export type IpLocation = z.infer<typeof ipLocationSchema>;

/** The customers list's filter (GET /pos/customer?filter_ip=): the accounts seen at one address. */
export const filterIpUrl = (ip: string) => `/pos/customer?filter_ip=${encodeURIComponent(ip)}`;
