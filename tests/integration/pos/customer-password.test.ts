/**
 * A password sent with customer.create / customer.update through the sync push is stored only as
 * an argon2 hash (never the plaintext), lets the customer sign in, and never leaves in a pull.
 */
import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('customer passwords through sync on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = async (name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; message?: string };
  };
  const stored = async (id: string) =>
    (await server.db.selectFrom('customers').select(['password_hash']).where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
  const customer = (email: string, password: string) => ({
    id: randomUUID(),
    firstname: 'Pat',
    lastname: 'Driver',
    email,
    telephone: '',
    password,
  });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('create: the password is stored as an argon2 hash and signs the customer in', async () => {
    const c = customer('pat.hash@example.com', 'wrench42');
    expect(await push('customer.create', c)).toEqual({ id: next - 1, status: 'applied' });
    const h = await stored(c.id);
    expect(h).toMatch(/^\$argon2/);
    expect(h).not.toContain('wrench42');
    expect(await verify(h!, 'wrench42')).toBe(true);
    const shopper = new TestClient(server.url);
    expect((await shopper.login('pat.hash@example.com', 'wrench42')).status).toBe(200);
    expect((await new TestClient(server.url).login('pat.hash@example.com', 'wrong-one')).status).toBe(401);
  });

  it('create without a password stores no hash; update sets one, and an empty password keeps it', async () => {
    const c = customer('pat.nopass@example.com', '');
    await push('customer.create', c);
    expect(await stored(c.id)).toBeNull();
    const update = { customer_ref: c.id, firstname: 'Pat', lastname: 'Driver', email: 'pat.nopass@example.com' };
    expect(await push('customer.update', { ...update, password: 'brake-pads' })).toMatchObject({ status: 'applied' });
    const first = await stored(c.id);
    expect(await verify(first!, 'brake-pads')).toBe(true);
    expect(await push('customer.update', { ...update, firstname: 'Patricia', password: '' })).toMatchObject({
      status: 'applied',
    });
    expect(await stored(c.id)).toBe(first);
  });

  it('a too short or too long password is rejected with the form message and stores nothing', async () => {
    const short = customer('pat.short@example.com', 'abc');
    expect(await push('customer.create', short)).toMatchObject({ status: 'rejected', message: 'Minimum 4 characters' });
    expect(
      await server.db.selectFrom('customers').select('id').where('id', '=', short.id).executeTakeFirst(),
    ).toBeUndefined();
    const long = customer('pat.long@example.com', 'x'.repeat(21));
    expect(await push('customer.create', long)).toMatchObject({ status: 'rejected', message: 'Maximum 20 characters' });
  });

  it('the pull never carries the hash or the password', async () => {
    const r = await cashier.get(`/sync/pull?clientId=${randomUUID()}&cookie=0&limit=5000`);
    expect(r.status).toBe(200);
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('password');
    expect(text).not.toContain('$argon2');
  });
});
