/**
 * An inverted index from string keys to uint32 postings, built once and then read-only:
 * the sorted distinct keys (PackedStrings) and, in the same order, one CSR postings array
 * (`starts[k] .. starts[k + 1]` are key k's postings). Used twice: part-number keys -> slots,
 * and word tokens -> (slot << 1 | not-in-name bit).
 *
 * Must stay true: within one key, postings are in the order they were added (ascending slot,
 * because the builder walks slots in order); a key's postings hold no duplicates as long as the
 * caller adds each (key, slot) once.
 */
import { ensure } from './grow';
import { PackedStrings } from './packed-strings';

/**
 * The same pairs by slot: `entries[starts[s] .. starts[s + 1])` are slot s's
 * `keyRank << 1 | bit`. Because key ranks follow sorted order, a prefix's keys are one rank
 * range, so "does slot s have a token starting with q" is a scan of its ~10 entries.
 */
export interface ForwardIndex {
  starts: Uint32Array;
  entries: Uint32Array;
}

export class TermIndex {
  constructor(
    readonly keys: PackedStrings,
    readonly starts: Uint32Array,
    readonly postings: Uint32Array,
    readonly forward: ForwardIndex | null = null,
  ) {}

  get bytes(): number {
    const fwd = this.forward ? this.forward.starts.byteLength + this.forward.entries.byteLength : 0;
    return this.keys.bytes + this.starts.byteLength + this.postings.byteLength + fwd;
  }

  static empty(): TermIndex {
    return new TermIndex(PackedStrings.fromSorted([]), new Uint32Array(1), new Uint32Array(0));
  }
}

/** Collects (key, value) pairs in one pass; `finish` sorts keys and lays postings out by key. */
export class TermIndexBuilder {
  private readonly idOf = new Map<string, number>();
  private readonly keys: string[] = [];
  private termOf = new Uint32Array(1024);
  private values = new Uint32Array(1024);
  private count = 0;

  add(key: string, value: number): void {
    let id = this.idOf.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.idOf.set(key, id);
      this.keys.push(key);
    }
    if (this.count === this.values.length) {
      this.termOf = ensure(this.termOf, this.count + 1);
      this.values = ensure(this.values, this.count + 1);
    }
    this.termOf[this.count] = id;
    this.values[this.count++] = value;
  }

  /**
   * Counting sort by key rank: O(pairs + keys log keys), two passes over the pairs. With
   * `forwardSlots`, values are `slot << 1 | bit` added slot by slot, and the forward index over
   * that many slots is built too.
   */
  finish(forwardSlots?: number): TermIndex {
    // The default sort compares UTF-16 code units, the order PackedStrings needs, and runs far
    // faster than a comparator callback.
    const sorted = [...this.keys].sort();
    const rankOf = new Uint32Array(sorted.length);
    sorted.forEach((k, rank) => (rankOf[this.idOf.get(k)!] = rank));
    const starts = new Uint32Array(sorted.length + 1);
    for (let i = 0; i < this.count; i++) starts[rankOf[this.termOf[i]!]! + 1]!++;
    for (let k = 0; k < sorted.length; k++) starts[k + 1]! += starts[k]!;
    const fill = starts.slice(0, sorted.length);
    const postings = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) postings[fill[rankOf[this.termOf[i]!]!]!++] = this.values[i]!;
    const packed = PackedStrings.fromSorted(sorted);
    return new TermIndex(
      packed,
      starts,
      postings,
      forwardSlots === undefined ? null : this.forward(forwardSlots, rankOf),
    );
  }

  private forward(slots: number, rankOf: Uint32Array): ForwardIndex {
    const starts = new Uint32Array(slots + 1);
    for (let i = 0; i < this.count; i++) starts[(this.values[i]! >>> 1) + 1]!++;
    for (let s = 0; s < slots; s++) starts[s + 1]! += starts[s]!;
    const fill = starts.slice(0, slots);
    const entries = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const v = this.values[i]!;
      entries[fill[v >>> 1]!++] = ((rankOf[this.termOf[i]!]! << 1) | (v & 1)) >>> 0;
    }
    return { starts, entries };
  }
}
