/**
 * The dealer locator's reads (storefront.md §2 "Dealer locator", §4 "Store locator", §7, §9;
 * docs/decisions/storefront.md "Dealer locator"). Stores are the active rows of `locations`.
 *
 * A radius search pre-filters with the latitude/longitude box in SQL (index locations_geo_idx,
 * migration 0028-a) and keeps the stores whose great-circle distance is within the radius; the
 * sort and the caps are the spec's: the modal shows up to 3 stores, preferred first, within 250
 * miles; the locator page lists stores within the chosen distance (10 to 250, default 25); the map
 * shows stores within 50 miles; getLocations answers the nearest within `distance` (default 100),
 * at most `limit` (default 20). A chosen store (selected_store) is the only store shown.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DealerStore, LocatorResponse, LocatorType } from '../../../src/contracts/dealer-locator';
import type { LocatorQuery, NearbyLocationsRequest } from '../../../src/contracts/dealer-locator-request';
import { LOCATOR_MESSAGES } from '../../../src/contracts/dealer-locator-request';
import {
  LOCATOR_MAP_RADIUS_MILES,
  LOCATOR_MAX_STORES_SHOWN,
  LOCATOR_NO_RESULTS_MILES,
} from '../../../src/domain/constants';
import { INVALID_ZIP } from '../../../src/domain/forms/locator';
import { boundingBox, distanceMiles, isZip, type LatLng } from '../../../src/domain/locator';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';
import { locatorHtml, storeAddress, toDealerStore, type StoreRow } from './store-format';
import type { ZipGeocoder } from './zip-geocoder';

/** The locator page lists at most this many stores; the map at most this many markers (ours). */
export const LOCATOR_LIST_LIMIT = 50;
export const LOCATOR_MAP_LIMIT = 500;
const TYPES_TTL_MS = 60_000;

const COLUMNS = [
  'location_id',
  'name',
  'address_1',
  'address_2',
  'city',
  'zone_code',
  'postcode',
  'telephone',
  'email',
  'website',
  'lat',
  'lng',
  'hours',
  'location_type',
  'is_default',
] as const;

