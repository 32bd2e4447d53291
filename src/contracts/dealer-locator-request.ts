/**
 * The dealer locator's requests, as the server parses them (storefront.md §5 "Dealer locator
 * distance", "ZIP search", §7 "Dealer locator", §9 limits). Bad input is a 400 with these messages;
 * a distance outside 10 to 250 is not an error, it falls back to 10 (§5).
 */
import { z } from 'zod';
import { LOCATOR_SEARCH_LIMIT, LOCATOR_SEARCH_RADIUS_MILES, ZIP_MAX_LENGTH } from '../domain/constants';
import { INVALID_ZIP } from '../domain/forms/locator';
import { locatorDistance } from '../domain/locator';

export const LOCATOR_MESSAGES = {
  lat: 'user_lat must be a latitude between -90 and 90.',
  lng: 'user_lng must be a longitude between -180 and 180.',
  limit: 'limit must be a whole number from 1 to 100.',
  id: 'id must be a store id.',
  storeNotFound: 'This store was not found.',
  type: 'type must be one of modal, list or map.',
  format: 'format must be json.',
  search: `search must be at most 100 characters.`,
  filter: 'filter must be a location type of at most 40 letters, digits, spaces, dashes or underscores.',
  selectedStore: 'selected_store must be a store id.',
} as const;

export const NEARBY_LIMIT_MAX = 100;

// '' would coerce to 0 (a real latitude): an empty value is a missing one.
const coord = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: message }).min(min, message).max(max, message),
  );

const storeId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** A query value that may be sent empty ('') meaning "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()).optional();

/** GET /api/location/getLocations: user_lat, user_lng, distance (default 100), limit (default 20). */
export const nearbyLocationsRequestSchema = z.object({
  user_lat: coord(-90, 90, LOCATOR_MESSAGES.lat),
  user_lng: coord(-180, 180, LOCATOR_MESSAGES.lng),
  distance: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === '' ? LOCATOR_SEARCH_RADIUS_MILES : locatorDistance(v))),
  limit: optional(
    z.coerce
      .number({ error: LOCATOR_MESSAGES.limit })
      .int(LOCATOR_MESSAGES.limit)
      .min(1, LOCATOR_MESSAGES.limit)
      .max(NEARBY_LIMIT_MAX, LOCATOR_MESSAGES.limit),
  ).transform((v) => v ?? LOCATOR_SEARCH_LIMIT),
});
export type NearbyLocationsRequest = z.infer<typeof nearbyLocationsRequestSchema>;

/** GET /api/location/setGeolocationFromZipCode?address={zip}: empty or unknown is INVALID_ZIP (§5). */
export const zipGeoRequestSchema = z.object({
  address: z.string({ error: INVALID_ZIP }).trim().min(1, INVALID_ZIP).max(ZIP_MAX_LENGTH, INVALID_ZIP),
});

/** GET index.php?route=module/dealer_locator/find_dealer&id={id}. */
export const findDealerRequestSchema = z.object({ id: storeId(LOCATOR_MESSAGES.id) });

/** GET {data source}{type}&format=json with optional search, distance, filter, selected_store, lat, lng. */
export const locatorQuerySchema = z.object({
  format: optional(z.literal('json', { error: LOCATOR_MESSAGES.format })),
  search: optional(z.string().trim().max(100, LOCATOR_MESSAGES.search)).transform((v) => v || undefined),
  distance: z.unknown().optional().transform(locatorDistance),
  filter: optional(
    z
      .string()
      .trim()
      .regex(/^[\w -]{1,40}$/, LOCATOR_MESSAGES.filter),
  ),
  selected_store: optional(storeId(LOCATOR_MESSAGES.selectedStore)),
  lat: optional(coord(-90, 90, LOCATOR_MESSAGES.lat.replace('user_lat', 'lat'))),
  lng: optional(coord(-180, 180, LOCATOR_MESSAGES.lng.replace('user_lng', 'lng'))),
});
export type LocatorQuery = z.infer<typeof locatorQuerySchema>;
