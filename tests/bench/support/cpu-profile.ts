/**
 * A CPU profile of a page's dedicated workers over the Chrome DevTools Protocol: Chromium started
 * with `--remote-debugging-port` (besides Playwright's pipe), one WebSocket to the browser, the
 * page attached in flat mode and its workers auto-attached, V8's sampling profiler started in
 * each. `stop()` returns the profiles (the .cpuprofile format DevTools opens) and a summary: self
 * time by function and source line, heaviest first. Benchmarks only (BENCH_CPU_PROFILE). Node 20
 * has its WebSocket behind a flag: run with NODE_OPTIONS=--experimental-websocket (Node 22 needs none).
 */
import net from 'node:net';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A free loopback port for `--remote-debugging-port`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts profiling every dedicated worker of the page at `pageUrl` (its first match). */
export async function profileWorkers(
  port: number,
  pageUrl: string,
  intervalUs = 200,
): Promise<{ stop: () => Promise<CpuProfile[]> }> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  if (typeof WebSocket === 'undefined') throw new Error('cpu profile: run with NODE_OPTIONS=--experimental-websocket');
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('cpu profile: no DevTools connection')), { once: true });
  });
  let seq = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const workers: string[] = [];
  const started: Promise<unknown>[] = [];
  const send = (method: string, params: object = {}, sessionId?: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const startIn = async (sessionId: string) => {
    await send('Profiler.enable', {}, sessionId);
    await send('Profiler.setSamplingInterval', { interval: intervalUs }, sessionId);
    await send('Profiler.start', {}, sessionId);
    await send('Runtime.runIfWaitingForDebugger', {}, sessionId);
  };
  ws.addEventListener('message', (ev: MessageEvent<string>) => {
    const m = JSON.parse(ev.data) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: { sessionId: string; targetInfo: { type: string } };
    };
    if (m.id !== undefined) {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error.message));
      else w?.resolve(m.result);
    } else if (m.method === 'Target.attachedToTarget' && m.params?.targetInfo.type === 'worker') {
      workers.push(m.params.sessionId);
      started.push(startIn(m.params.sessionId));
    }
  });
  const { targetInfos } = (await send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const page = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(pageUrl));
  if (!page) throw new Error(`cpu profile: no page at ${pageUrl}`);
  const { sessionId } = (await send('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as {
    sessionId: string;
  };
  await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, sessionId);
  // The workers already running are announced right after setAutoAttach.
  await new Promise((r) => setTimeout(r, 200));
  await Promise.all(started);
  if (workers.length === 0) throw new Error('cpu profile: the page has no worker');
  return {
    async stop() {
      const out: CpuProfile[] = [];
      for (const w of workers) out.push(((await send('Profiler.stop', {}, w)) as { profile: CpuProfile }).profile);
      ws.close();
      return out;
    },
  };
}

/** Self time by function and line, heaviest first, as lines of text (ms and share of the samples). */
export function summarize(profile: CpuProfile, top = 30): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]!);
    if (!n) continue;
    const dt = (deltas[i + 1] ?? 0) / 1000;
    const f = n.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${k}`)
    .concat(`${total.toFixed(0).padStart(7)} ms total sampled`);
}
