import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, type UpdateControllerDeps } from '../../../src/app/sw/update-controller';

/** A wait() that resolves only when the test says so, to put the fallback timer under control. */
function manualWait() {
  const pending: Array<() => void> = [];
  const wait: UpdateControllerDeps['wait'] = () => new Promise<void>((resolve) => pending.push(resolve));
  return { wait, fire: () => pending.splice(0).forEach((r) => r()) };
}

function setup() {
  const reloadPage = vi.fn();
  const timer = manualWait();
  const updates = createUpdateController({ reloadPage, wait: timer.wait });
  return { reloadPage, timer, updates };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('update prompt logic', () => {
  it('starts hidden', () => {
    const { updates } = setup();
    expect(updates.getSnapshot()).toEqual({ available: false, reloading: false });
  });

  it('a waiting worker shows the prompt and neither activates nor reloads by itself', async () => {
    const { updates, reloadPage, timer } = setup();
    const activate = vi.fn(() => new Promise<void>(() => undefined));
    const listener = vi.fn();
    updates.subscribe(listener);
    updates.newVersionWaiting(activate);
    timer.fire();
    await flush();
    expect(updates.getSnapshot()).toEqual({ available: true, reloading: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(activate).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('"Reload" activates the waiting worker, then reloads once it controls the page', async () => {
    const { updates, reloadPage } = setup();
    let controlling!: () => void;
    const activate = vi.fn(() => new Promise<void>((resolve) => (controlling = resolve)));
    updates.newVersionWaiting(activate);
    updates.reload();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(updates.getSnapshot().reloading).toBe(true);
    await flush();
    expect(reloadPage).not.toHaveBeenCalled(); // not before the new worker took over
    controlling();
    await flush();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads after the fallback delay when the worker never reports control, and only once', async () => {
    const { updates, reloadPage, timer } = setup();
    let controlling!: () => void;
    updates.newVersionWaiting(() => new Promise<void>((resolve) => (controlling = resolve)));
    updates.reload();
    timer.fire();
    await flush();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    controlling();
    await flush();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a failing activation still reloads (once)', async () => {
    const { updates, reloadPage } = setup();
    updates.newVersionWaiting(() => Promise.reject(new Error('redundant')));
    updates.reload();
    await flush();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('double clicks do not activate or reload twice', async () => {
    const { updates, reloadPage } = setup();
    const activate = vi.fn(() => Promise.resolve());
    updates.newVersionWaiting(activate);
    updates.reload();
    updates.reload();
    await flush();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('stale code (a chunk that failed to load) shows the prompt; Reload then reloads directly', () => {
    const { updates, reloadPage } = setup();
    updates.staleCodeDetected();
    expect(updates.getSnapshot().available).toBe(true);
    expect(reloadPage).not.toHaveBeenCalled();
    updates.reload();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('the latest waiting worker is the one activated', async () => {
    const { updates } = setup();
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    updates.newVersionWaiting(first);
    updates.newVersionWaiting(second);
    updates.reload();
    await flush();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('unsubscribed listeners are not called', () => {
    const { updates } = setup();
    const listener = vi.fn();
    const off = updates.subscribe(listener);
    off();
    updates.staleCodeDetected();
    expect(listener).not.toHaveBeenCalled();
  });
});
