/** Dealer locator inputs (storefront §5, §9): distance 10-250 else 10; ZIP search. */
import { z } from 'zod';
import { LOCATOR_DISTANCE_MAX, LOCATOR_DISTANCE_MIN, ZIP_MAX_LENGTH } from '../constants';
import { maxChars } from './messages';

export const INVALID_ZIP = 'Invalid ZIP code. Please try again.';
export const NO_STORE_WITHIN = "We couldn't find this product within 250 miles.";
export const LOCATION_LOOKUP_FAILED = 'Failed to get location details.';

/** Accepted only between 10 and 250; anything else falls back to 10. */
export function normalizeDistance(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input) : NaN;
  return Number.isFinite(n) && n >= LOCATOR_DISTANCE_MIN && n <= LOCATOR_DISTANCE_MAX ? n : LOCATOR_DISTANCE_MIN;
}

export const locatorDistanceSchema = z.unknown().transform(normalizeDistance);

/** ZIP search box: empty is refused with the spec's message; at most 10 characters. */
export const zipSearchSchema = z.string().trim().min(1, INVALID_ZIP).max(ZIP_MAX_LENGTH, maxChars(ZIP_MAX_LENGTH));
