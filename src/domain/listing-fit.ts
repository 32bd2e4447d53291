/**
 * Shop by Vehicle on the listings (docs/decisions/fitment.md "Listings narrowed to the vehicle"):
 * the words a listing's count says. Pure and import-free: it loads with the storefront's first page
 * (the narrowing rule, which needs the facets' zod schemas, is listing-narrowing.ts).
 */
/** "1 part", "4,952 parts" (en-US grouping, §9). */
export function partsCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'part' : 'parts'}`;
}

/** The listing reply fields the count line reads (src/contracts/products-list.ts). */
export interface ListingCounts {
  total_items: number;
  /** Narrowed: the vehicle it is narrowed to. */
  fits_vehicle?: string | null | undefined;
  /** The shopper's vehicle whether or not the list is narrowed to it. */
  vehicle?: string | null | undefined;
  /** With a vehicle: the listing's size without the narrowing. */
  all_items?: number | null | undefined;
  /** With a vehicle: how many of the listing's parts fit it. */
  fitting_items?: number | null | undefined;
}

export interface ListingCountLine {
  text: string;
  /** The toggle: its words and whether it narrows (true) or shows all (false); null when none. */
  toggle: { text: string; narrow: boolean } | null;
}

/**
 * "312 parts fit your 2018 Ford F-150" + "Show all 4,952 parts"; showing all with a vehicle chosen,
 * "4,952 parts" + "Show only the 312 parts that fit your 2018 Ford F-150"; no vehicle, "4,952 parts".
 */
export function listingCountLine(r: ListingCounts): ListingCountLine {
  if (r.fits_vehicle) {
    const fit = r.total_items === 1 ? 'fits' : 'fit';
    return {
      text: `${partsCount(r.total_items)} ${fit} your ${r.fits_vehicle}`,
      toggle: { text: r.all_items != null ? `Show all ${partsCount(r.all_items)}` : 'Show all parts', narrow: false },
    };
  }
  const text = partsCount(r.total_items);
  if (!r.vehicle) return { text, toggle: null };
  const n = r.fitting_items;
  const only =
    n == null
      ? `Show only parts that fit your ${r.vehicle}`
      : `Show only the ${partsCount(n)} that ${n === 1 ? 'fits' : 'fit'} your ${r.vehicle}`;
  return { text, toggle: { text: only, narrow: true } };
}
