/**
 * Answers a staff device's sync worker can give when the server cannot be reached, registered by
 * the sync connection while a worker runs (sync-connection.ts) and read by whoever needs them
 * (the fitment collector). A module of its own, with no imports, so neither side pulls the other
 * into its chunk.
 */
import type { ValidatedPart } from '../contracts/fitment/validate-fitment';
import type { Facets } from '../domain/fitment-facets';

export type OfflineFitment = (refs: string[], facets: Facets) => Promise<ValidatedPart[]>;

let fitment: OfflineFitment | null = null;
const listeners = new Set<() => void>();

/** Turns the offline validateFitment answer on (a staff device's worker started) or off (null). */
export function answerFitmentOffline(fn: OfflineFitment | null): void {
  fitment = fn;
  if (fn) for (const cb of listeners) cb();
}

/**
 * `cb` runs whenever an answer is turned on: a page opened offline validates its cards before the
 * (lazily loaded) sync connection exists, and asks again once it does.
 */
export function onOfflineFitment(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The offline validateFitment answer, or null (no sync worker: a shopper). */
export const offlineFitment = (): OfflineFitment | null => fitment;
