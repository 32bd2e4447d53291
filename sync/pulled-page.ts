import type { PackedBlock, RowChange } from '../src/contracts/sync-pull';

/** A page as stored, for whoever mirrors the cache in memory (the worker's catalog index). */
export interface PulledPage {
  changes: readonly RowChange[];
  /**
   * Column blocks of the grouped catalog tables (products, stock, category links, fitment), stored
   * as they came after `changes` (src/db/tables.ts applyServerChanges); absent: none.
   */
  blocks?: readonly PackedBlock[];
  /** Every cached server row was dropped before this page (needsFullSync or a full sync). */
  cleared: boolean;
  /** The last page: the device now holds everything up to the server's horizon. */
  complete: boolean;
  /** The cookie stored before this page (0 or `cleared`: the page starts the cache afresh) and with it. */
  after: number;
  cookie: number;
  /**
   * A further line of a snapshot (sync/snapshot.ts): it continues the lines before it although
   * the cookie stays 0 until the last one, so a mirror must not start afresh at `after` 0.
   */
  continues?: boolean;
}
