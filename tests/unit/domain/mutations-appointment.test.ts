/**
 * The day view's appointment mutators (appointment.move, .setStatus, .cancel;
 * docs/decisions/appointments.md "Day view on the device"): they change only the appointment they
 * name, check the form on the store's slot grid, and leave the slot question to the server.
 */
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, NOW, uuid } from './factories';

const A = uuid(7);
const ok = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes;
};
const booked = (over: Partial<Appointment> = {}): Appointment => ({
  id: A,
  appointment_id: 12,
  customer_ref: uuid(2),
  order_ref: null,
  vehicle_id: null,
  products: [],
  installers: [3],
  location_id: 1,
  bay_id: 1,
  start_date: '2027-03-01',
  start_time: '09:00',
  duration: 60,
  status_id: 1,
  note: 'Brakes',
  notify_customer: false,
  created_by: 'user-1',
  created_at: NOW,
  ...over,
});

describe('appointment.move', () => {
  const args = { appointment_ref: A, bay: 2, startDate: '2027-03-02', startTime: '10:30' };
  it('moves bay and start, keeps the duration unless given, and everything else', () => {
    const a = ok(runMutation('appointment.move', { appointment: booked() }, args, ctx())).appointment!;
    expect(a).toEqual(booked({ bay_id: 2, start_date: '2027-03-02', start_time: '10:30' }));
    const longer = ok(runMutation('appointment.move', { appointment: booked() }, { ...args, duration: 90 }, ctx()));
    expect(longer.appointment).toMatchObject({ duration: 90, appointment_id: 12, installers: [3] });
  });

  it('refuses an unknown appointment, a start off the slot grid or malformed, and a bad duration', () => {
    expect(runMutation('appointment.move', {}, args, ctx())).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Unknown appointment',
    });
    expect(runMutation('appointment.move', { appointment: booked({ id: uuid(8) }) }, args, ctx())).toMatchObject({
      code: 'not_found',
    });
    expect(runMutation('appointment.move', { appointment: booked() }, args, ctx({ timeSlotLength: 60 }))).toEqual({
      ok: false,
      code: 'invalid_args',
      message: 'Start time must be on a 60-minute slot',
    });
    for (const bad of [{ startDate: '2027-02-30' }, { startTime: '24:00' }, { startTime: '9:00' }])
      expect(runMutation('appointment.move', { appointment: booked() }, { ...args, ...bad }, ctx())).toEqual({
        ok: false,
        code: 'invalid_args',
        message: 'Start must be YYYY-MM-DD HH:mm',
      });
    expect(runMutation('appointment.move', { appointment: booked() }, { ...args, duration: 500 }, ctx())).toEqual({
      ok: false,
      code: 'invalid_args',
      message: 'Duration must be 15 to 480 minutes in steps of 15',
    });
    expect(runMutation('appointment.move', { appointment: booked() }, { ...args, bay: 0 }, ctx())).toMatchObject({
      code: 'invalid_args',
    });
  });
});

describe('appointment.setStatus and appointment.cancel', () => {
  it('set the status only; cancel is Cancelled (5), also when it already is', () => {
    const s = ok(
      runMutation('appointment.setStatus', { appointment: booked() }, { appointment_ref: A, status: 2 }, ctx()),
    );
    expect(s.appointment).toEqual(booked({ status_id: 2 }));
    const c = ok(runMutation('appointment.cancel', { appointment: booked() }, { appointment_ref: A }, ctx()));
    expect(c.appointment).toEqual(booked({ status_id: 5 }));
    const again = ok(
      runMutation('appointment.cancel', { appointment: booked({ status_id: 5 }) }, { appointment_ref: A }, ctx()),
    );
    expect(again.appointment).toEqual(booked({ status_id: 5 }));
  });

  it('refuse an unknown appointment and a status that is not a positive id', () => {
    expect(runMutation('appointment.cancel', {}, { appointment_ref: A }, ctx())).toMatchObject({ code: 'not_found' });
    expect(runMutation('appointment.setStatus', {}, { appointment_ref: A, status: 2 }, ctx())).toMatchObject({
      code: 'not_found',
    });
    expect(
      runMutation('appointment.setStatus', { appointment: booked() }, { appointment_ref: A, status: 0 }, ctx()),
    ).toMatchObject({ code: 'invalid_args' });
  });
});
