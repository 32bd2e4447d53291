/**
 * A server-side applier: loads the records one mutation touches from SQL (locked FOR UPDATE),
 * runs the domain mutator on them with the server's context, and writes the changes, all on the
 * transaction it is given. It never commits, retries or records anything: the command runner (../runner.ts) and the
 * push (server/sync/push-service.ts) do.
 * Must stay true: an applier that returns a refusal has written nothing.
 */
import type { Kysely } from 'kysely';
import type { Refusal } from '../../../src/domain/refusal';
import type { StoreSettings } from '../../../src/domain/settings';
import type { DB } from '../../db/schema';
import type { Actor } from '../actor';

export interface ApplyContext {
  trx: Kysely<DB>;
  actor: Actor;
  /** Server time, ISO: the device's clock is never trusted for what is stored. */
  now: string;
  settings: StoreSettings;
  /** The pushing device and its mutation id, for a sync push (the audit log names them); absent for HTTP calls. */
  device?: { clientId: string; mutationId: number };
}

/** An applier's success; `notice` as the domain's (src/domain/mutations/types.ts). */
export interface Applied {
  ok: true;
  notice?: { code: string; message: string };
}

export interface Applier {
  /**
   * 'staff': a staff session only; 'owner': staff, or the customer whose own records it touches;
   * 'server': run by the server's own flows only (the terminal), refused from a device's push;
   * 'kiosk': a showroom kiosk's device account or staff (the only kind a kiosk may push: server/sync/door.ts).
   */
  access: 'staff' | 'owner' | 'server' | 'kiosk';
  /** `notice`: applied, with what the device that made the change is told (src/domain/mutations/types.ts Applied). */
  apply(args: unknown, ctx: ApplyContext): Promise<Applied | Refusal>;
}

export type ApplierMap = Record<string, Applier>;
