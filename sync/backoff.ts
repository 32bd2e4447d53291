/** Retry delay after `failures` consecutive failures: 1 s doubling to 60 s, with jitter in [d/2, d]. */
export function backoffMs(failures: number, random: () => number, baseMs = 1000, maxMs = 60_000): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(d / 2 + random() * (d / 2));
}
