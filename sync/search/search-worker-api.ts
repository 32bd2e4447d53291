/**
 * The search handlers the sync worker exposes through comlink (docs/style.md "The worker API is a
 * typed map"): the worker intersects `SearchHandlers` into its API type and spreads
 * `createSearchHandlers()` into the object it exposes. Every method is async because that is what a
 * comlink proxy returns anyway; the work itself is synchronous inside the worker, so a query never
 * interleaves with a build.
 *
 * Lifecycle: the worker reads the cached catalog out of Dexie in chunks at start
 * (`searchBuildBegin` / `searchBuildAdd` / `searchBuildFinish`, or `searchBuild` with all rows),
 * then applies each sync pull's product changes with `searchUpsert` / `searchRemove`, and calls
 * `searchSettle` when the sync cycle ends. Until the
 * first build finishes, queries answer empty with `ready: false`.
 */
import { partsHitsPerPage } from '../../src/domain/constants';
import { IndexBuilder } from './built-index';
import { PartIndex, type IndexStats } from './part-index';
import type { BuildProgress, QueryOptions, SearchProductRow, SearchResult } from './types';

export interface SearchQueryOptions extends QueryOptions {
  /** Viewport width: sets `limit` by the spec's parts hits per page (8 over 1199 px, else 5). */
  width?: number;
}

export type SearchQueryResult = SearchResult & { ready: boolean };

export interface SearchHandlers {
  /** Starts a fresh build; `onProgress` must be wrapped with comlink's proxy() when given. */
  searchBuildBegin(expected: number, onProgress?: (p: BuildProgress) => void): Promise<void>;
  searchBuildAdd(rows: readonly SearchProductRow[]): Promise<void>;
  /** Swaps the new index in; queries use the previous one (or none) until then. */
  searchBuildFinish(): Promise<{ ms: number; stats: IndexStats }>;
  /**
   * Finishes a builder fed in this worker as a download arrived (sync/catalog-index.ts), in
   * place of searchBuildBegin/Add/Finish; never called across comlink.
   */
  searchBuildFrom(builder: IndexBuilder): Promise<{ ms: number; stats: IndexStats }>;
  searchBuild(
    rows: readonly SearchProductRow[],
    onProgress?: (p: BuildProgress) => void,
  ): Promise<{ ms: number; stats: IndexStats }>;
  searchQuery(text: string, opts?: SearchQueryOptions): Promise<SearchQueryResult>;
  searchUpsert(rows: readonly SearchProductRow[]): Promise<void>;
  searchRemove(productIds: readonly number[]): Promise<void>;
  /** Call when a sync cycle ends: rebuilds once if the pulled changes have piled up. */
  searchSettle(): Promise<{ compacted: boolean }>;
  searchStats(): Promise<IndexStats | null>;
}

export function createSearchHandlers(now: () => number = () => performance.now()): SearchHandlers {
  let index: PartIndex | null = null;
  let builder: IndexBuilder | null = null;
  let started = 0;

  const finish = (): { ms: number; stats: IndexStats } => {
    if (!builder) throw new Error('search: searchBuildFinish without searchBuildBegin');
    index = PartIndex.from(builder);
    builder = null;
    return { ms: now() - started, stats: index.stats() };
  };

  const handlers: SearchHandlers = {
    searchBuildBegin(expected, onProgress) {
      started = now();
      builder = new IndexBuilder(onProgress, expected);
      return Promise.resolve();
    },
    searchBuildAdd(rows) {
      if (!builder) return Promise.reject(new Error('search: searchBuildAdd without searchBuildBegin'));
      builder.add(rows);
      return Promise.resolve();
    },
    searchBuildFinish() {
      try {
        return Promise.resolve(finish());
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
    searchBuildFrom(fed) {
      started = now();
      builder = fed;
      return handlers.searchBuildFinish();
    },
    searchBuild(rows, onProgress) {
      started = now();
      builder = new IndexBuilder(onProgress, rows.length);
      builder.add(rows);
      return Promise.resolve(finish());
    },
    searchQuery(text, opts = {}) {
      const limit = opts.limit ?? (opts.width !== undefined ? partsHitsPerPage(opts.width) : undefined);
      if (!index)
        return Promise.resolve({
          parts: [],
          total: 0,
          categories: [],
          series: [],
          brands: [],
          tookMs: 0,
          ready: false,
        });
      return Promise.resolve({
        ...index.query(text, { ...opts, ...(limit !== undefined ? { limit } : {}) }),
        ready: true,
      });
    },
    searchUpsert(rows) {
      // During a build the change goes into the build too (the later row wins, by product id);
      // the index being replaced is about to be dropped, but still answers queries until then.
      builder?.add(rows);
      if (index) for (const r of rows) index.upsert(r);
      return Promise.resolve();
    },
    searchRemove(productIds) {
      for (const id of productIds) {
        builder?.docs.kill(id);
        index?.remove(id);
      }
      return Promise.resolve();
    },
    searchSettle() {
      return Promise.resolve({ compacted: index ? index.compactIfNeeded() : false });
    },
    searchStats() {
      return Promise.resolve(index ? index.stats() : null);
    },
  };
  return handlers;
}
