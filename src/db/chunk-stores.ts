/**
 * The records of the device's grouped catalog stores (database.ts versions 4 and 16) and the part
 * of the database the chunk modules write: catalog-links.ts, product-chunks.ts and fitment-chunks.ts
 * take these stores, not the whole PartsdeskDb, so they sit below database.ts (which uses them in
 * its upgrades) instead of importing it back.
 */
import type { Table } from 'dexie';
import type { TupleChunk } from './tuple-chunks';

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
  /** Product rows of LINK_CHUNK consecutive ids, by product id (product-chunks.ts). */
  productChunks: Table<TupleChunk, number>;
  /** product_stock rows of those products, by wire key 'productId:locationId' (catalog-links.ts). */
  stockChunks: Table<TupleChunk, number>;
  /** product_categories rows of those products, by wire key 'productId:categoryId' (catalog-links.ts). */
  categoryChunks: Table<TupleChunk, number>;
  fitment: Table<FitmentChunk, number>;
}
