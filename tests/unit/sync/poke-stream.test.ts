import { describe, expect, it } from 'vitest';
import { SyncEngine } from '../../../sync/engine';
import type { OpenPokeSource, PokeSourceHandlers } from '../../../sync/poke-stream';
import { freshDb, page, scripted, staff, uuid } from './support';

/** A fake EventSource factory: the test drives each opened stream's handlers. */
function fakePokes() {
  const opened: { path: string; on: PokeSourceHandlers; closed: boolean }[] = [];
  const open: OpenPokeSource = (path, on) => {
    const s = { path, on, closed: false };
    opened.push(s);
    return { close: () => void (s.closed = true) };
  };
  return { open, opened, live: () => opened.filter((s) => !s.closed) };
}

function engineWith(handlers: Parameters<typeof scripted>[0]) {
  const db = freshDb();
  const transport = scripted(handlers);
  const pokes = fakePokes();
  const engine = new SyncEngine({ db, transport, pollMs: 0, mintId: uuid, random: () => 0, pokes: pokes.open });
  return { db, transport, engine, pokes };
}

describe('poke stream (sync/poke-stream.ts)', () => {
  it('opens once signed in; a burst of pokes above the cookie costs one pull', async () => {
    const { transport, engine, pokes } = engineWith([() => page(9, [])]);
    expect(pokes.opened).toHaveLength(0);
    engine.setSession(staff);
    await expect.poll(() => pokes.live().length).toBe(1);
    expect(pokes.opened[0]!.path).toMatch(/^\/sync\/poke\?clientId=[0-9a-f-]{36}$/);
    const on = pokes.opened[0]!.on;
    on.open();
    for (const v of [3, 7, 9]) on.poke(JSON.stringify({ version: v }));
    on.poke('not json');
    await expect.poll(() => transport.calls.length).toBe(1);
    expect(transport.calls[0]!.path).toMatch(/^\/sync\/pull\?/);
    expect(await engine.syncNow()).toBe('retry'); // the script has no second reply: nothing else was asked
    engine.stop();
    expect(pokes.live()).toHaveLength(0);
  });

  it('a dropped stream is opened again after a backoff; a wake reopens at once', async () => {
    const { engine, pokes } = engineWith([]);
    engine.setSession(staff);
    await expect.poll(() => pokes.live().length).toBe(1);
    const first = pokes.opened[0]!;
    first.closed = true;
    first.on.error();
    await expect.poll(() => pokes.live().length, { timeout: 5_000 }).toBe(1);
    expect(pokes.opened).toHaveLength(2);
    engine.reconnected();
    await expect.poll(() => pokes.opened.length).toBe(3);
    expect(pokes.live()).toHaveLength(1);
    engine.stop();
    expect(pokes.live()).toHaveLength(0);
  });
});
