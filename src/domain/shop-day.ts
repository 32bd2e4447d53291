/**
 * Days on the shop's wall clock (settings.timezone): where a Y-m-d day starts as an instant. The
 * orders list's Date From / Date To filters are whole days in the shop's zone, both inclusive, on
 * the server (server/services/pos/order-list-service.ts) and on the device offline
 * (src/db/orders-list.ts) alike (docs/decisions/pos.md "Orders list screen").
 */

/** One wall clock format per zone: making one is slow, and a caller may ask for thousands of instants. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at` (Intl: no time zone data of our own). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Y-m-d day starts in `timeZone` (midnight on the shop's wall clock). */
export function startOfDay(day: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  // Across a DST change the offset at the guess differs from the offset at the answer.
  return new Date(asUtc - zoneOffsetMs(new Date(first), timeZone));
}

/** The shop's zone when it is a real IANA zone, else UTC (missing or misspelt setting). */
export function validZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The Y-m-d day after `day`. */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
