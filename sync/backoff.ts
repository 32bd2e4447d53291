/**
 * Retry delay after `failures` consecutive failures: a base doubling from 1 s to 60 s, with jitter
 * of ±25 % around it, never below 1 s and never above 60 s. Never below the floor: a jitter under
 * it would hammer a server that just failed (docs/decisions/client.md "Backoff and reconnect").
 */
export function backoffMs(failures: number, random: () => number, baseMs = 1000, maxMs = 60_000): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(Math.min(maxMs, Math.max(baseMs, d * (0.75 + random() * 0.5))));
}
