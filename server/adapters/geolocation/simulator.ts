/**
 * An IP-geolocation service in software (GEOLOCATION=simulator), for development and for tests that
 * need a slow or failing service. It answers from the documentation ranges' table only
 * (documentation-table.ts: never where a real address is) and behaves as a remote service does
 * from the server's side:
 *
 * - private, loopback, link-local, shared (CGNAT), unspecified and other reserved addresses are
 *   "not found" (null), as is any address outside the table;
 * - each call takes `latencyMs` (plus up to 50 % jitter) and fails with `GeoLocationError` at
 *   `failureRate`, a seeded sequence (a test names the seed, or 0 and 1 to never or always fail).
 */
import { createHash } from 'node:crypto';
import { lookupTable } from './documentation-table';
import { GeoLocationError, type GeoLocation, type GeoLocator } from './types';

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
    return lookupTable(ip);
  }
}
