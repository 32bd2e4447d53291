import { describe, expect, it } from 'vitest';
import { businessTime, DEVICE_TIME_WINDOW_MS } from '../../../server/sync/push-service';

const server = new Date('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(server.getTime() - ms).toISOString();

describe('businessTime: the date a pushed change is recorded under', () => {
  it('a sale made offline keeps the time it was made on the device, days later', () => {
    expect(businessTime(ago(73 * 3_600_000), server)).toBe(ago(73 * 3_600_000));
    expect(businessTime(ago(DEVICE_TIME_WINDOW_MS), server)).toBe(ago(DEVICE_TIME_WINDOW_MS));
    expect(businessTime('2026-11-24T07:00:00-05:00', server)).toBe('2026-11-24T12:00:00.000Z');
  });

  it('a clock ahead of the server, or implausibly far behind, gets the server time', () => {
    expect(businessTime(ago(-60_000), server)).toBe(server.toISOString());
    expect(businessTime(ago(DEVICE_TIME_WINDOW_MS + 1), server)).toBe(server.toISOString());
    expect(businessTime('2019-01-01T00:00:00.000Z', server)).toBe(server.toISOString());
    expect(businessTime('not a time', server)).toBe(server.toISOString());
  });
});
