/**
 * Picks the IP-geolocation adapter from the configuration (server/config.ts `geolocationConfig`:
 * GEOLOCATION, GEOLOCATION_SEED, GEOLOCATION_LATENCY_MS, GEOLOCATION_FAILURE_RATE); composition root
 * only (server/compose.ts). `dataset` (default): DB-IP's offline City Lite; `simulator`: the
 * documentation ranges with latency and failures; `none`: no lookups (the tab says "Failed to get
 * location details.").
 */
import type { GeolocationConfig } from '../../config';
import { DatasetGeoLocator } from './dataset';
import { SimulatedGeoLocator } from './simulator';
import type { GeoLocator } from './types';

export function geoLocatorFrom(config: GeolocationConfig): GeoLocator | null {
  switch (config.kind) {
    case 'none':
      return null;
    case 'dataset':
      return new DatasetGeoLocator();
    case 'simulator':
      return new SimulatedGeoLocator({
        seed: config.seed,
        latencyMs: config.latencyMs,
        failureRate: config.failureRate,
      });
  }
}
