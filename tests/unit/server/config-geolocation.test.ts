import { describe, expect, it } from 'vitest';
import { geolocationConfig, loadConfig } from '../../../server/config';

describe('GEOLOCATION configuration', () => {
  it('defaults to the offline dataset; the simulator keeps latency and a small failure rate', () => {
    expect(loadConfig({}, '/tmp').geolocation).toEqual({ kind: 'dataset' });
    expect(geolocationConfig({ GEOLOCATION: '' })).toEqual({ kind: 'dataset' });
    expect(geolocationConfig({ GEOLOCATION: 'Dataset', GEOLOCATION_LATENCY_MS: '500' })).toEqual({ kind: 'dataset' });
    expect(geolocationConfig({ GEOLOCATION: 'simulator' })).toEqual({
      kind: 'simulator',
      seed: 1,
      latencyMs: 150,
      failureRate: 0.05,
    });
    expect(
      geolocationConfig({
        GEOLOCATION: 'simulator',
        GEOLOCATION_SEED: '9',
        GEOLOCATION_LATENCY_MS: '0',
        GEOLOCATION_FAILURE_RATE: '1',
      }),
    ).toEqual({ kind: 'simulator', seed: 9, latencyMs: 0, failureRate: 1 });
    expect(geolocationConfig({ GEOLOCATION: 'NONE' })).toEqual({ kind: 'none' });
  });

  it('refuses what it cannot use, with the variable named', () => {
    expect(() => geolocationConfig({ GEOLOCATION: 'maxmind' })).toThrow(/GEOLOCATION/);
    const sim = { GEOLOCATION: 'simulator' };
    expect(() => geolocationConfig({ ...sim, GEOLOCATION_FAILURE_RATE: '2' })).toThrow(/GEOLOCATION_FAILURE_RATE/);
    expect(() => geolocationConfig({ ...sim, GEOLOCATION_LATENCY_MS: '-1' })).toThrow(/GEOLOCATION_LATENCY_MS/);
  });
});
