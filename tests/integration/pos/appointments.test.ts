/**
 * Appointments (pos-back-office.md §3, §5, §7; docs/decisions/appointments.md): getAppointmentData
 * and addAppointment, the booked list on the order, the form's rules re-checked by the server,
 * references checked (bay of the location, installers, the order's customer), double booking
 * refused - also for two bookings racing each other and for one pushed from a device's outbox -
 * and the confirmation message queued with the booking.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('appointments on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;
  let customer: string;
  let customerNo: number;
  let order: { id: string; number: number };
  let installers: number[];
  let bays: { bay_id: number; title: string; location_id: number }[];
  let location: number;

  const book = (over: Record<string, unknown>) =>
    cashier.post('/pos/checkout/addAppointment', {
      bay_id: bays[0]!.bay_id,
      duration: 60,
      user_id: [installers[0]],
      location_id: location,
      appt_note: 'Brakes',
      category_products: [],
      start: '2027-03-01 09:00',
      status_id: 1,
      customer_id: customerNo,
      order_id: order.id,
      created_by: 999,
      vehicle_id: '',
      notify_customer: 0,
      ...over,
    });

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
    customer = await device.customer(server.db, '0');
    customerNo = (
      await server.db.selectFrom('customers').select('customer_id').where('id', '=', customer).executeTakeFirstOrThrow()
    ).customer_id;
    order = await device.order(['40.00'], { customer });
    const data = await cashier.get(`/pos/checkout/getAppointmentData?orderId=${order.number}`);
    expect(data.status).toBe(200);
    installers = data.body.installers.map((i: { user_id: number }) => i.user_id);
    location = data.body.locations[0].location_id;
    bays = data.body.bays.filter((b: { location_id: number }) => b.location_id === location);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('getAppointmentData: bays per location, installers, statuses, slot length, the order customer', async () => {
    const r = await cashier.get(`/pos/order/getAppointmentData?orderId=${order.id}`);
    expect(r.body).toMatchObject({
      customerId: customerNo,
      customerRef: customer,
      orderRef: order.id,
      timeSlotLength: 15,
      ymmEnabled: true,
    });
    expect(r.body.installers.length).toBeGreaterThanOrEqual(2);
    expect(r.body.installers[0]).toEqual({ user_id: expect.any(Number), wholename: expect.any(String) });
    expect(r.body.statuses.map((s: { name: string }) => s.name)).toEqual([
      'Scheduled',
      'Confirmed',
      'In Progress',
      'Completed',
      'Cancelled',
      'No Show',
    ]);
    expect(new Set(r.body.bays.map((b: { location_id: number }) => b.location_id)).size).toBeGreaterThan(1);
    expect(bays.length).toBeGreaterThanOrEqual(2);
    expect((await cashier.get('/pos/checkout/getAppointmentData?orderId=987654')).status).toBe(404);
    expect((await cashier.get('/pos/checkout/getAppointmentData?orderId=x')).status).toBe(400);
  });

  it('books; the order shows it as {date} @ {time}; an overlapping bay or installer is refused naming the booked one', async () => {
    const ok = await book({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: 'The appointment was booked.',
      appt: { display_time: { start_date: '2027-03-01', start_time: '09:00' }, duration: 60, status_id: 1 },
    });
    const info = await cashier.get(`/api/order/info?order_id=${order.id}`);
    expect(info.body.bookedAppointments).toEqual([
      { id: ok.body.appt.id, display_time: { start_date: '2027-03-01', start_time: '09:00' } },
    ]);
    // The checkout state names it too (§3 Checkout state bookedAppointments).
    const state = await cashier.get(`/pos/checkout/getTransactions?orderId=${order.id}`);
    expect(state.body.checkout.bookedAppointments).toEqual(info.body.bookedAppointments);

    const sameBay = await book({ start: '2027-03-01 09:45', user_id: [installers[1]] });
    expect(sameBay.status).toBe(409);
    expect(sameBay.body.error).toBe('slot_taken');
    expect(sameBay.body.message).toBe(
      `${bays[0]!.title} is already booked 2027-03-01 09:00-10:00 (appointment #${ok.body.appt.appointment_id}, Pat Payer). This booking (Pat Payer, 2027-03-01 09:45-10:45) was not made.`,
    );
    const sameInstaller = await book({ start: '2027-03-01 08:30', bay_id: bays[1]!.bay_id });
    expect(sameInstaller.status).toBe(409);
    expect(sameInstaller.body.message).toMatch(/^Installer .+ is already booked 2027-03-01 09:00-10:00/);
    // Back to back is fine; a cancelled booking frees its slot.
    expect((await book({ start: '2027-03-01 10:00' })).status).toBe(200);
    expect((await book({ start: '2027-03-01 08:00' })).status).toBe(200);
    await server.db
      .updateTable('appointments' as never)
      .set({ status_id: 5 } as never)
      .where('id' as never, '=', ok.body.appt.id as never)
      .execute();
    expect((await book({ start: '2027-03-01 09:00', duration: 60 })).status).toBe(200);
  });

  it('validates with the spec rules and checks every reference; staff only', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ start: '2027-03-02 09:05' }, 400, /15-minute slot/],
      [{ start: '2027-03-02 9am' }, 400, /YYYY-MM-DD HH:mm/],
      [{ duration: 20 }, 400, /Duration must be 15 to 480/],
      [{ duration: 495 }, 400, /Duration must be 15 to 480/],
      [{ location_id: location + 1 }, 400, /bay of this location/],
      [{ user_id: [1] }, 400, /installers from the list/],
      [{ status_id: 99 }, 400, /status/],
      [{ vehicle_id: 2_000_000 }, 400, /vehicles/],
      [{ customer_id: 987_654 }, 404, /./],
      [{ appt_note: 'x'.repeat(1001) }, 400, /Maximum 1000/],
    ];
    for (const [over, status, message] of cases) {
      const r = await book({ ...over, start: over.start ?? '2027-03-02 09:00' });
      expect([over, r.status]).toEqual([over, status]);
      expect(r.body.message).toMatch(message);
    }
    // An order of another customer cannot carry this customer's booking.
    const other = await device.order(['1.00'], { customer: await device.customer(server.db, '0') });
    expect((await book({ order_id: other.id, start: '2027-03-02 11:00' })).status).toBe(404);
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    expect((await shopper.post('/pos/checkout/addAppointment', {})).status).toBe(403);
    expect((await new TestClient(server.url).get(`/pos/checkout/getAppointmentData?orderId=${order.id}`)).status).toBe(
      401,
    );
  });

  it('two bookings racing for the same bay: exactly one wins, every time', async () => {
    for (let i = 0; i < 5; i++) {
      const start = `2027-03-03 ${String(8 + i).padStart(2, '0')}:00`;
      const [a, b] = await Promise.all([
        book({ start, user_id: [installers[0]] }),
        book({ start, user_id: [installers[1]] }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    }
    // Same installer on two different bays at once: one wins.
    const [c, d] = await Promise.all([
      book({ start: '2027-03-04 09:00', bay_id: bays[0]!.bay_id }),
      book({ start: '2027-03-04 09:30', bay_id: bays[1]!.bay_id }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 409]);
    const rows = await server.db
      .selectFrom('appointments' as never)
      .select('id' as never)
      .where('starts_at' as never, '>=', '2027-03-03' as never)
      .where('starts_at' as never, '<', '2027-03-05' as never)
      .execute();
    expect(rows).toHaveLength(6);
  });

  it('a booking pushed from a device: applied, or rejected as a conflict naming both; Notify Customer queues the confirmation', async () => {
    const args = (start: string) => ({
      id: randomUUID(),
      customer_ref: customer,
      order_ref: order.id,
      products: [],
      installers: [installers[1]],
      location,
      bay: bays[1]!.bay_id,
      startDate: '2027-03-05',
      startTime: start,
      duration: 30,
      status: 1,
      note: '',
      vehicle: null,
      notifyCustomer: true,
    });
    const first = args('14:00');
    expect((await device.push('appointment.book', first)).status).toBe('applied');
    const clash = await device.push('appointment.book', args('14:15'));
    expect(clash).toMatchObject({ status: 'rejected', code: 'slot_taken' });
    expect(clash.message).toMatch(
      /is already booked 2027-03-05 14:00-14:30 \(appointment #\d+, Pat Payer\)\. This booking \(Pat Payer, 2027-03-05 14:15-14:45\) was not made\./,
    );
    const note = await server.db
      .selectFrom('notifications')
      .select(['kind', 'channel', 'recipient', 'subject'])
      .where('source_ref', '=', first.id)
      .execute();
    expect(note).toEqual([
      {
        kind: 'appointment',
        channel: 'email',
        recipient: expect.stringMatching(/^pat-.*@example\.com$/),
        subject: expect.stringMatching(/^Your appointment at .+: 2027-03-05 @ 14:00$/),
      },
    ]);
  });

  it("day view: bays and the day's bookings; status change, move and cancel re-check the slot", async () => {
    const a = await book({ start: '2027-03-10 09:00', user_id: [installers[0]] });
    const b = await book({ start: '2027-03-10 11:00', bay_id: bays[1]!.bay_id, user_id: [installers[1]] });
    expect([a.status, b.status]).toEqual([200, 200]);
    const day = await cashier.get(`/api/appointments/day?location_id=${location}&date=2027-03-10`);
    expect(day.status).toBe(200);
    expect(day.body.bays.map((x: { bay_id: number }) => x.bay_id)).toEqual(bays.map((x) => x.bay_id));
    expect(day.body.appointments).toMatchObject([
      {
        id: a.body.appt.id,
        bay_id: bays[0]!.bay_id,
        start_time: '09:00',
        end_time: '10:00',
        status: 'Scheduled',
        customer: 'Pat Payer',
        installers: [expect.any(String)],
      },
      { id: b.body.appt.id, bay_id: bays[1]!.bay_id, start_time: '11:00', end_time: '12:00' },
    ]);
    // Moving b onto a's bay and time is refused naming a; moving it next to a is fine.
    const clash = await cashier.post('/api/appointments/update', {
      id: b.body.appt.id,
      bay_id: bays[0]!.bay_id,
      start: '2027-03-10 09:30',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(
      new RegExp(
        `is already booked 2027-03-10 09:00-10:00 \\(appointment #${a.body.appt.appointment_id}, Pat Payer\\)`,
      ),
    );
    expect(
      (
        await cashier.post('/api/appointments/update', {
          id: b.body.appt.id,
          bay_id: bays[0]!.bay_id,
          start: '2027-03-10 10:00',
          duration: 30,
        })
      ).body,
    ).toEqual({ success: 'The appointment was updated.' });
    expect((await cashier.post('/api/appointments/update', { id: a.body.appt.id, status_id: 2 })).status).toBe(200);
    // Cancelled frees the slot: b can then take 09:00.
    expect((await cashier.post('/api/appointments/update', { id: a.body.appt.id, status_id: 5 })).status).toBe(200);
    expect(
      (await cashier.post('/api/appointments/update', { id: b.body.appt.id, start: '2027-03-10 09:00' })).status,
    ).toBe(200);
    const after = await cashier.get(`/api/appointments/day?location_id=${location}&date=2027-03-10`);
    expect(
      after.body.appointments.map((x: { start_time: string; status: string }) => `${x.start_time} ${x.status}`).sort(),
    ).toEqual(['09:00 Cancelled', '09:00 Scheduled']);
    // Each change is in the audit log, by the session's staff user, with the slot before and after
    // (migration 0027-a); the refused move wrote none.
    const audited = await server.db
      .selectFrom('audit_log')
      .select(['action', 'record_id', 'actor_role', 'client_id', 'before', 'after'])
      .where('kind', '=', 'appointment')
      .where('record_id', 'in', [a.body.appt.id, b.body.appt.id])
      .orderBy('id')
      .execute();
    const who = (id: string) => (id === a.body.appt.id ? 'a' : 'b');
    expect(audited.map((r) => `${r.action} ${who(r.record_id)}`)).toEqual([
      'appointment.move b',
      'appointment.setStatus a',
      'appointment.cancel a',
      'appointment.move b',
    ]);
    expect(audited.every((r) => r.actor_role === 'cashier' && r.client_id === null)).toBe(true);
    expect(audited[0]).toMatchObject({
      before: { bay_id: bays[1]!.bay_id, start_time: '11:00', duration: 60, status_id: 1 },
      after: { bay_id: bays[0]!.bay_id, start_time: '10:00', duration: 30, status_id: 1 },
    });
    expect(audited[2]).toMatchObject({ before: { status_id: 2 }, after: { status_id: 5 } });
    const bad: [Record<string, unknown>, number][] = [
      [{ id: b.body.appt.id, start: '2027-03-10 09:07' }, 400],
      [{ id: b.body.appt.id, duration: 500 }, 400],
      [{ id: b.body.appt.id, status_id: 99 }, 400],
      [{ id: b.body.appt.id }, 400],
      [{ id: randomUUID(), status_id: 5 }, 404],
    ];
    for (const [body, status] of bad)
      expect([body, (await cashier.post('/api/appointments/update', body)).status]).toEqual([body, status]);
    expect((await cashier.get(`/api/appointments/day?location_id=${location}&date=tomorrow`)).status).toBe(400);
  });
});
