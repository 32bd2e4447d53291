/**
 * CPU seconds per process from /proc (Linux), for benchmarks that split a load's cost between the
 * server, the database and the load generator on one machine. A process that has exited reads 0.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** User plus system CPU seconds `pid` has used so far (all its threads), or 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it (a cluster primary's workers, tsx's helper). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => (out.push(p), (children.get(p) ?? []).forEach(walk));
  walk(pid);
  return out;
}

/** CPU seconds each named group of processes uses while `work` runs, and the wall time it took. */
export async function cpuSplit<T>(
  groups: Record<string, () => number[] | Promise<number[]>>,
  work: () => Promise<T>,
): Promise<{ result: T; wall: number; cpu: Record<string, number>; cores: number }> {
  const pids: Record<string, number[]> = {};
  for (const [name, list] of Object.entries(groups)) pids[name] = await list();
  const read = () =>
    Object.fromEntries(Object.entries(pids).map(([k, ps]) => [k, ps.reduce((a, p) => a + cpuSeconds(p), 0)]));
  const before = read();
  const t0 = performance.now();
  const result = await work();
  const wall = (performance.now() - t0) / 1000;
  const after = read();
  const cpu = Object.fromEntries(Object.keys(pids).map((k) => [k, after[k]! - before[k]!]));
  return { result, wall, cpu, cores: os.cpus().length };
}
