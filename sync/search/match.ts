/**
 * Finds every live slot matching a query and scores it (lower is better):
 *   tier * TIER + secondary * SECONDARY + name rank
 * with tiers in MATCH_KINDS order: exact part number or barcode, part-number prefix (secondary:
 * characters still missing, so the closest completion comes first), every term a prefix of a
 * name token, every term a prefix of some token (name, brand, series, category, brand code).
 *
 * Word terms combine with AND (match-words.ts). Delta slots (upserted since the build) are few
 * and checked one by one.
 */
import type { BuiltIndex } from './built-index';
import type { DocTable } from './doc-table';
import type { MatchSet } from './match-set';
import type { DocTokens } from './doc-tokens';
import { matchWords } from './match-words';
import { SECONDARY, TIER, TIER_ANY, TIER_EXACT, TIER_NAME, TIER_PREFIX } from './match-tiers';

export interface DeltaDoc extends DocTokens {
  key: string;
}

export interface MatchInput {
  terms: readonly string[];
  /** Part-number key of the whole query ('' when none). */
  key: string;
  barcode: number | null;
}

export function matchAll(
  docs: DocTable,
  built: BuiltIndex,
  delta: ReadonlyMap<number, DeltaDoc>,
  q: MatchInput,
  m: MatchSet,
): void {
  const g = m.begin(docs.slots, q.terms.length);
  if (q.terms.length > 0) matchWords(docs, built, q.terms, g, m);
  if (q.key) matchPartNumbers(docs, built, q.key, m);
  if (q.barcode !== null) matchBarcode(docs, built, q.barcode, m);
  for (const [slot, d] of delta) if (docs.alive[slot]) matchDelta(docs, slot, d, built, q, m);
}

function matchPartNumbers(docs: DocTable, built: BuiltIndex, key: string, m: MatchSet): void {
  const { keys, starts, postings } = built.parts;
  const rank = built.order.rank;
  const [from, to] = keys.prefixRange(key);
  for (let k = from; k < to; k++) {
    const missing = keys.keyLength(k) - key.length;
    const base = missing === 0 ? TIER_EXACT * TIER : TIER_PREFIX * TIER + missing * SECONDARY;
    for (let p = starts[k]!; p < starts[k + 1]!; p++) {
      const slot = postings[p]!;
      if (docs.alive[slot]) m.add(slot, base + rank[slot]!);
    }
  }
}

function matchBarcode(docs: DocTable, built: BuiltIndex, code: number, m: MatchSet): void {
  const { values, slots } = built.barcodes;
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < code) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < values.length && values[i] === code; i++) {
    const slot = slots[i]!;
    if (docs.alive[slot]) m.add(slot, TIER_EXACT * TIER + built.order.rank[slot]!);
  }
}

function matchDelta(docs: DocTable, slot: number, d: DeltaDoc, built: BuiltIndex, q: MatchInput, m: MatchSet): void {
  let tier = Infinity;
  let secondary = 0;
  if (q.key && d.key.startsWith(q.key)) {
    tier = d.key.length === q.key.length ? TIER_EXACT : TIER_PREFIX;
    secondary = d.key.length - q.key.length;
  }
  if (tier > TIER_PREFIX && q.terms.length > 0) {
    let allFound = true;
    let allName = true;
    for (const term of q.terms) {
      let found = false;
      let name = false;
      for (let i = 0; i < d.tokens.length && !name; i++) {
        if (d.tokens[i]!.startsWith(term)) {
          found = true;
          name = i < d.nameCount;
        }
      }
      allFound &&= found;
      allName &&= name;
    }
    if (allFound) tier = allName ? TIER_NAME : TIER_ANY;
  }
  const rank = built.order.rank[slot]!;
  if (tier !== Infinity) m.add(slot, tier * TIER + secondary * SECONDARY + rank);
  if (q.barcode !== null && docs.upc[slot] === q.barcode) m.add(slot, TIER_EXACT * TIER + rank);
}
