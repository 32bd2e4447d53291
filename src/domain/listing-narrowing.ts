/**
 * Shop by Vehicle on the listings (docs/decisions/fitment.md "Listings narrowed to the vehicle"):
 * whether GET /api/products/ narrows to the shopper's vehicle. The server decides with it; the
 * count's words are listing-fit.ts.
 */
import { hasEngine, hasYmm, type Facets } from './fitment-facets';

/** The listing's `fits` parameter: '1'/'true' narrow, '0' show every part, absent = the default. */
export type FitsParam = '1' | 'true' | '0' | undefined;

/**
 * Narrowed when asked (`fits=1`, a 'Find Products That Fit' tile), and by default once a whole
 * vehicle is chosen (year/make/model or an engine): a year alone fits nothing yet, so a half-made
 * choice would empty the catalog. `fits=0` is the shopper's "show all parts" toggle.
 */
export function narrowsListing(fits: FitsParam, facets: Facets | null): boolean {
  if (!facets || fits === '0') return false;
  if (fits === '1' || fits === 'true') return true;
  return hasYmm(facets) || hasEngine(facets);
}
