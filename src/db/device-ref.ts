/**
 * Offline order references ("C2-0042"): the device's prefix from the server and its own order
 * sequence, taken in the same Dexie transaction that writes the order and its outbox entry, so a
 * receipt printed offline carries a reference no other order has (the server keeps it: order.create
 * device_ref).
 *
 * Before the server gave a prefix (a new device offline from its first minute) the device uses
 * 'X' + the last 6 hex digits of its random client id ("X9F3A1C-0001"): no server is needed, and the
 * server keeps even a colliding reference (server/commands/records/orders.ts). The sequence is the
 * device's, not the prefix's: numbers go on from where they were when the prefix arrives.
 */
import { getMeta, setMeta } from './meta';
import type { PartsdeskDb } from './database';

export function fallbackPrefix(clientId: string | undefined): string {
  const hex = (clientId ?? '')
    .replace(/[^0-9a-fA-F]/g, '')
    .slice(-6)
    .toUpperCase();
  return `X${hex}`;
}

export const formatDeviceRef = (prefix: string, n: number): string => `${prefix}-${String(n).padStart(4, '0')}`;

/** The reference the next order takes, and a commit to call once that order is written. Inside a transaction over meta. */
export async function peekDeviceRef(db: PartsdeskDb): Promise<{ ref: string; take: () => Promise<void> }> {
  const prefix =
    (await getMeta(db, 'devicePrefix')) ?? fallbackPrefix((await db.meta.get('clientId'))?.value as string | undefined);
  const n = await getMeta(db, 'nextOrderRef');
  return { ref: formatDeviceRef(prefix, n), take: () => setMeta(db, 'nextOrderRef', n + 1) };
}

/** Keeps the prefix a server reply carried (a restored server may give a new one; numbers go on). Inside a transaction over meta. */
export async function noteDevicePrefix(db: PartsdeskDb, prefix: string | undefined): Promise<void> {
  if (prefix === undefined || (await getMeta(db, 'devicePrefix')) === prefix) return;
  await setMeta(db, 'devicePrefix', prefix);
}
