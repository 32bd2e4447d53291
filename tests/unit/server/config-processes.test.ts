/** WORKERS, TRUST_PROXY, SHUTDOWN_DRAIN_MS and TERMINAL_POLL_MS (server/config.ts; docs/operations.md "Running several processes"). */
import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOf } from '../../../server/config';

describe('several-process settings', () => {
  it('defaults to one process, no trusted proxy, no drain and the engine-chosen card poll', () => {
    const c = loadConfig({}, '/tmp');
    expect([c.workers, c.trustProxy, c.shutdownDrainMs, c.terminal.pollMs]).toEqual([1, false, 0, undefined]);
  });

  it('reads WORKERS from 1 to 64, and refuses anything else with the name', () => {
    expect(loadConfig({ WORKERS: '4' }, '/tmp').workers).toBe(4);
    for (const bad of ['0', '65', 'two', '-1', '1.5'])
      expect(() => loadConfig({ WORKERS: bad }, '/tmp')).toThrow(/WORKERS/);
  });

  it('reads TRUST_PROXY as off, any proxy, a hop count or proxy addresses', () => {
    for (const off of [undefined, '', 'false', 'off', '0', 'no']) expect(trustProxyOf(off)).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf(' 127.0.0.1, 10.0.0.0/8 ,::1')).toBe('127.0.0.1,10.0.0.0/8,::1');
    expect(() => trustProxyOf('proxy.lan')).toThrow(/Invalid TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8; rm' }, '/tmp')).toThrow(/TRUST_PROXY/);
  });

  it('reads SHUTDOWN_DRAIN_MS and TERMINAL_POLL_MS as whole milliseconds', () => {
    const c = loadConfig({ SHUTDOWN_DRAIN_MS: '3000', TERMINAL_POLL_MS: '500' }, '/tmp');
    expect([c.shutdownDrainMs, c.terminal.pollMs]).toEqual([3000, 500]);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' }, '/tmp')).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
