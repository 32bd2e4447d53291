import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { PartsdeskDb } from '../../../src/db/database';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import type { RowChange } from '../../../src/contracts/sync-pull';
import type { Transport, TransportReply, TransportRequest } from '../../../sync/transport';

/** A fresh, isolated device database (its own fake IndexedDB factory). */
export function freshDb(name = 'partsdesk'): PartsdeskDb {
  return new PartsdeskDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

export const uuid = () => randomUUID();
export const staff = { id: '2', role: 'cashier' };
export const at = (n: number) => new Date(Date.UTC(2026, 10, 22, 9, 0, n)).toISOString();

/** A scripted server: each call is answered by the next handler. */
export function scripted(
  handlers: ((req: TransportRequest) => TransportReply | Promise<TransportReply>)[],
): Transport & { calls: TransportRequest[] } {
  const calls: TransportRequest[] = [];
  const t = (async (req: TransportRequest) => {
    calls.push(req);
    const h = handlers.shift();
    if (!h) throw new Error('no more scripted replies');
    return h(req);
  }) as Transport & { calls: TransportRequest[] };
  t.calls = calls;
  return t;
}

export const page = (
  cookie: number,
  changes: RowChange[],
  more = false,
  lastMutationId = 0,
  extra: object = {},
): TransportReply => ({
  status: 200,
  body: { cookie, lastMutationId, changes, more, remaining: more ? 1 : 0, ...extra },
});

/** Product ids the device caches (product-chunks.ts), ascending, as text (the wire keys). */
export async function productIds(db: PartsdeskDb): Promise<string[]> {
  const chunks = await db.productChunks.toArray();
  return chunks.flatMap((c) => c.keys).sort((a, b) => Number(a) - Number(b));
}

/**
 * Rows as a pull delivers them: `change` numbers each one with its own rising version (a counter of
 * the caller's, so files never share one); `apply` stores them as the device's pull does.
 */
export function serverRows(): {
  change: (table: string, key: string, row: Record<string, unknown> | null) => RowChange;
  apply: (db: PartsdeskDb, changes: RowChange[]) => Promise<unknown>;
} {
  let version = 0;
  return {
    change: (table, key, row) => ({ table, key, version: ++version, row }),
    apply: (db, changes) => db.transaction('rw', pullStores(db), () => applyServerChanges(db, changes)),
  };
}
