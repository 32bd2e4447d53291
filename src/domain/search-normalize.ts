/**
 * Text normalisation shared by the index build and the query, so both sides always agree on what
 * a token is. Two different keys come out of a string:
 *
 * - the part-number key: upper-case, diacritics folded, every character that is not a letter or a
 *   digit dropped. '33-2304', '33 2304', '332304' and '33.2304' all give '332304'. Digits are
 *   never dropped and leading zeros stay ('0242236562' keeps its '0'): a part number is an
 *   identifier, not a number.
 * - word tokens: lower-case, diacritics folded. A whitespace-separated chunk gives its joined form
 *   (punctuation removed: 'K&N' -> 'kn', 'Fel-Pro' -> 'felpro', '33-2304' -> '332304') AND, when
 *   punctuation split it, each alphanumeric piece ('k', 'n'; 'fel', 'pro'; '33', '2304').
 *   Digit runs and mixed codes ('z36', 'k750155', '5100') stay whole: general tokenizers split or
 *   drop them, which is why a parts search built on them returns nothing for a typed number.
 *
 * A query term is only the joined form of a chunk ('k&n' -> 'kn'), matched as a prefix of indexed
 * tokens; because the index holds both joined form and pieces, 'k&n', 'kn', 'k n' and 'fel pro'
 * all find their parts.
 */

const MARKS = /\p{M}+/gu;
const NOT_ALNUM = /[^\p{L}\p{N}]+/gu;
const WHITESPACE = /\s+/u;
/** Printable ASCII only (tabs and newlines take the slow path, harmlessly). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
/** Word boundaries inside a run of letters: 'FloorLiner', 'BAKFlip' (before the 'F'). */
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Accents removed, case kept. Most catalog text is ASCII: it skips the Unicode work. */
function deaccent(s: string): string {
  return NOT_PRINTABLE_ASCII.test(s) ? s.normalize('NFKD').replace(MARKS, '') : s;
}

/** Lower-cased text with accents removed ('Señal Ø' -> 'senal ø'); length may change. */
export function foldText(s: string): string {
  return deaccent(s).toLowerCase();
}

/** The part-number key: upper-case letters and digits only. Empty when nothing is left. */
export function partKey(s: string): string {
  return deaccent(s).replace(NOT_ALNUM, '').toUpperCase();
}

/**
 * Word tokens of a field for the index, each once, in first-seen order. See the file header for
 * the rules (joined form plus pieces); a piece in camel case ('FloorLiner', 'BAKFlip') also gives
 * its words ('floor', 'liner'; 'bak', 'flip'), because brands write series names that way and
 * people type them apart.
 */
export function wordTokens(s: string): string[] {
  // Few tokens per field: a linear `includes` beats a Set here.
  const out: string[] = [];
  const add = (t: string): void => {
    if (t.length > 0 && !out.includes(t)) out.push(t);
  };
  for (const chunk of deaccent(s).split(WHITESPACE)) {
    const pieces = chunk.split(NOT_ALNUM);
    add(pieces.join('').toLowerCase());
    let parts = 0;
    for (const p of pieces) if (p.length > 0) parts++;
    for (const p of pieces) {
      if (p.length === 0) continue;
      if (parts > 1) add(p.toLowerCase());
      const words = p.split(CAMEL);
      if (words.length > 1) for (const w of words) add(w.toLowerCase());
    }
  }
  return out;
}

/**
 * Query terms: the joined form of each whitespace chunk, duplicates and terms that are prefixes of
 * another term removed (they add no constraint under AND-of-prefixes: 'k kn' equals 'kn').
 */
export function queryTerms(s: string): string[] {
  const joined = foldText(s)
    .split(WHITESPACE)
    .map((c) => c.replace(NOT_ALNUM, ''))
    .filter((c) => c.length > 0);
  const unique = [...new Set(joined)];
  return unique.filter((t) => !unique.some((o) => o !== t && o.startsWith(t)));
}

/**
 * A UPC/EAN as a number when the text is a plausible barcode (8 to 14 digits once punctuation is
 * dropped), else null. Barcodes are fixed-length per symbology, so the numeric form loses nothing
 * a scanner would tell apart.
 */
export function barcodeValue(s: string): number | null {
  const key = partKey(s);
  return /^\d{8,14}$/.test(key) ? Number(key) : null;
}
