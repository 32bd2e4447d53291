/** WORKERS, SHUTDOWN_DRAIN_MS and TERMINAL_POLL_MS (server/config.ts; docs/operations.md "Running several processes"). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

describe('several-process settings', () => {
  it('defaults to one process, no drain and the engine-chosen card poll', () => {
    const c = loadConfig({}, '/tmp');
    expect([c.workers, c.shutdownDrainMs, c.terminal.pollMs]).toEqual([1, 0, undefined]);
  });

  it('reads WORKERS from 1 to 64, and refuses anything else with the name', () => {
    expect(loadConfig({ WORKERS: '4' }, '/tmp').workers).toBe(4);
    for (const bad of ['0', '65', 'two', '-1', '1.5'])
      expect(() => loadConfig({ WORKERS: bad }, '/tmp')).toThrow(/WORKERS/);
  });

  it('reads SHUTDOWN_DRAIN_MS and TERMINAL_POLL_MS as whole milliseconds', () => {
    const c = loadConfig({ SHUTDOWN_DRAIN_MS: '3000', TERMINAL_POLL_MS: '500' }, '/tmp');
    expect([c.shutdownDrainMs, c.terminal.pollMs]).toEqual([3000, 500]);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' }, '/tmp')).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
