/**
 * The showroom kiosk's server side (storefront.md §2 Kiosk, §7; docs/decisions/storefront.md "Kiosk"):
 * - which kiosk account a device set up by a staff member runs under (that member's store's, else
 *   the first active one), for POST /pos/kiosk/start;
 * - the splash video views (POST /tool/kiosk/video), stored as sent after validation, with how
 *   each turn ended when the kiosk says (migration 0029-h);
 * - the kiosk reset's server half (GET /account/logout/clearSession): the guest shopper row of the
 *   request's pd_shopper cookie (its cart lines, codes, compare list: cascaded) is deleted.
 * Kiosk orders do not come through here: they are pushed (server/commands/appliers/kiosk.ts).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { KioskVideoRequest } from '../../../src/contracts/kiosk';
import type { SessionUser } from '../../../src/contracts/session';
import type { DB } from '../../db/schema';

export class KioskService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The kiosk account for a device a staff member at `locationId` sets up; null when the shop has none. */
  async kioskAccount(locationId: number | null): Promise<SessionUser | null> {
    const rows = await this.db
      .selectFrom('staff_users')
      .select(['user_id', 'username', 'firstname', 'lastname', 'location_id'])
      .where('role', '=', 'kiosk')
      .where('status', '=', true)
      .orderBy('user_id')
      .execute();
    const row = rows.find((r) => locationId !== null && r.location_id === locationId) ?? rows[0];
    if (!row) return null;
    return {
      id: String(row.user_id),
      kind: 'device',
      username: row.username,
      name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim(),
      role: 'kiosk',
      locationId: row.location_id ?? null,
    };
  }

  async recordVideo(kioskUserId: string, v: KioskVideoRequest): Promise<void> {
    await this.db
      .insertInto('kiosk_video_views')
      .values({
        video_id: v.video_id,
        start_date: v.start_date,
        end_date: v.end_date,
        kiosk_user_id: /^\d{1,9}$/.test(kioskUserId) ? Number(kioskUserId) : null,
        outcome: v.outcome ?? null,
      })
      .execute();
  }

  /** Forgets the guest shopper the cookie names (cart, codes, compare); a malformed cookie is no shopper. */
  async clearGuest(token: string | null): Promise<void> {
    if (token === null || !/^[A-Za-z0-9_-]{43}$/.test(token)) return;
    const hash = createHash('sha256').update(token).digest('hex');
    await this.db
      .deleteFrom('shop_shoppers')
      .where('token_hash', '=', hash)
      .where('customer_uuid', 'is', null)
      .execute();
  }
}
