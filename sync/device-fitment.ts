/**
 * Part validation offline, in the sync worker: src/db/fitment-queries.ts over this realm's cache,
 * with the part-number index (`{aaia}~{mpn}` -> product id) kept in memory. The index is built on
 * the first question and dropped when a stored pull page changed products (or cleared the cache),
 * so it is rebuilt from Dexie before the next answer: never an answer from products the cache no
 * longer holds.
 */
import type { ValidatedPart } from '../src/contracts/fitment/validate-fitment';
import type { PartsdeskDb } from '../src/db/database';
import { partRefIndex, validateFromCache } from '../src/db/fitment-queries';
import { partsParamSchema } from '../src/domain/fitment';
import type { Facets } from '../src/domain/fitment-facets';
import type { PulledPage } from './pull';

export class DeviceFitment {
  private refs: Promise<Map<string, number>> | null = null;

  constructor(private readonly db: PartsdeskDb) {}

  /** After a pull page committed (SyncEngine onPullPage). */
  pulled(page: Pick<PulledPage, 'changes' | 'cleared' | 'blocks'>): void {
    if (
      page.cleared ||
      page.changes.some((c) => c.table === 'products') ||
      page.blocks?.some((b) => b.table === 'products' && b.rows.length > 0)
    )
      this.refs = null;
  }

  /**
   * `parts` as {aaia}~{mpn} (parsed by the same rule as the server's Parts parameter: at most 100,
   * a part listed twice judged once); throws on input the server would answer 400.
   */
  async validate(parts: readonly string[], facets: Facets): Promise<ValidatedPart[]> {
    const refs = partsParamSchema.parse(parts.join(','));
    this.refs ??= partRefIndex(this.db);
    const index = this.refs;
    index.catch(() => {
      if (this.refs === index) this.refs = null;
    });
    const map = await index;
    return validateFromCache(this.db, (ref) => map.get(ref), refs, facets);
  }
}
