/**
 * The port to an IP-geolocation service (pos-back-office.md §7 "External IP-geolocation lookup by
 * ip returns ip, city, region, country"), used by the customer admin screen's IP Addresses tab.
 *
 * Contract every adapter keeps:
 * - `locate(ip)` takes a canonical address (server/services/customers/ip-address.ts) and answers
 *   where it is, or null when the service has no location for it (private, loopback and other
 *   reserved addresses never have one);
 * - an answer from data whose licence asks for a credit carries it (`credit`), which the tab shows
 *   beside the location;
 * - it may fail (`GeoLocationError`: down, slow, over quota); callers show §8 "Failed to get
 *   location details." and change nothing. It is a read: nothing is stored.
 */
export interface GeoLocation {
  ip: string;
  city: string;
  region: string;
  country: string;
  /** Who the answer comes from, when its licence asks to be credited beside it (DB-IP's CC BY 4.0). */
  credit?: GeoCredit;
}

export interface GeoCredit {
  text: string;
  /** An https:// address. */
  url: string;
}

export class GeoLocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeoLocationError';
  }
}

export interface GeoLocator {
  readonly name: string;
  locate(ip: string): Promise<GeoLocation | null>;
}
