import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

describe('METRICS_TOKEN', () => {
  it('is optional, and refused when too short to be a secret', () => {
    expect(loadConfig({}, '/tmp').metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(24) }, '/tmp').metricsToken).toBe('m'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/tmp')).toThrow(/METRICS_TOKEN: use at least 24/);
  });
});
