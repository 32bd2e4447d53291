/**
 * validateFitment when the server cannot be reached: a staff device (its sync worker runs) answers
 * from its cache with the server's rule (sync/device-fitment.ts). Loaded only when a call failed,
 * so the storefront's first load does not carry the sync connection.
 */
import type { ValidatedPart } from '../../contracts/fitment';
import type { Facets } from '../../domain/fitment-facets';
import { runningSyncApi } from '../sync/sync-connection';

/** The cache's answer, or null when this device has no sync worker (a shopper) or it cannot answer. */
export async function validateOffline(refs: string[], facets: Facets): Promise<ValidatedPart[] | null> {
  const api = runningSyncApi();
  if (!api) return null;
  try {
    return await api.validateFitment(refs, facets);
  } catch {
    return null;
  }
}
