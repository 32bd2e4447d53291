/**
 * The IP-geolocation documentation ranges' table and address handling (server/adapters/geolocation,
 * server/services/customers/ip-address.ts): canonical addresses, CIDR ranges, the table's answers,
 * reserved ranges "not found", every demo address placed, seeded latency and failures.
 */
import { describe, expect, it } from 'vitest';
import { IP_GEO_DATASET } from '../../../server/adapters/geolocation/ip-geo-dataset';
import { lookupTable } from '../../../server/adapters/geolocation/documentation-table';
import { SimulatedGeoLocator } from '../../../server/adapters/geolocation/simulator';
import { GeoLocationError } from '../../../server/adapters/geolocation/types';
import { DEMO_BANNED_IP } from '../../../server/db/demo/customer-admin';
import { canonicalIp, parseCidr } from '../../../server/services/customers/ip-address';

describe('canonicalIp', () => {
  it('keeps valid addresses in one form and refuses the rest', () => {
    expect(canonicalIp(' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(canonicalIp('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(canonicalIp('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(canonicalIp('::1')).toBe('::1');
    for (const bad of [
      '',
      '1.2.3',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3.4/24',
      '1.2.3.4:80',
      'fe80::1%eth0',
      '[::1]',
      'x'.repeat(46),
    ])
      expect(canonicalIp(bad), bad).toBeNull();
  });
});

describe('parseCidr', () => {
  it('gives the first and last address of a range', () => {
    expect(parseCidr('192.0.2.64/26')).toEqual({ family: 4, first: 0xc0000240n, last: 0xc000027fn });
    const v6 = parseCidr('2001:db8:1::/48');
    expect(v6.family).toBe(6);
    expect(v6.last - v6.first).toBe((1n << 80n) - 1n);
    expect(() => parseCidr('1.2.3.4/33')).toThrow();
  });
});

describe('the documentation ranges table', () => {
  it('places addresses of its ranges, IPv4 and IPv6', () => {
    expect(lookupTable('192.0.2.1')).toEqual({
      ip: '192.0.2.1',
      city: 'Austin',
      region: 'Texas',
      country: 'United States',
    });
    expect(lookupTable('192.0.2.64')?.city).toBe('Round Rock');
    expect(lookupTable('192.0.2.63')?.city).toBe('Austin');
    expect(lookupTable('203.0.113.255')?.city).toBe('Scottsdale');
    expect(lookupTable(DEMO_BANNED_IP)?.city).toBe('Mesa');
    expect(lookupTable('2001:db8::25')?.city).toBe('Austin');
    expect(lookupTable('2001:db8:2:ffff::1')?.region).toBe('Arizona');
  });

  it('answers "not found" for private, loopback, reserved and unlisted addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.0.9',
      '198.18.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '8.8.8.8',
      '2001:db8:3::1',
    ])
      expect(lookupTable(ip), ip).toBeNull();
  });

  it('has non-overlapping ranges, each with a city, region and country', () => {
    const ranges = IP_GEO_DATASET.map(([cidr]) => parseCidr(cidr));
    for (const [i, a] of ranges.entries())
      for (const b of ranges.slice(i + 1))
        expect(a.family !== b.family || a.last < b.first || b.last < a.first).toBe(true);
    for (const [, city, region, country] of IP_GEO_DATASET) expect(city && region && country).toBeTruthy();
  });
});

describe('SimulatedGeoLocator', () => {
  it('waits its latency and answers from the table', async () => {
    const waits: number[] = [];
    const geo = new SimulatedGeoLocator({
      seed: 1,
      latencyMs: 100,
      failureRate: 0,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(await geo.locate('198.51.100.7')).toMatchObject({ city: 'Denver', region: 'Colorado' });
    expect(await geo.locate('127.0.0.1')).toBeNull();
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(100);
    for (const w of waits) expect(w).toBeLessThanOrEqual(150);
  });

  it('fails at its rate, the same calls for the same seed', async () => {
    const run = async (seed: number) => {
      const geo = new SimulatedGeoLocator({ seed, latencyMs: 0, failureRate: 0.5 });
      const out: boolean[] = [];
      for (let i = 0; i < 40; i++)
        out.push(
          await geo.locate('192.0.2.1').then(
            () => true,
            (e: unknown) => !(e instanceof GeoLocationError),
          ),
        );
      return out;
    };
    const a = await run(7);
    expect(await run(7)).toEqual(a);
    expect(a.filter((ok) => !ok).length).toBeGreaterThan(5);
    expect(a.filter((ok) => ok).length).toBeGreaterThan(5);
    await expect(
      new SimulatedGeoLocator({ seed: 1, latencyMs: 0, failureRate: 1 }).locate('192.0.2.1'),
    ).rejects.toBeInstanceOf(GeoLocationError);
  });
});
