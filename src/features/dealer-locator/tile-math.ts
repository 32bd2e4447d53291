/**
 * Web Mercator (EPSG:3857) arithmetic of the locator's tile map (docs/decisions/storefront.md
 * "Dealer locator: a tile server by configuration"): the world at zoom z is a square of
 * 256 * 2^z pixels, tile (x, y) covers [256x, 256x + 256) across and [256y, 256y + 256) down, x grows
 * east from 180°W and y south from 85.0511°N (the latitude where the square ends). A view is a zoom
 * and the world pixel at the centre of the map box; everything here is pure, so the unit test
 * checks it against known tile numbers.
 */

export const TILE_SIZE = 256;
/** The spec's "map zoom 10" (storefront.md §9): the closest a fit to the results goes. */
export const FIT_MAX_ZOOM = 10;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 18;
/** Mercator's square ends here; points beyond are drawn on its edge. */
const MAX_LAT = 85.0511287798066;
/** With no store to show: the contiguous United States. */
export const US_CENTER = { lat: 39.5, lng: -98.35 };
const US_ZOOM = 3;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A map's view: zoom level and the world pixel (at that zoom) shown at the centre of the box. */
export interface View {
  zoom: number;
  center: Point;
}

export interface Tile {
  /** The tile's numbers for the URL (x wrapped around the world, y within it). */
  z: number;
  x: number;
  y: number;
  /** Where its top-left corner goes in the box, in CSS pixels. */
  left: number;
  top: number;
  key: string;
}

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/** The world pixel of a point at a zoom level. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const size = worldSize(zoom);
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/** The point at a world pixel (the inverse of `project`). */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (x / size) * 360 - 180 };
}

/**
 * The view that shows every point with `padding` pixels to spare in a `width` x `height` box: the
 * closest whole zoom (tiles come in whole zooms) up to FIT_MAX_ZOOM, centred on the points' box.
 */
export function fitView(points: readonly LatLng[], width: number, height: number, padding = 32): View {
  if (points.length === 0) return { zoom: US_ZOOM, center: project(US_CENTER, US_ZOOM) };
  const roomX = Math.max(1, width - 2 * padding);
  const roomY = Math.max(1, height - 2 * padding);
  for (let zoom = FIT_MAX_ZOOM; zoom >= MIN_ZOOM; zoom--) {
    const xy = points.map((p) => project(p, zoom));
    const xs = xy.map((p) => p.x);
    const ys = xy.map((p) => p.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    if ((maxX - minX <= roomX && maxY - minY <= roomY) || zoom === MIN_ZOOM)
      return { zoom, center: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 } };
  }
  throw new Error('unreachable');
}

/** The view one zoom level in (+1) or out (-1), keeping the same centre point; clamped to MIN..MAX_ZOOM. */
export function zoomBy(view: View, delta: number): View {
  const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, view.zoom + delta));
  const scale = 2 ** (zoom - view.zoom);
  return { zoom, center: { x: view.center.x * scale, y: view.center.y * scale } };
}

/** The view moved by (dx, dy) CSS pixels; north and south stop at the world's edge, east and west wrap. */
export function panBy(view: View, dx: number, dy: number, height: number): View {
  const size = worldSize(view.zoom);
  const half = Math.min(height / 2, size / 2);
  return {
    zoom: view.zoom,
    center: {
      x: (((view.center.x + dx) % size) + size) % size,
      y: Math.max(half, Math.min(size - half, view.center.y + dy)),
    },
  };
}

/** Where a point is drawn in the box (its CSS pixel from the box's top-left corner). */
export function screenPoint(point: LatLng, view: View, width: number, height: number): Point {
  const p = project(point, view.zoom);
  const size = worldSize(view.zoom);
  // The copy of the world nearest the centre (a view panned across 180° shows the point there).
  let x = p.x - view.center.x;
  x -= Math.round(x / size) * size;
  return { x: x + width / 2, y: p.y - view.center.y + height / 2 };
}

/** The tiles that cover the box, each with its place in it. */
export function visibleTiles(view: View, width: number, height: number): Tile[] {
  const n = 2 ** view.zoom;
  const left = view.center.x - width / 2;
  const top = view.center.y - height / 2;
  const tiles: Tile[] = [];
  for (let ty = Math.floor(top / TILE_SIZE); ty <= Math.floor((top + height - 1) / TILE_SIZE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(left / TILE_SIZE); tx <= Math.floor((left + width - 1) / TILE_SIZE); tx++) {
      const x = ((tx % n) + n) % n;
      tiles.push({
        z: view.zoom,
        x,
        y: ty,
        left: tx * TILE_SIZE - left,
        top: ty * TILE_SIZE - top,
        key: `${view.zoom}/${tx}/${ty}`,
      });
    }
  }
  return tiles;
}

/** The configured template (`https://tiles.example/{z}/{x}/{y}.png`) filled in for one tile. */
export function tileUrl(template: string, tile: Pick<Tile, 'z' | 'x' | 'y'>): string {
  return template.replaceAll('{z}', String(tile.z)).replaceAll('{x}', String(tile.x)).replaceAll('{y}', String(tile.y));
}
