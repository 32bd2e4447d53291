/**
 * The grouped catalog records as Dexie versions 2-15 stored them (rows as objects, stock and
 * category links in one `catalogLinks` record): written only by the upgrades to versions 2 and 3
 * (database.ts) and read only by the upgrade to version 16, which turns them into tuple chunks
 * (tuple-chunks.ts). Released versions' upgrades are never edited, so their record shapes live on here.
 */
import { chunkOf } from './catalog-links';

/** Stock and category-link rows of LINK_CHUNK consecutive product ids (versions 2-15). */
export interface LegacyLinkChunk {
  k: number;
  /** product_stock rows by wire key 'productId:locationId'. */
  stock: Record<string, Record<string, unknown>>;
  /** product_categories rows by wire key 'productId:categoryId'. */
  categories: Record<string, Record<string, unknown>>;
}

/** Product rows of LINK_CHUNK consecutive product ids, as objects by product id (versions 3-15). */
export interface LegacyProductChunk {
  k: number;
  rows: Record<string, Record<string, unknown>>;
}

const ownerOf = (key: string): number => Number(key.slice(0, key.indexOf(':')));

/** Puts one link row in the chunk map, creating the chunk when absent (upgrade to version 2). */
export function putLegacyLink(
  chunks: Map<number, LegacyLinkChunk>,
  table: 'product_stock' | 'product_categories',
  key: string,
  row: Record<string, unknown>,
): void {
  const k = chunkOf(ownerOf(key));
  let chunk = chunks.get(k);
  if (!chunk) chunks.set(k, (chunk = { k, stock: {}, categories: {} }));
  (table === 'product_stock' ? chunk.stock : chunk.categories)[key] = row;
}

/** Puts one product row in the chunk map, creating the chunk when absent (upgrade to version 3). */
export function putLegacyProduct(
  chunks: Map<number, LegacyProductChunk>,
  key: string,
  row: Record<string, unknown>,
): void {
  const k = chunkOf(Number(key));
  let chunk = chunks.get(k);
  if (!chunk) chunks.set(k, (chunk = { k, rows: {} }));
  chunk.rows[key] = row;
}
