/**
 * A server's signing key (staff tokens, captcha HMAC): the configured one when set, else the
 * `server_secrets` row of its name, created with 32 random bytes by whichever process asks first.
 *
 * Must stay true: every process signs with the same key (the insert that lands wins, every
 * process reads that row); a failed read is not remembered, the next call tries again.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Returns the key reader: the first call reads (or creates) the row, later calls share that answer. */
export function storedSecret(db: Kysely<DB>, name: string, configured?: string): () => Promise<string> {
  if (configured) return () => Promise.resolve(configured);
  let key: Promise<string> | null = null;
  const load = async (): Promise<string> => {
    await db
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  };
  return () => {
    key ??= load().catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
}
