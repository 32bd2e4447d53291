/**
 * The offline dataset adapter (GEOLOCATION=dataset, server/adapters/geolocation/dataset.ts): real
 * public addresses placed from DB-IP's City Lite files with the licence's credit, the documentation
 * ranges still from the table, reserved addresses "not found" without reading a file, a file that
 * cannot be read a GeoLocationError (and tried again next time), and the adapter picked by config.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoLocatorFrom } from '../../../server/adapters/geolocation/create';
import { DatasetGeoLocator, DBIP_CREDIT, dbipFiles } from '../../../server/adapters/geolocation/dataset';
import { SimulatedGeoLocator } from '../../../server/adapters/geolocation/simulator';
import { GeoLocationError } from '../../../server/adapters/geolocation/types';
import { ipLocationSchema } from '../../../src/contracts/customer-ip';

describe('DatasetGeoLocator', () => {
  it('places public IPv4 and IPv6 addresses from the package, with the DB-IP credit', async () => {
    const files = dbipFiles();
    expect(fs.statSync(files[4]).size).toBeGreaterThan(1_000_000);
    expect(fs.statSync(files[6]).size).toBeGreaterThan(1_000_000);
    const geo = new DatasetGeoLocator();
    const google = await geo.locate('8.8.8.8');
    expect(google).toMatchObject({ ip: '8.8.8.8', country: 'United States', credit: DBIP_CREDIT });
    expect(ipLocationSchema.parse(google)).toEqual(google);
    expect((await geo.locate('1.1.1.1'))?.country).toBe('Australia');
    const v6 = await geo.locate('2001:4860:4860::8888');
    expect(v6?.country).toBeTruthy();
    expect(v6?.credit).toEqual(DBIP_CREDIT);
    expect(DBIP_CREDIT).toEqual({ text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' });
  });

  it('answers the documentation ranges from the table and never places reserved addresses', async () => {
    let opened = 0;
    const geo = new DatasetGeoLocator({
      files: () => {
        opened++;
        return { 4: '/nonexistent/v4.mmdb', 6: '/nonexistent/v6.mmdb' };
      },
    });
    expect(await geo.locate('203.0.113.66')).toEqual({
      ip: '203.0.113.66',
      city: 'Mesa',
      region: 'Arizona',
      country: 'United States',
    });
    expect((await geo.locate('2001:db8::25'))?.city).toBe('Austin');
    for (const ip of ['10.1.2.3', '192.168.1.1', '127.0.0.1', '100.64.0.1', 'fd00::1', 'fe80::1', '::1', 'nope'])
      expect(await geo.locate(ip), ip).toBeNull();
    expect(opened).toBe(0);
  });

  it('a file that cannot be read fails the call and is tried again on the next', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-geo-'));
    try {
      const v4 = path.join(dir, 'v4.mmdb');
      const geo = new DatasetGeoLocator({ files: () => ({ 4: v4, 6: dbipFiles()[6] }) });
      await expect(geo.locate('8.8.8.8')).rejects.toBeInstanceOf(GeoLocationError);
      fs.writeFileSync(v4, 'not a MaxMind DB file');
      await expect(geo.locate('8.8.8.8')).rejects.toBeInstanceOf(GeoLocationError);
      fs.copyFileSync(dbipFiles()[4], v4);
      expect((await geo.locate('8.8.8.8'))?.country).toBe('United States');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the adapter GEOLOCATION=dataset picks; simulator and none stay selectable', () => {
    expect(geoLocatorFrom({ kind: 'dataset' })).toBeInstanceOf(DatasetGeoLocator);
    expect(geoLocatorFrom({ kind: 'simulator', seed: 1, latencyMs: 0, failureRate: 0 })).toBeInstanceOf(
      SimulatedGeoLocator,
    );
    expect(geoLocatorFrom({ kind: 'none' })).toBeNull();
  });
});
