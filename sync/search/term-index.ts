/**
 * An inverted index from string keys to uint32 postings, built once and then read-only:
 * the sorted distinct keys (PackedStrings) and, in the same order, one CSR postings array
 * (`starts[k] .. starts[k + 1]` are key k's postings). Used twice: part-number keys -> slots,
 * and word tokens -> (slot << 1 | not-in-name bit).
 *
 * Must stay true: within one key, postings are in ascending slot order (the builder walks slots
 * in order; pairs added later for earlier slots, a download's facet words, are put back in slot
 * order by `finish`); a key's postings hold no duplicates as long as the caller adds each
 * (key, slot) once.
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
  /** Keys sorted a run at a time as they came (`presort`), for `finish` to merge; null when never presorted. */
  private runs: string[] | null = null;
  private presorted = 0;
  /** The highest slot added so far, and whether every pair came at or after the one before it. */
  private maxSlot = -1;
  private inSlotOrder = true;

  /** `slotShift`: how far a value is shifted left of its slot (1 for `slot << 1 | bit`, 0 for a bare slot). */
  constructor(private readonly slotShift: 0 | 1) {}

  /** Pairs added so far. */
  get length(): number {
    return this.count;
  }

  /**
   * Sorts the keys taken since the last call into a run of their own (in a download's idle time):
   * `finish` then merges the runs (the sort finds them) instead of sorting every key from scratch.
   */
  presort(): void {
    const fresh = this.keys.slice(this.presorted).sort();
    this.presorted = this.keys.length;
    const runs = (this.runs ??= []);
    for (const k of fresh) runs.push(k);
  }

  /** The key id of the i-th pair added. */
  keyIdAt(i: number): number {
    return this.termOf[i]!;
  }

  /** The key's id, the key taken in (with no pair yet) when new. */
  intern(key: string): number {
    let id = this.idOf.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.idOf.set(key, id);
      this.keys.push(key);
    }
    return id;
  }

  add(key: string, value: number): void {
    this.addId(this.intern(key), value);
  }

  /** A pair by the key's id (from `intern`). */
  addId(id: number, value: number): void {
    const slot = value >>> this.slotShift;
    if (slot < this.maxSlot) this.inSlotOrder = false;
    else this.maxSlot = slot;
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
    if (!this.inSlotOrder) this.sortBySlot();
    // The default sort compares UTF-16 code units, the order PackedStrings needs, and runs far
    // faster than a comparator callback.
    let sorted: string[];
    if (this.runs) {
      this.presort();
      sorted = this.runs.sort();
      this.runs = null;
    } else sorted = [...this.keys].sort();
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

  /** A stable counting sort of the pairs by slot, so each key's postings come out in slot order. */
  private sortBySlot(): void {
    const at = new Uint32Array(this.maxSlot + 2);
    for (let i = 0; i < this.count; i++) at[(this.values[i]! >>> this.slotShift) + 1]!++;
    for (let s = 0; s <= this.maxSlot; s++) at[s + 1]! += at[s]!;
    const termOf = new Uint32Array(this.count);
    const values = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const to = at[this.values[i]! >>> this.slotShift]!++;
      termOf[to] = this.termOf[i]!;
      values[to] = this.values[i]!;
    }
    this.termOf = termOf;
    this.values = values;
    this.inSlotOrder = true;
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
