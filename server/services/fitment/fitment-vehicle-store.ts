import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { facetsSchema, type FitmentVehicle } from '../../../src/domain/fitment-facets';
import type { DB } from '../../db/schema';

/**
 * The shopper's vehicle, kept server-side in `fitment_vehicles` and found through the long-lived
 * httpOnly `pd_vehicle` cookie (docs/decisions/fitment.md "Where the shopper's vehicle lives").
 * Guests have no session row, and a vehicle must outlive logins and logouts, so it has its own
 * cookie rather than riding on `pd_session`.
 *
 * Invariants: only the sha256 of the cookie is stored; a row is minted by the server (a cookie
 * value the server did not issue, or one whose row expired, is never adopted); a row lives 90 days
 * after its last use, the expiry sliding at most once a day so a listing's validate calls do not
 * write on every request.
 */
export const VEHICLE_COOKIE = 'pd_vehicle';
export const VEHICLE_TTL_MS = 90 * 86_400_000;
const SLIDE_AFTER_MS = 86_400_000;

export const EMPTY_VEHICLE: FitmentVehicle = { facets: {}, showUniversal: true };

const hashId = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

export interface StoredVehicle {
  /** Null when the caller has no live row. */
  idHash: string | null;
  vehicle: FitmentVehicle;
}

export class FitmentVehicleStore {
  constructor(private readonly db: Kysely<DB>) {}

  async load(cookie: string | undefined, now = new Date()): Promise<StoredVehicle> {
    // Our cookies are 43 base64url characters; anything else cannot name a row.
    if (!cookie || !/^[A-Za-z0-9_-]{43}$/.test(cookie)) return { idHash: null, vehicle: EMPTY_VEHICLE };
    const idHash = hashId(cookie);
    const row = await this.db
      .selectFrom('fitment_vehicles')
      .select(['facets', 'show_universal', 'expires_at'])
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at) <= now) return { idHash: null, vehicle: EMPTY_VEHICLE };
    if (new Date(row.expires_at).getTime() - now.getTime() < VEHICLE_TTL_MS - SLIDE_AFTER_MS) {
      await this.db
        .updateTable('fitment_vehicles')
        .set({ expires_at: new Date(now.getTime() + VEHICLE_TTL_MS) })
        .where('id_hash', '=', idHash)
        .execute();
    }
    // A row written by an older build may hold facets this one no longer knows: drop, never crash.
    const facets = facetsSchema.safeParse(row.facets);
    return { idHash, vehicle: { facets: facets.success ? facets.data : {}, showUniversal: row.show_universal } };
  }

  /**
   * Writes the vehicle to the caller's row, or to a new row when there is none.
   * Returns the new cookie value when one was minted (the route sets it), else null.
   */
  async save(idHash: string | null, vehicle: FitmentVehicle, now = new Date()): Promise<string | null> {
    const values = {
      facets: JSON.stringify(vehicle.facets),
      show_universal: vehicle.showUniversal,
      updated_at: now,
      expires_at: new Date(now.getTime() + VEHICLE_TTL_MS),
    };
    if (idHash) {
      const r = await this.db
        .updateTable('fitment_vehicles')
        .set(values)
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      if (r.numUpdatedRows > 0n) return null;
    }
    const cookie = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('fitment_vehicles')
      .values({ id_hash: hashId(cookie), created_at: now, ...values })
      .execute();
    // New rows are rare (once per browser), so this is where expired ones are swept.
    await this.purgeExpired(now);
    return cookie;
  }

  async delete(idHash: string | null): Promise<void> {
    if (idHash) await this.db.deleteFrom('fitment_vehicles').where('id_hash', '=', idHash).execute();
  }

  async purgeExpired(now = new Date()): Promise<void> {
    await this.db.deleteFrom('fitment_vehicles').where('expires_at', '<=', now).execute();
  }
}
