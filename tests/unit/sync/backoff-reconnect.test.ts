/**
 * The engine's retry timing on fake timers: backoff 1 s doubling to 60 s with jitter and never
 * below 1 s; the `online` event pushes at once (well within 1 s) and aborts a request stalled on
 * the dead connection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncEngine } from '../../../sync/engine';
import type { Transport, TransportReply, TransportRequest } from '../../../sync/transport';
import { freshDb, page, staff, uuid } from './support';

const okPush = (req: TransportRequest): TransportReply => {
  const ms = (req.body as { mutations: { id: number }[] }).mutations;
  return {
    status: 200,
    body: { lastMutationId: ms.at(-1)!.id, results: ms.map((m) => ({ id: m.id, status: 'applied' })) },
  };
};

/** Lets the engine's promise chains (fake-indexeddb, Dexie) settle without moving the fake clock much. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
}

describe('backoff and reconnect (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function engineWith(transport: Transport, random = () => 0) {
    let wake: () => void = () => undefined;
    const db = freshDb();
    const engine = new SyncEngine({
      db,
      transport,
      random,
      pollMs: 30_000,
      mintId: uuid,
      env: { online: () => true, onWake: (cb) => ((wake = cb), () => undefined) },
    });
    engine.setSession(staff);
    engine.start();
    return { db, engine, online: () => wake() };
  }

  it('retries a failing server at 1, 2, 4, 8 ... s, never sooner than 1 s and at most 60 s apart', async () => {
    const times: number[] = [];
    const start = Date.now();
    const transport: Transport = (req) => {
      times.push(Date.now() - start);
      if (req.method === 'POST') return Promise.resolve({ status: 503, body: { error: 'unavailable' } });
      return Promise.resolve(page(0, []));
    };
    const { engine } = engineWith(transport, () => 0.5);
    await engine.mutate('order.create', { id: uuid() });
    // Step the clock 100 ms at a time (letting IndexedDB work finish between steps) for 4 minutes.
    for (let t = 0; t < 240_000; t += 100) {
      await settle();
      await vi.advanceTimersByTimeAsync(100);
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 1 s, 2 s, 4 s, ... 32 s, then 60 s (jitter 0.5 is the middle of ±25 %), to the 100 ms step.
    const expected = [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000];
    expect(gaps.slice(0, expected.length)).toHaveLength(expected.length);
    gaps.slice(0, expected.length).forEach((g, i) => {
      expect(g).toBeGreaterThanOrEqual(expected[i]!);
      expect(g).toBeLessThanOrEqual(expected[i]! + 100);
    });
    engine.stop();
  });

  it('the online event pushes at once after a long backoff, and resets it', async () => {
    let up = false;
    const calls: string[] = [];
    const transport: Transport = (req) => {
      calls.push(req.path);
      if (!up) return Promise.reject(new Error('network down'));
      return Promise.resolve(req.method === 'POST' ? okPush(req) : page(5, []));
    };
    const { engine, online } = engineWith(transport, () => 1);
    await engine.mutate('order.create', { id: uuid() });
    await settle();
    // Fail a few times: the next retry is many seconds away.
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await settle();
    }
    const failed = calls.length;
    expect(failed).toBeGreaterThanOrEqual(4);
    up = true;
    online();
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(calls.length).toBeGreaterThan(failed);
    expect((await engine.status()).pending).toBe(0);
    engine.stop();
  });

  it('the online event aborts a push stalled on the dead connection and retries at once', async () => {
    const signals: AbortSignal[] = [];
    let stall = true;
    let pushes = 0;
    const transport: Transport = (req) => {
      if (req.signal) signals.push(req.signal);
      if (req.method === 'POST') {
        pushes++;
        // The first push never answers (the request is lost on the old wifi).
        if (stall) return new Promise(() => undefined);
        return Promise.resolve(okPush(req));
      }
      return Promise.resolve(page(5, []));
    };
    const { engine, online } = engineWith(transport);
    await engine.mutate('order.create', { id: uuid() });
    await settle();
    expect(pushes).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await engine.status()).pending).toBe(1);
    stall = false;
    online();
    await settle();
    expect(signals[0]?.aborted).toBe(true);
    expect(pushes).toBe(2);
    expect((await engine.status()).pending).toBe(0);
    // The worker and the page report the same event: the second report does not abort the new cycle.
    online();
    await settle();
    expect(signals.slice(1).every((s) => !s.aborted)).toBe(true);
    engine.stop();
  });
});
