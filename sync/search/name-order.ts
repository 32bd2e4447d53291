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

  /**
   * `slots` put in name order here, or given in it (`inOrder`: IndexBuilder sorts a download's
   * `nameTag` strings a page at a time as they come, and merges the runs at the end).
   */
  constructor(slots: Int32Array, names: readonly string[], inOrder?: readonly number[]) {
    this.folded = (slot) => foldText(names[slot]!);
    const sorted = inOrder ?? slotsOf(Array.from(slots, (s) => nameTag(names[s]!, s)).sort());
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

/**
 * A slot's sort string, 'folded name NUL slot', sorted by the default (code-unit) order: far
 * faster than a comparator over 200,000 entries. NUL sorts below every name character, so a name
 * sorts before its own extensions; equal names fall back to the slot's digits.
 */
export function nameTag(name: string, slot: number): string {
  return `${foldText(name)}\u0000${slot}`;
}

/** The slots of sorted `nameTag` strings, in their order (`keep`: only the slots it accepts). */
export function slotsOf(tags: readonly string[], keep: (slot: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (const t of tags) {
    const s = Number(t.slice(t.lastIndexOf('\u0000') + 1));
    if (keep(s)) out.push(s);
  }
  return out;
}
