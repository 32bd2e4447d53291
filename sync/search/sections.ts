/**
 * The autocomplete's Categories, Series and Brands sections: the distinct values carried by the
 * matching parts, with how many matching parts carry each. A value whose own name matches every
 * query term ('brake' -> 'Brake Pads') comes before values that only hold matching parts; then
 * more parts first, then by name.
 */
import type { DocTable } from './doc-table';
import type { Interner } from './interner';
import type { MatchSet } from './match-set';
import type { SectionHit } from './types';

export interface Sections {
  categories: SectionHit[];
  series: SectionHit[];
  brands: SectionHit[];
}

export function sections(m: MatchSet, docs: DocTable, terms: readonly string[], limit: number): Sections {
  const cats = new Uint32Array(docs.categories.size);
  const series = new Uint32Array(docs.series.size);
  const brands = new Uint32Array(docs.brands.size);
  // Hot loop (a one-letter query matches ~100,000 parts): columns in locals.
  const { list, length } = m;
  const { brand, seriesOf, catStart, catPool } = docs;
  for (let i = 0; i < length; i++) {
    const s = list[i]!;
    const b = brand[s]!;
    if (b >= 0) brands[b]!++;
    const r = seriesOf[s]!;
    if (r >= 0) series[r]!++;
    for (let c = catStart[s]!, end = catStart[s + 1]!; c < end; c++) cats[catPool[c]!]!++;
  }
  return {
    categories: pick(cats, docs.categories, terms, limit),
    series: pick(series, docs.series, terms, limit),
    brands: pick(brands, docs.brands, terms, limit),
  };
}

function pick(counts: Uint32Array, values: Interner, terms: readonly string[], limit: number): SectionHit[] {
  const hits: SectionHit[] = [];
  counts.forEach((count, at) => {
    if (count === 0) return;
    const tokens = values.tokens[at]!;
    const nameMatches = terms.length > 0 && terms.every((t) => tokens.some((tok) => tok.startsWith(t)));
    hits.push({ id: values.ids[at]!, name: values.names[at]!, count, nameMatches });
  });
  hits.sort(
    (a, b) =>
      Number(b.nameMatches) - Number(a.nameMatches) ||
      b.count - a.count ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return hits.slice(0, limit);
}
