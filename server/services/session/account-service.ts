import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import { EMAIL_TAKEN } from '../../../src/contracts/register';
import type { SessionUser } from '../../../src/contracts/session';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';

export interface NewShopper {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  password: string;
  newsletter: boolean;
}

/** Shopper accounts created from the storefront. */
export class AccountService {
  constructor(private readonly db: Kysely<DB>) {}

  async register(input: NewShopper, now = new Date()): Promise<SessionUser> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hash(input.password);
    const id = randomUUID();
    // The unique index on lower(email) is the real guard (two tabs registering at once); the
    // conflict clause turns its refusal into "nothing inserted" instead of an exception.
    const inserted = await this.db
      .insertInto('customers')
      .values({
        id,
        firstname: input.firstname,
        lastname: input.lastname,
        email,
        telephone: input.telephone,
        password_hash: passwordHash,
        newsletter: input.newsletter,
        date_added: now,
      })
      .onConflict((oc) =>
        oc
          .expression(sql`lower(email)`)
          .where('email', 'is not', null)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new ServiceError('conflict', 'email_taken', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    return {
      id,
      kind: 'customer',
      username: email,
      name: `${input.firstname} ${input.lastname}`,
      role: 'customer',
      locationId: null,
    };
  }
}
