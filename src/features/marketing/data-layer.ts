/**
 * `window.dataLayer`, the tag manager's queue (docs/decisions/storefront.md "Marketing events"):
 * created on first use, so events pushed before the tag manager loads (or with none configured)
 * wait there. Each ecommerce event is preceded by `{ ecommerce: null }`, as Google's tag manager
 * guide asks, so one event's items never leak into the next.
 */
import type { Ga4Event } from './ga4';

export function dataLayer(): unknown[] {
  const w = window as { dataLayer?: unknown[] };
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  return w.dataLayer;
}

export function pushEvent(event: Ga4Event): void {
  const layer = dataLayer();
  if ('ecommerce' in event) layer.push({ ecommerce: null });
  layer.push(event);
}
