/**
 * The offline table every adapter answers the documentation ranges from (ip-geo-dataset.ts, written
 * by scripts/make-ip-geo-dataset.mjs: RFC 5737 and RFC 3849 split over the demo shops' towns; the
 * demo customers' addresses come from it), and the addresses no geolocation service places.
 * No latency, no failure, no I/O: the adapters add those (docs/decisions/pos.md "Customer IP
 * addresses and tags").
 */
import { inRange, ipToBigInt, parseCidr, type IpRange } from '../../services/customers/ip-address';
import { IP_GEO_DATASET } from './ip-geo-dataset';
import type { GeoLocation } from './types';

/** Addresses no geolocation service places (RFC 6890 and friends). */
const RESERVED = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/3',
  '::/127',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
].map(parseCidr);

const TABLE: readonly { range: IpRange; city: string; region: string; country: string }[] = IP_GEO_DATASET.map(
  ([cidr, city, region, country]) => ({ range: parseCidr(cidr), city, region, country }),
);

/** True for an address no service places (private, loopback, link-local, CGNAT, multicast, ...) or no address at all. */
export function isReservedIp(ip: string): boolean {
  const n = ipToBigInt(ip);
  return !n || RESERVED.some((r) => inRange(n, r));
}

/** The table's answer for `ip`: null for reserved addresses and for any address outside the table. */
export function lookupTable(ip: string): GeoLocation | null {
  const n = ipToBigInt(ip);
  if (!n || isReservedIp(ip)) return null;
  const hit = TABLE.find((row) => inRange(n, row.range));
  return hit ? { ip, city: hit.city, region: hit.region, country: hit.country } : null;
}
