/**
 * The locator page's map: the SVG state map (store-map.tsx, the default) or, when the server names a
 * tile server (GET /api/content/site `map_tiles`, from MAP_TILE_URL), the tile map (tile-map.tsx);
 * each its own chunk (docs/decisions/storefront.md "Dealer locator", "Dealer locator: a tile server
 * by configuration"). Both load after the page's first paint: until then, and until the settings
 * say which map it is (so the SVG map never flashes before the tiles), the box is reserved at the
 * map's final size.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { siteContentQueryOptions } from '../../api/get-content';
import { usePainted } from '../../ui/after-paint';
import styles from './dealer-locator.module.css';
import type { StoreMapProps } from './store-map';

const StoreMap = lazy(() => import('./store-map'));
const TileMap = lazy(() => import('./tile-map'));

export function LocatorMap(props: StoreMapProps) {
  const painted = usePainted();
  const site = useQuery({ ...siteContentQueryOptions, enabled: painted });
  const placeholder = <div className={styles.map} aria-hidden="true" />;
  if (!painted || site.isPending) return placeholder;
  // No settings (offline, an error): the SVG map, which needs no outside server.
  const tiles = site.data?.map_tiles ?? null;
  return (
    <Suspense fallback={placeholder}>{tiles ? <TileMap {...props} tiles={tiles} /> : <StoreMap {...props} />}</Suspense>
  );
}
