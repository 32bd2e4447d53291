/**
 * The tokenizer lives in src/domain/search-normalize.ts so the server's search (which may not
 * import sync/) applies the very same rules; the offline index keeps importing it from here.
 */
export { barcodeValue, foldText, partKey, queryTerms, wordTokens } from '../../src/domain/search-normalize';
