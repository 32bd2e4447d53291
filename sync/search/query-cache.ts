/**
 * The last few answers, because typing repeats queries: every new search starts with one of ~36
 * first characters (the most expensive queries: they match half the catalog), and backspace
 * re-asks what was just answered. Any change to the index clears it, so an answer is never
 * older than the index.
 */
import type { SearchResult } from './types';

export class QueryCache {
  private readonly entries = new Map<string, SearchResult>();

  constructor(public capacity = 64) {}

  get(key: string): SearchResult | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: a Map iterates in insertion order, so the first key is the least recent.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: SearchResult): void {
    if (this.capacity <= 0) return;
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
