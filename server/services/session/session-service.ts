import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../../src/contracts/session';

/**
 * Sessions live in the `sessions` table keyed by the sha256 of the cookie value, so a leaked
 * database does not leak usable cookies. Each login mints a new id (no fixation) and a CSRF token
 * that state-changing calls must echo in X-CSRF-Token.
 */
export interface SessionRecord {
  idHash: string;
  csrfToken: string;
  user: SessionUser;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');
const token = () => randomBytes(32).toString('base64url');

// Verifying against a real hash when the user does not exist keeps the timing of "no such user"
// and "wrong password" alike, so logins cannot probe which usernames exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hash('partsdesk-no-such-user'));

/** A staff_users row is a person (staff) or, with role kiosk, a showroom device's account. */
const staffKind = (role: string): SessionUser['kind'] => (role === 'kiosk' ? 'device' : 'staff');

export class SessionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs: number,
  ) {}

  /** Checks credentials; staff sign in by username, shoppers by email. Null when they do not match. */
  async authenticate(username: string, password: string): Promise<SessionUser | null> {
    const name = username.trim().toLowerCase();
    const staff = await this.db
      .selectFrom('staff_users')
      .select(['user_id', 'username', 'firstname', 'lastname', 'role', 'location_id', 'password_hash', 'status'])
      .where('username', '=', name)
      .executeTakeFirst();
    if (staff) {
      const ok = await verify(staff.password_hash, password);
      if (!ok || !staff.status) return null;
      return {
        id: String(staff.user_id),
        kind: staffKind(staff.role),
        username: staff.username,
        name: `${staff.firstname} ${staff.lastname}`.trim(),
        role: staff.role as SessionUser['role'],
        locationId: staff.location_id,
      };
    }
    const customer = await this.db
      .selectFrom('customers')
      .select(['id', 'email', 'firstname', 'lastname', 'password_hash', 'status'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', name))
      .executeTakeFirst();
    if (!customer?.password_hash) {
      await verify(await dummy(), password);
      return null;
    }
    const ok = await verify(customer.password_hash, password);
    if (!ok || !customer.status) return null;
    return {
      id: customer.id,
      kind: 'customer',
      username: customer.email ?? name,
      name: `${customer.firstname} ${customer.lastname}`.trim(),
      role: 'customer',
      locationId: null,
    };
  }

  /** Starts a session for `user`; returns the cookie value (only ever held by the client). */
  async create(user: SessionUser, now = new Date()): Promise<{ cookie: string; csrfToken: string }> {
    const cookie = token();
    const csrfToken = token();
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: hashSessionId(cookie),
        user_kind: user.kind === 'customer' ? 'customer' : 'staff',
        staff_user_id: user.kind === 'customer' ? null : Number(user.id),
        customer_uuid: user.kind === 'customer' ? user.id : null,
        csrf_token: csrfToken,
        created_at: now,
        expires_at: new Date(now.getTime() + this.ttlMs),
        last_seen_at: now,
      })
      .execute();
    return { cookie, csrfToken };
  }

  /** The live session for a cookie value, sliding its expiry; null when unknown or expired. */
  async lookup(cookie: string, now = new Date()): Promise<SessionRecord | null> {
    const idHash = hashSessionId(cookie);
    const row = await this.db
      .selectFrom('sessions as s')
      .leftJoin('staff_users as u', 'u.user_id', 's.staff_user_id')
      .leftJoin('customers as c', 'c.id', 's.customer_uuid')
      .select([
        's.csrf_token',
        's.expires_at',
        's.last_seen_at',
        's.user_kind',
        'u.user_id',
        'u.username',
        'u.firstname as staff_first',
        'u.lastname as staff_last',
        'u.role',
        'u.location_id',
        'u.status as staff_status',
        'c.id as customer_uuid',
        'c.email',
        'c.firstname as customer_first',
        'c.lastname as customer_last',
        'c.status as customer_status',
      ])
      .where('s.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at) <= now) return null;
    let user: SessionUser;
    if (row.user_kind === 'staff' && row.user_id !== null && row.staff_status) {
      user = {
        id: String(row.user_id),
        kind: staffKind(row.role ?? 'cashier'),
        username: row.username ?? '',
        name: `${row.staff_first ?? ''} ${row.staff_last ?? ''}`.trim(),
        role: (row.role ?? 'cashier') as SessionUser['role'],
        locationId: row.location_id ?? null,
      };
    } else if (row.user_kind === 'customer' && row.customer_uuid && row.customer_status) {
      user = {
        id: row.customer_uuid,
        kind: 'customer',
        username: row.email ?? '',
        name: `${row.customer_first ?? ''} ${row.customer_last ?? ''}`.trim(),
        role: 'customer',
        locationId: null,
      };
    } else {
      return null;
    }
    // Slide the expiry at most once a minute: a busy counter must not write on every request.
    if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: new Date(now.getTime() + this.ttlMs) })
        .where('id_hash', '=', idHash)
        .execute();
    }
    return { idHash, csrfToken: row.csrf_token, user };
  }

  async destroy(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  async purgeExpired(now = new Date()): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
