/**
 * An IP-geolocation service in software (GEOLOCATION=simulator, the default), for demos,
 * development and tests. It answers from an offline table shipped in the repository
 * (ip-geo-dataset.ts, written by scripts/make-ip-geo-dataset.mjs: the documentation ranges split
 * over the demo shops' towns, which the demo customers' addresses come from) and behaves as a real
 * service does from the server's side:
 *
 * - private, loopback, link-local, shared (CGNAT), unspecified and other reserved addresses are
 *   "not found" (null), as is any address outside the table;
 * - each call takes `latencyMs` (plus up to 50 % jitter) and fails with `GeoLocationError` at
 *   `failureRate`, a seeded sequence (a test names the seed, or 0 and 1 to never or always fail).
 */
import { createHash } from 'node:crypto';
import { inRange, ipToBigInt, parseCidr, type IpRange } from '../../services/customers/ip-address';
import { IP_GEO_DATASET } from './ip-geo-dataset';
import { GeoLocationError, type GeoLocation, type GeoLocator } from './types';

/** Addresses no geolocation service places (RFC 6890 and friends). */
const RESERVED = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/3',
  '::/127',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
].map(parseCidr);

const TABLE: readonly { range: IpRange; city: string; region: string; country: string }[] = IP_GEO_DATASET.map(
  ([cidr, city, region, country]) => ({ range: parseCidr(cidr), city, region, country }),
);

/** The table's answer for `ip` (no latency, no failure): null for reserved and unknown addresses. */
export function lookupDataset(ip: string): GeoLocation | null {
  const n = ipToBigInt(ip);
  if (!n || RESERVED.some((r) => inRange(n, r))) return null;
  const hit = TABLE.find((row) => inRange(n, row.range));
  return hit ? { ip, city: hit.city, region: hit.region, country: hit.country } : null;
}

export interface GeoSimulatorOptions {
  seed: number;
  latencyMs: number;
  /** 0 to 1: the share of calls that fail. */
  failureRate: number;
  sleep?: (ms: number) => Promise<void>;
}

export class SimulatedGeoLocator implements GeoLocator {
  readonly name = 'Simulated IP geolocation (offline table)';
  private calls = 0;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: GeoSimulatorOptions) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async locate(ip: string): Promise<GeoLocation | null> {
    const h = createHash('sha256').update(`${this.opts.seed}\u0000geo\u0000${this.calls++}`).digest();
    const jitter = this.opts.latencyMs > 0 ? Math.floor(((h[0]! / 255) * this.opts.latencyMs) / 2) : 0;
    if (this.opts.latencyMs > 0) await this.sleep(this.opts.latencyMs + jitter);
    if (h.readUInt32BE(1) / 0xffffffff < this.opts.failureRate)
      throw new GeoLocationError('The geolocation service did not answer');
    return lookupDataset(ip);
  }
}
