/**
 * The schedule appointment modal's call (storefront.md §7 POST
 * /index.php?route=information/schedule_appointment, §8 'Request sent successfully!') and the POS
 * day view's requests (docs/decisions/storefront.md "Custom forms"), both engines: a request is
 * stored and mailed to the store, is not an appointment, and only staff list and mark it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../support/captcha';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signInAs } from '../security/matrix-support';
import { startProductServer, type ProductServer } from '../product/support';

const PATH = '/index.php?route=information/schedule_appointment';

describe.each(testEngines())('schedule appointment requests on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let locationId: number;
  let storeEmail: string;

  const serialized = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      phone: '(512) 555-0142',
      vehicle: '2018 Toyota Tacoma',
      date: '2026-12-03',
      time: '10:30',
      location_id: String(locationId),
      message: 'Brake noise at low speed',
      ...over,
    }).toString();
  const post = (body: string) => guest.post(PATH, body, { 'content-type': 'application/x-www-form-urlencoded' });

  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    const stores = (await guest.post('/index.php?route=module/forms/getLocations', {})).body.locations;
    locationId = stores[0].location_id;
    storeEmail = stores[0].email_address;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses missing fields, bad dates and an unknown store with 4xx and sends nothing', async () => {
    const empty = await guest.post(PATH, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields)).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'date', 'time']));
    const bad = await post(serialized({ date: '2026-13-01', time: '7pm', email: 'x' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.date).toEqual(['Must be a valid date!']);
    expect(bad.body.fields.time).toEqual(['Must be a valid time!']);
    const { payload } = await solveCaptcha(server.url);
    const store = await post(serialized({ location_id: '999999', captchaInput: payload }));
    expect(store.status).toBe(422);
    expect(store.body.message).toBe('Please choose a store.');
    const noCaptcha = await post(serialized());
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body.error).toBe('captcha_required');
    expect(server.mailer.sent).toHaveLength(0);
  });

  it("stores the request, mails the store and answers 'Request sent successfully!'; it books nothing", async () => {
    const before = await server.db
      .selectFrom('appointments')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const { payload } = await solveCaptcha(server.url);
    const r = await post(serialized({ captchaInput: payload }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Request sent successfully!' });
    expect(server.mailer.sent).toHaveLength(1);
    expect(server.mailer.sent[0]!.to).toBe(storeEmail);
    expect(server.mailer.sent[0]!.text).toContain('Preferred: 2026-12-03 10:30');
    const after = await server.db
      .selectFrom('appointments')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await post(serialized({ captchaInput: payload }))).status).toBe(422);
  });

  it('lists the day’s requests to staff only, who mark one booked', async () => {
    const cashier = await signInAs(server.url, 'cashier');
    const list = await cashier.get(`/api/appointment_requests?date=2026-12-03&location_id=${locationId}`);
    expect(list.status).toBe(200);
    expect(list.body.requests).toHaveLength(1);
    const req = list.body.requests[0];
    expect(req).toMatchObject({
      name: 'Sam Ortiz',
      preferred_time: '10:30',
      status: 'requested',
      vehicle: '2018 Toyota Tacoma',
    });
    expect((await cashier.get('/api/appointment_requests?date=2026-12-04')).body.requests).toHaveLength(0);
    expect((await cashier.get('/api/appointment_requests?date=nope')).status).toBe(400);

    const shopper = await signInAs(server.url, 'shopper');
    expect((await shopper.get('/api/appointment_requests?date=2026-12-03')).status).toBe(403);
    expect((await guest.get('/api/appointment_requests?date=2026-12-03')).status).toBe(401);
    expect((await shopper.post('/api/appointment_requests/status', { id: req.id, status: 'booked' })).status).toBe(403);

    expect((await cashier.post('/api/appointment_requests/status', { id: req.id, status: 'booked' })).status).toBe(200);
    expect((await cashier.post('/api/appointment_requests/status', { id: req.id, status: 'nope' })).status).toBe(400);
    expect(
      (
        await cashier.post('/api/appointment_requests/status', {
          id: '00000000-0000-4000-8000-000000000000',
          status: 'dismissed',
        })
      ).status,
    ).toBe(404);
    const again = await cashier.get(`/api/appointment_requests?date=2026-12-03`);
    expect(again.body.requests[0].status).toBe('booked');
  });
});
