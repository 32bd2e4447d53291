/**
 * Picks the distributor adapter from the configuration (server/config.ts `distributorConfig`:
 * DISTRIBUTOR, DISTRIBUTOR_SEED, DISTRIBUTOR_LATENCY_MS, DISTRIBUTOR_FAILURE_RATE; for `http`
 * DISTRIBUTOR_URL, DISTRIBUTOR_API_KEY, ...); composition root only (server/compose.ts). `none`:
 * the shop orders from no distributor.
 */
import type { DistributorConfig } from '../../config';
import { HttpDistributor } from './http';
import { SimulatedDistributor } from './simulator';
import type { Distributor, DistributorPartRef } from './types';

/** `listPrices`: the shop's catalog prices, which the simulator costs parts from (its `listPrices` option). */
export function distributorFrom(
  config: DistributorConfig,
  listPrices?: (parts: DistributorPartRef[]) => Promise<ReadonlyMap<string, string>>,
): Distributor | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'http') return new HttpDistributor(config);
  return new SimulatedDistributor({
    seed: config.seed,
    latencyMs: config.latencyMs,
    failureRate: config.failureRate,
    ...(listPrices ? { listPrices } : {}),
  });
}
