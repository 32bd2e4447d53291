/** Dealer locator inputs (storefront §5, §9): distance 10-250 else 10; ZIP search. */
import { z } from 'zod';
import { ZIP_MAX_LENGTH } from '../constants';
import { normalizeDistance } from '../locator';
import { maxChars } from './messages';

export { normalizeDistance };

export const INVALID_ZIP = 'Invalid ZIP code. Please try again.';
export const NO_STORE_WITHIN = "We couldn't find this product within 250 miles.";
export const LOCATION_LOOKUP_FAILED = 'Failed to get location details.';

export const locatorDistanceSchema = z.unknown().transform(normalizeDistance);

/** ZIP search box: empty is refused with the spec's message; at most 10 characters. */
export const zipSearchSchema = z.string().trim().min(1, INVALID_ZIP).max(ZIP_MAX_LENGTH, maxChars(ZIP_MAX_LENGTH));
