/** Capacity growth for the append-only typed arrays of the index (doubling, so appends stay O(1)). */

type Typed = Int32Array | Uint32Array | Uint8Array | Float64Array;

/** `arr` itself when it holds `need` elements, else a copy with at least that capacity. */
export function ensure<T extends Typed>(arr: T, need: number): T {
  if (need <= arr.length) return arr;
  const next = new (arr.constructor as new (n: number) => T)(Math.max(need, arr.length * 2, 16));
  next.set(arr);
  return next;
}
