/**
 * The customer form's calls (docs/decisions/pos.md "Customer form"): GET /api/localization/
 * (countries and zones from country-region-data, the US ids kept), GET /api/customer/get (list by
 * custname, one customer), POST /api/customer/save form-encoded (create, update, custom fields,
 * addresses, refusals with the form's messages that write nothing, shopper and stranger refused),
 * and the custom fields reaching a staff device's pull while a shopper's pull has none.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const now = new Date().toISOString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (o: Record<string, string | string[]>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
  return p.toString();
};

describe.each(testEngines())('customer form calls on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;
  /** The demo's custom fields by name: id and value ids. */
  const fields = new Map<string, { id: number; values: number[] }>();

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const defs = await server.db.selectFrom('custom_fields').selectAll().execute();
    const values = await server.db.selectFrom('custom_field_values').selectAll().orderBy('sort_order').execute();
    for (const d of defs)
      fields.set(d.name, {
        id: d.custom_field_id,
        values: values.filter((v) => v.custom_field_id === d.custom_field_id).map((v) => v.custom_field_value_id),
      });
  });
  afterAll(async () => {
    await server?.close();
  });
  const fid = (name: string) => String(fields.get(name)!.id);
  const vid = (name: string, i: number) => String(fields.get(name)!.values[i]);

  it('GET /api/localization/: every country and its zones, the US and its states with their old ids', async () => {
    const r = await new TestClient(server.url).get('/api/localization/');
    expect(r.status).toBe(200);
    const { countries, zones } = r.body as {
      countries: { country_id: number; name: string; iso_code_2: string }[];
      zones: { zone_id: number; country_id: number; name: string; code: string }[];
    };
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ country_id: 223, name: 'United States', iso_code_2: 'US' });
    const canada = countries.find((c) => c.iso_code_2 === 'CA')!;
    expect(canada.name).toBe('Canada');
    expect(zones.filter((z) => z.country_id === canada.country_id).map((z) => z.name)).toContain('Ontario');
    expect(zones).toContainEqual({ zone_id: 3605, country_id: 223, name: 'California', code: 'CA' });
    expect(zones).toContainEqual({ zone_id: 3651, country_id: 223, name: 'Wyoming', code: 'WY' });
    expect(new Set(zones.map((z) => z.zone_id)).size).toBe(zones.length);
  });

  it('POST /api/customer/save creates (form-encoded, address and custom fields), GET answers it, update keeps what it leaves out', async () => {
    const email = `${randomUUID()}@example.com`;
    const r = await cashier.post(
      '/api/customer/save',
      form({
        firstname: 'Wanda',
        lastname: 'Wrench',
        email,
        telephone: '(303) 555-0199',
        tax_exempt: '1',
        tax_exempt_number: 'EX-42',
        [`account_custom_field[${fid('Preferred Contact')}]`]: vid('Preferred Contact', 1),
        [`account_custom_field[${fid('Interests')}][]`]: [vid('Interests', 0), vid('Interests', 2)],
        [`account_custom_field[${fid('Birthday')}]`]: '1990-04-30',
        [`account_custom_field[${fid('Next Service Reminder')}]`]: '2027-01-15 09:30',
        'addresses[0][firstname]': 'Wanda',
        'addresses[0][lastname]': 'Wrench',
        'addresses[0][address_1]': '12 Main St',
        'addresses[0][city]': 'Denver',
        'addresses[0][postcode]': '80202',
        'addresses[0][country_id]': '223',
        'addresses[0][zone_id]': '3606',
        'addresses[0][default]': '1',
        [`addresses[0][custom_field][${fid('Delivery Instructions')}]`]: 'Side door',
      }),
      FORM,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: 'Customer successfully saved!', error: '' });
    const number = r.body.customer.customer_id as number;
    expect(number).toBeGreaterThan(0);
    expect(r.body.redirect).toBe(`/pos/customer/edit?customer_id=${number}`);
    expect(r.body.customer).toMatchObject({
      custname: 'Wanda Wrench',
      tax_exempt: true,
      tax_exempt_number: 'EX-42',
      account_custom_field: {
        [fid('Preferred Contact')]: vid('Preferred Contact', 1),
        [fid('Interests')]: [vid('Interests', 0), vid('Interests', 2)],
        [fid('Birthday')]: '1990-04-30',
        [fid('Next Service Reminder')]: '2027-01-15 09:30',
      },
      total_orders: 0,
      outstanding: { balance: '0.00' },
    });
    expect(r.body.customer).not.toHaveProperty('password');
    expect(r.body.customer).not.toHaveProperty('password_hash');
    expect(r.body.customer.addresses).toHaveLength(1);
    expect(r.body.customer.addresses[0]).toMatchObject({
      city: 'Denver',
      zone_id: 3606,
      default: true,
      custom_field: { [fid('Delivery Instructions')]: 'Side door' },
    });

    const got = await cashier.get(`/api/customer/get?customerId=${number}`);
    expect(got.status).toBe(200);
    expect(got.body.customer).toEqual(r.body.customer);

    // Update: a new phone and password; the addresses and custom fields it leaves out stay.
    const u = await cashier.post(
      `/api/customer/save?customerId=${number}`,
      form({ telephone: '303-555-0100', password: 'secret1' }),
      FORM,
    );
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.customer.telephone).toBe('303-555-0100');
    expect(u.body.customer.addresses).toEqual(r.body.customer.addresses);
    expect(u.body.customer.account_custom_field).toEqual(r.body.customer.account_custom_field);
    const hash = await server.db
      .selectFrom('customers')
      .select('password_hash')
      .where('customer_id', '=', number)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2/);
  });

  it('refuses bad input with the form messages and writes nothing', async () => {
    const before = await server.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const bad = async (body: Record<string, string | string[]>, message: string, query = '') => {
      const r = await cashier.post(`/api/customer/save${query}`, form(body), FORM);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.message).toBe(message);
    };
    const ok = { firstname: 'Bad', lastname: 'Input' };
    await bad({ ...ok, firstname: 'B' }, 'Minimum 2 characters');
    await bad({ ...ok, lastname: 'x'.repeat(33) }, 'Maximum 32 characters');
    await bad({ ...ok, email: 'nope' }, 'Invalid email');
    await bad({ ...ok, telephone: '12' }, 'Invalid phone number format');
    await bad({ ...ok, [`account_custom_field[${fid('Birthday')}]`]: '1990-02-30' }, 'Enter a date as YYYY-MM-DD');
    await bad(
      { ...ok, [`account_custom_field[${fid('Preferred Contact')}]`]: '999999' },
      'Please select a valid option',
    );
    await bad({ ...ok, [`account_custom_field[${fid('Best Time to Call')}]`]: '25:00' }, 'Enter a time as HH:mm');
    await bad({ ...ok, 'addresses[0][city]': 'D', 'addresses[0][firstname]': 'Ann' }, 'Minimum 2 characters');
    const unknown = await cashier.post(`/api/customer/save?customerId=${randomUUID()}`, form(ok), FORM);
    expect(unknown.status).toBe(404);
    const after = await server.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toEqual(before?.n);
  });

  it('a required custom field must be answered, on this call and on the sync push alike', async () => {
    const field = await server.db
      .insertInto('custom_fields')
      .values({ name: 'Fleet Account', type: 'text', location: 'account', required: true })
      .returning('custom_field_id')
      .executeTakeFirstOrThrow();
    try {
      const r = await cashier.post('/api/customer/save', form({ firstname: 'Req', lastname: 'Field' }), FORM);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Required');
      const ok = await cashier.post(
        '/api/customer/save',
        form({ firstname: 'Req', lastname: 'Field', [`account_custom_field[${field.custom_field_id}]`]: 'F-9' }),
        FORM,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.customer.account_custom_field[String(field.custom_field_id)]).toBe('F-9');
      const push = await cashier.post('/sync/push', {
        clientId: randomUUID(),
        protocolVersion: PROTOCOL_VERSION,
        mutations: [
          { id: 1, name: 'customer.create', args: { id: randomUUID(), firstname: 'Req', lastname: 'Push' }, at: now },
        ],
      });
      expect(push.body.results[0]).toMatchObject({ status: 'rejected', message: 'Required' });
    } finally {
      await server.db.deleteFrom('custom_fields').where('custom_field_id', '=', field.custom_field_id).execute();
    }
  });

  it('GET /api/customer/get lists by custname, paged', async () => {
    const r = await cashier.get('/api/customer/get?sort=custname&limit=5');
    expect(r.status).toBe(200);
    const names = (r.body.customers as { custname: string }[]).map((c) => c.custname.toLowerCase());
    expect(names).toHaveLength(5);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(r.body.total).toBeGreaterThan(5);
    const page2 = await cashier.get('/api/customer/get?sort=custname&limit=5&page=2');
    expect(page2.body.customers[0].custname).not.toBe(r.body.customers[0].custname);
  });

  it('shoppers and strangers are refused, and change nothing', async () => {
    const stranger = new TestClient(server.url);
    const body = form({ firstname: 'Sneaky', lastname: 'Shopper' });
    expect((await shopper.post('/api/customer/save', body, FORM)).status).toBe(403);
    expect((await stranger.post('/api/customer/save', body, FORM)).status).toBe(401);
    expect((await shopper.get('/api/customer/get')).status).toBe(403);
    expect((await stranger.get('/api/customer/get?customerId=1')).status).toBe(401);
    const sneaky = await server.db.selectFrom('customers').select('id').where('firstname', '=', 'Sneaky').execute();
    expect(sneaky).toHaveLength(0);
  });

  it('custom field definitions ride a staff pull (not a shopper pull)', async () => {
    const pull = async (c: TestClient) =>
      (await c.get(`/sync/pull?clientId=${randomUUID()}&cookie=0&limit=20000`)).body as {
        changes: { table: string; row: Record<string, unknown> }[];
      };
    const staff = await pull(cashier);
    const defs = staff.changes.filter((c) => c.table === 'custom_fields' && c.row !== null);
    expect(defs.map((d) => d.row.type)).toEqual(
      expect.arrayContaining(['select', 'radio', 'checkbox', 'text', 'textarea', 'date', 'time', 'datetime']),
    );
    expect(staff.changes.some((c) => c.table === 'custom_field_values')).toBe(true);
    const mine = await pull(shopper);
    expect(mine.changes.some((c) => c.table === 'custom_fields')).toBe(false);
  });
});
