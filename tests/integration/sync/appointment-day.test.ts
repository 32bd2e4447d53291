/**
 * The appointments day view on a staff device (docs/decisions/appointments.md "Day view on the
 * device") against the real server: a device with cache schema 6 pulls every booked appointment
 * (with its installers) and shows a location's day from its own store; a move, a status change and
 * a cancel made on the device are mutations the server applies through the command runner (the
 * row's version moves, so other devices pull the change); a move into a slot taken meanwhile is
 * rejected at sync as a conflict naming both appointments, and the device falls back to the
 * server's copy. Each applied change is in the audit log (kind appointment). Shoppers and builds
 * before schema 6 never get the appointment tables.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_6_TABLES } from '../../../src/contracts/sync-pull';
import { deviceSlotClash } from '../../../src/db/appointment-clash';
import { appointmentDay } from '../../../src/db/appointment-day';
import { orderAppointments } from '../../../src/db/order-appointments';
import { appointmentLabel } from '../../../src/domain/forms/appointment';
import type { PartsdeskDb } from '../../../src/db/database';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { Device } from '../checkout/support/checkout-server';
import { cashierAndShopper, signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

const DATE = '2027-06-01';

describe.each(testEngines())('appointments day view on a staff device (%s)', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;
  let device: SyncEngine;
  let db: PartsdeskDb;
  let location: number;
  let bays: { bay_id: number; title: string }[];
  let installer: { user_id: number; name: string };
  let customer: string;
  let a: { id: string; appointment_id: number };
  let b: { id: string; appointment_id: number };

  const book = async (bay: number, start: string, installers: number[] = []) => {
    const r = await cashier.post('/pos/checkout/addAppointment', {
      bay_id: bay,
      duration: 60,
      user_id: installers,
      location_id: location,
      start: `${DATE} ${start}`,
      status_id: 1,
      customer_id: customer,
    });
    if (r.status !== 200) throw new Error(`book: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.appt as { id: string; appointment_id: number };
  };
  const row = (id: string) =>
    server.db
      .selectFrom('appointments')
      .select(['bay_id', 'status_id', 'duration', 'version'])
      .select((eb) => eb.fn<string>('to_char', ['starts_at', eb.val('HH24:MI')]).as('start'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const dayOnDevice = async () =>
    (await appointmentDay(db, location, DATE)).appointments.map(
      (x) => `${x.bay_id} ${x.start_time}-${x.end_time} ${x.status}${x.pending ? ' (pending)' : ''}`,
    );

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ cashier, shopper } = await cashierAndShopper(server));
    const loc = await server.db
      .selectFrom('locations')
      .select('location_id')
      .where('status', '=', true)
      .orderBy('location_id')
      .executeTakeFirstOrThrow();
    location = loc.location_id;
    bays = await server.db
      .selectFrom('bays')
      .select(['bay_id', 'title'])
      .where('location_id', '=', location)
      .orderBy('bay_id')
      .execute();
    expect(bays.length).toBeGreaterThanOrEqual(2);
    const u = await server.db
      .selectFrom('staff_users')
      .select(['user_id', 'firstname', 'lastname'])
      .where('role', '=', 'installer')
      .where('status', '=', true)
      .orderBy('user_id')
      .executeTakeFirstOrThrow();
    installer = { user_id: u.user_id, name: `${u.firstname} ${u.lastname}`.trim() };
    customer = randomUUID();
    await new Device(cashier).apply('customer.create', {
      id: customer,
      firstname: 'Dana',
      lastname: 'Diaz',
      email: 'dana-day@example.com',
      telephone: '(512) 555-0143',
    });
    a = await book(bays[0]!.bay_id, '09:00', [installer.user_id]);
    b = await book(bays[1]!.bay_id, '09:00');
    ({ device, db } = await signedInDevice(server, `appointments-${engine}`, 5000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("pulls the bookings: the location's day from the device store, with names joined on the device", async () => {
    const day = await appointmentDay(db, location, DATE);
    expect(day.bays).toEqual(bays);
    expect(day.statuses.map((s) => s.name)).toEqual([
      'Scheduled',
      'Confirmed',
      'In Progress',
      'Completed',
      'Cancelled',
      'No Show',
    ]);
    expect(day.appointments).toEqual([
      expect.objectContaining({
        id: a.id,
        appointment_id: a.appointment_id,
        bay_id: bays[0]!.bay_id,
        start_time: '09:00',
        end_time: '10:00',
        status: 'Scheduled',
        customer: 'Dana Diaz',
        installers: [installer.name],
        pending: false,
      }),
      expect.objectContaining({ id: b.id, bay_id: bays[1]!.bay_id, installers: [], pending: false }),
    ]);
  });

  it('a clash the device can see is named before anything is queued: the bay, or a shared installer on another bay', async () => {
    const slot = { id: randomUUID(), installers: [] as number[], start_date: DATE, duration: 30 };
    expect(await deviceSlotClash(db, { ...slot, bay_id: bays[0]!.bay_id, start_time: '09:30' })).toBe(
      `${bays[0]!.title} is already booked ${DATE} 09:00-10:00 (appointment #${a.appointment_id}, Dana Diaz). Choose another time, bay or installer.`,
    );
    // A bay with nothing booked (b has bays[1] at 09:00).
    expect(bays.length).toBeGreaterThanOrEqual(3);
    const elsewhere = { ...slot, bay_id: bays[2]!.bay_id, start_time: '10:00', installers: [installer.user_id] };
    expect(await deviceSlotClash(db, elsewhere)).toBeNull();
    expect(await deviceSlotClash(db, { ...elsewhere, start_time: '09:30' })).toMatch(
      new RegExp(`^${installer.name} is already booked ${DATE} 09:00-10:00 \\(appointment #${a.appointment_id},`),
    );
    // A cancelled candidate takes no slot.
    expect(
      await deviceSlotClash(db, { ...slot, bay_id: bays[0]!.bay_id, start_time: '09:30', status_id: 5 }),
    ).toBeNull();
  });

  it('a move made on the device is applied by the server at sync and its version moves', async () => {
    const before = await row(b.id);
    const moved = await device.mutate('appointment.move', {
      appointment_ref: b.id,
      bay: bays[0]!.bay_id,
      startDate: DATE,
      startTime: '10:00',
    });
    expect(moved.ok).toBe(true);
    expect(await dayOnDevice()).toEqual([
      `${bays[0]!.bay_id} 09:00-10:00 Scheduled`,
      `${bays[0]!.bay_id} 10:00-11:00 Scheduled (pending)`,
    ]);
    expect(await device.syncNow()).toBe('ok');
    const after = await row(b.id);
    expect(after).toMatchObject({ bay_id: bays[0]!.bay_id, start: '10:00', status_id: 1, duration: 60 });
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    expect(await dayOnDevice()).toEqual([
      `${bays[0]!.bay_id} 09:00-10:00 Scheduled`,
      `${bays[0]!.bay_id} 10:00-11:00 Scheduled`,
    ]);
    expect(await device.conflicts()).toEqual([]);
  });

  it('a move into a slot taken meanwhile is a conflict naming both; the device shows the server copy again', async () => {
    // Another counter books bay 2 at 13:00 after this device's last pull.
    const taken = await book(bays[1]!.bay_id, '13:00');
    expect(
      (
        await device.mutate('appointment.move', {
          appointment_ref: a.id,
          bay: bays[1]!.bay_id,
          startDate: DATE,
          startTime: '13:30',
        })
      ).ok,
    ).toBe(true);
    expect(await device.syncNow()).toBe('ok');
    const conflicts = await device.conflicts();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ name: 'appointment.move', code: 'slot_taken' });
    expect(conflicts[0]!.message).toBe(
      `${bays[1]!.title} is already booked ${DATE} 13:00-14:00 (appointment #${taken.appointment_id}, Dana Diaz). ` +
        `This booking (Dana Diaz, ${DATE} 13:30-14:30) was not made.`,
    );
    expect(await row(a.id)).toMatchObject({ bay_id: bays[0]!.bay_id, start: '09:00' });
    expect(await dayOnDevice()).toEqual([
      `${bays[0]!.bay_id} 09:00-10:00 Scheduled`,
      `${bays[0]!.bay_id} 10:00-11:00 Scheduled`,
      `${bays[1]!.bay_id} 13:00-14:00 Scheduled`,
    ]);
    await device.dismissConflict(conflicts[0]!.id);
  });

  it('a status change and a cancel from the device; a cancelled booking frees its slot', async () => {
    expect((await device.mutate('appointment.setStatus', { appointment_ref: a.id, status: 2 })).ok).toBe(true);
    expect((await device.mutate('appointment.cancel', { appointment_ref: a.id })).ok).toBe(true);
    expect(
      (
        await device.mutate('appointment.move', {
          appointment_ref: b.id,
          bay: bays[0]!.bay_id,
          startDate: DATE,
          startTime: '09:00',
        })
      ).ok,
    ).toBe(true);
    expect(await device.syncNow()).toBe('ok');
    expect(await device.conflicts()).toEqual([]);
    expect(await row(a.id)).toMatchObject({ status_id: 5 });
    expect(await row(b.id)).toMatchObject({ bay_id: bays[0]!.bay_id, start: '09:00', status_id: 1 });
    expect(await dayOnDevice()).toEqual([
      `${bays[0]!.bay_id} 09:00-10:00 Cancelled`,
      `${bays[0]!.bay_id} 09:00-10:00 Scheduled`,
      `${bays[1]!.bay_id} 13:00-14:00 Scheduled`,
    ]);
    // An unknown status is the server's refusal (the device cannot know every status id).
    expect((await device.mutate('appointment.setStatus', { appointment_ref: b.id, status: 99 })).ok).toBe(true);
    expect(await device.syncNow()).toBe('ok');
    expect(await device.conflicts()).toMatchObject([
      { name: 'appointment.setStatus', code: 'invalid_args', message: 'Select a status' },
    ]);
    // Every applied change is in the audit log with the device that pushed it; refused ones are not.
    const audited = await server.db
      .selectFrom('audit_log')
      .select(['action', 'record_id', 'client_id', 'mutation_id', 'before', 'after'])
      .where('kind', '=', 'appointment')
      .orderBy('id')
      .execute();
    expect(audited.map((r) => `${r.action} ${r.record_id === a.id ? 'a' : 'b'}`)).toEqual([
      'appointment.move b',
      'appointment.setStatus a',
      'appointment.cancel a',
      'appointment.move b',
    ]);
    expect(audited.every((r) => r.client_id !== null && r.mutation_id !== null)).toBe(true);
    expect(audited[2]).toMatchObject({
      before: { bay_id: bays[0]!.bay_id, start_time: '09:00', status_id: 2 },
      after: { bay_id: bays[0]!.bay_id, start_time: '09:00', status_id: 5 },
    });
  });

  it("an order's bookings from the device store: pulled, booked here (pending), cancelled ones left out", async () => {
    const order = await new Device(cashier).order(['30.00'], { customer });
    const r = await cashier.post('/pos/checkout/addAppointment', {
      bay_id: bays[1]!.bay_id,
      duration: 60,
      location_id: location,
      start: `${DATE} 15:00`,
      status_id: 1,
      customer_id: customer,
      order_id: order.id,
    });
    expect(r.status).toBe(200);
    expect(await device.syncNow()).toBe('ok');
    const shown = async () =>
      (await orderAppointments(db, order.id)).map((x) => `${appointmentLabel(x)}${x.pending ? ' (pending)' : ''}`);
    expect(await shown()).toEqual([`${DATE} @ 15:00`]);
    const here = randomUUID();
    const booked = await device.mutate('appointment.book', {
      id: here,
      customer_ref: customer,
      order_ref: order.id,
      installers: [],
      location,
      bay: bays[0]!.bay_id,
      startDate: DATE,
      startTime: '14:00',
      duration: 30,
      status: 1,
      note: '',
    });
    expect(booked.ok).toBe(true);
    expect(await shown()).toEqual([`${DATE} @ 14:00 (pending)`, `${DATE} @ 15:00`]);
    expect((await device.mutate('appointment.cancel', { appointment_ref: r.body.appt.id })).ok).toBe(true);
    expect(await device.syncNow()).toBe('ok');
    expect(await shown()).toEqual([`${DATE} @ 14:00`]);
    // The server's order reply and checkout state name the same booking.
    const info = await cashier.get(`/api/order/info?order_id=${order.id}`);
    expect(info.body.bookedAppointments).toEqual([
      { id: here, display_time: { start_date: DATE, start_time: '14:00' } },
    ]);
    const state = await cashier.get(`/pos/checkout/getTransactions?orderId=${order.id}`);
    expect(state.body.checkout.bookedAppointments).toEqual(info.body.bookedAppointments);
  });

  it('shoppers and builds before schema 6 never get the appointment tables', async () => {
    const tables = async (who: TestClient, q: string) => {
      const seen = new Set<string>();
      let cookie = 0;
      for (;;) {
        const r = await who.get(`/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=20000&pack=1${q}`);
        expect(r.status).toBe(200);
        for (const ch of r.body.changes as { table: string }[]) seen.add(ch.table);
        for (const blk of (r.body.packed ?? []) as { table: string }[]) seen.add(blk.table);
        cookie = r.body.cookie;
        if (!r.body.more) return seen;
      }
    };
    const staffNow = await tables(cashier, '&schema=6');
    const staffOld = await tables(cashier, '&schema=5');
    const shopperNow = await tables(shopper, '&schema=6');
    for (const t of SCHEMA_6_TABLES)
      expect([t, staffNow.has(t), staffOld.has(t), shopperNow.has(t)]).toEqual([t, true, false, false]);
  });
});
