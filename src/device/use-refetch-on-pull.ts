import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { getMeta } from '../db/meta';
import { deviceDb } from './device-db';

/**
 * Refetches the server reads under `queryKey` whenever the sync worker stores a pull that moved
 * the device's cookie (a change from another device, brought by a poke or the timer): a screen
 * that lists from the server (the POS orders list) shows it without a click. Screens that read the
 * device store use useLiveQuery instead. docs/decisions/sync.md "Poke".
 */
export function useRefetchOnPull(queryKey: QueryKey): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let last: number | undefined;
    const sub = liveQuery(() => getMeta(deviceDb(), 'cookie')).subscribe({
      next: (cookie) => {
        const moved = last !== undefined && cookie !== last;
        last = cookie;
        if (moved) void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
      },
      error: () => undefined,
    });
    return () => sub.unsubscribe();
  }, [client, key]);
}
