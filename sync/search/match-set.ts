/**
 * Per-query scratch: which slots matched and their scores, without allocating per query.
 * Generation stamps replace clearing: a slot's stamp is "current" only when it equals a value
 * handed out for this query; every query takes fresh values above all earlier ones, so stale
 * stamps always read as "not seen". Arrays grow with the doc table and are otherwise reused.
 */
import { ensure } from './grow';

export class MatchSet {
  /** Word AND progress, values g .. g + terms (see match-words.ts). */
  wordStamp = new Uint32Array(0);
  /** Two alternating "every term so far matched in the name" bits (see match-words.ts). */
  nameBits = new Uint8Array(0);
  private listStamp = new Uint32Array(0);
  score = new Float64Array(0);
  list = new Int32Array(0);
  length = 0;
  private nextGen = 1;
  private listGen = 0;

  /** Starts a query over `slots` slots with `terms` word terms; returns its base generation g. */
  begin(slots: number, terms: number): number {
    this.nameBits = ensure(this.nameBits, slots);
    this.wordStamp = ensure(this.wordStamp, slots);
    this.listStamp = ensure(this.listStamp, slots);
    this.score = ensure(this.score, slots);
    this.list = ensure(this.list, slots);
    if (this.nextGen + terms + 2 >= 0xffffffff) {
      this.wordStamp.fill(0);
      this.listStamp.fill(0);
      this.nextGen = 1;
    }
    const g = this.nextGen;
    this.nextGen += terms + 2;
    this.listGen = g;
    this.length = 0;
    return g;
  }

  has(slot: number): boolean {
    return this.listStamp[slot] === this.listGen;
  }

  /** Adds a slot or lowers its score (lower is better). */
  add(slot: number, score: number): void {
    if (this.listStamp[slot] !== this.listGen) {
      this.listStamp[slot] = this.listGen;
      this.score[slot] = score;
      this.list[this.length++] = slot;
    } else if (score < this.score[slot]!) {
      this.score[slot] = score;
    }
  }
}
