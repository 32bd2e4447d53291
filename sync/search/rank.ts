/**
 * Picks the best `limit` matches without sorting them all: one pass keeping a small sorted
 * window (limit is 5 to 15 in the spec), so a one-letter query matching 100,000 parts costs one
 * comparison per match. Order: score (match.ts), then folded name for equal scores (only two
 * delta slots between the same built neighbours can tie), then product id.
 */
import type { DocTable } from './doc-table';
import type { MatchSet } from './match-set';
import { foldText } from './normalize';

export function topSlots(m: MatchSet, docs: DocTable, limit: number): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  const before = (a: number, b: number): boolean => {
    const sa = m.score[a]!;
    const sb = m.score[b]!;
    if (sa !== sb) return sa < sb;
    const na = foldText(docs.names[a]!);
    const nb = foldText(docs.names[b]!);
    if (na !== nb) return na < nb;
    return docs.productId[a]! < docs.productId[b]!;
  };
  for (let i = 0; i < m.length; i++) {
    const slot = m.list[i]!;
    if (best.length === limit && !before(slot, best[limit - 1]!)) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && before(slot, best[at - 1]!)) at--;
    if (best.length === limit) best.pop();
    best.splice(at, 0, slot);
  }
  return best;
}
