/**
 * Pull pages take turns (server/sync/pull-gate.ts; docs/decisions/sync.md "First-sync storm
 * latency"): one at a time, in the order asked, and a page that fails does not stop the next.
 */
import { describe, expect, it } from 'vitest';
import { PullGate } from '../../../server/sync/pull-gate';

const tick = () => new Promise((r) => setImmediate(r));

describe('PullGate', () => {
  it('runs one at a time, in the order asked', async () => {
    const gate = new PullGate();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const page = (i: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        log.push(`start ${i}`);
        for (let k = 0; k < 3; k++) await tick();
        log.push(`end ${i}`);
        running--;
        return i;
      });
    expect(await Promise.all([page(0), page(1), page(2)])).toEqual([0, 1, 2]);
    expect(most).toBe(1);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('gives a failure to its caller only, and the next page still runs', async () => {
    const gate = new PullGate();
    const failed = gate.run(async () => {
      await tick();
      throw new Error('lost the connection');
    });
    const next = gate.run(() => Promise.resolve('served'));
    await expect(failed).rejects.toThrow('lost the connection');
    expect(await next).toBe('served');
  });
});
