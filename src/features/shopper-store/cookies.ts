/**
 * The dealer locator's cookies (storefront.md §3 "Cookies", §4 "Store locator", §9 lifetimes;
 * docs/decisions/storefront.md "Dealer locator"): locator_pickup_location (the chosen store id,
 * which the server reads for the product page's store stock and checkout's default pickup store),
 * locator_filter (0.0208 day) and the first-visit popup's marker (1/288 day). Not httpOnly: the
 * page sets them, as the spec says; reset_store clears the pickup cookie on the server too.
 */
import {
  LOCATOR_FILTER_COOKIE,
  LOCATOR_FILTER_COOKIE_DAYS,
  LOCATOR_PICKUP_COOKIE,
  LOCATOR_POPUP_COOKIE_DAYS,
} from '../../domain/constants';
import { pickupStoreOf } from '../../contracts/first-screen';

/** The chosen store is kept a year (the spec gives no lifetime; ours). */
export const PICKUP_COOKIE_DAYS = 365;
/** The first-visit popup's "closed recently" marker (the spec names no cookie; ours). */
export const LOCATOR_POPUP_COOKIE = 'locator_popup_timer';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * 86_400)}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The chosen store id, read as the server reads it (src/contracts/first-screen.ts `pickupStoreOf`). */
export function readPickupStoreId(): number | null {
  return pickupStoreOf(readCookie(LOCATOR_PICKUP_COOKIE));
}

export const writePickupStoreId = (id: number) => writeCookie(LOCATOR_PICKUP_COOKIE, String(id), PICKUP_COOKIE_DAYS);
export const removePickupStoreId = () => removeCookie(LOCATOR_PICKUP_COOKIE);

export const readFilter = () => readCookie(LOCATOR_FILTER_COOKIE);
export const writeFilter = (type: string) => writeCookie(LOCATOR_FILTER_COOKIE, type, LOCATOR_FILTER_COOKIE_DAYS);
export const removeFilter = () => removeCookie(LOCATOR_FILTER_COOKIE);

export const popupMarked = () => readCookie(LOCATOR_POPUP_COOKIE) !== null;
export const markPopupClosed = () => writeCookie(LOCATOR_POPUP_COOKIE, '1', LOCATOR_POPUP_COOKIE_DAYS);
