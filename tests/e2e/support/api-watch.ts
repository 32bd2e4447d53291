/**
 * Which browser call a failed test was waiting on. A test that times out says only "Test timed
 * out in 120000ms": most Playwright calls give up on their own after 30 s, but some wait without
 * a limit (page.evaluate, a response's body, a poll whose function never settles), and a timed-out
 * flow of forty steps does not say which one. Each browser the support code launches reports its
 * calls here (playwright-core's client instrumentation, the hook its own test runner uses for
 * steps), and the setup file (./setup.ts) prints the calls still open, and the last ones that
 * finished, when a test fails.
 */
import type { Browser, BrowserContext } from 'playwright-core';

interface Call {
  name: string;
  detail: string;
  started: number;
  ended?: number;
  failed?: boolean;
}

interface Zone {
  apiName?: string;
  title?: string;
  error?: unknown;
}

interface Instrumentation {
  addListener(listener: {
    onApiCallBegin?(zone: Zone, data: { type?: string; method?: string; params?: Record<string, unknown> }): void;
    onApiCallEnd?(zone: Zone): void;
  }): void;
}

const open = new Map<Zone, Call>();
const finished: Call[] = [];
const KEEP = 6;
const watched = new WeakSet<object>();

function describe(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const key of ['selector', 'url', 'expression', 'key', 'text', 'value']) {
    const v = params[key];
    if (typeof v === 'string') parts.push(`${key}=${JSON.stringify(v.length > 120 ? `${v.slice(0, 117)}...` : v)}`);
  }
  return parts.join(' ');
}

/** Records the API calls of a browser (or a persistent context); safe to call twice. */
export function watchApiCalls(owner: Browser | BrowserContext): void {
  const instrumentation = (owner as unknown as { _instrumentation?: Instrumentation })._instrumentation;
  // A private hook: if a Playwright upgrade renames it, tests run as before, only without this report.
  if (!instrumentation?.addListener || watched.has(instrumentation)) return;
  watched.add(instrumentation);
  instrumentation.addListener({
    onApiCallBegin(zone, data) {
      const name = zone.apiName || zone.title || `${data.type ?? '?'}.${data.method ?? '?'}`;
      open.set(zone, { name, detail: describe(data.params), started: Date.now() });
    },
    onApiCallEnd(zone) {
      const call = open.get(zone);
      if (!call) return;
      open.delete(zone);
      call.ended = Date.now();
      call.failed = zone.error !== undefined;
      finished.push(call);
      if (finished.length > KEEP) finished.shift();
    },
  });
}

/** The open calls and the last finished ones, as lines for a failed test's report; then forgets them. */
export function takeApiReport(): string[] {
  const now = Date.now();
  const line = (c: Call) =>
    `  ${c.name} ${c.detail}`.trimEnd() +
    (c.ended === undefined
      ? ` (waiting ${((now - c.started) / 1000).toFixed(1)} s)`
      : ` (${((c.ended - c.started) / 1000).toFixed(1)} s${c.failed ? ', failed' : ''}, ended ${((now - c.ended) / 1000).toFixed(1)} s ago)`);
  const lines = [
    'Browser calls still waiting:',
    ...([...open.values()].map(line).join('\n') || '  none').split('\n'),
    'Last browser calls that finished:',
    ...(finished.map(line).join('\n') || '  none').split('\n'),
  ];
  open.clear();
  finished.length = 0;
  return lines;
}

/** Forgets the calls of a test that passed. */
export function resetApiCalls(): void {
  open.clear();
  finished.length = 0;
}
