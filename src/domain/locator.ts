/**
 * Dealer locator rules shared by the server and the storefront (storefront.md §2 "Dealer
 * locator", §4 "Store locator", §5, §9; docs/decisions/storefront.md "Dealer locator"): great-circle
 * distance in miles, the bounding box a radius search pre-filters with, distance and hours texts,
 * and the ZIP shape. Pure: no I/O.
 */
import { LOCATOR_DISTANCE_DEFAULT, LOCATOR_DISTANCE_MAX, LOCATOR_DISTANCE_MIN } from './constants';

export const EARTH_RADIUS_MILES = 3958.8;
const RAD = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Haversine distance between two points, in miles (line of sight, not driving distance). */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box that holds every point within `miles` of `center` (a cheap indexed
 * pre-filter; the exact distance is checked afterwards). Near a pole the box spans every longitude.
 */
export function boundingBox(
  center: LatLng,
  miles: number,
): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = miles / 69.0;
  const cos = Math.cos(center.lat * RAD);
  const dLng = cos < 0.01 ? 180 : Math.min(180, miles / (69.172 * cos));
  return {
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
    minLng: dLng >= 180 ? -180 : center.lng - dLng,
    maxLng: dLng >= 180 ? 180 : center.lng + dLng,
  };
}

/** Miles to one decimal place ("12.3 mi"). */
export function formatDistance(miles: number): string {
  return `${(Math.round(miles * 10) / 10).toFixed(1)} mi`;
}

/** Accepted only between 10 and 250; anything else falls back to 10 (§5). No zod: the storefront loads this. */
export function normalizeDistance(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input) : NaN;
  return Number.isFinite(n) && n >= LOCATOR_DISTANCE_MIN && n <= LOCATOR_DISTANCE_MAX ? n : LOCATOR_DISTANCE_MIN;
}

/**
 * The locator's distance selector (§5, §9): absent is the default 25; anything given outside 10 to
 * 250 falls back to 10 (normalizeDistance).
 */
export function locatorDistance(input: unknown): number {
  if (input === undefined || input === null || input === '') return LOCATOR_DISTANCE_DEFAULT;
  return normalizeDistance(input);
}

/** A US ZIP as typed in the search box: 5 digits, optionally ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;

export function isZip(text: string): boolean {
  return ZIP_PATTERN.test(text.trim());
}

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type StoreHours = Partial<Record<Weekday, { open: string; close: string }>>;

export const WEEKDAYS: readonly { key: Weekday; label: string }[] = [
  { key: 'mon', label: 'Monday' },
  { key: 'tue', label: 'Tuesday' },
  { key: 'wed', label: 'Wednesday' },
  { key: 'thu', label: 'Thursday' },
  { key: 'fri', label: 'Friday' },
  { key: 'sat', label: 'Saturday' },
  { key: 'sun', label: 'Sunday' },
];

/** '07:30' -> '7:30 AM'; anything not HH:mm is shown as stored. */
export function formatClock(hhmm: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}

/** One line per weekday: 'Monday: 7:30 AM - 7:00 PM' or 'Sunday: Closed'. */
export function hoursLines(hours: StoreHours): { day: string; text: string }[] {
  return WEEKDAYS.map(({ key, label }) => {
    const h = hours[key];
    return { day: label, text: h ? `${formatClock(h.open)} - ${formatClock(h.close)}` : 'Closed' };
  });
}

/** A location type as a label: 'service_center' -> 'Service Center'. */
export function locationTypeLabel(type: string): string {
  return type
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
