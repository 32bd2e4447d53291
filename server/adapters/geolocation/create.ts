/**
 * Picks the IP-geolocation adapter from the configuration (server/config.ts `geolocationConfig`:
 * GEOLOCATION, GEOLOCATION_SEED, GEOLOCATION_LATENCY_MS, GEOLOCATION_FAILURE_RATE); composition root
 * only (server/compose.ts). `none`: no lookups (the tab says "Failed to get location details.").
 */
import type { GeolocationConfig } from '../../config';
import { SimulatedGeoLocator } from './simulator';
import type { GeoLocator } from './types';

export function geoLocatorFrom(config: GeolocationConfig): GeoLocator | null {
  if (config.kind === 'none') return null;
  return new SimulatedGeoLocator({ seed: config.seed, latencyMs: config.latencyMs, failureRate: config.failureRate });
}
