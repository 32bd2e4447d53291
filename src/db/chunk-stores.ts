/**
 * The records of the device's grouped catalog stores (database.ts versions 2-4) and the part of the
 * database the chunk modules write: catalog-links.ts, product-chunks.ts and fitment-chunks.ts take
 * these stores, not the whole PartsdeskDb, so they sit below database.ts (which uses them in its
 * upgrades) instead of importing it back.
 */
import type { Table } from 'dexie';

/** Stock and category-link rows of LINK_CHUNK consecutive product ids (src/db/catalog-links.ts). */
export interface LinkChunk {
  /** floor(product_id / LINK_CHUNK) */
  k: number;
  /** product_stock rows by wire key 'productId:locationId'. */
  stock: Record<string, Record<string, unknown>>;
  /** product_categories rows by wire key 'productId:categoryId'. */
  categories: Record<string, Record<string, unknown>>;
}

/** Product rows of LINK_CHUNK consecutive product ids (src/db/product-chunks.ts). */
export interface ProductChunk {
  /** floor(product_id / LINK_CHUNK) */
  k: number;
  /** products rows (as pulled) by product id. */
  rows: Record<string, Record<string, unknown>>;
}

/**
 * One fitment row: [yearFrom, yearTo, makeId, modelId, subModelId, bodyTypeId, bedLengthId,
 * engineConfigId, notes]; 0 for an optional id the row leaves open, null for no notes.
 */
export type FitTuple = [number, number, number, number, number, number, number, number, string | null];

export interface FitmentChunk {
  /** floor(product_id / LINK_CHUNK) */
  k: number;
  /** fitment rows by product id, then by fitment id. */
  rows: Record<string, Record<string, FitTuple>>;
}

/** The grouped catalog stores (PartsdeskDb has them). */
export interface ChunkStores {
  productChunks: Table<ProductChunk, number>;
  catalogLinks: Table<LinkChunk, number>;
  fitment: Table<FitmentChunk, number>;
}
