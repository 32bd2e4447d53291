import { describe, expect, it } from 'vitest';
import { appointmentLabel } from '../../../src/domain/forms/appointment';

describe('receipt: booked appointments', () => {
  it('shows a booked appointment as "{date} @ {time}"', () => {
    expect(appointmentLabel({ start_date: '2026-11-25', start_time: '09:30' })).toBe('2026-11-25 @ 09:30');
  });
});
