/**
 * The first-sync storm's devices (./storm-http.ts), in their own process (tests/bench/first-sync-storm.bench.ts).
 * They stand for fifty tablets, each with its own CPU: in a shop, receiving and unpacking 29 MB is
 * the tablets' work and the wifi's, not the server's. On the bench's two cores their receiving
 * (1.45 GB over loopback) competed with the server process as an equal, so it runs here at a
 * lower CPU priority (os.setPriority, STORM_NICE, default 10; 0 = as before): the server is
 * scheduled first, and the devices take what it leaves. The kernel's loopback work is charged where
 * the kernel does it and is not moved by this. Waits for {go: {...}}, answers with the results.
 */
import os from 'node:os';
import { firstSync, type DeviceResult, type StormMode } from './storm-http';

const nice = Number(process.env.STORM_NICE ?? 10);
if (nice) os.setPriority(nice);

interface Go {
  url: string;
  cookie: string;
  devices: number;
  mode: StormMode;
  limitS: number;
}

process.on('message', (m: { go?: Go }) => {
  const go = m.go;
  if (!go) return;
  const t0 = performance.now();
  void Promise.all(Array.from({ length: go.devices }, () => firstSync(go.url, go.cookie, t0, go.mode, go.limitS))).then(
    (results: DeviceResult[]) =>
      process.send!({ results: results.map((r) => ({ ...r, ms: Number.isFinite(r.ms) ? r.ms : -1 })) }),
    (err: unknown) => process.send!({ error: String(err) }),
  );
});
process.send!('ready');
