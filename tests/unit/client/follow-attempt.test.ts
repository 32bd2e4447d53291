import { afterEach, describe, expect, it, vi } from 'vitest';
import { followAttempt, type AttemptFollowDeps } from '../../../src/pos/checkout/follow-attempt';

/** A stand-in EventSource: the test fires its events and drops it. */
class FakeStream {
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  fire(name: string, data: object = {}) {
    for (const fn of this.listeners.get(name) ?? [])
      fn({
        data: JSON.stringify({ attemptId: '0190a0a0-0000-7000-8000-000000000001', status: name, message: '', ...data }),
      } as MessageEvent<string>);
  }
  drop() {
    for (const fn of this.listeners.get('error') ?? []) fn({ data: '' } as MessageEvent<string>);
  }
}

function setup(statuses: ({ status: string; message: string } | Error)[]) {
  const streams: FakeStream[] = [];
  const status = vi.fn(() => {
    const next = statuses.shift() ?? { status: 'pending', message: '' };
    return next instanceof Error
      ? Promise.reject(next)
      : Promise.resolve(next as { status: 'pending'; message: string });
  });
  const deps: AttemptFollowDeps = {
    openStream: () => {
      const s = new FakeStream();
      streams.push(s);
      return s;
    },
    status,
  };
  const final = vi.fn();
  const reconnecting = vi.fn();
  const stop = followAttempt('0190a0a0-0000-7000-8000-000000000001', { final, reconnecting }, deps);
  return { streams, status, final, reconnecting, stop };
}

describe('following a card attempt (the waiting dialog)', () => {
  afterEach(() => vi.useRealTimers());

  it('a final event ends it once; the stream closing after it asks nothing', async () => {
    const t = setup([]);
    t.streams[0]!.fire('choosing');
    t.streams[0]!.fire('declined', { message: 'Declined by the issuer' });
    t.streams[0]!.drop();
    await Promise.resolve();
    expect(t.final).toHaveBeenCalledTimes(1);
    expect(t.final).toHaveBeenCalledWith(false, 'Declined by the issuer');
    expect(t.status).not.toHaveBeenCalled();
  });

  it('a dropped stream: asks the status (never re-sends), reopens while pending, then takes the outcome', async () => {
    vi.useFakeTimers();
    const t = setup([
      new Error('offline'),
      { status: 'pending', message: '' },
      { status: 'approved', message: 'The transaction was approved.' },
    ]);
    t.streams[0]!.drop();
    expect(t.streams[0]!.closed).toBe(true);
    expect(t.reconnecting).toHaveBeenLastCalledWith(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.status).toHaveBeenCalledTimes(1);
    expect(t.streams).toHaveLength(2);
    t.streams[1]!.fire('choosing');
    expect(t.reconnecting).toHaveBeenLastCalledWith(false);
    t.streams[1]!.drop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.streams).toHaveLength(3);
    t.streams[2]!.drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.final).toHaveBeenCalledWith(true, 'The transaction was approved.');
    expect(t.status).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.streams).toHaveLength(3);
  });

  it('stopping (the dialog closes) closes the stream and stops reconnecting', async () => {
    vi.useFakeTimers();
    const t = setup([{ status: 'pending', message: '' }]);
    t.streams[0]!.drop();
    await vi.advanceTimersByTimeAsync(0);
    t.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.streams).toHaveLength(1);
    expect(t.final).not.toHaveBeenCalled();
  });
});
