/**
 * The locator's slippy tile map, shown instead of the SVG state map when the server is configured
 * with a tile server (MAP_TILE_URL and MAP_TILE_ATTRIBUTION; docs/decisions/storefront.md "Dealer
 * locator: a tile server by configuration"). A small hand-written grid of Web Mercator tiles
 * (tile-math.ts), no map library: the view fits the results (whole zooms, at most the spec's zoom
 * 10), markers are buttons placed on it ('{store} on the map', opening the same popup as the SVG
 * map), and it moves by dragging (mouse or one finger), by the arrow keys and +/- when the map has
 * focus, and by its Zoom in / Zoom out buttons. Tiles are decorative images (alt=""); the map's
 * name says how many stores it shows. The CSP lets images come from the configured origin only.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DealerStore } from '../../contracts/dealer-locator';
import type { MapTiles } from '../../contracts/content';
import styles from './dealer-locator.module.css';
import { MapPopup } from './map-popup';
import { fitView, panBy, screenPoint, tileUrl, visibleTiles, zoomBy, type View } from './tile-math';

export interface TileMapProps {
  stores: readonly DealerStore[];
  chosenId: number | null;
  onMakeMyStore: (store: DealerStore) => void;
  tiles: MapTiles;
}

/** How far an arrow key moves the map, in CSS pixels. */
const KEY_PAN = 80;
/** A press that moves less than this is a tap (a marker's click), not a drag. */
const DRAG_SLOP = 4;

export function TileMap({ stores, chosenId, onMakeMyStore, tiles }: TileMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      setSize((s) =>
        s?.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const points = useMemo(
    () => stores.flatMap((s) => (s.lat === null || s.lng === null ? [] : [{ store: s, lat: s.lat, lng: s.lng }])),
    [stores],
  );
  // A new result (or the box's first size) fits the view to it; panning and zooming keep theirs.
  const fitKey = points.map((p) => p.store.location_id).join(',');
  const hasSize = size !== null;
  useEffect(() => {
    const el = box.current;
    if (!hasSize || !el) return;
    setView(fitView(points, el.clientWidth, el.clientHeight));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit on a new result (fitKey), not on each new array
  }, [fitKey, hasSize]);

  const move = (dx: number, dy: number) => setView((v) => (v && size ? panBy(v, dx, dy, size.h) : v));
  const zoom = (delta: number) => setView((v) => (v ? zoomBy(v, delta) : v));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(-KEY_PAN, 0),
      ArrowRight: () => move(KEY_PAN, 0),
      ArrowUp: () => move(0, -KEY_PAN),
      ArrowDown: () => move(0, KEY_PAN),
      '+': () => zoom(1),
      '=': () => zoom(1),
      '-': () => zoom(-1),
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || drag.current) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!d.moved) {
      // Captured only once it is a drag: a tap still clicks the marker under it.
      d.moved = true;
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    d.x = e.clientX;
    d.y = e.clientY;
    move(-dx, -dy);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };

  const open = points.find((p) => p.store.location_id === openId)?.store;
  const label = `Map of ${points.length} store${points.length === 1 ? '' : 's'}`;
  return (
    <div className={styles.mapWrap}>
      <div className={`${styles.map} ${styles.tileMap}`}>
        {/* A map is a 2-D widget ARIA has no role for: role=application with aria-roledescription="map"
            takes focus and the arrow keys, the usual pattern for slippy maps. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above */}
        <div
          ref={box}
          className={styles.tileViewport}
          role="application"
          aria-roledescription="map"
          aria-label={`${label}. Arrow keys move the map, plus and minus zoom.`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a map takes focus (see above)
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          {view &&
            size &&
            visibleTiles(view, size.w, size.h).map((t) => (
              <img
                key={t.key}
                className={styles.tile}
                src={tileUrl(tiles.url, t)}
                alt=""
                width={256}
                height={256}
                draggable={false}
                decoding="async"
                style={{ transform: `translate(${Math.round(t.left)}px, ${Math.round(t.top)}px)` }}
              />
            ))}
          {view &&
            size &&
            points.map(({ store, lat, lng }) => {
              const p = screenPoint({ lat, lng }, view, size.w, size.h);
              if (p.x < -20 || p.y < -20 || p.x > size.w + 20 || p.y > size.h + 20) return null;
              return (
                <button
                  key={store.location_id}
                  type="button"
                  className={`${styles.tileMarker} ${store.location_id === chosenId ? styles.tileMarkerChosen : ''}`}
                  style={{ transform: `translate(${Math.round(p.x)}px, ${Math.round(p.y)}px)` }}
                  aria-label={`${store.location_name} on the map`}
                  onClick={() => setOpenId(store.location_id)}
                />
              );
            })}
        </div>
        <div className={styles.zoomButtons}>
          <button type="button" className={styles.zoomButton} aria-label="Zoom in" onClick={() => zoom(1)}>
            +
          </button>
          <button type="button" className={styles.zoomButton} aria-label="Zoom out" onClick={() => zoom(-1)}>
            −
          </button>
        </div>
        {/* The tile provider's credit, as plain text (never HTML from the configuration). */}
        <p className={styles.attribution}>{tiles.attribution}</p>
      </div>
      {open && (
        <MapPopup store={open} chosenId={chosenId} onMakeMyStore={onMakeMyStore} onClose={() => setOpenId(null)} />
      )}
    </div>
  );
}

export default TileMap;
