/**
 * The alert bar's dismiss cookie (storefront.md §9 "Dismissible alert bars use a cookie lasting a
 * data-defined number of days"): `pd_alert_{block id}=1` for `dismiss_days` days. The server reads
 * it too and leaves dismissed bars out of the home page (server/routes/content.ts), so a dismissed
 * bar never paints and then vanishes.
 */
import { ALERT_COOKIE_PREFIX } from '../../contracts/content';

export function alertDismissed(id: number): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(/;\s*/).includes(`${ALERT_COOKIE_PREFIX}${id}=1`);
}

export function dismissAlert(id: number, days: number): void {
  document.cookie = `${ALERT_COOKIE_PREFIX}${id}=1; max-age=${Math.round(days * 86400)}; path=/; samesite=lax`;
}
