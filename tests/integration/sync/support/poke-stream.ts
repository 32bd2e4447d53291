/**
 * A test's reader of GET /sync/poke: the SSE text parsed into poke versions, with waits that end
 * on what arrived (never on time alone). close() aborts the request.
 */
import type { TestClient } from '../../../support/http-client';

export interface PokeReader {
  status: number;
  versions: number[];
  comments: number;
  /** Resolves with the first version received (from now on or already) that satisfies `ok`. */
  next(ok: (v: number) => boolean): Promise<number>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openPokes(url: string, client: TestClient, clientId: string): Promise<PokeReader> {
  const ctrl = new AbortController();
  const res = await fetch(`${url}/sync/poke?clientId=${clientId}`, {
    headers: { cookie: client.sessionCookie, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  const waiters = new Set<{ ok: (v: number) => boolean; resolve: (v: number) => void }>();
  const reader: PokeReader = {
    status: res.status,
    versions: [],
    comments: 0,
    next(ok) {
      const seen = reader.versions.find(ok);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.add({ ok, resolve }));
    },
    ended: Promise.resolve(),
    close: () => ctrl.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.text().catch(() => '');
    return reader;
  }
  const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
  reader.ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        buf += value;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          if (block.startsWith(':')) reader.comments++;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!/^event: poke$/m.test(block) || !data) continue;
          const v = (JSON.parse(data) as { version: number }).version;
          reader.versions.push(v);
          for (const w of [...waiters])
            if (w.ok(v)) {
              waiters.delete(w);
              w.resolve(v);
            }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return reader;
}
