import { describe, expect, it } from 'vitest';
import { findSlotClash, type SlotBooking } from '../../../src/domain/appointment-clash';

/** The device's slot check (docs/decisions/appointments.md "A clash the device can see"). */
describe('findSlotClash', () => {
  const booked: SlotBooking = {
    id: 'a',
    bay_id: 1,
    installers: [7],
    start_date: '2027-05-01',
    start_time: '09:00',
    duration: 60,
    status_id: 1,
  };
  const frees = new Set([5, 6]);
  const at = (start_time: string, more: Partial<SlotBooking> = {}) => ({
    id: 'new',
    bay_id: 1,
    installers: [] as number[],
    start_date: '2027-05-01',
    start_time,
    duration: 60,
    ...more,
  });

  it('the same bay overlapping is a clash; back to back is not', () => {
    expect(findSlotClash(at('09:30'), [booked], frees)).toEqual({ booked, installer: null });
    expect(findSlotClash(at('08:30'), [booked], frees)?.booked.id).toBe('a');
    expect(findSlotClash(at('10:00'), [booked], frees)).toBeNull();
    expect(findSlotClash(at('08:00'), [booked], frees)).toBeNull();
  });

  it('an installer booked on another bay is a clash, named', () => {
    expect(findSlotClash(at('09:15', { bay_id: 2, installers: [3, 7] }), [booked], frees)).toEqual({
      booked,
      installer: 7,
    });
    expect(findSlotClash(at('09:15', { bay_id: 2, installers: [3] }), [booked], frees)).toBeNull();
    // The bay is named before an installer, whatever order the bookings come in.
    const onBay2 = { ...booked, id: 'b', bay_id: 2, installers: [] };
    for (const list of [
      [booked, onBay2],
      [onBay2, booked],
    ])
      expect(findSlotClash(at('09:15', { bay_id: 2, installers: [7] }), list, frees)?.booked.id).toBe('b');
  });

  it('another day, a cancelled booking, the booking itself and a cancelled candidate never clash', () => {
    expect(findSlotClash(at('09:00', { start_date: '2027-05-02' }), [booked], frees)).toBeNull();
    expect(findSlotClash(at('09:00'), [{ ...booked, status_id: 5 }], frees)).toBeNull();
    expect(findSlotClash(at('09:30', { id: 'a', duration: 90 }), [booked], frees)).toBeNull();
    expect(findSlotClash({ ...at('09:00'), status_id: 6 }, [booked], frees)).toBeNull();
  });
});
