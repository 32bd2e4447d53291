/**
 * Interns a facet value (brand, series, category, brand code) once: each slot of the doc table
 * stores a small integer instead of its own copy of 'Bilstein' or 'Brake Pads'. Keyed by the
 * source id when there is one, else by the name; a later row with the same key and a new name
 * renames the value (the catalog renamed it), which every slot sees at once.
 */
import { wordTokens } from './normalize';

export class Interner {
  private readonly byKey = new Map<number | string, number>();
  readonly ids: number[] = [];
  readonly names: string[] = [];
  /** Word tokens of each name, for the sections' "name matches the query" test. */
  readonly tokens: string[][] = [];

  get size(): number {
    return this.names.length;
  }

  /** The value's index, or -1 when there is no name. */
  intern(id: number | null | undefined, name: string | null | undefined): number {
    if (name === null || name === undefined || name === '') return -1;
    const key = id ?? name;
    const at = this.byKey.get(key);
    if (at !== undefined) {
      if (this.names[at] !== name) {
        this.names[at] = name;
        this.tokens[at] = wordTokens(name);
      }
      return at;
    }
    const idx = this.names.length;
    this.byKey.set(key, idx);
    this.ids.push(id ?? -1);
    this.names.push(name);
    this.tokens.push(wordTokens(name));
    return idx;
  }
}
