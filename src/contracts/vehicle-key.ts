/**
 * The response header naming the vehicle a storefront listing was narrowed for (a digest, not the
 * cookie): the service worker keeps one copy of a listing per vehicle with it, so a kiosk offline
 * lists the parts that fit the vehicle it last chose (docs/decisions/fitment.md "Listings narrowed
 * to the vehicle"). Absent: the reply depends on no vehicle.
 */
export const VEHICLE_KEY_HEADER = 'X-Partsdesk-Vehicle';
