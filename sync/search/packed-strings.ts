/**
 * An immutable, sorted list of strings packed into two typed arrays: one UTF-16 code-unit pool
 * and the start offset of each string. 400,000 keys cost ~2 bytes a character plus 4 bytes a key,
 * instead of a JS string object each (tens of bytes of header per string), and the garbage
 * collector sees two objects, not 400,000.
 *
 * Invariant: keys are in strict code-unit order (what `<` on JS strings gives), so a prefix's
 * matches are one contiguous range found by two binary searches.
 */
export class PackedStrings {
  private constructor(
    private readonly pool: Uint16Array,
    /** starts[i]..starts[i + 1] is key i; length count + 1. */
    private readonly starts: Uint32Array,
  ) {}

  /** Packs keys that are already sorted and distinct (the caller sorts; checked in tests). */
  static fromSorted(keys: readonly string[]): PackedStrings {
    let chars = 0;
    for (const k of keys) chars += k.length;
    const pool = new Uint16Array(chars);
    const starts = new Uint32Array(keys.length + 1);
    let at = 0;
    keys.forEach((k, i) => {
      starts[i] = at;
      for (let c = 0; c < k.length; c++) pool[at++] = k.charCodeAt(c);
    });
    starts[keys.length] = at;
    return new PackedStrings(pool, starts);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  get bytes(): number {
    return this.pool.byteLength + this.starts.byteLength;
  }

  keyLength(i: number): number {
    return this.starts[i + 1]! - this.starts[i]!;
  }

  /** Compares key i, cut to q's length, with q: 0 means "key i starts with q". */
  private compare(i: number, q: string): number {
    const s = this.starts[i]!;
    const len = this.starts[i + 1]! - s;
    const n = Math.min(len, q.length);
    for (let c = 0; c < n; c++) {
      const d = this.pool[s + c]! - q.charCodeAt(c);
      if (d !== 0) return d;
    }
    return len >= q.length ? 0 : len - q.length;
  }

  /** First index whose key (cut to q's length) is >= q. */
  private lowerBound(q: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, q) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key (cut to q's length) is > q. */
  private upperBoundPrefix(q: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, q) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [from, to) of the keys starting with q; the exact key, if any, is at `from`. */
  prefixRange(q: string): [number, number] {
    return [this.lowerBound(q), this.upperBoundPrefix(q)];
  }
}
