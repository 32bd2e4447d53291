/**
 * The dealer locator's replies (storefront.md §3 "Store/dealer", "Locator response", §7 "Dealer
 * locator"; docs/decisions/storefront.md "Dealer locator"):
 * - GET {data source}{type}&format=json: html and data (show_map, lat, lng, locations);
 * - GET /api/location/getLocations: locations; GET /api/location/setGeolocationFromZipCode: geo;
 * - GET /index.php?route=module/dealer_locator/find_dealer&id=: location_name and address;
 * - GET /index.php?route=module/dealer_locator/reset_store: success.
 * `info_window` and `html` are the server's HTML (every value escaped); the storefront never inserts
 * them, it renders the fields. zod/mini: the header's store button reads find_dealer on first load.
 */
import * as z from 'zod/mini';

const hoursSchema = z.record(z.string(), z.object({ open: z.string(), close: z.string() }));

export const dealerStoreSchema = z.object({
  location_id: z.number().check(z.int()),
  location_name: z.string(),
  name: z.string(),
  address: z.string(),
  telephone: z.string(),
  formatted_telephone: z.string(),
  /** Only the first of a comma-separated list is kept (§3). */
  email: z.string(),
  email_address: z.string(),
  formatted_website: z.string(),
  /** The link View Website opens (our addition: formatted_website is the text shown). */
  website: z.string(),
  map_link: z.string(),
  /** Miles from the search point; null when the search had no point. */
  distance: z.nullable(z.number()),
  formatted_distance: z.string(),
  preferred: z.boolean(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  info_window: z.string(),
  /** Our additions for Show Hours and the location-type links (the spec names no field). */
  hours: hoursSchema,
  location_type: z.string(),
});
export type DealerStore = z.infer<typeof dealerStoreSchema>;

export const locatorResponseSchema = z.object({
  html: z.string(),
  data: z.object({
    show_map: z.boolean(),
    lat: z.nullable(z.number()),
    lng: z.nullable(z.number()),
    locations: z.array(dealerStoreSchema),
    /** The location types the filter chips offer (every active store's type, sorted). */
    location_types: z.array(z.string()),
  }),
});
export type LocatorResponse = z.infer<typeof locatorResponseSchema>;

export const nearbyLocationsReplySchema = z.object({ locations: z.array(dealerStoreSchema) });
export type NearbyLocationsReply = z.infer<typeof nearbyLocationsReplySchema>;

export const zipGeoReplySchema = z.object({ geo: z.object({ lat: z.number(), lng: z.number() }) });
export type ZipGeoReply = z.infer<typeof zipGeoReplySchema>;

export const findDealerReplySchema = z.object({ location_name: z.string(), address: z.string() });
export type FindDealerReply = z.infer<typeof findDealerReplySchema>;

export const resetStoreReplySchema = z.object({ success: z.literal(true) });

/** The data source's `type` values (docs/decisions/storefront.md "Dealer locator"). */
export const LOCATOR_TYPES = ['modal', 'list', 'map'] as const;
export type LocatorType = (typeof LOCATOR_TYPES)[number];

/** The two data-source bases the spec names (§7 "Helper routes"): the locator module and the contact page. */
export const LOCATOR_SOURCE = 'module/dealer_locator/';
export const CONTACT_SOURCE = 'information/contact/';
