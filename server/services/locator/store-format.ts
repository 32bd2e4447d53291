/**
 * A locations row as the dealer locator sends it (storefront.md §3 "Store/dealer"): the spec's
 * field names, the distance from the search point, and the server's HTML (`info_window`, the
 * list's `html`) with every value escaped. The storefront renders the fields and never inserts
 * this HTML (docs/decisions/storefront.md "Dealer locator"); it is there for the spec's callers.
 */
import type { DealerStore } from '../../../src/contracts/dealer-locator';
import { firstEmail } from '../../../src/domain/forms/contact';
import { formatDistance, type StoreHours } from '../../../src/domain/locator';
import { formatPhone } from '../../../src/domain/phone';

export interface StoreRow {
  location_id: number;
  name: string;
  address_1: string;
  address_2: string;
  city: string;
  zone_code: string;
  postcode: string;
  telephone: string;
  email: string;
  website: string;
  lat: string | null;
  lng: string | null;
  hours: unknown;
  location_type: string;
  is_default: boolean;
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function storeAddress(r: Pick<StoreRow, 'address_1' | 'address_2' | 'city' | 'zone_code' | 'postcode'>): string {
  return [r.address_1, r.address_2, r.city, `${r.zone_code} ${r.postcode}`.trim()].filter((p) => p.trim()).join(', ');
}

const toNumber = (v: string | null): number | null => {
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Only http(s) addresses become links; anything else stored (javascript:, data:) is dropped. */
export function safeWebsite(url: string): string {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
  } catch {
    return '';
  }
}

function hoursOf(value: unknown): StoreHours {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: StoreHours = {};
  for (const [day, h] of Object.entries(value as Record<string, unknown>)) {
    if (!/^(mon|tue|wed|thu|fri|sat|sun)$/.test(day) || !h || typeof h !== 'object') continue;
    const { open, close } = h as { open?: unknown; close?: unknown };
    if (typeof open === 'string' && typeof close === 'string') out[day as keyof StoreHours] = { open, close };
  }
  return out;
}

export function toDealerStore(r: StoreRow, distance: number | null): DealerStore {
  const address = storeAddress(r);
  const lat = toNumber(r.lat);
  const lng = toNumber(r.lng);
  const email = firstEmail(r.email);
  const website = safeWebsite(r.website);
  const destination = lat !== null && lng !== null ? `${lat},${lng}` : address;
  return {
    location_id: r.location_id,
    location_name: r.name,
    name: r.name,
    address,
    telephone: r.telephone,
    formatted_telephone: formatPhone(r.telephone),
    email,
    email_address: email,
    formatted_website: website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
    website,
    map_link: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`,
    distance: distance === null ? null : Math.round(distance * 10) / 10,
    formatted_distance: distance === null ? '' : formatDistance(distance),
    preferred: r.is_default,
    lat,
    lng,
    info_window:
      `<div class="dealer-info-window" data-location-id="${r.location_id}">` +
      `<strong>${escapeHtml(r.name)}</strong><br>${escapeHtml(address)}</div>`,
    hours: hoursOf(r.hours),
    location_type: r.location_type,
  };
}

/** The locator's list as HTML (the spec's `html`), every value escaped. */
export function locatorHtml(stores: readonly DealerStore[]): string {
  const items = stores.map(
    (s) =>
      `<li class="dealer-location" data-location-id="${s.location_id}"><h3>${escapeHtml(s.location_name)}</h3>` +
      `<p>${escapeHtml(s.address)}</p>${s.formatted_distance ? `<p>${escapeHtml(s.formatted_distance)}</p>` : ''}</li>`,
  );
  return `<ul class="dealer-locations">${items.join('')}</ul>`;
}
