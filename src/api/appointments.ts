import { appointmentDataSchema, type AppointmentData } from '../contracts/appointments';
import { request } from './http';

const CACHE_KEY = 'pd-appointment-lists';
type ShopLists = Pick<
  AppointmentData,
  'bays' | 'installers' | 'locations' | 'statuses' | 'timeSlotLength' | 'ymmEnabled'
>;

/**
 * GET /pos/checkout/getAppointmentData?orderId=: what the Book Appointment form offers. The
 * shop-wide lists (bays, installers, locations, statuses, slot length) of the last reply are kept
 * in localStorage, so the form also opens offline (booking then waits in the outbox).
 */
export async function getAppointmentData(orderId: string | number, signal?: AbortSignal): Promise<AppointmentData> {
  const r = await request(
    `/pos/checkout/getAppointmentData?orderId=${encodeURIComponent(String(orderId))}`,
    appointmentDataSchema,
    signal ? { signal } : {},
  );
  try {
    const lists: ShopLists = {
      bays: r.bays,
      installers: r.installers,
      locations: r.locations,
      statuses: r.statuses,
      timeSlotLength: r.timeSlotLength,
      ymmEnabled: r.ymmEnabled,
    };
    localStorage.setItem(CACHE_KEY, JSON.stringify(lists));
  } catch {
    // Storage full or blocked: the form simply needs the server next time.
  }
  return r;
}

/** The last shop-wide lists seen, or null. */
export function cachedAppointmentLists(): ShopLists | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const parsed = appointmentDataSchema
      .pick({ bays: true, installers: true, locations: true, statuses: true, timeSlotLength: true, ymmEnabled: true })
      .safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
