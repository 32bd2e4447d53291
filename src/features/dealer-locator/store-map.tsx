/**
 * The locator's map without third-party tiles, the default (docs/decisions/storefront.md "Dealer
 * locator"; with MAP_TILE_URL configured the page shows tile-map.tsx instead): the US states from
 * us-atlas (Census Bureau boundaries, pre-projected to a 975x610 Albers USA frame), drawn as SVG
 * paths with d3-geo, and each store a marker projected with the same geoAlbersUsa. The view zooms
 * to the markers. The atlas is a static asset fetched when the map first shows; offline without
 * it, the markers still show on a plain background. A marker opens the store's popup, whose button
 * reads 'Make My Store' or 'My Selected Store' (§4). A separate chunk from the locator page.
 */
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { useEffect, useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'us-atlas/states-albers-10m.json?url';
import type { DealerStore } from '../../contracts/dealer-locator';
import styles from './dealer-locator.module.css';
import { MapPopup } from './map-popup';

const WIDTH = 975;
const HEIGHT = 610;
const projection = geoAlbersUsa()
  .scale(1300)
  .translate([WIDTH / 2, HEIGHT / 2]);

let atlas: Promise<string[]> | null = null;

/** The state outlines as SVG path data (fetched once per page). */
function statePaths(): Promise<string[]> {
  atlas ??= fetch(atlasUrl)
    .then((r) => (r.ok ? (r.json() as Promise<Topology>) : Promise.reject(new Error(`atlas ${r.status}`))))
    .then((topo) => {
      const path = geoPath();
      const states = feature(topo, topo.objects.states as GeometryCollection);
      return states.features.map((f) => path(f) ?? '').filter(Boolean);
    })
    .catch((err: unknown) => {
      atlas = null;
      console.warn('state map unavailable', err);
      return [];
    });
  return atlas;
}

export interface StoreMapProps {
  stores: readonly DealerStore[];
  chosenId: number | null;
  onMakeMyStore: (store: DealerStore) => void;
}

export function StoreMap({ stores, chosenId, onMakeMyStore }: StoreMapProps) {
  const [paths, setPaths] = useState<string[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void statePaths().then((p) => live && setPaths(p));
    return () => {
      live = false;
    };
  }, []);

  const markers = useMemo(
    () =>
      stores.flatMap((s) => {
        if (s.lat === null || s.lng === null) return [];
        const xy = projection([s.lng, s.lat]);
        return xy ? [{ store: s, x: xy[0], y: xy[1] }] : [];
      }),
    [stores],
  );
  const viewBox = useMemo(() => fit(markers), [markers]);
  const r = (viewBox[2] / WIDTH) * 9;
  const open = markers.find((m) => m.store.location_id === openId)?.store;

  return (
    <div className={styles.mapWrap}>
      <svg
        className={styles.map}
        viewBox={viewBox.join(' ')}
        role="group"
        aria-label={`Map of ${markers.length} store${markers.length === 1 ? '' : 's'}`}
      >
        {paths.map((d, i) => (
          <path key={i} d={d} className={styles.state} />
        ))}
        {markers.map(({ store, x, y }) => (
          <circle
            key={store.location_id}
            cx={x}
            cy={y}
            r={r}
            strokeWidth={r / 4}
            className={`${styles.marker} ${store.location_id === chosenId ? styles.markerChosen : ''}`}
            role="button"
            tabIndex={0}
            aria-label={`${store.location_name} on the map`}
            onClick={() => setOpenId(store.location_id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setOpenId(store.location_id);
              }
            }}
          />
        ))}
      </svg>
      {open && (
        <MapPopup store={open} chosenId={chosenId} onMakeMyStore={onMakeMyStore} onClose={() => setOpenId(null)} />
      )}
    </div>
  );
}

/** The viewBox around the markers (the whole country without any), never narrower than ~80 miles. */
function fit(markers: readonly { x: number; y: number }[]): [number, number, number, number] {
  if (markers.length === 0) return [0, 0, WIDTH, HEIGHT];
  const xs = markers.map((m) => m.x);
  const ys = markers.map((m) => m.y);
  const minW = 120;
  let w = Math.max(minW, Math.max(...xs) - Math.min(...xs)) * 1.3;
  let h = Math.max((minW * HEIGHT) / WIDTH, Math.max(...ys) - Math.min(...ys)) * 1.3;
  // Keep the frame's aspect ratio, so the SVG fills its box without letterboxing.
  if (w / h > WIDTH / HEIGHT) h = (w * HEIGHT) / WIDTH;
  else w = (h * WIDTH) / HEIGHT;
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return [cx - w / 2, cy - h / 2, w, h];
}

export default StoreMap;
