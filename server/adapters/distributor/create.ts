/**
 * Picks the distributor adapter from the environment (composition root only):
 * - DISTRIBUTOR: `simulator` (default; the only adapter this build ships) or `none` (the shop
 *   orders from no distributor: the checkout shows no "Order From Your Distributor" table).
 * - DISTRIBUTOR_SEED: the simulator's seed (default 1): stock, prices and failures follow it.
 * - DISTRIBUTOR_LATENCY_MS: the simulator's answer time (default 250; jitter adds up to half).
 * - DISTRIBUTOR_FAILURE_RATE: the share of calls that fail, 0 to 1 (default 0.02).
 */
import { SimulatedDistributor } from './simulator';
import type { Distributor } from './types';

function num(name: string, value: string | undefined, def: number, ok: (n: number) => boolean): number {
  if (value === undefined || value === '') return def;
  const n = Number(value);
  if (!ok(n)) throw new Error(`Invalid ${name}: "${value}"`);
  return n;
}

export function distributorFromEnv(env: NodeJS.ProcessEnv = process.env): Distributor | null {
  const kind = (env.DISTRIBUTOR ?? 'simulator').toLowerCase();
  if (kind === 'none') return null;
  if (kind !== 'simulator') throw new Error(`Unknown DISTRIBUTOR "${kind}": this build has "simulator" and "none"`);
  return new SimulatedDistributor({
    seed: num('DISTRIBUTOR_SEED', env.DISTRIBUTOR_SEED, 1, Number.isInteger),
    latencyMs: num('DISTRIBUTOR_LATENCY_MS', env.DISTRIBUTOR_LATENCY_MS, 250, (n) => Number.isInteger(n) && n >= 0),
    failureRate: num('DISTRIBUTOR_FAILURE_RATE', env.DISTRIBUTOR_FAILURE_RATE, 0.02, (n) => n >= 0 && n <= 1),
  });
}
