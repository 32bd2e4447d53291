/**
 * Staff tokens: who made a change a device queued (docs/decisions/sync.md "Staff tokens: who made a
 * queued change"; docs/security.md "Who is asking").
 *
 * A staff sign-in that names its device (the sync client id) gets a token
 * `v1.<payload>.<mac>`: payload = base64url JSON {staffId, deviceId, issuedAt, expiresAt} (ms since
 * the epoch), mac = base64url HMAC-SHA256 of `v1.<payload>` under the server's key. The device stamps
 * every change with the token of whoever was signed in when it was made; the push records that
 * person as the maker and runs the change with their rights, whoever's session pushes it.
 *
 * Must stay true:
 * - A token is accepted only when its mac verifies (constant time), its deviceId is the pushing
 *   client's id, it expired no more than STAFF_TOKEN_GRACE_MS ago, it was not issued in the future,
 *   and its staff member still exists, is active and has a staff role (their role NOW decides).
 * - The key never leaves the server: it is STAFF_TOKEN_SECRET or the `server_secrets` row
 *   `staff_token`, created once (the first writer wins, so every process agrees).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { staffRoles } from '../../../src/contracts/session';
import type { DB } from '../../db/schema';
import { storedSecret } from '../../db/stored-secret';

const DAY_MS = 86_400_000;
/** How long a token is good for after the sign-in that issued it (the offline sign-in window too). */
export const STAFF_TOKEN_TTL_MS = 14 * DAY_MS;
/**
 * How long after expiry a token still attributes a change: a change made offline on the token's
 * last day reaches the server up to this long after (the same window the server believes a
 * device's clock for a sale's date, server/sync/push-service.ts DEVICE_TIME_WINDOW_MS).
 */
export const STAFF_TOKEN_GRACE_MS = 14 * DAY_MS;
/** A token issued this far in the server's future is refused (servers' clocks differ a little). */
const SKEW_MS = 5 * 60_000;
const SECRET_NAME = 'staff_token';

export interface StaffTokenPayload {
  staffId: string;
  deviceId: string;
  issuedAt: number;
  expiresAt: number;
}

export interface IssuedStaffToken {
  token: string;
  expiresAt: string;
}

export type TokenCheck =
  | { ok: true; staff: { id: string; role: string } }
  | { ok: false; code: 'staff_token_invalid' | 'staff_token_expired' | 'staff_inactive'; message: string };

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

/** Signs a payload (exported for tests that need a token the server would have issued earlier). */
export function signStaffToken(secret: string, payload: StaffTokenPayload): string {
  const body = `v1.${b64(JSON.stringify(payload))}`;
  return `${body}.${b64(mac(secret, body))}`;
}

/** The payload of a token whose mac verifies under `secret`, else null. */
export function readStaffToken(secret: string, token: string): StaffTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(secret, `v1.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Partial<StaffTokenPayload>;
    if (
      typeof p.staffId !== 'string' ||
      typeof p.deviceId !== 'string' ||
      typeof p.issuedAt !== 'number' ||
      typeof p.expiresAt !== 'number'
    )
      return null;
    return { staffId: p.staffId, deviceId: p.deviceId, issuedAt: p.issuedAt, expiresAt: p.expiresAt };
  } catch {
    return null;
  }
}

const INVALID = 'This change carries a staff sign-in this server did not issue for this device.';
const EXPIRED =
  'This change was made under a staff sign-in that expired long ago. Retry it to record it under your name.';
const INACTIVE = 'The staff member who made this change is no longer active.';

export class StaffTokens {
  /** The signing key: the configured one, else the stored one (created on first use). */
  readonly secret: () => Promise<string>;

  constructor(
    private readonly db: Kysely<DB>,
    /** STAFF_TOKEN_SECRET (server/config.ts); unset: the database's own key. */
    configured?: string,
  ) {
    this.secret = storedSecret(db, SECRET_NAME, configured);
  }

  async issue(staffId: string, deviceId: string, now = new Date()): Promise<IssuedStaffToken> {
    const issuedAt = now.getTime();
    const expiresAt = issuedAt + STAFF_TOKEN_TTL_MS;
    const token = signStaffToken(await this.secret(), { staffId, deviceId, issuedAt, expiresAt });
    return { token, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Who made a change pushed by `deviceId` with `token`, judged at the server's `now`. */
  async check(token: string, deviceId: string, now: Date): Promise<TokenCheck> {
    const p = readStaffToken(await this.secret(), token);
    const t = now.getTime();
    if (!p || p.deviceId !== deviceId || p.issuedAt > t + SKEW_MS)
      return { ok: false, code: 'staff_token_invalid', message: INVALID };
    if (t > p.expiresAt + STAFF_TOKEN_GRACE_MS) return { ok: false, code: 'staff_token_expired', message: EXPIRED };
    const id = Number(p.staffId);
    const row = Number.isSafeInteger(id)
      ? await this.db
          .selectFrom('staff_users')
          .select(['user_id', 'role', 'status'])
          .where('user_id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row || !row.status || !(staffRoles as readonly string[]).includes(row.role))
      return { ok: false, code: 'staff_inactive', message: INACTIVE };
    return { ok: true, staff: { id: String(row.user_id), role: row.role } };
  }
}
