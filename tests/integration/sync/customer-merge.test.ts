/**
 * A customer edited on two tablets offline resolves by field (issue 20; docs/decisions/sync.md
 * "Customer edits merge by field"): two device engines against the real server, each editing its
 * cached copy with customer.update and the base it edited from, then pushing one after the other.
 * Fields only one tablet changed are all kept; a field both changed keeps the value that reached
 * the server first and the device whose value lost lists a notice naming the field and both values.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartsdeskDb } from '../../../src/db/database';
import { loadCustomer } from '../../../src/db/records';
import { CUSTOMER_EDIT_CONFLICT, customerEditBase } from '../../../src/domain/mutations/customer-merge';
import type { Customer } from '../../../src/domain/mutations/records';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

type Device = { device: SyncEngine; db: PartsdeskDb };

describe.each(testEngines())('customer edits from two tablets merge by field on %s', (engine) => {
  let server: SyncTestServer;
  let a: Device;
  let b: Device;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    a = await signedInDevice(server, 'merge-a', 2000);
    b = await signedInDevice(server, 'merge-b', 2000);
  });
  afterAll(async () => {
    await server?.close();
  });

  const record = async (d: Device, id: string): Promise<Customer> => {
    const c = await loadCustomer(d.db, id);
    if (!c) throw new Error(`customer ${id} is not on the device`);
    return c;
  };
  /** What a customer form does: the record as it opened it, with the fields staff changed, and that record as the base. */
  const edit = async (d: Device, id: string, change: (c: Customer) => Partial<Customer>) => {
    const seen = await record(d, id);
    const base = customerEditBase(seen as unknown as Record<string, unknown>);
    const r = await d.device.mutate('customer.update', { customer_ref: id, ...base, ...change(seen), base });
    expect(r).toMatchObject({ ok: true });
  };
  const sync = async (d: Device) => expect(await d.device.syncNow()).toBe('ok');
  const openConflicts = async (d: Device) => (await d.db.conflicts.toArray()).filter((c) => c.seenAt === null);

  it('disjoint fields and addresses from both tablets are all kept; the same field keeps the first and tells the other', async () => {
    const zone = await server.db.selectFrom('zones').select('zone_id').limit(1).executeTakeFirstOrThrow();
    const address = (city: string) => ({
      address_id: randomUUID(),
      firstname: 'Rosa',
      lastname: 'Diaz',
      company: '',
      address_1: '8 Elm St',
      address_2: '',
      city,
      postcode: '80202',
      country_id: 223,
      zone_id: zone.zone_id,
      default: false,
    });
    const home = address('Denver');
    const id = randomUUID();
    expect(
      await a.device.mutate('customer.create', {
        id,
        firstname: 'Rosa',
        lastname: 'Diaz',
        email: 'rosa@example.com',
        telephone: '(303) 555-0100',
        addresses: [home],
      }),
    ).toMatchObject({ ok: true });
    await sync(a);
    await sync(b);

    // Both offline: A changes the email and the address's city; B the telephone, the email
    // (differently), the newsletter, and adds a shop address.
    const shop = address('Boulder');
    await edit(a, id, () => ({ email: 'rosa@shop-a.test', addresses: [{ ...home, city: 'Aurora' }] }));
    await edit(b, id, (c) => ({
      telephone: '(303) 555-0199',
      email: 'rosa@tablet-b.test',
      newsletter: true,
      addresses: [...c.addresses, shop],
    }));

    await sync(a);
    await sync(b);
    await sync(a);

    const stored = await server.db
      .selectFrom('customers')
      .select(['email', 'telephone', 'newsletter'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'rosa@shop-a.test', telephone: '(303) 555-0199', newsletter: true });
    const cities = await server.db
      .selectFrom('addresses')
      .select('city')
      .where('customer_id', '=', id)
      .orderBy('address_id')
      .execute();
    expect(cities.map((c) => c.city)).toEqual(['Aurora', 'Boulder']);

    // Both tablets converge on the server's record.
    const [onA, onB] = [await record(a, id), await record(b, id)];
    expect(onA).toEqual(onB);
    expect(onA).toMatchObject({ email: 'rosa@shop-a.test', telephone: '(303) 555-0199', newsletter: true });

    // A's changes reached the server first: nothing to tell A. B is told, and its change was applied.
    expect(await openConflicts(a)).toEqual([]);
    const told = await openConflicts(b);
    expect(told).toEqual([
      expect.objectContaining({
        name: 'customer.update',
        code: CUSTOMER_EDIT_CONFLICT,
        applied: true,
        message:
          'This customer was changed on another device first; kept: E-Mail "rosa@shop-a.test" (yours: "rosa@tablet-b.test").',
      }),
    ]);
    const journal = await b.db.journal.get(told[0]!.id);
    expect(journal).toMatchObject({ outcome: 'applied', code: CUSTOMER_EDIT_CONFLICT });
    // A notice is read and dismissed, never retried, and its dismissal sends no discard.
    expect(await b.device.retryConflict(told[0]!.id)).toMatchObject({ ok: false });
    await b.device.dismissConflict(told[0]!.id);
    await sync(b);
    expect(await b.db.conflicts.get(told[0]!.id)).not.toHaveProperty('discard');
  });

  it('an edit without a base (an older client) still writes every field it sends', async () => {
    const id = randomUUID();
    const fields = { firstname: 'Theo', lastname: 'Park', email: 'theo@example.com', telephone: '' };
    expect(await a.device.mutate('customer.create', { id, ...fields })).toMatchObject({ ok: true });
    await sync(a);
    await sync(b);
    expect(await a.device.mutate('customer.update', { customer_ref: id, ...fields, lastname: 'Parker' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(
      await b.device.mutate('customer.update', { customer_ref: id, ...fields, email: 'theo@b.test' }),
    ).toMatchObject({ ok: true });
    await sync(a);
    await sync(b);
    expect(await record(b, id)).toMatchObject({ lastname: 'Park', email: 'theo@b.test' });
    expect(await openConflicts(b)).toEqual([]);
  });
});
