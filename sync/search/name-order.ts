/**
 * Ties are broken by name: each slot gets a rank in folded-name order (1, 2, ...), computed once
 * per build so a query compares two numbers instead of two strings. Slots added after the build
 * (the delta) get `position + 0.5`, where position counts the built slots whose name sorts before, so
 * they interleave correctly with built slots; two delta slots between the same neighbours tie on
 * rank and fall back to comparing names (see rank.ts).
 */
import { ensure } from './grow';
import { foldText } from './normalize';

export class NameOrder {
  /** Built slots sorted by folded name (then slot). */
  private readonly sorted: Int32Array;
  private readonly folded: (slot: number) => string;
  rank: Float64Array;

  constructor(slots: Int32Array, names: readonly string[]) {
    this.folded = (slot) => foldText(names[slot]!);
    // One string per slot, 'folded name NUL slot', sorted by the default (code-unit) order: far
    // faster than a comparator over 200,000 entries. NUL sorts below every name character, so a
    // name sorts before its own extensions; equal names fall back to the slot's digits.
    const tagged = Array.from(slots, (s) => `${foldText(names[s]!)}\u0000${s}`).sort();
    const sorted = tagged.map((t) => Number(t.slice(t.lastIndexOf('\u0000') + 1)));
    this.sorted = Int32Array.from(sorted);
    this.rank = new Float64Array(names.length);
    sorted.forEach((s, i) => (this.rank[s] = i + 1));
  }

  get bytes(): number {
    return this.sorted.byteLength + this.rank.byteLength;
  }

  /** Gives a slot added after the build its rank among the built slots. */
  place(slot: number, name: string): void {
    const key = foldText(name);
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.folded(this.sorted[mid]!) < key) lo = mid + 1;
      else hi = mid;
    }
    this.rank = ensure(this.rank, slot + 1);
    this.rank[slot] = lo + 0.5;
  }
}
