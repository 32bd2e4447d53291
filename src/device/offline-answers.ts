/**
 * Answers a staff or kiosk device can give when the server cannot be reached, registered by
 * the sync connection while a worker runs (sync-connection.ts: fitment) or by the kiosk frame (the
 * catalog pages), and read by whoever needs them (the fitment collector, the /{slug} page, the
 * listings). A module of its own, with type imports only, so neither side pulls the other into
 * its chunk.
 */
import type { ValidatedPart } from '../contracts/fitment/validate-fitment';
import type { Facets } from '../domain/fitment-facets';
import type { ProductsListQuery, ProductsListReply } from '../contracts/products-list';
import type { DevicePage } from '../db/catalog-pages';

export type OfflineFitment = (refs: string[], facets: Facets) => Promise<ValidatedPart[]>;

let fitment: OfflineFitment | null = null;
const listeners = new Set<() => void>();

/** Turns the offline validateFitment answer on (a staff device's worker started) or off (null). */
export function answerFitmentOffline(fn: OfflineFitment | null): void {
  fitment = fn;
  if (fn) for (const cb of listeners) cb();
}

/**
 * `cb` runs whenever an answer is turned on: a page opened offline validates its cards before the
 * (lazily loaded) sync connection exists, and asks again once it does.
 */
export function onOfflineFitment(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The offline validateFitment answer, or null (no sync worker: a shopper). */
export const offlineFitment = (): OfflineFitment | null => fitment;

/**
 * The storefront's /{slug} page and listings from the device catalog (src/db/catalog-pages.ts),
 * turned on by a kiosk's frame (docs/decisions/storefront.md "Kiosk pages offline"); the pages ask
 * only when their server read could not reach the server.
 */
export interface OfflineCatalog {
  page(slug: string): Promise<DevicePage | null>;
  products(query: ProductsListQuery): Promise<ProductsListReply>;
}

let catalog: OfflineCatalog | null = null;
const catalogListeners = new Set<() => void>();

/** Turns the offline catalog answers on (a kiosk frame mounted) or off (null). */
export function answerCatalogOffline(c: OfflineCatalog | null): void {
  catalog = c;
  for (const cb of catalogListeners) cb();
}

/** `cb` runs whenever the answers change (a page opened offline before the kiosk frame loaded). */
export function onOfflineCatalog(cb: () => void): () => void {
  catalogListeners.add(cb);
  return () => void catalogListeners.delete(cb);
}

export const offlineCatalog = (): OfflineCatalog | null => catalog;
