/**
 * Dealer locator rules (storefront.md §5 "Dealer locator distance", "ZIP search", §9 limits;
 * docs/decisions/storefront.md "Dealer locator"): distance, the radius pre-filter box, the
 * distance selector's fallback, texts, and the request contracts' messages.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findDealerRequestSchema,
  locatorQuerySchema,
  nearbyLocationsRequestSchema,
  zipGeoRequestSchema,
} from '../../../src/contracts/dealer-locator-request';
import {
  boundingBox,
  distanceMiles,
  formatClock,
  formatDistance,
  hoursLines,
  isZip,
  locationTypeLabel,
  locatorDistance,
  normalizeDistance,
} from '../../../src/domain/locator';
import { escapeHtml, safeWebsite, toDealerStore } from '../../../server/services/locator/store-format';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const DENVER = { lat: 39.7392, lng: -104.9903 };

describe('distance', () => {
  it('gives great-circle miles (Austin to Denver is about 775)', () => {
    expect(distanceMiles(AUSTIN, DENVER)).toBeGreaterThan(765);
    expect(distanceMiles(AUSTIN, DENVER)).toBeLessThan(785);
    expect(distanceMiles(AUSTIN, AUSTIN)).toBe(0);
  });

  it('the bounding box holds every point within the radius', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 1, max: 250, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, miles, angle, share) => {
          // A point `share` of the radius away in direction `angle` (small-distance approximation, inside the circle).
          const d = miles * share * 0.95;
          const p = {
            lat: lat + (d / 69) * Math.cos(angle),
            lng: lng + (d / (69.172 * Math.cos((lat * Math.PI) / 180))) * Math.sin(angle),
          };
          if (distanceMiles({ lat, lng }, p) > miles) return;
          const box = boundingBox({ lat, lng }, miles);
          expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
          expect(p.lat).toBeLessThanOrEqual(box.maxLat);
          expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
          expect(p.lng).toBeLessThanOrEqual(box.maxLng);
        },
      ),
    );
  });

  it('formats miles with one decimal', () => {
    expect(formatDistance(12.345)).toBe('12.3 mi');
    expect(formatDistance(0)).toBe('0.0 mi');
  });
});

describe('the distance selector (§5: 10 to 250, else 10; default 25, §9)', () => {
  it.each([
    [undefined, 25],
    ['', 25],
    [10, 10],
    ['250', 250],
    [25, 25],
    [9, 10],
    [251, 10],
    ['abc', 10],
    [-5, 10],
  ])('%s -> %s', (input, out) => {
    expect(locatorDistance(input)).toBe(out);
  });

  it('normalizeDistance never leaves 10 to 250', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const n = normalizeDistance(v);
        expect(n >= 10 && n <= 250).toBe(true);
      }),
    );
  });
});

describe('texts', () => {
  it('ZIP shape, clock, hours and type labels', () => {
    expect(isZip('78745')).toBe(true);
    expect(isZip('78745-1234')).toBe(true);
    expect(isZip('7874')).toBe(false);
    expect(isZip('Austin')).toBe(false);
    expect(formatClock('07:30')).toBe('7:30 AM');
    expect(formatClock('19:00')).toBe('7:00 PM');
    expect(formatClock('00:15')).toBe('12:15 AM');
    expect(hoursLines({ mon: { open: '08:00', close: '17:00' } }).slice(0, 2)).toEqual([
      { day: 'Monday', text: '8:00 AM - 5:00 PM' },
      { day: 'Tuesday', text: 'Closed' },
    ]);
    expect(locationTypeLabel('service_center')).toBe('Service Center');
  });
});

describe('request contracts', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('getLocations: a point is required; distance defaults to 100, limit to 20', () => {
    expect(nearbyLocationsRequestSchema.parse({ user_lat: '30', user_lng: '-97' })).toEqual({
      user_lat: 30,
      user_lng: -97,
      distance: 100,
      limit: 20,
    });
    expect(msg(nearbyLocationsRequestSchema.safeParse({ user_lat: '', user_lng: '0' }))).toBe(
      'user_lat must be a latitude between -90 and 90.',
    );
    expect(msg(nearbyLocationsRequestSchema.safeParse({ user_lat: '0', user_lng: '200' }))).toBe(
      'user_lng must be a longitude between -180 and 180.',
    );
    expect(msg(nearbyLocationsRequestSchema.safeParse({ user_lat: '0', user_lng: '0', limit: '101' }))).toBe(
      'limit must be a whole number from 1 to 100.',
    );
  });

  it("ZIP: empty or too long is 'Invalid ZIP code. Please try again.'", () => {
    for (const address of ['', '   ', '12345678901', undefined]) {
      expect(msg(zipGeoRequestSchema.safeParse({ address }))).toBe('Invalid ZIP code. Please try again.');
    }
  });

  it('find_dealer and the data source refuse what is not an id, a type or json', () => {
    expect(msg(findDealerRequestSchema.safeParse({ id: '1.5' }))).toBe('id must be a store id.');
    expect(msg(locatorQuerySchema.safeParse({ format: 'html' }))).toBe('format must be json.');
    expect(locatorQuerySchema.parse({ format: 'json', distance: '300', search: ' 78745 ' })).toMatchObject({
      distance: 10,
      search: '78745',
    });
  });
});

describe('store format', () => {
  it('escapes HTML, keeps only http(s) websites and the first email', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(safeWebsite('javascript:alert(1)')).toBe('');
    expect(safeWebsite('https://shop.example')).toBe('https://shop.example/');
    const s = toDealerStore(
      {
        location_id: 7,
        name: 'A <b>',
        address_1: '1 Main',
        address_2: '',
        city: 'Austin',
        zone_code: 'TX',
        postcode: '78701',
        telephone: '512-555-0100',
        email: 'a@x.example, b@x.example',
        website: 'https://x.example',
        lat: '30.1',
        lng: '-97.1',
        hours: { mon: { open: '08:00', close: '17:00' }, xyz: 1 },
        location_type: 'store',
        is_default: false,
      },
      3.14159,
    );
    expect(s.email).toBe('a@x.example');
    expect(s.distance).toBe(3.1);
    expect(s.formatted_distance).toBe('3.1 mi');
    expect(s.formatted_telephone).toBe('(512) 555-0100');
    expect(s.info_window).toContain('data-location-id="7"');
    expect(s.info_window).toContain('A &lt;b&gt;');
    expect(s.hours).toEqual({ mon: { open: '08:00', close: '17:00' } });
  });
});
