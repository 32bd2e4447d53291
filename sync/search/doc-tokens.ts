/**
 * The word tokens one product is found by: its name's tokens first (they rank higher, see
 * MATCH_KINDS), then those of brand, series, categories and brand code that the name lacks.
 * Facet tokens come from the interners (tokenized once per distinct value, not once per part).
 */
import type { DocTable } from './doc-table';
import type { Interner } from './interner';
import { wordTokens } from './normalize';

export interface DocTokens {
  tokens: string[];
  /** tokens[0 .. nameCount) come from the name. */
  nameCount: number;
}

export function slotTokens(docs: DocTable, slot: number): DocTokens {
  const tokens = wordTokens(docs.names[slot]!);
  const nameCount = tokens.length;
  const more = (values: Interner, at: number): void => {
    if (at < 0) return;
    for (const t of values.tokens[at]!) if (!tokens.includes(t)) tokens.push(t);
  };
  more(docs.brands, docs.brand[slot]!);
  more(docs.series, docs.seriesOf[slot]!);
  for (let c = docs.catStart[slot]!; c < docs.catStart[slot + 1]!; c++) more(docs.categories, docs.catPool[c]!);
  more(docs.codes, docs.code[slot]!);
  return { tokens, nameCount };
}
