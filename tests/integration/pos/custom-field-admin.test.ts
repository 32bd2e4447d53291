/**
 * The custom fields settings calls (docs/decisions/pos.md "Custom fields settings"): an admin lists,
 * adds, edits and disables fields of the 8 types at account and address locations; the customer
 * form then checks answers against the new definitions on the server (a required field added here
 * refuses a pushed customer without it). Everyone else is refused; bad input is 400, a choice of
 * another field 422 with nothing changed, an unknown field 404, a type change or a removed choice 422.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHOICE_NOT_FOUND,
  CHOICE_REMOVED,
  CHOICES_NOT_ALLOWED,
  CHOICES_REQUIRED,
  CUSTOM_FIELD_NOT_FOUND,
  CUSTOM_FIELD_SAVED,
  FIXED_SHAPE,
  TYPE_MESSAGE,
  type CustomFieldListReply,
  type AdminCustomField,
} from '../../../src/contracts/custom-field-admin';
import { customFieldTypes } from '../../../src/domain/forms/custom-fields';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

describe.each(testEngines())('custom fields settings on %s', (engine) => {
  let server: SyncTestServer;
  let admin: TestClient;
  const save = (c: TestClient, body: unknown) => c.post('/api/custom_field/save', body);

  beforeAll(async () => {
    server = await startSyncServer(engine);
    admin = await signedIn(server.url, 'admin', 'admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a field of each of the 8 types at both locations, lists them, edits and disables one', async () => {
    for (const [i, type] of customFieldTypes.entries()) {
      const choices = ['select', 'radio', 'checkbox'].includes(type);
      const r = await save(admin, {
        name: `Set ${type}`,
        type,
        location: i % 2 ? 'address' : 'account',
        sort_order: 50 + i,
        values: choices ? [{ name: 'One' }, { name: 'Two', sort_order: 1 }] : [],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: CUSTOM_FIELD_SAVED, custom_field: { type, status: true } });
      expect(r.body.custom_field.values.map((v: AdminCustomField['values'][number]) => v.name)).toEqual(
        choices ? ['One', 'Two'] : [],
      );
    }
    const list = await admin.get<CustomFieldListReply>('/api/custom_field');
    expect(list.status).toBe(200);
    const mine = list.body.custom_fields.filter((f) => f.name.startsWith('Set '));
    expect(mine).toHaveLength(8);
    expect(new Set(mine.map((f) => f.location))).toEqual(new Set(['account', 'address']));

    const select = mine.find((f) => f.type === 'select')!;
    const [one, two] = select.values;
    const edited = await save(admin, {
      ...select,
      name: 'Set select (renamed)',
      required: true,
      status: false,
      values: [{ ...one, name: 'First' }, two, { name: 'Three', sort_order: 2 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.custom_field).toMatchObject({ name: 'Set select (renamed)', required: true, status: false });
    expect(
      edited.body.custom_field.values.map((v: AdminCustomField['values'][number]) => [v.custom_field_value_id, v.name]),
    ).toEqual([
      [one!.custom_field_value_id, 'First'],
      [two!.custom_field_value_id, 'Two'],
      [expect.any(Number), 'Three'],
    ]);
  });

  it('a required field added here is checked by the server on a pushed customer', async () => {
    const r = await save(admin, { name: 'Fleet number', type: 'text', location: 'account', required: true });
    expect(r.status).toBe(200);
    const cashier = await signedIn(server.url, 'cashier', 'cashier');
    const push = (args: object) =>
      cashier.post('/sync/push', {
        clientId: randomUUID(),
        protocolVersion: PROTOCOL_VERSION,
        mutations: [{ id: 1, name: 'customer.create', args, at: new Date().toISOString() }],
      });
    const refused = await push({ id: randomUUID(), firstname: 'Req', lastname: 'Field' });
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', message: 'Required' });
    // Disabled: forms stop asking for it, and the server with them.
    expect((await save(admin, { ...r.body.custom_field, status: false })).status).toBe(200);
    const ok = await push({ id: randomUUID(), firstname: 'Req', lastname: 'Field' });
    expect(ok.body.results[0]).toMatchObject({ status: 'applied' });
  });

  it('refuses everyone but the admin, bad input, wrong-owner choices and shape changes, changing nothing', async () => {
    const stranger = new TestClient(server.url);
    const body = { name: 'Nope', type: 'text', location: 'account' };
    expect((await stranger.get('/api/custom_field')).status).toBe(401);
    expect((await save(stranger, body)).status).toBe(401);
    for (const [user, pass] of [
      ['shopper@example.com', 'shopper'],
      ['cashier', 'cashier'],
      ['installer', 'installer'],
    ] as const) {
      const c = await signedIn(server.url, user, pass);
      expect((await c.get('/api/custom_field')).status, user).toBe(403);
      expect((await save(c, body)).status, user).toBe(403);
    }

    const bad: [unknown, unknown][] = [
      [{ ...body, type: 'color' }, TYPE_MESSAGE],
      [{ ...body, name: '' }, 'Required'],
      [{ ...body, name: 'x'.repeat(129) }, 'Maximum 128 characters'],
      [{ ...body, type: 'select' }, CHOICES_REQUIRED],
      [{ ...body, values: [{ name: 'A' }] }, CHOICES_NOT_ALLOWED],
      [{ ...body, sort_order: -1 }, 'Sort order must be a whole number from 0 to 9999.'],
      [{ ...body, custom_field_id: 'abc' }, expect.any(String)],
    ];
    for (const [b, message] of bad) {
      const r = await save(admin, b);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.message).toEqual(message);
    }

    const a = (await save(admin, { name: 'Owner A', type: 'radio', location: 'address', values: [{ name: 'a1' }] }))
      .body.custom_field;
    const b = (await save(admin, { name: 'Owner B', type: 'checkbox', location: 'account', values: [{ name: 'b1' }] }))
      .body.custom_field;
    const stolen = await save(admin, { ...a, values: [...a.values, b.values[0]] });
    expect(stolen.status).toBe(422);
    expect(stolen.body.message).toBe(CHOICE_NOT_FOUND);
    const newWithOld = await save(admin, { ...b, custom_field_id: undefined, name: 'Copy' });
    expect(newWithOld.status).toBe(422);
    expect(newWithOld.body.message).toBe(CHOICE_NOT_FOUND);
    const removed = await save(admin, { ...a, values: [{ name: 'a2' }] });
    expect(removed.status).toBe(422);
    expect(removed.body.message).toBe(CHOICE_REMOVED);
    const reshaped = await save(admin, { ...a, type: 'select' });
    expect(reshaped.status).toBe(422);
    expect(reshaped.body.message).toBe(FIXED_SHAPE);
    const moved = await save(admin, { ...a, location: 'account' });
    expect(moved.body.message).toBe(FIXED_SHAPE);
    const unknown = await save(admin, { ...body, custom_field_id: 2_000_000 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CUSTOM_FIELD_NOT_FOUND);

    const after = (await admin.get<CustomFieldListReply>('/api/custom_field')).body.custom_fields;
    expect(after.find((f) => f.custom_field_id === a.custom_field_id)).toEqual(a);
    expect(after.find((f) => f.custom_field_id === b.custom_field_id)).toEqual(b);
    expect(after.some((f) => f.name === 'Nope' || f.name === 'Copy')).toBe(false);
  });
});