interface Search {
  center: LatLng | null;
  radius: number | null;
  filter?: string;
  text?: string;
  only?: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const invalidZip = () => new ServiceError('invalid', 'invalid_zip', INVALID_ZIP, { address: [INVALID_ZIP] });

export class LocatorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly zips: ZipGeocoder,
  ) {}

  /** setGeolocationFromZipCode: the ZIP's point; an unknown ZIP is INVALID_ZIP (§5). */
  async geocodeZip(zip: string): Promise<{ geo: LatLng }> {
    const geo = await this.zips.locate(zip);
    if (!geo) throw invalidZip();
    return { geo };
  }

  /** getLocations: the nearest active stores within `distance` miles, nearest first. */
  async nearby(q: NearbyLocationsRequest): Promise<{ locations: DealerStore[] }> {
    const center = { lat: q.user_lat, lng: q.user_lng };
    const found = await this.find({ center, radius: q.distance }, byDistance, q.limit);
    return { locations: found.map(([r, d]) => toDealerStore(r, d)) };
  }

  /** find_dealer: the store's name and address for the navigation bar. */
  async findDealer(id: number): Promise<{ location_name: string; address: string }> {
    const row = await this.db
      .selectFrom('locations')
      .select(['name', 'address_1', 'address_2', 'city', 'zone_code', 'postcode'])
      .where('location_id', '=', id)
      .where('status', '=', true)
      .executeTakeFirst();
    if (!row) throw new ServiceError('not_found', 'store_not_found', LOCATOR_MESSAGES.storeNotFound);
    return { location_name: row.name, address: storeAddress(row) };
  }

  /** The data source: {data source}{type}&format=json (§7). */
  async search(type: LocatorType, q: LocatorQuery): Promise<LocatorResponse> {
    let center: LatLng | null = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
    let text: string | undefined;
    if (q.search && isZip(q.search)) {
      center = (await this.geocodeZip(q.search)).geo;
    } else if (q.search) {
      text = q.search;
    }
    const radius =
      center === null
        ? null
        : type === 'modal'
          ? LOCATOR_NO_RESULTS_MILES
          : type === 'map'
            ? LOCATOR_MAP_RADIUS_MILES
            : q.distance;
    const cap = type === 'modal' ? LOCATOR_MAX_STORES_SHOWN : type === 'map' ? LOCATOR_MAP_LIMIT : LOCATOR_LIST_LIMIT;
    const found = await this.find(
      q.selected_store !== undefined
        ? { center, radius: null, only: q.selected_store }
        : { center, radius, ...(q.filter ? { filter: q.filter } : {}), ...(text ? { text } : {}) },
      type === 'modal' ? preferredThenDistance : byDistance,
      cap,
    );
    const locations = found.map(([r, d]) => toDealerStore(r, d));
    const first = locations.find((l) => l.lat !== null && l.lng !== null);
    return {
      html: locatorHtml(locations),
      data: {
        show_map: locations.some((l) => l.lat !== null && l.lng !== null),
        lat: center?.lat ?? first?.lat ?? null,
        lng: center?.lng ?? first?.lng ?? null,
        locations,
        location_types: await this.locationTypes(),
      },
    };
  }

  /** The chips' types change when a store is added or retyped: read at most once a minute. */
  private typesCache: { at: number; types: Promise<string[]> } | null = null;

  private locationTypes(): Promise<string[]> {
    const now = Date.now();
    if (!this.typesCache || now - this.typesCache.at > TYPES_TTL_MS) {
      const types = this.readLocationTypes();
      this.typesCache = { at: now, types };
      void types.catch(() => (this.typesCache = null));
    }
    return this.typesCache.types;
  }

  private async readLocationTypes(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('locations')
      .select('location_type')
      .distinct()
      .where('status', '=', true)
      .orderBy('location_type')
      .execute();
    return rows.map((r) => r.location_type);
  }

  /**
   * The candidates. A text of 3 characters or more has trigrams: it is read through the trigram
   * index, never a scan of every store, which both planners price cheaper for a broad text ("town":
   * every store) and PGlite then runs in WebAssembly (as the customer search,
   * server/services/pos/pos-lookups.ts). Shorter text, or none: the planner's choice.
   */
  private async read<O>(query: SelectQueryBuilder<DB, 'locations', O>, text: string | undefined): Promise<O[]> {
    if (!text || text.length < 3) return query.execute();
    return this.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return trx.executeQuery(query.compile()).then((r) => r.rows);
    });
  }

  /**
   * Active stores matching the search, each with its distance from the centre (null without one),
   * sorted and capped. Two reads: the candidates' ids, points and sort keys (a radius of 250 miles
   * can hold a thousand stores), then the full rows of the few that are answered.
   */
  private async find(
    s: Search,
    sort: (a: Found, b: Found) => number,
    cap: number,
  ): Promise<[StoreRow, number | null][]> {
    let query = this.db
      .selectFrom('locations')
      .select(['location_id', 'name', 'lat', 'lng', 'is_default'])
      .where('status', '=', true);
    if (s.only !== undefined) query = query.where('location_id', '=', s.only);
    if (s.filter) query = query.where('location_type', '=', s.filter);
    if (s.text) {
      // Name, address 1, city, state or post code contains the text, any case: one stored column
      // of those fields, one per line, with its trigram index (migration 0029-b). A text with a
      // line break matched no single field before, and must not match across two now.
      const like = `%${likeEscape(s.text)}%`;
      query = s.text.includes('\n')
        ? query.where(sql<boolean>`false`)
        : query.where(sql<boolean>`search_text like lower(${like})`);
    }
    if (s.center && s.radius !== null) {
      const box = boundingBox(s.center, s.radius);
      query = query
        .where('lat', '>=', String(box.minLat))
        .where('lat', '<=', String(box.maxLat))
        .where('lng', '>=', String(box.minLng))
        .where('lng', '<=', String(box.maxLng));
    }
    const candidates: [Key, number | null][] = [];
    for (const r of await this.read(query, s.text)) {
      const d =
        s.center && r.lat !== null && r.lng !== null
          ? distanceMiles(s.center, { lat: Number(r.lat), lng: Number(r.lng) })
          : null;
      if (s.radius !== null && s.center && (d === null || d > s.radius)) continue;
      candidates.push([r, d]);
    }
    const chosen = candidates.sort(sort).slice(0, cap);
    if (chosen.length === 0) return [];
    const rows = (await this.db
      .selectFrom('locations')
      .select(COLUMNS)
      .where(
        'location_id',
        'in',
        chosen.map(([r]) => r.location_id),
      )
      .execute()) as StoreRow[];
    const byId = new Map(rows.map((r) => [r.location_id, r]));
    return chosen.flatMap(([k, d]) => {
      const row = byId.get(k.location_id);
      return row ? [[row, d] as [StoreRow, number | null]] : [];
    });
  }
}

/** What a candidate is sorted by. */
type Key = Pick<StoreRow, 'location_id' | 'name' | 'is_default'>;

type Found = [Key, number | null];

/** Nearest first; without distances, preferred first then by name. */
function byDistance(a: Found, b: Found): number {
  if (a[1] !== null && b[1] !== null && a[1] !== b[1]) return a[1] - b[1];
  if (a[1] === null && b[1] !== null) return 1;
  if (b[1] === null && a[1] !== null) return -1;
  if (a[0].is_default !== b[0].is_default) return a[0].is_default ? -1 : 1;
  return a[0].name.localeCompare(b[0].name) || a[0].location_id - b[0].location_id;
}

/** The modal: preferred first (§4 "up to 3 stores, preferred first"), then nearest. */
function preferredThenDistance(a: Found, b: Found): number {
  if (a[0].is_default !== b[0].is_default) return a[0].is_default ? -1 : 1;
  return byDistance(a, b);
}
