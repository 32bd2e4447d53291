/**
 * A test's reader of any text/event-stream: keeps the raw text (to see `retry:` hints) and waits
 * for a named event on what arrived, never on time alone.
 */
import type { TestClient } from '../../../support/http-client';

export interface SseText {
  status: number;
  /** Resolves with the data of the first event of this name (already received or to come). */
  event(name: string): Promise<any>;
  text(): string;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, client: TestClient): Promise<SseText> {
  const ctrl = new AbortController();
  const res = await fetch(url, {
    headers: { cookie: client.sessionCookie, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  let raw = '';
  const events: { name: string; data: any }[] = [];
  const waiters = new Set<{ name: string; resolve: (data: any) => void }>();
  const stream: SseText = {
    status: res.status,
    event(name) {
      const seen = events.find((e) => e.name === name);
      if (seen) return Promise.resolve(seen.data);
      return new Promise((resolve) => waiters.add({ name, resolve }));
    },
    text: () => raw,
    ended: Promise.resolve(),
    close: () => ctrl.abort(),
  };
  if (res.status !== 200 || !res.body) {
    raw = await res.text().catch(() => '');
    return stream;
  }
  const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        raw += value;
        buf += value;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!name || data === undefined) continue;
          const e = { name, data: JSON.parse(data) as unknown };
          events.push(e);
          for (const w of [...waiters])
            if (w.name === name) {
              waiters.delete(w);
              w.resolve(e.data);
            }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}
