import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { getMeta } from '../db/meta';
import { deviceDb } from './device-db';

/** What moves a server read's answer: the pull cookie, and how many of our changes still wait. */
interface SyncMarks {
  cookie: number;
  pending: number;
}

/** Did the server's answer change between two looks at the device? */
export function serverMoved(before: SyncMarks | undefined, now: SyncMarks): boolean {
  if (before === undefined) return false;
  return now.cookie !== before.cookie || now.pending < before.pending;
}

/**
 * Refetches the server reads under `queryKey` whenever the server's answer may have moved:
 * - the sync worker stored a pull that moved the device's cookie (a change from another device,
 *   brought by a poke or the timer);
 * - the server acknowledged some of this device's own queued changes (the outbox shrank): a sale
 *   saved offline is on the server from that moment, whether or not a pull has brought it back yet.
 *   A list read while the push was still on its way (a reconnect starts both at once) is asked again.
 * A screen that lists from the server (the POS orders list) so shows both without a click. Screens
 * that read the device store use useLiveQuery instead. docs/decisions/sync.md "Poke".
 */
export function useRefetchOnPull(queryKey: QueryKey): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let last: SyncMarks | undefined;
    const db = deviceDb();
    const sub = liveQuery(async () => ({
      cookie: await getMeta(db, 'cookie'),
      pending: await db.outbox.count(),
    })).subscribe({
      next: (marks) => {
        const moved = serverMoved(last, marks);
        last = marks;
        if (moved) void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
      },
      error: () => undefined,
    });
    return () => sub.unsubscribe();
  }, [client, key]);
}
